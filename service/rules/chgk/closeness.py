"""Close but not equivalent: what turns an unmatched answer from a reject into the jury's question.

The МАК code (../shared/rules/chgk-sport.md, 2.1.4) accepts a synonym or a difference that does not
matter in the question's context, and only the jury sees that context.  So an answer that does not
match any accepted variant is rejected outright only when nothing ties it to the reference; when
something does, the verdict is ``judge`` with the tie as evidence:

* ``shared_word``  -- a content word of the reference, in any form (сигнальный пистолет / стартовый пистолет),
* ``synonym``      -- the two lemmas share a synonym set of the thesaurus (Lexicon.synonyms),
* ``cognate``      -- the two words share a root (Lexicon.compare: звонок / зазвонил, перебрать / перебор),
* ``similar``      -- the words' navec vectors are close (cosine ≥ SIMILAR; наследник / сын),
* ``spelling``     -- a name written one slip away that the typo rule refused only because the slip
  spells a known name (ариель / Ариэль; answers.py reads it from the matcher's notes).

Two outcomes are the opposite, a reject that says why: ``contradiction`` (the same word after another
prefix: восходящее / заходящее солнце) and ``another_name`` (a shared word, but each side names someone
the other does not: Иван Пугачёв / Емельян Пугачёв), ``another_thing`` (the same head noun of another
thing: Звук сирены / Звук метронома).

A word the vectors do not know ties nothing: on the tune half such «unmeasured» ties sent five
jury-rejected answers to the jury for each accepted one.  But an answer tied to nothing is rejected
(``different``) only when the reference says something the project can read: when every content word
of the reference (or of a зачёт entry) is unknown to the dictionary and to the vectors (вампир /
Чупакабра), nothing shows the answer names another thing, and the verdict is ``judge`` (reason
``unknown_words``).

Two different proper names or numbers are never tied this way: another person or another number is
a wrong answer (chgk-sport.md, «Фамилии», «Числа»).  Without a Lexicon nothing is looked up.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from lexicon import Lexicon
from lexicon.text import InvalidWord, fold_key as fold
from service.rules.chgk import vectors
from service.rules.chgk.matching import Matcher, lemma_set, primary_lemma
from service.rules.chgk.tokens import Tok, content
from service.rules.chgk.variants import Variant

# Chosen on the tune half of tests/data/chgk_jury.jsonl (cognate_eval.half_of): the lowest cosine
# that ties a jury-accepted answer without tying more jury-rejected ones than it saves.
SIMILAR = 0.37
NAME_TAGS = ("Name", "Surn", "Patr", "Geox", "Orgn", "Trad")
FUNCTION_TAGS = ("PREP", "CONJ", "PRCL", "INTJ", "NPRO")
# Verb prefixes (Russian grammar's list) and «не»: a swap of them (в-/вы-, вос-/за-) makes another word.
PREFIXES = ("в", "во", "вз", "вс", "воз", "вос", "вы", "до", "за", "из", "ис", "на", "над", "не", "о", "об", "обо",
            "от", "ото", "пере", "по", "под", "пред", "при", "про", "раз", "рас", "с", "со", "у")
POS_CLASSES = {"ADJF": "adjective", "ADJS": "adjective", "PRTF": "adjective", "PRTS": "adjective", "COMP": "adjective",
               "VERB": "verb", "INFN": "verb", "GRND": "verb", "NOUN": "noun"}
MIN_REST = 4
COMMON_ZIPF = 5.2   # стать, человек, год, место (Zipf ≥ 5.2: one word in 6 000 and more common)
# Word pairs of one answer looked up in the thesaurus, roots and vectors (~0.1 ms each); past it only
# the same word ties, so a batch at its comparison limit stays within seconds.  Real answers need < 100.
MAX_DEEP_PAIRS = 400     # letters the word keeps after its prefixes (вход / выход share «ход»: too little to trust)
TIE_ORDER = ("contradiction", "another_name", "another_thing",          # shown wrong: a reject
             "shared_word", "spelling", "synonym", "cognate", "similar")  # close: the jury's


@lru_cache(maxsize=10_000)
def _first_tag(word: str) -> str:
    known = [p for p in Lexicon.parses(word) if p.known]
    return known[0].tag if known else ""


def is_name(tok: Tok) -> bool:
    """A proper name by the dictionary (its first reading), or a capitalised word no dictionary knows
    (Ринго, Родари, a Latin name)."""
    tag = _first_tag(tok.text)
    return any(t in tag for t in NAME_TAGS) or (tok.raw[:1].isupper() and (tok.latin or not tag))


def is_function(tok: Tok) -> bool:
    return _first_tag(tok.text).startswith(FUNCTION_TAGS)


def words_of(toks: tuple[Tok, ...]) -> list[Tok]:
    """The content words: no numbers, prepositions, conjunctions, particles; pronouns only if nothing else."""
    kept = [t for t in content(toks)[0] if not t.is_number and len(t.text) > 1 and t.raw.isalpha()]
    full = [t for t in kept if not is_function(t)]
    return full or [t for t in kept if _first_tag(t.text).startswith("NPRO")]


def _tie(kind: str, a: Tok, r: Tok, explanation: str, **detail: Any) -> dict:
    return {"kind": "close", "relation": kind, "answer": a.raw, "reference": r.raw, **detail,
            "explanation": explanation}


def tie(a: Tok, r: Tok, matcher: Matcher, deep: bool = True) -> dict | None:
    """The strongest tie between an answer word and a reference word, or None; without `deep` the
    same word only (the thesaurus, roots and vectors are not asked)."""
    if a.latin != r.latin:
        return None
    names = is_name(a), is_name(r)
    if all(names) and a.text != r.text:       # two names: another person or place, however alike
        return None
    if lemma_set(a.text) & lemma_set(r.text) or a.text == r.text:
        said = f"«{r.raw}»" if a.raw.lower() == r.raw.lower() else f"«{r.raw}» (в ответе «{a.raw}»)"
        return _tie("shared_word", a, r, f"в ответе есть слово эталона {said}")
    if matcher.lexicon is None or a.latin or not deep:
        return None
    for x in sorted(lemma_set(a.text)):
        for y in sorted(lemma_set(r.text)):
            link = Lexicon.synonyms(x, y)
            if link is not None:
                return _tie("synonym", a, r, f"«{a.raw}» и «{r.raw}» — синонимы по тезаурусу ({link.gloss[:80]})",
                            source="тезаурус wiki-ru-wordnet", synset=list(link.synset)[:8])
    return _cognate(a, r, matcher) or _similar(a, r, names)


def _cognate(a: Tok, r: Tok, matcher: Matcher) -> dict | None:
    try:
        verdict = matcher.lexicon.compare(a.text, r.text, matcher.oracle)
    except InvalidWord:
        return None
    if not verdict.cognate:
        return None
    swap = prefix_swap(a.text, r.text) or prefix_swap(primary_lemma(a.text), primary_lemma(r.text))
    if swap and word_class(a) == word_class(r):
        return _tie("contradiction", a, r, f"«{a.raw}» и «{r.raw}» — одно слово с разными приставками "
                    f"(«{swap[0] or '—'}» / «{swap[1] or '—'}»): приставка меняет смысл на другой или противоположный",
                    source="словарь корней проекта (Lexicon.compare)")
    return _tie("cognate", a, r, f"«{a.raw}» и «{r.raw}» — однокоренные слова, но не одно слово (по словарю корней)",
                source="словарь корней проекта (Lexicon.compare)")


def _prefixes(word: str, depth: int = 2) -> list[tuple[str, str]]:
    """(prefixes, rest) for every way of taking up to `depth` prefixes off the word."""
    out = [("", word)]
    if depth:
        for p in PREFIXES:
            if word.startswith(p) and len(word) - len(p) >= MIN_REST:
                out += [(p + q, rest) for q, rest in _prefixes(word[len(p):], depth - 1)]
    return out


def prefix_swap(a: str, b: str) -> tuple[str, str] | None:
    """восходящий / заходящий, сложный / неотложный: the same word after different prefixes (both have
    one: a bare verb and its prefixed one are an aspect pair, строить / построить)."""
    for pa, rest in _prefixes(a):
        for pb, other in _prefixes(b):
            if rest == other and pa and pb and pa != pb:
                return pa, pb
    return None


def word_class(tok: Tok) -> str:
    """A part of speech coarse enough that words of one class can stand for each other."""
    tag = _first_tag(tok.text)
    if tag.startswith("NPRO") or "Apro" in tag:
        return "pronoun"
    pos = tag.split(",", 1)[0].split(" ", 1)[0]
    return POS_CLASSES.get(pos, pos)


def _similar(a: Tok, r: Tok, names: tuple[bool, bool]) -> dict | None:
    # A name beside a common word: closeness says nothing of the entity.  Words of two classes
    # (будильник / зазвонил) are close by topic, not by meaning: only words of one class are compared.
    if any(names) or word_class(a) != word_class(r):
        return None
    cosine = vectors.similarity((a.text, primary_lemma(a.text)), (r.text, primary_lemma(r.text)))
    if cosine is None or cosine < SIMILAR:
        return None
    return _tie("similar", a, r, f"«{a.raw}» и «{r.raw}» близки по смыслу (векторы navec: косинус {cosine:.2f}, "
                                 f"порог {SIMILAR})",
                cosine=round(cosine, 3), source=vectors.SOURCE)


def dependent(toks: list[Tok], i: int) -> bool:
    """A genitive noun after another word (друг человека, отряд самоубийц): it says whose, not what."""
    tag = _first_tag(toks[i].text)
    return i > 0 and tag.startswith("NOUN") and "gent" in tag


def another_name(mine: list[Tok], theirs: list[Tok], found: list[dict]) -> dict | None:
    """Each side names someone the other does not (Иван Пугачёв / Емельян Пугачёв, Сотбис, Филипс /
    Сотбис, Кристис): another person or thing, whatever else they share."""
    tied_a, tied_r = {t["answer"] for t in found}, {t["reference"] for t in found}
    a = next((a for a in mine if is_name(a) and a.raw not in tied_a), None)
    r = next((r for r in theirs if is_name(r) and r.raw not in tied_r), None)
    if a is None or r is None or not found:
        return None
    return _tie("another_name", a, r, f"в ответе имя «{a.raw}», а в эталоне на его месте «{r.raw}»: это другой "
                "человек или другое название, хотя общее с эталоном есть")


def another_whose(mine: list[Tok], theirs: list[Tok], found: list[dict]) -> dict | None:
    """The same head noun of another thing's (Звук сирены / Звук метронома, Бутылка Фанты / Бутылка
    Кока-колы): the genitive names the thing, and the answer names another one.  An adjective in its
    place (сигнальный / стартовый пистолет) is the jury's: it may be another name of the same thing."""
    tied_a, tied_r = {t["answer"] for t in found}, {t["reference"] for t in found}
    heads = [t for t in found if t["relation"] == "shared_word"
             and (tag := _first_tag(fold(t["reference"]))).startswith("NOUN") and "gent" not in tag]
    a = next((a for j, a in enumerate(mine) if dependent(mine, j) and a.raw not in tied_a), None)
    r = next((r for i, r in enumerate(theirs) if dependent(theirs, i) and r.raw not in tied_r), None)
    if not heads or a is None or r is None or lemma_set(a.text) & lemma_set(r.text):
        return None
    return _tie("another_thing", a, r, f"слово «{heads[0]['reference']}» то же, но в ответе оно о другом: "
                f"«{a.raw}» на месте «{r.raw}»")


