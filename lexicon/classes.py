"""Root identity by class: rules that relate whole classes of words, not listed ones.

A dictionary cuts borrowed stems inconsistently (депресси|я but депресс|ивн|ый, анализ but
аналит|ик, детекц-ия but детект|ор), and no derivational link may join the two families.  A
class rule reads a word as a stem and a suffix chain of its class, brings the stem to one key
across the class's regular stem alternations (кц/кт, з/т, нц/нт) and says: two words of one key
share a root.  Every rule is one unit behind one contract (:class:`ClassRule`): the build joins
the families of nodes that share a key (:func:`lexicon.build.compile.join_by_classes`) and
records each join with the rule's name, so `make eval` counts what a rule changes across the
lexicon and a judged sample measures it; the run time asks :func:`may_share_class_key` before
calling two roots certainly different.

Keys are made from the lemma, not from a dictionary's cut, since the cut is what is inconsistent.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Callable, Iterable, Protocol

from lexicon.alternations import VOWELS
from lexicon.segment import Morphemes
from lexicon.text import fold_root, fold_yo


@dataclass(frozen=True)
class ClassKey:
    """One reading of a word by a class rule: the root it keys and the key."""
    rule: str
    root_index: int
    key: str
    detail: str       # for a person: «-ция/-тор», «з/т»


class ClassRule(Protocol):
    name: str          # stable id, recorded with every join: "borrowed-stem"
    title: str         # Russian, shown in evidence
    certain: bool      # its judged sample is right ≥ 0.99 of the time: a join through it may be `certain`
    dictionary_cuts_only: bool   # reads only words a dictionary cut (not guessed or carried ones)

    def keys(self, word: str, morphemes: Morphemes) -> list[ClassKey]: ...


# --- borrowed stems ---------------------------------------------------------------------------

# Suffix chains (with the ending) of borrowed nouns, adjectives and verbs, longest first: what is
# left is the stem the class shares (инспек-ция, инспек-тор, инспек-тировать).  A chain here marks
# the word as borrowed; native endings (-а, -ный alone) never do.
BORROWED_CHAINS = tuple(sorted({
    # -ция / -тор / -тивный: the т of the Latin supine stem (инспек-ция, инспек-тор)
    "ция", "ционный", "ционно", "ционер", "ционизм", "ционист", "ционировать",
    "тор", "торский", "торство", "торша",
    "тив", "тивный", "тивно", "тивность", "тивизм", "тировать", "тирование",
    # -ация / -атор / -ативный share the stem of -ировать (информ-ация, информ-атор, информ-ировать)
    "ация", "ационный", "ационно", "атор", "аторский", "ативный", "ативно", "ативность",
    # -ия / -ировать / -ический / -ивный / -изм / -ист
    "ия", "ийный", "ический", "ическая", "ически", "ичный", "ично", "ичность", "ика", "ик",
    # the ending of an -ия noun glued before -ец / -ский: гварди-я, гвард-еец, гвард-ейский (академ-ия, -ейский)
    "еец", "ейский",
    "ировать", "ироваться", "ирование", "ированный", "ировка", "изировать", "изация", "изовать",
    "ивный", "ивно", "ивность", "изм", "ист", "истка", "истский", "истический",
    "иальный", "иальность", "ионный", "ионизм", "ионист", "ионер",
    # -нция / -нт / -нтный (конкурен-ция, конкурен-т, компетен-тный)
    "тный", "тность", "тский",
    # -ис / -оз / -ез of Greek nouns keep the stem (кризис is left alone: its key is too short)
    "ис",
}, key=len, reverse=True))
# Stem-final alternations of the class, read to one key: the Latin/Greek т stem of -ция/-тор,
# -з-/-т- (анали-з / анали-т-ик, гипно-з / гипно-т-ический).
STEM_FINALS = (("кт", "к"), ("пт", "п"), ("нт", "н"), ("з", "т"))
# A bare word (no chain) keys only when it ends like a borrowed stem: анализ, конкурент, детектив.
BARE_FINALS = ("из", "оз", "ез", "нт", "кт")
# -з-/-т- is the Greek noun's alternation (анализ, гипноз, -ия, -ис), not a verb's (не-газ-ировать).
GREEK_Z_CHAINS = frozenset({"", "ис", "ия"})
MIN_GREEK_KEY = 6  # ремиз / ремитировать, генез: five letters are chance
MIN_KEY = 5        # a shorter stem is shared by chance as often as by descent (кри-зис / кри-тика)
# Four-letter stems (лект: лекция / лектор, ирон: ирония / иронический) only withhold a `certain` "not
# cognate": as evidence of a root they are wrong more often than right (2026-12-04, a seeded sample of 50
# of the 660 pairs they would add: 18 right, 29 wrong — план/плантатор, пасс|ивный/пасс|ировать, стат-).
SHORT_MIN_KEY = 4


def stem_and_chain(word: str, min_key: int = MIN_KEY) -> tuple[str, str] | None:
    for chain in BORROWED_CHAINS:
        if word.endswith(chain) and len(word) - len(chain) >= min_key - 1:
            return word[:-len(chain)], chain
    if word.endswith(BARE_FINALS):
        return word, ""
    return None


def _key_of_stem(stem: str, chain: str) -> tuple[str, str]:
    """The stem with its final brought to the class's one spelling, and the alternation used."""
    if chain.startswith(("т", "ци")) and not stem.endswith("т"):
        stem += "т"     # инспек|тор, инспек|ция: the Latin stem is инспект
    for final, key_final in STEM_FINALS:
        if stem.endswith(final) and len(stem) > len(final) + 2:
            if final == "з" and (stem[-2] not in VOWELS or chain not in GREEK_Z_CHAINS or len(stem) < MIN_GREEK_KEY):
                continue      # -з- of a Greek stem follows a vowel (анализ, гипноз), not a consonant
            return stem[:-len(final)] + key_final, f"{final}/{key_final}" if final != "з" else "з/т"
    return stem, ""


