"""The Lexicon: the one object game rules and the API hold, with every question about words.

Rules never open data files, never reach into the store and never fold ё
themselves; they ask here.  Each method delegates to the unit that owns the
answer (morphology, the compiled store, pronunciation, frequency, profanity,
abbreviations, numbers, transliteration, text), so a newcomer finds any word
question in one place and its implementation one step away.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from functools import lru_cache, partial
from pathlib import Path
from typing import Callable, Iterable

from lexicon import (abbreviations, caches, context, frequency, headwords, morphology, nouns, numbers, profanity, pronunciation,
                     thesaurus, translit)
from lexicon import store as store_module
from lexicon.cognates import CognateEngine, Verdict, WordAnalysis
from lexicon.fragments import FragmentFinder
from lexicon.fragments import is_candidate as is_fragment_candidate
from lexicon.grouping import SPELLING_INDEX_LIMIT, CognateGroups, SpellingIndex, group_cognates, read_word_roots
from lexicon.overrides import NO_RULINGS, Oracle
from lexicon.store import DataFileError, DataFileMissing, LexiconStore
from lexicon.text import NormalizedWord, Token, fold_key, normalize_word, pieces, tokenize

# A word no dictionary knows still exists for a game when wordfreq has seen it this often
# (Zipf 2.5 ≈ three uses per billion words); invented glued words score 0.
ATTESTED_ZIPF = 2.5
WORD_ROOTS_CACHE = 20_000

SOURCE_DICTIONARY = "pymorphy3 (OpenCorpora)"
SOURCE_COMPILED = "составленный словарь (морфемный словарь Тихонова)"
# Parts of speech of служебные слова and pronouns (pymorphy3 tags): no root a player could give away.
FUNCTION_POS = ("PREP", "CONJ", "PRCL", "INTJ", "NPRO")


@dataclass(frozen=True)
class WordStatus:
    """Does a word exist, and who says so.  Each game picks the strictness it needs."""
    word: str
    dictionary: bool        # pymorphy3 knows this very form
    compiled: bool          # the compiled lexicon lists the form or one of its lemmas
    zipf: float             # wordfreq, 0.0 when never seen

    @property
    def attested(self) -> bool:
        return self.zipf >= ATTESTED_ZIPF

    @property
    def known(self) -> bool:
        """Some source knows it (the loosest reading: Codenames' «an existing word»)."""
        return self.dictionary or self.compiled or self.attested

    @property
    def sources(self) -> tuple[str, ...]:
        out = [SOURCE_DICTIONARY] * self.dictionary + [SOURCE_COMPILED] * self.compiled
        return tuple(out + ([f"wordfreq (Zipf {self.zipf})"] if self.attested else []))


def _file_signature(path: Path) -> tuple:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise DataFileMissing(path, "missing (deleted or moved)") from None
    except OSError as exc:
        raise DataFileError(path, f"cannot be read ({exc.strerror})") from exc
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns


class Lexicon:
    def __init__(self, engine: CognateEngine | None = None, pronouncer=None, store: LexiconStore | None = None):
        self.engine = engine or CognateEngine(store)
        self._pronouncer = pronouncer
        self._verified: dict[Path, tuple] = {}   # data file → the stat signature it last verified with
        # Pool lint reads the roots of the same lemmas again and again (every lint of a pool, every draw):
        # each lemma's are worked out once (~1 KB each).
        self.word_roots = lru_cache(maxsize=WORD_ROOTS_CACHE)(partial(read_word_roots, self))
        self._spelling_index: SpellingIndex | None = None
        caches.track(self)   # its lru_caches in the one table (lexicon.caches)

    # --- the lexicon itself ----------------------------------------------------------------
    @property
    def store(self) -> LexiconStore:
        return self.engine.store

    def data_files(self) -> list[tuple[Path, Callable[[Path], None]]]:
        """Every data file this lexicon serves from, each with its verifier (exists, whole, opens, answers)."""
        stress = getattr(self._pronouncer, "path", None) or pronunciation.DEFAULT_DATA
        return [(Path(self.store.path), store_module.verify), (Path(stress), pronunciation.verify),
                (Path(frequency.DEFAULT_PATH), frequency.verify), (Path(profanity.DEFAULT_DATA), profanity.verify),
                (Path(thesaurus.DEFAULT_PATH), thesaurus.verify), (Path(headwords.DEFAULT_PATH), headwords.verify),
                (Path(nouns.DEFAULT_PATH), nouns.verify)]

    def broken_data_file(self) -> DataFileError | None:
        """The first data file that fails verification, or None.  A file is verified again only when
        its inode, size or modification time changed, so readiness probes stay cheap."""
        for path, verify in self.data_files():
            try:
                signature = _file_signature(path)
                if self._verified.get(path) == signature:
                    continue
                verify(path)
            except DataFileError as exc:
                self._verified.pop(path, None)
                return exc
            self._verified[path] = signature
        if self.store.word("кот") is None:
            return DataFileError(Path(self.store.path), "does not answer a lookup")
        return None

    def load_tables(self) -> None:
        """Load the tables that are otherwise read on first use (before forking, so workers share them)."""
        frequency.zipf(frequency.PROBE)
        profanity.default()
        thesaurus.default()
        headwords.is_noun(headwords.PROBE)
        self.engine.compounds.root_families   # the compound splitter's spelling index (~150 ms)

    @property
    def version(self) -> str:
        return self.store.version

    def info(self) -> dict:
        store = self.store
        return {"version": store.version, "lemmas": store.lemma_count, "families": store.family_count,
                "sources": store.sources_note}

    # --- text and words ----------------------------------------------------------------------
    normalize = staticmethod(normalize_word)
    tokenize = staticmethod(tokenize)
    fold = staticmethod(fold_key)
    parses = staticmethod(morphology.parses)
    lemmas = staticmethod(morphology.lemmas)
    forms = staticmethod(morphology.forms)
    in_dictionary = staticmethod(morphology.is_known)

    def analyse(self, word: str | NormalizedWord) -> WordAnalysis:
        return self.engine.analyse(word)

    def status(self, word: str) -> WordStatus:
        text = fold_key(word)
        compiled = any(self.store.word(fold_key(form)) is not None for form in (text, *morphology.lemmas(text)))
        return WordStatus(word, morphology.is_known(text), compiled, frequency.zipf(word))

    def is_word(self, word: str) -> bool:
        return self.status(word).known

    def headword(self, word: str) -> bool:
        """The compiled lexicon lists the word itself as a dictionary form (Tikhonov's headwords)."""
        key = fold_key(word)
        record = self.store.word(key)
        return record is not None and fold_key(record.word) == key

    def has_tag(self, word: str, *grammemes: str) -> bool:
        """Some dictionary parse of the form carries all these grammemes."""
        return any(all(g in p.tag for g in grammemes) for p in morphology.parses(word) if p.known)

    def is_function_word(self, word: str) -> bool:
        """The first dictionary parse is a preposition, conjunction, particle, interjection or pronoun."""
        known = [p for p in morphology.parses(word) if p.known]
        return bool(known) and (known[0].tag.startswith(FUNCTION_POS) or "Apro" in known[0].tag)

    @staticmethod
    def spelled_lemmas(word: str) -> tuple[str, ...]:
        """Lemmas of the dictionary words spelled exactly `word`, ё as written.

        pymorphy3 also reads е as ё («еж» is ёж), so lemmas() cannot tell a word written without
        dots from another word that ё sets apart: «осел» is a form of осесть as spelled, осёл only with dots.
        """
        low = word.lower()
        found = (p.normal_form for p in morphology.analyzer().parse(low) if p.is_known and p.word == low)
        return tuple(dict.fromkeys(found))

    frequency = staticmethod(frequency.zipf)
    synonyms = staticmethod(thesaurus.link)
    wiktionary_pos = staticmethod(headwords.parts_of_speech)   # ru.wiktionary lists the word as these lemmas
    wiktionary_noun = staticmethod(headwords.is_noun)    # the synonym set two lemmas share (wiki-ru-wordnet), or None
    profanity = staticmethod(profanity.find)
    PROPER_NAMES = morphology.PROPER_NAMES   # pymorphy3's proper-noun marks: one list for every rule
    abbreviation = staticmethod(abbreviations.identify)
    abbreviation_source = staticmethod(abbreviations.source_name)    # "table" → the table's name, in Russian
    is_ordinary_word = staticmethod(abbreviations.is_ordinary_word)  # ДОМ is дом shouted, not an abbreviation

    def compound_parts(self, word: str) -> tuple[str, ...] | None:
        """The known words or roots a compound no dictionary lists is made of: дом-музей → (дом, музей),
        нейросеть → (нейр, сеть); None when it does not split into known parts."""
        key = fold_key(word)
        pieces = [p for p in key.split("-") if p]
        if len(pieces) > 1:
            return tuple(pieces) if all(morphology.is_known(p) for p in pieces) else None
        split = self.engine.compounds.split(key, True)
        return tuple(t for t, kind in split.morphemes if kind == "root") if split is not None else None

    prefixed_noun = staticmethod(nouns.prefixed_noun)   # субтип → (суб, тип): a learned prefix and a dictionary noun

    def game_nouns(self) -> list[nouns.Noun]:
        """The common nouns a game may draw, with their frequency (lexicon.nouns; read on first use)."""
        return nouns.game_nouns()

    def spelling_index(self) -> SpellingIndex:
        """The root spellings grouping has met, with the pairs of them that may be one root (lexicon.grouping);
        a new one once it holds SPELLING_INDEX_LIMIT spellings."""
        index = self._spelling_index
        if index is None or len(index) > SPELLING_INDEX_LIMIT:
            index = self._spelling_index = SpellingIndex(self.engine.join_policy.alternation)
        return index

    def root_keys(self, word: str) -> tuple[frozenset[int], frozenset[str]]:
        """The root families of a word and the spelling keys of its roots: two words that share neither
        cannot be однокоренные by :meth:`compare` (the grouping's buckets, lexicon.grouping)."""
        from lexicon.grouping import spelling_keys

        analysis = self.analyse(word)
        families = frozenset(n.family for an in analysis.analyses for n in an.nodes if n is not None)
        spellings = frozenset(k for an in analysis.analyses for r in an.roots for k in spelling_keys(r))
        return families, spellings

    def fragments(self, bases: Iterable[str]) -> FragmentFinder:
        return FragmentFinder(bases)

    fragment_candidate = staticmethod(is_fragment_candidate)   # 3+ Cyrillic letters and no word of its own

    # The tokeniser's words as (piece, start, end), not normalised: for a caller that reads
    # each spelling once and caches the reading (normalising is most of tokenize's cost).
    pieces = staticmethod(pieces)

    @staticmethod
    def abbreviation_listed(token: str) -> bool:
        """The curated abbreviation table has a row under this spelling, in any case (МГУ, мгу, колхоз)."""
        return fold_key(token.strip()) in abbreviations.table().by_key

    readings_by_lemma = staticmethod(context.readings_by_lemma)   # lemma → parts of speech of a form

    @staticmethod
    def reading_in_context(words: list[str], index: int, options: dict) -> context.Choice:
        """Which option (a name → the lemmas it covers) words[index] is read as in its sentence (lexicon.context)."""
        return context.choose(words, index, options)

    # --- numbers and other scripts -------------------------------------------------------------
    number_word = staticmethod(numbers.number_word)
    number_value = staticmethod(numbers.lemma_value)
    roman_value = staticmethod(numbers.roman_value)
    group_numbers = staticmethod(numbers.group_numbers)
    latin_readings = staticmethod(translit.latin_readings)
    name_key = staticmethod(translit.name_key)
    romanized = staticmethod(translit.romanized)      # Cyrillic in Latin letters (iuliia, Wikipedia scheme)
    script_key = staticmethod(translit.script_key)    # consonant skeleton shared by Latin and Cyrillic spellings

    # --- sound ---------------------------------------------------------------------------------
    @property
    def pronouncer(self):
        if self._pronouncer is None:
            from lexicon.pronunciation import Pronouncer

            self._pronouncer = Pronouncer(morph=morphology.analyzer())
        return self._pronouncer

    def readings(self, word: str):
        return self.pronouncer.readings(word)

    def homophones(self, a: str, b: str):
        return self.pronouncer.homophones(a, b)

    # --- roots -------------------------------------------------------------------------------
    def compare(self, a: str | NormalizedWord, b: str | NormalizedWord, oracle: Oracle = NO_RULINGS) -> Verdict:
        """Are a and b однокоренные?  A judge's ruling in `oracle` beats the lexicon.  A clipped compound or
        an abbreviation the table expands (колхоз: коллективное хозяйство) shares the roots of its words."""
        verdict = self.engine.compare(a, b)
        if not verdict.cognate:
            verdict = self._through_expansion(verdict) or verdict
        return self.ruled(verdict, oracle)

    def _through_expansion(self, verdict: Verdict) -> Verdict | None:
        """Cognate through a part: one side's table expansions each hold a word cognate with the other side
        (колхоз / хозяйство, комсомол / молодёжь).  `probable`: the table says what the parts stand for,
        the engine's verdict on the part says the rest."""
        if "memo_expansion" in verdict.memo:
            return verdict.memo["memo_expansion"]
        found = None
        for short, other, flip in ((verdict.a, verdict.b, False), (verdict.b, verdict.a, True)):
            rows = _expansion_rows(short.word.raw, short.lemmas)
            if not rows or _expansion_rows(other.word.raw, other.lemmas):
                continue
            hits = [(row, word, inner) for row in rows for word in row.words
                    for inner in [self.engine.compare(word, other.word)] if inner.cognate]
            # Every reading of the abbreviation must hold the part: a row without it leaves the word apart.
            hyphen_part = "-" in short.word.raw and not abbreviations.table().entries(short.word.raw)
            if hits and (hyphen_part or {row for row, _, _ in hits} == set(rows)):
                row, word, inner = hits[0]
                evidence = {"kind": "expansion_part", "word": short.word.raw, "expansion": row.expansion,
                            "part": word, "other": other.word.raw, "inner": inner.evidence[:1],
                            "explanation": f"«{short.word.raw}» — {row.expansion}: часть «{word}» "
                                           + ("— то же слово" if inner.confidence == "certain" and not inner.shared_roots
                                              and inner.evidence[:1] and inner.evidence[0].get("kind") == "same_word"
                                              else f"однокоренная с «{other.word.raw}»")
                                           + "; части сложносокращённого слова и аббревиатуры — его корни",
                            "source": abbreviations.source_name("table")}
                found = replace(verdict, cognate=True, confidence="probable",
                                shared_roots=list(inner.shared_roots), evidence=[evidence])
                break
        verdict.memo["memo_expansion"] = found
        return found

    @staticmethod
    def ruled(verdict: Verdict, oracle: Oracle) -> Verdict:
        """The verdict with the oracle's cognate ruling on its pair applied (a cached verdict may be reused)."""
        override = oracle.find("cognate", verdict.a.word.raw, verdict.b.word.raw) if oracle else None
        if override is None:
            return verdict
        engine = {"cognate": verdict.cognate, "confidence": verdict.confidence,
                  "shared_roots": verdict.shared_roots, "evidence": verdict.evidence}
        yes = bool(override.verdict)
        return replace(verdict, cognate=yes, confidence="certain",   # the judge decided, either way
                       shared_roots=verdict.shared_roots if yes else [], evidence=[override.explain(engine)])

    def related(self, analysis, limit: int = 30) -> list[str]:
        return self.engine.related(analysis, limit)

    def cognate_groups(self, lemmas: list[str], oracle: Oracle = NO_RULINGS, max_pairs: int | None = None,
                       ruled: Iterable[tuple[str, str]] = ()) -> CognateGroups:
        """Groups of a word list whose members are pairwise cognate by :meth:`compare` (lexicon.grouping).
        `ruled`: pairs a judge ruled cognate, asked even where no root spelling pairs them."""
        return group_cognates(self, lemmas, oracle, max_pairs, ruled)


def _expansion_rows(raw: str, lemmas: tuple[str, ...]) -> tuple:
    """The abbreviation table's rows for a word as written or for one of its lemmas (комсомола → комсомол)."""
    table = abbreviations.table()
    for text in (raw, *lemmas):
        rows = table.entries(text)
        if rows:
            return tuple(rows)
    # A part of a hyphenated word written in capitals (ИК-излучение, IT-отдел as ИТ) is an abbreviation.
    parts = [part for part in raw.split("-") if part] if "-" in raw else []
    return tuple(row for part in parts[:-1] for row in table.entries(part.upper()) if len(part) <= 5)


__all__ = ["Lexicon", "WordStatus", "ATTESTED_ZIPF", "Token", "NormalizedWord"]
