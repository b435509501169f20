"""Are two words однокоренные?  The engine every game rule asks.

A word is read through all its pymorphy3 lemmas; each lemma's roots are nodes
of root families compiled by :mod:`lexicon.build`.  Two words are cognate
when any root of any reading of one is in the family of a root of the other
(or shares a curated sense with it, for words like лук that have several).
When the family data cannot decide — a word no source links — equal or
regularly alternating root spellings make the pair cognate with confidence
`probable`, unless both roots sit in distinct, well-attested families, which
is how homonymous roots (лев/левый) look.  A compound no dictionary segments is
read by its known parts (:mod:`lexicon.compounds`).

`certain` is kept for positive, independent evidence: a family link or a curated
sense between dictionary-segmented words, the same word, or — for "not cognate" —
both words segmented by a dictionary and either split by the homonym table or with
no pair of roots any alternation, glued affix or clipping could relate.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import NamedTuple

from lexicon import caches, morphology
from lexicon.classes import (CERTAIN_RULES, CLIPPED, RULE_TITLES, borrowed_tails_alternate, class_rule_of,
                             may_share_class_key, school_rows_meet)
from lexicon.compounds import LOOSE_SOURCES, SPLIT_SOURCE, CompoundSplitter
from lexicon.alternations import (CONSONANT_ALTERNATIONS, VOWELS, WEAK_CONSONANT_ALTERNATIONS, Alternation,
                                  compare_roots)
from lexicon.text import NormalizedWord, normalize_word
from lexicon.roots import JoinPolicy, after_root
from lexicon.segment import LINKING_VOWELS, AffixInventory, Morphemes, guess_segmentation
from lexicon.store import LexiconStore, RootNode, WordRecord
from lexicon.text import fold_root, fold_yo

PREFIXED_BASE = 5      # a shorter base than this is a prefix-like start by chance (пре|док is no пре + док)
# Prefixes that make a new word of a whole word and keep its root: незаурядность, антиглобалист, сверхзадача.
WORD_PREFIXES = frozenset({"не", "анти", "сверх", "контр", "микро", "интер"})
# Analyses no source gave: affixes peeled by guess, or a compound read by its parts.
UNSOURCED = frozenset({"guess", "compound-split"})
# Verdicts kept per engine (lru): 30,000 at ~1.7 KB is ~50 MB a worker at most.
VERDICT_CACHE = 30_000

SOURCE_NAMES = {
    "tikhonov-morphemes": "морфемный словарь Тихонова (Sorokin & Kravtsova 2018)",
    "tikhonov-dictionary": "морфемный словарь Тихонова",
    "derivbase-carried": "корень перенесён по связи DerivBase.Ru",
    "wiktionary": "ru.wiktionary, {{морфо-ru}}",
    "guess": "разбор по известным аффиксам (догадка)",
    SPLIT_SOURCE: "разбор сложного слова по известным частям",
}
# Segmentations a dictionary made (not a guess, not a root carried along a link).
DICTIONARY_SOURCES = frozenset({"tikhonov-morphemes", "tikhonov-dictionary", "wiktionary"})
SOURCE_LINKS = "словообразовательные связи DerivBase.Ru между разобранными словами"
SOURCE_SENSES = "таблица омонимичных корней (lexicon/curated/root_senses.tsv)"
SOURCE_ALLOMORPHS = "таблица алломорфов корней (lexicon/curated/allomorphs.tsv)"
SOURCE_COMPOUNDS = "разборы сложных слов DerivBase.Ru"
SOURCE_WIKTIONARY_RELATED = "ru.wiktionary, «Родственные слова»"
SOURCE_DERIVBASE = "словообразовательная связь DerivBase.Ru"
SOURCE_UNIMORPH = "словообразовательная связь UniMorph 4.0 (из этимологий ru.wiktionary)"
SOURCE_CLASSES = "классовое правило корня (lexicon/classes.py), точность измерена выборкой"


def describe_link(why: str) -> dict:
    """A family path step for a person: the build's link note («rule333; к/ч», «compound»,
    «curated allomorphs рук/руч») as a Russian label and the source it comes from."""
    if why.startswith("curated allomorphs "):
        spellings = why.removeprefix("curated allomorphs ")
        return {"label": f"алломорфы одного корня {spellings}", "source": SOURCE_ALLOMORPHS}
    rule, detail = class_rule_of(why)
    if rule:
        title = RULE_TITLES.get(rule, rule)
        return {"label": f"{title}: {detail}" if detail else title,
                "source": f"{SOURCE_CLASSES}: {rule}"}
    head, _, detail = why.partition("; ")
    curated = detail.endswith(" (curated)")
    detail = detail.removesuffix(" (curated)")
    if head == "compound":
        label, source = "часть сложного слова", SOURCE_COMPOUNDS
    elif head == "wiktionary-related":
        label, source = "родственное слово", SOURCE_WIKTIONARY_RELATED
    elif head == "unimorph":
        label, source = "словообразовательная связь", SOURCE_UNIMORPH
    else:
        number = head.removeprefix("rule")
        label = "словообразовательная связь" + (f" (правило {number})" if number.isdigit() else "")
        source = SOURCE_DERIVBASE
    if detail:
        label += f", чередование {detail}" + (" по таблице алломорфов" if curated else "")
    if curated:
        source += "; " + SOURCE_ALLOMORPHS
    return {"label": label, "source": source}
SENSE_WORD, SENSE_FAMILY, SENSE_COMPOUND_FAMILY = "слово", "гнездо", "гнездо сложного слова"
KIND_WORDS = {"equal": "совпадают", "spelling": "совпадают с точностью до написания",
              "consonant": "чередуются", "fleeting": "отличаются беглым гласным", "irregular": "чередуются"}


# Full (East Slavic) and Church Slavonic forms of one root: золот/злат, молод/млад, ворот/врат, берег/брег.
_PLENOPHONY = (("оро", "ра"), ("оло", "ла"), ("ере", "ре"), ("ело", "ле"), ("оро", "ро"), ("оло", "ло"))
_CONSONANTS_BY_END: dict[str, list[tuple[str, str]]] = {}
for _pair in sorted(CONSONANT_ALTERNATIONS | WEAK_CONSONANT_ALTERNATIONS):
    _CONSONANTS_BY_END.setdefault(_pair[0][-1], []).append(_pair)


def roots_may_relate(a: str, b: str, affixes: AffixInventory) -> bool:
    """Could roots a and b be one root by any known alternation (even one the join policy
    does not admit), by full/Church Slavonic vowels, or by one being the other glued to an
    affix or a second root (пи/пит, снег/снегир, зр/надзир, плав/сплавл)?  Only withholds
    `certain`, never joins."""
    fa, fb = fold_root(a), fold_root(b)
    if _alternate(fa, fb) or _same_skeleton(fa, fb) or borrowed_tails_alternate(fa, fb):
        return True
    if school_rows_meet(fa, fb, lambda part: _glued_before(part, affixes)):
        return True
    shorter, longer = sorted((fa, fb), key=len)
    if len(shorter) < 2:
        return True   # a one-letter root (ш in заросший) is a cut the spelling cannot check
    cores = {shorter, shorter[:-1]} if len(shorter) > 2 and shorter[-1] in VOWELS else {shorter}
    for core in cores:
        for size in range(max(2, len(core) - 1), len(core) + 2):
            for start in range(0, len(longer) - size + 1):
                if longer[start] != core[0] and core[0] not in VOWELS and longer[start] not in VOWELS:
                    continue   # as in _alternate: the first consonant never alternates
                before, after = longer[:start], longer[start + size:]
                if (_glued_before(before, affixes) and _glued_after(after, affixes)
                        and _alternate(core, longer[start:start + size])):
                    return True
    return False


def _skeleton(root: str) -> str:
    return "".join(ch for ch in root if ch not in VOWELS and ch not in "ьъй")


def _same_skeleton(a: str, b: str) -> bool:
    """The school list's roots keep their consonants and change vowels in every way the one-step
    tables miss (мороз/мерз, волок/влак, сед/сад/сид, лаг/лож/лог): the consonants alone, up to a
    final alternation, cannot show two roots differ.  Only withholds `certain`."""
    sa, sb = _skeleton(a), _skeleton(b)
    if not sa or not sb or sa[0] != sb[0]:
        return False
    if sa == sb:
        return True
    for xa, xb in _CONSONANTS_BY_END.get(sa[-1], ()):
        if sa.endswith(xa) and sb.endswith(xb) and sa[:-len(xa)] == sb[:-len(xb)]:
            return True
    return False


_INFINITIVE_ENDS = ("ть", "ти", "чь")


def _unsegmented(morphemes: Morphemes, affixes: AffixInventory) -> bool:
    """A dictionary entry left whole (пасть as one root): its root still carries the ending."""
    if len(morphemes) != 1:
        return False
    word = fold_yo(morphemes[0][0])
    return word.endswith(_INFINITIVE_ENDS) or any(word.endswith(e) and len(word) > len(e) + 2 for e in affixes.endings)


def _sense_owner(side: RootOf) -> str:
    """Whom the homonym table gives a sense: the word itself or (inherited) its family."""
    if side.node.labels:
        return SENSE_WORD
    return SENSE_COMPOUND_FAMILY if len(side.analysis.roots) > 1 else SENSE_FAMILY


def _inherited_by_compound(evidence: dict) -> bool:
    return SENSE_COMPOUND_FAMILY in evidence["senses_from"]


MIN_HYPHEN_CLIP = 6   # конференц-, пресс-центр's пресс is a word: shorter first parts start words by chance


def _hyphen_clip(x: RootOf, y: RootOf) -> dict | None:
    """A hyphenated compound's first part that is another root cut short (конференц-зал: конференци of
    конференция): the clipped word and its full form are one root, `probable`."""
    if after_root(x.analysis.morphemes, x.idx) != ("-", "interfix"):
        return None
    clip, full = fold_root(x.root), fold_root(y.root)
    if len(clip) < MIN_HYPHEN_CLIP or len(full) <= len(clip) or not full.startswith(clip):
        return None
    return {"kind": "clipped_word", "a": {"lemma": x.lemma, "root": x.root}, "b": {"lemma": y.lemma, "root": y.root},
            "explanation": f"«{x.root}-» в «{x.lemma}» — усечённое «{y.root}» слова «{y.lemma}»: один корень",
            "source": "часть сложного слова через дефис (усечённая основа)"}


def _alternation_words(alt: Alternation) -> str:
    """«(чередование к/ч)»; a soft sign or ё is spelling, not an alternation (ход / ходь-ба)."""
    return f" (разница в написании: {alt.detail})" if alt.kind == "spelling" else f" (чередование {alt.detail})"


def _clipped_root(side: RootOf) -> bool:
    """The root is a clipped part of a clipped compound (рай|центр, физ|мат) by lexicon.classes' table."""
    return side.idx in side.analysis.clipped_roots