def root_under(morphemes: Morphemes, length: int) -> int | None:
    """The index of the root that the first `length` letters of the word reach into the most."""
    best, best_overlap, pos, idx = None, 0, 0, -1
    for text, kind in morphemes:
        end = pos + len(text)
        if kind == "root":
            idx += 1
            overlap = max(0, min(end, length) - pos)
            if overlap > best_overlap:
                best, best_overlap = idx, overlap
        pos = end
    return best


class BorrowedStem:
    """Borrowed words of one stem: детекция / детектор / детективный, анализ / аналитик,
    депрессия / депрессивный, конкуренция / конкурентный."""
    name = "borrowed-stem"
    title = "одна заимствованная основа с разными суффиксами"
    certain = False   # judged sample precision below 0.99: its joins are `probable` (make eval)
    dictionary_cuts_only = False   # keyed by the lemma: a guessed cut (детекция) only places the root

    def __init__(self, min_key: int = MIN_KEY):
        self.min_key = min_key

    def keys(self, word: str, morphemes: Morphemes) -> list[ClassKey]:
        word = fold_yo(word.lower())
        found = stem_and_chain(word, self.min_key)
        if found is None:
            return []
        stem, chain = found
        key, alternation = _key_of_stem(stem, chain)
        if len(key) < self.min_key or not any(ch in VOWELS for ch in key):
            return []
        root = root_under(morphemes, len(stem))
        if root is None:
            return []
        detail = f"-{chain}" if chain else "основа без суффикса"
        if alternation:
            detail += f", {alternation}"
        return [ClassKey(self.name, root, key, detail)]


# --- the school list of roots with alternation ---------------------------------------------------

@dataclass(frozen=True)
class Alternant:
    """One spelling of a handbook row and where it must stand to be that root."""
    spelling: str
    after: frozenset[str]      # the morpheme right after the root must be one of these (empty: any)
    prefixed: bool             # a prefix must stand before the root

    unprefixed: bool = False   # no prefix may stand before it

    def fits(self, spelling: str, after: str, prefixed: bool) -> bool:
        """`after` is the suffix right after the root, "∅" when none (an ending is not a suffix: пол-мир-а)."""
        return (spelling == self.spelling and (not self.after or after in self.after)
                and (prefixed or not self.prefixed) and not (prefixed and self.unprefixed))


@dataclass(frozen=True)
class AlternationRow:
    id: str
    alternants: tuple[Alternant, ...]
    rule: str          # the handbook's wording
    source: str


def parse_alternant(text: str) -> Alternant:
    """«^гор+е|а|ел» → гор after a prefix, before е, а or ел."""
    prefixed, unprefixed = text.startswith("^"), text.startswith("!")
    spelling, _, after = text.lstrip("^!").partition("+")
    return Alternant(fold_root(spelling), frozenset(a for a in after.split("|") if a), prefixed, unprefixed)


def read_alternation_rows(path=None) -> tuple[AlternationRow, ...]:
    from lexicon import paths

    rows = []
    for line in (path or paths.SCHOOL_ALTERNATIONS_TSV).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        row_id, alternants, rule, source = (line.split("\t") + ["", "", ""])[:4]
        rows.append(AlternationRow(row_id, tuple(parse_alternant(a) for a in alternants.split()), rule, source))
    return tuple(rows)