def variant_ties(mine: list[Tok], v: Variant, matcher: Matcher, budget: list[int]) -> list[dict]:
    """The strongest tie of each answer word to the variant's words, strongest kinds first; `budget`
    counts down the pairs that may still be looked up in depth."""
    theirs = words_of(v.toks)
    found = []
    for a in mine:
        budget[0] -= len(theirs)
        links = [(i, t) for i, r in enumerate(theirs) if (t := tie(a, r, matcher, budget[0] >= 0))]
        same = [(i, t) for i, t in links if t["relation"] == "shared_word"]
        # The answer's word is the reference's own: it ties as that word or, a dependent, not at all.
        links = [t for i, t in (same or links) if not (same and dependent(theirs, i))]
        if links:
            found.append(min(links, key=lambda t: TIE_ORDER.index(t["relation"])))
    if all(t["relation"] == "shared_word" and Lexicon.frequency(fold(t["reference"])) >= COMMON_ZIPF for t in found):
        return []      # стать, человек, год: a word of every other answer shows nothing by itself
    other = another_name(mine, theirs, found) or another_whose(mine, theirs, found)
    if other:
        return [other]
    return sorted(found, key=lambda t: TIE_ORDER.index(t["relation"]))


def ties(answer: tuple[Tok, ...], pool: list[Variant], matcher: Matcher) -> tuple[Variant | None, list[dict]]:
    """The variant the answer is closest to and the ties to it (strongest kinds first); none: (None, [])."""
    mine, budget = words_of(answer), [MAX_DEEP_PAIRS]
    best: tuple[int, Variant | None, list[dict]] = (len(TIE_ORDER), None, [])
    for v in (v for v in pool if v.source in ("reference", "accepted")):
        found = variant_ties(mine, v, matcher, budget)
        if found and TIE_ORDER.index(found[0]["relation"]) < best[0]:
            best = (TIE_ORDER.index(found[0]["relation"]), v, found)
    return best[1], best[2]