def _clipped(root: str, other: str) -> bool:
    """In a compound without a linking vowel a root may be a clipped word (кор-пункт from
    корреспондентский пункт, проф-союз, зав-хоз): its start of another root may be that word."""
    clip, full = fold_root(root), fold_root(other)
    return 2 <= len(clip) < len(full) and full.startswith(clip)


def _glued_before(part: str, affixes: AffixInventory) -> bool:
    """What a dictionary may have glued before a root: a prefix or a first root with о/е."""
    return not part or part in affixes.prefixes or (len(part) >= 3 and part[-1] in LINKING_VOWELS)


# Suffixes of the school tables the learned inventory lacks (падёж, жизнь, синеватый, полюшко).
_SCHOOL_SUFFIXES = frozenset({"еж", "изн", "еват", "юшк", "ышк", "онк", "енк", "юх"})


def _glued_after(part: str, affixes: AffixInventory) -> bool:
    """What may be glued after a root: one suffix (картин = карт + ин), two one-letter ones
    (плав-л), or о/е and a second root."""
    part = part.rstrip("ь")
    if not part or part in affixes.suffixes or part in _SCHOOL_SUFFIXES or (len(part) >= 4 and part[0] in LINKING_VOWELS):
        return True
    return len(part) == 2 and part[0] in affixes.suffixes and part[1] in affixes.suffixes