class SchoolAlternation:
    """The school handbook's roots with alternation, each row applied to every word whose cut shows
    one of its spellings where the handbook's rule puts it: умирать (мир before -а-) and умереть,
    подъехать and подъезд, отморозить and мёрзлый."""
    name = "school-alternation"
    title = "корень с чередованием из школьного списка"
    certain = False   # judged sample precision below 0.99: its joins are `probable` (make eval)
    dictionary_cuts_only = True   # a guessed cut (тер in an unknown word) is no evidence of the root

    def __init__(self, rows: tuple[AlternationRow, ...] | None = None):
        self._rows = rows
        self._by_spelling: dict[str, list[tuple[AlternationRow, Alternant]]] | None = None

    def _index(self) -> dict[str, list[tuple[AlternationRow, Alternant]]]:
        if self._by_spelling is None:
            index: dict[str, list[tuple[AlternationRow, Alternant]]] = {}
            for row in self._rows or read_alternation_rows():
                for alt in row.alternants:
                    index.setdefault(alt.spelling, []).append((row, alt))
            self._by_spelling = index
        return self._by_spelling

    def keys(self, word: str, morphemes: Morphemes) -> list[ClassKey]:
        index = self._index()
        found, root_idx, prefixed = [], -1, False
        for pos, (text, kind) in enumerate(morphemes):
            if kind == "prefix":
                prefixed = True
            if kind != "root":
                continue
            root_idx += 1
            nxt = morphemes[pos + 1] if pos + 1 < len(morphemes) else None
            after = fold_yo(nxt[0].lower()) if nxt and nxt[1] == "suffix" else "∅"
            spelling = fold_root(text.lower())
            for row, alt in index.get(spelling, ()):
                if alt.fits(spelling, after, prefixed):
                    spellings = "/".join(dict.fromkeys(a.spelling for a in row.alternants))
                    found.append(ClassKey(self.name, root_idx, row.id, f"{spellings}: {row.rule} ({row.source})"))
                    break
        return found


# --- clipped compounds (сложносокращённые слова) ----------------------------------------------

@dataclass(frozen=True)
class ClippedPart:
    """A clipped part of the table: «зав» from заведующий, first in the word."""
    part: str
    full_words: tuple[str, ...]
    place: str         # first | last | weak (a first part that is also an everyday root: кол, рай, гор)
    source: str

    @property
    def key(self) -> str:
        return f"{self.part}={self.full_words[0]}"


def read_clipped_parts(path=None) -> tuple[ClippedPart, ...]:
    from lexicon import paths

    parts = []
    for line in (path or paths.CLIPPED_PARTS_TSV).read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        part, full, place, source = (line.split("\t") + ["", "", ""])[:4]
        words = tuple(fold_yo(w.strip().lower()) for w in full.split(",") if w.strip())
        parts.append(ClippedPart(fold_yo(part.strip().lower()), words, place.strip(), source.strip()))
    return tuple(parts)


# A three-letter word after a clipped part is a part (дет|сад, дет|дом) only when it is this common:
# нар|вал, гор|шок are whole words that merely start like a clipped part.
SHORT_REST_ZIPF = 4.5
MIN_WORD_REST = 4       # a rest this long that is a noun of the lexicon is the compound's second word