def known(tok: Tok) -> bool:
    """The dictionary or the vectors know the word: what it names can be told from another word's."""
    return bool(_first_tag(tok.text)) or vectors.similarity((tok.text, primary_lemma(tok.text)), (tok.text,)) is not None


def unknown_side(answer: tuple[Tok, ...], pool: list[Variant]) -> tuple[list[str], str] | None:
    """The reference's (or a зачёт entry's) words when none of them is known to the dictionary or the
    vectors (Чупакабра, кроссинговер... Коцит as a зачёт): then nothing shows that an unmatched answer
    names another thing — it may be a commoner name of the same one — so it goes to the jury instead of
    a reject.  An answer's unknown word beside a known reference stays a reject: on the tune half such
    words were mostly the team's slips or coinages (4 jury rejects to 1 accept).  (words, entry) or None."""
    mine = words_of(answer)
    for v in (v for v in pool if v.source in ("reference", "accepted")):
        theirs = words_of(v.toks)
        if mine and theirs and not any(known(t) for t in theirs):
            return [t.raw for t in theirs], v.entry
    return None


def difference(answer: tuple[Tok, ...], v: Variant, found: list[dict]) -> dict | None:
    """What the ties leave over on either side: «сигнальный» for «стартовый»."""
    tied_a, tied_r = {t["answer"] for t in found}, {t["reference"] for t in found}
    extra = [a.raw for a in words_of(answer) if a.raw not in tied_a]
    missing = [r.raw for r in words_of(v.toks) if r.raw not in tied_r]
    if not extra and not missing:
        return None
    quoted = lambda words: ", ".join(f"«{w}»" for w in words)
    if extra and missing:
        said = f"в ответе {quoted(extra)} на месте {quoted(missing)}"
    else:
        said = f"в ответе есть ещё {quoted(extra)}" if extra else f"в ответе нет {quoted(missing)}"
    return {"kind": "close_difference", "answer_words": extra, "reference_words": missing, "explanation": said}