def _alternate(a: str, b: str) -> bool:
    if a == b:
        return True
    if a[0] != b[0] and a[0] not in VOWELS and b[0] not in VOWELS:
        return False   # every alternation known keeps a root's first consonant (cheap, so first)
    if compare_roots(a, b) is not None:
        return True
    for full, short in _PLENOPHONY:
        if full in a and a.replace(full, short, 1) == b or full in b and b.replace(full, short, 1) == a:
            return True
    for xa, xb in _CONSONANTS_BY_END.get(a[-1], ()):   # every split, not only the first that fits
        if a.endswith(xa) and b.endswith(xb) and len(a) > len(xa) and len(b) > len(xb):
            sa, sb = a[:-len(xa)], b[:-len(xb)]
            if sa == sb or compare_roots(sa, sb) is not None:
                return True
    return False


@dataclass(frozen=True)
class Analysis:
    """One reading of a word: a lemma with its morphemes and root nodes."""
    lemma: str
    morphemes: Morphemes
    source: str
    nodes: tuple[RootNode | None, ...]   # one per root; None when the root is in no family
    glosses: str = ""
    segmented: bool = False   # a dictionary cut it into morphemes (not a guess, carry, split or whole entry)

    @cached_property
    def clippable(self) -> bool:
        """Several roots and no linking vowel (кор-пункт): a root may be a clipped word."""
        kinds = [k for _, k in self.morphemes]
        return kinds.count("root") >= 2 and "interfix" not in kinds

    @cached_property   # asked for every root pair the spelling fallback reaches: read the table once a reading
    def clipped_roots(self) -> frozenset[int]:
        """Indexes of the roots that are clipped parts of a clipped compound (lexicon.classes)."""
        return frozenset(key.root_index for key in CLIPPED.clipped_roots(self.morphemes))

    @cached_property   # asked for every root pair compared (pool lint: ~15% of its time when rebuilt)
    def roots(self) -> list[str]:
        return [t for t, k in self.morphemes if k == "root"]

    @property
    def guessed(self) -> bool:
        return self.source == "guess" and all(n is None for n in self.nodes)

    def to_json(self) -> dict:
        return {
            "lemma": self.lemma,
            "morphemes": [{"text": t, "kind": k} for t, k in self.morphemes],
            "roots": self.roots,
            "source": self.source,
            "source_name": SOURCE_NAMES.get(self.source, self.source),    # the same, for a person
            "families": [n.family if n else None for n in self.nodes],
            **({"glosses": self.glosses} if self.glosses else {}),
        }