class ClippedCompound:
    """Сложносокращённые слова: завхоз (заведующий хозяйством), спецназ, профсоюз, госдума.  A word
    whose first root is a clipped part of the table followed at once by another root (a clipped part
    or a word) is read part by part, and each clipped part shares the root of its full word
    (зав — заведующий, хоз — хозяйство); the full word carries the same key, so the build joins them."""
    name = "clipped-compound"
    title = "сложносокращённое слово: усечённая часть полного слова"
    certain = False   # judged sample precision below 0.99: its joins are `probable` (make eval)
    dictionary_cuts_only = False   # guessed words are re-read by clipped_reading before they get nodes

    def __init__(self, parts: tuple[ClippedPart, ...] | None = None):
        self._parts = parts

    @property
    def parts(self) -> tuple[ClippedPart, ...]:
        if self._parts is None:
            self._parts = read_clipped_parts()
        return self._parts

    @cached_property
    def _by_place(self) -> dict[str, dict[str, ClippedPart]]:
        index: dict[str, dict[str, ClippedPart]] = {"first": {}, "last": {}, "weak": {}}
        for part in self.parts:
            # a head part (зав, зам) is a first part whose next word may stand in any case
            index["first" if part.place == "head" else part.place].setdefault(part.part, part)
        return index

    @cached_property
    def _full_words(self) -> dict[str, list[ClippedPart]]:
        index: dict[str, list[ClippedPart]] = {}
        for part in self.parts:
            for word in part.full_words:
                index.setdefault(word, []).append(part)
        return index

    def keys(self, word: str, morphemes: Morphemes) -> list[ClassKey]:
        word = fold_yo(word.lower())
        found = [ClassKey(self.name, root, part.key, f"полное слово для «{part.part}-»")
                 for part in self._full_words.get(word, ())
                 for root in [root_under(morphemes, len(part.part))] if root is not None]
        return found + self.clipped_roots(morphemes)

    def clipped_roots(self, morphemes: Morphemes) -> list[ClassKey]:
        """Keys of the clipped roots of a clipped compound: зав|хоз → зав (заведующий), хоз (хозяйство).
        The second root follows the first at once or after a prefix (спец|о|дежд: о- of одежда), never
        after a linking vowel or a suffix (мед-о-нос is honey, спец-овк-а one root)."""
        kinds = [kind for _, kind in morphemes]
        texts = [fold_yo(text.lower()) for text, _ in morphemes]
        if len(kinds) < 2 or kinds[0] != "root" or "root" not in kinds[1:]:
            return []
        second = kinds.index("root", 1)
        # A prefix may open the second part (проф|у|полномоченный); a lone о/е there is a linking vowel,
        # whatever a dictionary labelled it (дет|о|род, гор|о|образование: ordinary compounds).
        if any(kind != "prefix" or text in LINKING_VOWELS_ALL for kind, text in zip(kinds[1:second], texts[1:second])):
            return []
        roots = [texts[n] for n, kind in enumerate(kinds) if kind == "root"]
        places = self._by_place
        first = places["first"].get(roots[0]) or places["weak"].get(roots[0])
        if first is None:
            return []
        rest = [places["last"].get(r) or places["first"].get(r) for r in roots[1:]]
        if not any(rest) and (first.place == "weak" or not _is_lemma("".join(texts[1:]), first.place == "head")):
            return []     # кол|баса, дет|вор|а, пом|пезн|ость: no clipped part or word after the first
        found = [ClassKey(self.name, 0, first.key, f"«{first.part}-» — {first.full_words[0]}")]
        return found + [ClassKey(self.name, i, part.key, f"«{part.part}» — {part.full_words[0]}")
                        for i, part in enumerate(rest, start=1) if part is not None]

    def reading(self, word: str, rest_morphemes: Callable[[str], Morphemes | None],
                known_root: Callable[[str], bool] = lambda text: False) -> Morphemes | None:
        """A clipped compound no dictionary cut, read part by part: спецназ → спец|наз, госдума → гос|дума.
        `rest_morphemes(rest)` gives a lexicon noun's morphemes (None for anything else); a word that starts
        with a longer root some dictionary knows (культур|олог, нард-) is that root's word, not a compound."""
        word = fold_yo(word.lower())
        places = self._by_place
        for first in sorted([*places["first"].values(), *places["weak"].values()], key=lambda p: -len(p.part)):
            if not word.startswith(first.part) or len(word) == len(first.part):
                continue
            rest = word[len(first.part):]
            if rest in places["last"] or rest in places["first"]:
                return ((first.part, "root"), (rest, "root"))
            if first.place == "weak" or len(rest) < 3:
                continue
            if any(known_root(word[:end]) for end in range(len(first.part) + 2, len(word))):
                continue
            cut = rest_morphemes(rest)
            if cut and (len(rest) >= MIN_WORD_REST or frequency_of(rest) >= SHORT_REST_ZIPF):
                return ((first.part, "root"), *cut)
        return None


LINKING_VOWELS_ALL = frozenset({"о", "е"})


@lru_cache(maxsize=20_000)
def _is_lemma(text: str, any_form: bool = False) -> bool:
    """pymorphy3's dictionary has `text` as a dictionary form (сестра, массовый; not вора, пезность), or,
    with `any_form`, as any form of a noun (кафедрой, министра: what зав-, зам- govern)."""
    from lexicon import morphology

    text = text.replace("-", "")
    return any(parse.is_known and (parse.normal_form == text or (any_form and "NOUN" in parse.tag.grammemes))
               for parse in morphology.analyzer().parse(text))


def frequency_of(word: str) -> float:
    from lexicon import frequency

    return frequency.zipf(word)