@dataclass(frozen=True)
class WordAnalysis:
    word: NormalizedWord
    lemmas: tuple[str, ...]
    analyses: tuple[Analysis, ...]
    known: bool   # pymorphy3 or the lexicon knows it


class RootOf(NamedTuple):
    """The idx-th root of one reading of a word, with its family node (None when in no family)."""
    analysis: Analysis
    idx: int
    node: RootNode | None

    @property
    def root(self) -> str:
        return self.analysis.roots[self.idx]

    @property
    def lemma(self) -> str:
        return self.analysis.lemma


@dataclass
class Verdict:
    a: WordAnalysis
    b: WordAnalysis
    cognate: bool
    confidence: str                       # certain | probable | none
    shared_roots: list[str] = field(default_factory=list)
    evidence: list[dict] = field(default_factory=list)
    # Facts callers derive from a verdict, kept with it: the engine caches verdicts, so a pool asking
    # the same pair again reads them back.  Not copied by dataclasses.replace (a ruling is a new verdict).
    memo: dict = field(default_factory=dict, init=False, repr=False, compare=False)

    def to_json(self) -> dict:
        return {
            "a": self.a.word.raw, "b": self.b.word.raw,
            "cognate": self.cognate, "confidence": self.confidence,
            "shared_roots": self.shared_roots, "evidence": self.evidence,
        }


@lru_cache(maxsize=8192)
def _lemmas_as_written(word: str) -> frozenset[str]:
    """pymorphy3's lemmas of the dictionary words spelled exactly `word`, ё kept (it also reads е as ё)."""
    low = word.lower()
    return frozenset(p.normal_form for p in morphology.analyzer().parse(low) if p.is_known and p.word == low)