CLIPPED = ClippedCompound()
CLASS_RULES: tuple[ClassRule, ...] = (BorrowedStem(), SchoolAlternation(), CLIPPED)
RULE_TITLES = {rule.name: rule.title for rule in CLASS_RULES}
CERTAIN_RULES = frozenset(rule.name for rule in CLASS_RULES if rule.certain)


def class_keys(word: str, morphemes: Morphemes, rules: Iterable[ClassRule] = CLASS_RULES) -> list[ClassKey]:
    return [key for rule in rules for key in rule.keys(word, morphemes)]


@lru_cache(maxsize=20_000)   # asked for every "not cognate" verdict of a pool: ~200 B a reading
def _rule_keys(word: str, morphemes: Morphemes) -> frozenset[tuple[str, str]]:
    return frozenset((k.rule, k.key) for k in class_keys(word, morphemes))


def may_share_class_key(word_a: str, morphemes_a: Morphemes, word_b: str, morphemes_b: Morphemes) -> bool:
    """Could a class rule read the two words as one stem?  Then "not cognate" is not certain."""
    return bool(_rule_keys(word_a, morphemes_a) & _rule_keys(word_b, morphemes_b)) or bool(
        shared_short_stem(word_a, morphemes_a, word_b, morphemes_b))


SHORT_STEM = BorrowedStem(min_key=SHORT_MIN_KEY)


@lru_cache(maxsize=20_000)
def _short_stem_keys(word: str, morphemes: Morphemes) -> tuple[ClassKey, ...]:
    return tuple(SHORT_STEM.keys(word, morphemes))


def shared_short_stem(word_a: str, morphemes_a: Morphemes, word_b: str,
                      morphemes_b: Morphemes) -> tuple[ClassKey, ClassKey] | None:
    """The borrowed-stem keys two words share when stems of four letters count (лекция / лектор):
    enough to doubt that two roots differ, not to say they are one."""
    keys_b = {key.key: key for key in _short_stem_keys(word_b, morphemes_b)}
    for key in _short_stem_keys(word_a, morphemes_a):
        if key.key in keys_b:
            return key, keys_b[key.key]
    return None


LINK_PREFIX = "class "


def link_note(rule: str, detail: str) -> str:
    """How a family link made by a class rule is noted in the lexicon: «class borrowed-stem; -ция ~ -тор»."""
    return f"{LINK_PREFIX}{rule}; {detail}"


def class_rule_of(note: str) -> tuple[str | None, str]:
    """The rule and detail of a link note made by :func:`link_note`; (None, "") for any other link."""
    if not note.startswith(LINK_PREFIX):
        return None, ""
    rule, _, detail = note.removeprefix(LINK_PREFIX).partition("; ")
    return rule, detail


@lru_cache(maxsize=1)
def _row_spellings() -> tuple[frozenset[str], ...]:
    return tuple(frozenset(a.spelling for a in row.alternants) for row in read_alternation_rows())


def school_rows_meet(a: str, b: str, may_precede: Callable[[str], bool] = lambda part: not part) -> bool:
    """Does each root hold a different spelling of one handbook row (прилагательн holds лаг after the
    prefix при, лож is лож)?  A dictionary that glued an affix into one of them hides the alternation:
    "not cognate" is then not certain.  What stands before the spelling must be what `may_precede`
    admits (a prefix: прост holds рос after п, which is none).  Only withholds `certain`."""
    def held(root: str, spellings: frozenset[str]) -> set[str]:
        return {s for s in spellings if s in root and may_precede(root[:root.index(s)])}

    for spellings in _row_spellings():
        in_a, in_b = held(a, spellings), held(b, spellings)
        if in_a and in_b and (in_a | in_b) - (in_a & in_b):
            return True
    return False


# How one borrowed stem ends in two dictionary cuts (лекц/лект, гипотез/гипотет, диагноз/диагност,
# ирони/ирон): the class's stem alternations and a glued и.
BORROWED_TAILS = frozenset({("ц", "т"), ("з", "т"), ("з", "ст"), ("с", "т"), ("ци", "т"), ("и", "")})
MIN_SHARED_STEM = 3


def borrowed_tails_alternate(a: str, b: str) -> bool:
    """Two roots one stem apart by a borrowed class's alternation after a shared start of three
    letters or more.  Only withholds `certain` (молот/молод, холм/холод stay certainly apart)."""
    shared = 0
    while shared < min(len(a), len(b)) and a[shared] == b[shared]:
        shared += 1
    if shared < MIN_SHARED_STEM:
        return False
    tails = (a[shared:], b[shared:])
    return tails in BORROWED_TAILS or tails[::-1] in BORROWED_TAILS