def _set_apart_by_yo(a: str, b: str) -> bool:
    """Two spellings that fold to one word yet, read with ё as written, are different words: небо/нёбо.

    «еж» is ёж without dots (no word is spelled «еж»), so it stays the same word as ёж.
    """
    if "ё" not in a.lower() + b.lower():
        return False
    as_a, as_b = _lemmas_as_written(a), _lemmas_as_written(b)
    return bool(as_a and as_b) and not as_a & as_b


class CognateEngine:
    def __init__(self, store: LexiconStore | None = None):
        self.store = store or LexiconStore()
        self.join_policy = JoinPolicy.of_store(self.store)
        self.compounds = CompoundSplitter(self.store)
        self.roots_may_relate = lru_cache(maxsize=20_000)(self._roots_may_relate)   # root pairs: ~150 B each
        self.analyse_key = lru_cache(maxsize=30_000)(self._analyse_key)   # ~0.5 KB each
        # Pairs come back (a judge's word against a list, an app re-asking a turn): ~1.7 KB a verdict.
        self.compare = lru_cache(maxsize=VERDICT_CACHE)(self._compare)
        # Pool lint asks tens of thousands of (root, family) pairs of a big pool: most fail on spelling
        # alone (memoised per spelling pair by compare_roots), the rest read each family's spellings once.
        self.folded_spellings = lru_cache(maxsize=20_000)(self._folded_spellings)
        self.families_may_join = lru_cache(maxsize=20_000)(self._families_may_join)   # ~10k of a big pool
        caches.track(self)   # its lru_caches in the one table (lexicon.caches)

    # --- reading words -------------------------------------------------------
    def analyse(self, raw: str | NormalizedWord) -> WordAnalysis:
        word = raw if isinstance(raw, NormalizedWord) else normalize_word(raw)
        lemmas, analyses, known = self.analyse_key(word.text)
        return WordAnalysis(word, lemmas, analyses, known)

    def _analyse_key(self, text: str) -> tuple[tuple[str, ...], tuple[Analysis, ...], bool]:
        lemmas = morphology.lemmas(text)
        known = morphology.is_known(text)
        # A headword is judged as itself: «пара» is the noun пара, not the genitive of пар,
        # «банка» the jar, not the genitive of банк.  Other forms count under every lemma
        # (стали → сталь and стать), since any reading may be what the player meant.
        candidates = [text] if text in lemmas else list(dict.fromkeys([text, *lemmas]))
        analyses = []
        for cand in candidates:
            record = self.store.word(fold_yo(cand))
            if record is not None:
                analyses.append(self._from_record(cand, record))
        if analyses:
            known = True
        else:
            lemma = lemmas[0] if lemmas else text
            morphemes = guess_segmentation(fold_yo(lemma), self.store.affixes)
            analyses.append(Analysis(lemma, morphemes, "guess", tuple(None for t, k in morphemes if k == "root")))
        return tuple(lemmas), tuple(self._read_compound(an) for an in analyses), known

    def _read_compound(self, analysis: Analysis) -> Analysis:
        """A guessed or glued single root re-read by its known parts (теле + эфир), if it has them."""
        if not self.compounds.eligible(analysis.morphemes, analysis.source):
            return analysis
        if analysis.source == "derivbase-carried":
            split = self.compounds.split_carried(analysis.lemma, analysis.roots[0], analysis.nodes[0])
        else:
            loose = analysis.source in LOOSE_SOURCES
            split = (loose and self.compounds.clipped(analysis.lemma)) or self.compounds.split(analysis.lemma, loose)
        if split is None:
            return analysis
        return Analysis(analysis.lemma, split.morphemes, SPLIT_SOURCE, split.nodes, analysis.glosses)

    def _from_record(self, lemma: str, record: WordRecord) -> Analysis:
        segmented = record.source in DICTIONARY_SOURCES and not _unsegmented(record.morphemes, self.store.affixes)
        return Analysis(record.word, record.morphemes, record.source, record.nodes, record.glosses, segmented)

    def _roots_may_relate(self, a: str, b: str) -> bool:
        return roots_may_relate(a, b, self.store.affixes)

    # --- judging pairs -------------------------------------------------------
    def senses(self, node: RootNode) -> set[str]:
        """Curated senses of a root node: its own when ambiguous, else its family's."""
        if len(node.labels) > 1:
            return set(node.labels)
        family = self.store.family(node.family)
        return set(node.labels) | (set(family.labels) if family else set())

    def _compare(self, a: str | NormalizedWord, b: str | NormalizedWord) -> Verdict:
        """The verdict on words a and b (`compare`, which keeps the last VERDICT_CACHE verdicts)."""
        wa, wb = self.analyse(a), self.analyse(b)
        readings_a = {fold_yo(an.lemma) for an in wa.analyses}
        readings_b = {fold_yo(an.lemma) for an in wb.analyses}
        same_spelling = wa.word.key == wb.word.key or readings_a & readings_b
        if same_spelling and _set_apart_by_yo(wa.word.text, wb.word.text):
            # The lexicon keys words without ё, so both would read as one record: its roots prove nothing.
            return Verdict(wa, wb, False, "probable", [], [{
                "kind": "yo_distinct", "a": sorted(_lemmas_as_written(wa.word.text)),
                "b": sorted(_lemmas_as_written(wb.word.text)), "source": "pymorphy3 (OpenCorpora)",
                "explanation": f"«{wa.word.raw}» и «{wb.word.raw}» различаются буквой ё, и это разные слова"}])
        if same_spelling:
            same = (readings_a & readings_b) or {wa.word.text}
            lemma = sorted(same)[0]
            roots = [r for an in wa.analyses for r in an.roots][:2]
            return Verdict(wa, wb, True, "certain", roots, [{
                "kind": "same_word", "lemma": lemma,
                "explanation": f"«{wa.word.raw}» и «{wb.word.raw}» — формы одного слова «{lemma}»",
                "source": "pymorphy3 (OpenCorpora)",
            }])

        linked, fallback, against = [], [], []
        for x in wa.analyses:
            for y in wb.analyses:
                for i, nx in enumerate(x.nodes):
                    for j, ny in enumerate(y.nodes):
                        self._judge_roots(RootOf(x, i, nx), RootOf(y, j, ny), linked, fallback, against)

        if linked:
            shared = sorted({r for ev in linked for r in (ev["a"]["root"], ev["b"]["root"])})
            # A link reached only through a split of a compound rests on that split: probable.
            split = SOURCE_NAMES[SPLIT_SOURCE]
            # A path through a class rule below the `certain` bar (lexicon.classes) is probable too.
            direct = any(split not in (ev["a"]["source"], ev["b"]["source"])
                         and all(rule in CERTAIN_RULES for rule in ev.get("class_rules", ())) for ev in linked)
            return Verdict(wa, wb, True, "certain" if direct else "probable", shared, linked)
        if fallback:
            shared = sorted({r for ev in fallback for r in (ev["a"]["root"], ev["b"]["root"])})
            return Verdict(wa, wb, True, "probable", shared, fallback)
        prefixed = self._prefixed(wa, wb)
        if prefixed:
            return Verdict(wa, wb, True, "probable", [], [prefixed])
        certain = self._certainly_apart(wa, wb, against)
        confidence = "none" if not (wa.known and wb.known) else ("certain" if certain else "probable")
        evidence = against or [{
            "kind": "different_roots",
            "a": {"word": wa.word.raw, "roots": sorted({r for an in wa.analyses for r in an.roots})},
            "b": {"word": wb.word.raw, "roots": sorted({r for an in wb.analyses for r in an.roots})},
            "explanation": "ни один корень одного слова не совпадает с корнем другого и не чередуется с ним",
        }]
        return Verdict(wa, wb, False, confidence, [], evidence)

    def _prefixed(self, wa: WordAnalysis, wb: WordAnalysis) -> dict | None:
        """One word is the other with a prefix (премодерация = пре + модерация, недоговоропригодность): one
        root, whatever segmentation each got on its own (new words are often guessed apart).  A prefixed
        word any source knows has its own root (об-лож-к-а is no об + ложка, о-город no о + город, демонизм
        no де + монизм): only a word-building prefix (не-, анти-) is believed over the sources."""
        for x, y in ((wa, wb), (wb, wa)):
            segmented = any(an.source not in UNSOURCED for an in x.analyses)
            for lx in {fold_yo(an.lemma) for an in x.analyses}:
                for ly in {fold_yo(an.lemma) for an in y.analyses}:
                    prefix = lx[:len(lx) - len(ly)]
                    if segmented and prefix not in WORD_PREFIXES:
                        continue
                    if len(ly) >= PREFIXED_BASE and lx.endswith(ly) and prefix in self.store.affixes.prefixes:
                        return {"kind": "prefixed_word", "a": x.word.raw, "b": y.word.raw, "prefix": prefix,
                                "explanation": f"«{lx}» — это «{ly}» с приставкой «{prefix}-»",
                                "source": "приставки морфемного словаря Тихонова"}
        return None

    def _certainly_apart(self, wa: WordAnalysis, wb: WordAnalysis, against: list) -> bool:
        """"Not cognate" is certain only on positive, independent evidence: both words
        segmented by a dictionary, and either the curated homonym table puts their roots in
        different senses, or no pair of their roots could relate by any alternation (even
        one the join policy does not admit) or by one being glued inside the other."""
        for an in (*wa.analyses, *wb.analyses):
            if not an.segmented:
                return False
        split: set = set()
        if against:
            # A sense the table gives these very words is independent evidence; one a compound
            # inherits from a family may belong to its other root (водо-вод).
            if any(ev["kind"] != "homonymous_roots" or _inherited_by_compound(ev) for ev in against):
                return False
            split = {(ev["a"]["lemma"], ev["a"]["root"], ev["b"]["lemma"], ev["b"]["root"]) for ev in against}
        may_relate = self.roots_may_relate
        for x in wa.analyses:
            for y in wb.analyses:
                if may_share_class_key(x.lemma, x.morphemes, y.lemma, y.morphemes):
                    return False
                for rx in x.roots:
                    for ry in y.roots:
                        if split and (x.lemma, rx, y.lemma, ry) in split:
                            continue
                        if may_relate(rx, ry) or (x.clippable and _clipped(rx, ry)) or (y.clippable and _clipped(ry, rx)):
                            return False
        return True

    @staticmethod
    def _side(side: RootOf) -> dict:
        node = side.node
        return {"lemma": side.lemma, "root": side.root, "family": node.family if node else None,
                "source": SOURCE_NAMES.get(side.analysis.source, side.analysis.source)}

    def _families_may_join(self, root_x: str, family_x: int, root_y: str, family_y: int) -> bool:
        """Roots of two families join by spelling only when lexicon.roots' policy lets them
        (equal, or one family already shows the other's spelling: the рук family has руч)."""
        alt = self.join_policy.alternation(root_x, root_y)
        if alt is None:
            return False
        return self.join_policy.family_shows(alt, root_x, root_y, self.folded_spellings(family_x),
                                             self.folded_spellings(family_y))

    def _folded_spellings(self, family_id: int) -> frozenset[str]:
        return frozenset(fold_root(spelling) for spelling in self._spellings_of(family_id))

    def _spellings_of(self, family_id: int) -> list[str]:
        family = self.store.family(family_id)
        return [spelling for spelling, _ in family.spellings] if family else []

    def _judge_roots(self, x: RootOf, y: RootOf, linked: list, fallback: list, against: list) -> None:
        """File the evidence one pair of roots gives: a family link, a shared or split curated
        sense, or (by lexicon.roots' policy) a spelling that may or may not decide."""
        alt = compare_roots(x.root, y.root)
        nx, ny = x.node, y.node
        if nx is not None and ny is not None:
            if nx.family == ny.family:
                linked.append(self._same_family(x, y, alt))
                return
            sx, sy = self.senses(nx), self.senses(ny)
            if sx and sy and sx & sy:
                linked.append(self._shared_sense(x, y, sorted(sx & sy)[0]))
            elif sx and sy and alt is not None:
                against.append(self._homonymous_roots(x, y, sx, sy))
                return
        clip = _hyphen_clip(x, y) or _hyphen_clip(y, x)
        if clip:
            fallback.append(clip)
            return
        if not self.join_policy.admits(alt):
            return
        if _clipped_root(x) or _clipped_root(y):
            return   # рай in рай|центр is район's: a clip's spelling matches other words by chance (рай, мат)
        homonymous = self.join_policy.homonymous(x.root, y.root)
        # A word listed under several senses of this very root (лук, пар) may be read either way.
        if homonymous and not any(node is not None and sum(l.split("#")[0] in homonymous for l in node.labels) > 1
                                  for node in (nx, ny)):
            # A spelling the curated table knows to have several senses (вод, пол, лук) cannot
            # decide alone: without a family or a shared sense the words stay apart.
            against.append(self._ambiguous_root(x, y, sorted(homonymous)[0]))
            return
        if nx is not None and ny is not None and not self.join_policy.shows_other_spelling(
                alt, x.root, y.root, self._spellings_of(nx.family), self._spellings_of(ny.family),
                after_root(x.analysis.morphemes, x.idx), after_root(y.analysis.morphemes, y.idx),
                nx.family, ny.family):
            return
        fallback.append(self._root_spelling(x, y, alt))

    # --- evidence ------------------------------------------------------------
    def _same_family(self, x: RootOf, y: RootOf, alt: Alternation | None) -> dict:
        steps = self.store.link_path((x.node.key, x.node.idx), (y.node.key, y.node.idx)) or []
        detail = alt.detail if alt and alt.detail else None
        path = [{"from": s, "to": t, "link": v, **describe_link(v)} for s, t, v in steps]
        rules = sorted({rule for _, _, v in steps for rule in [class_rule_of(v)[0]] if rule})
        return {
            "kind": "same_family", "a": self._side(x), "b": self._side(y),
            "alternation": detail,
            "path": path,
            **({"class_rules": rules} if rules else {}),
            "explanation": f"корень «{x.root}» слова «{x.lemma}» и корень «{y.root}» слова «{y.lemma}» — один корень"
                           + (_alternation_words(alt) if detail else ""),
            # The sources the path actually went through: a curated row is not a DerivBase link.
            "source": "; ".join(dict.fromkeys(step["source"] for step in path)) or SOURCE_LINKS,
        }

    def _shared_sense(self, x: RootOf, y: RootOf, sense: str) -> dict:
        return {
            "kind": "curated_sense", "a": self._side(x), "b": self._side(y),
            "sense": sense,
            "explanation": f"у «{x.lemma}» и «{y.lemma}» корень в одном значении («{sense.split('#')[-1]}»)",
            "source": SOURCE_SENSES,
        }

    def _homonymous_roots(self, x: RootOf, y: RootOf, sx: set[str], sy: set[str]) -> dict:
        return {
            "kind": "homonymous_roots", "a": self._side(x), "b": self._side(y),
            "senses": [sorted(sx), sorted(sy)],
            # Whether the table names the sense for the word itself or only for its family.
            "senses_from": [_sense_owner(side) for side in (x, y)],
            "explanation": f"«{x.root}» в «{x.lemma}» и «{y.root}» в «{y.lemma}» пишутся похоже, "
                           "но это разные (омонимичные) корни",
            "source": SOURCE_SENSES,
        }

    def _ambiguous_root(self, x: RootOf, y: RootOf, root: str) -> dict:
        return {
            "kind": "ambiguous_root", "a": self._side(x), "b": self._side(y),
            "explanation": f"у корня «{root}» несколько значений, и ничто не связывает "
                           f"«{x.lemma}» и «{y.lemma}» с одним из них",
            "source": SOURCE_SENSES,
        }

    def _root_spelling(self, x: RootOf, y: RootOf, alt: Alternation) -> dict:
        return {
            "kind": "root_spelling", "a": self._side(x), "b": self._side(y),
            "alternation": alt.detail or alt.kind,
            "explanation": f"корни «{x.root}» и «{y.root}» {KIND_WORDS[alt.kind]}"
                           f"{': ' + alt.detail if alt.detail else ''}, "
                           "но словообразовательной связи между словами в источниках нет",
            "source": "только разбор по составу",
        }

    # --- words ---------------------------------------------------------------
    def related(self, analysis: Analysis, limit: int = 30) -> list[str]:
        words: list[str] = []
        for node in analysis.nodes:
            if node is not None:
                words.extend(w for w in self.store.family_members(node.family, limit) if w not in words)
        return words[:limit]
