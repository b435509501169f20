"""Ненормативная лексика: is a token profanity, and of which kind?

``find(token) -> ProfanityHit | None``.  A hit names the lemma, the root
(хуй, пизда, ебля, блядь, сука, ...), the category and the source:

* ``obscene``   -- мат proper: the four core roots;
* ``euphemism`` -- stand-ins for мат (хрен, фиг, хер, долбаный);
* ``vulgar``    -- coarse words and insults (говно, жопа, мудак);
* ``slur``      -- slurs, ethnic and other (пидар, жид, шлюха).

Data: lexicon/data/profanity.json, compiled by ``python -m
lexicon.build.profanity`` from slaviclean (MIT) and LDNOOBW v2 (CC0).

Precision first.  A token is *never* a hit when pymorphy3 also reads it
as a form of an ordinary word: «сук» is the plural of сука but also сук
(a branch), «хули» also хулить, «корабля», «рубля», «сабля» and
«оскорблять» contain бля only by spelling, «застрахуйте» and «психуй»
contain хуй, «колебаться» and «хлебать» еба, «мандарин» and «команда»
манда; nor is a noun made of a clean noun and a suffix (вебка: веб + ка).
The core-root patterns only look at words pymorphy3 does not know,
and anchor еб/ёб and хуй to the start of the word or to a prefix.
Lemmas that also have a clean literal sense (хрен the plant, сука the
female dog) are hits with ``homonym`` set, so a caller can treat them as
a warning.  A compound whose head is a profane noun and a linking о
(говнокод, дерьмократ) is a hit of that noun (``via: compound``), unless
the noun has a clean sense (сучкорез is cut from сучок).
"""
from __future__ import annotations

from lexicon.text import fold_key

from lexicon import caches, paths

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lexicon.store import DataFileError, read_json

DEFAULT_DATA = paths.PROFANITY_JSON
FORMAT = "koren-profanity"
BUILD_HINT = ("rebuild it with `python -m lexicon.build.profanity --sources ../shared/lexicon-sources` "
              "or restore it from the release")
CATEGORIES = ("obscene", "euphemism", "vulgar", "slur")
SOURCE_NAMES = {
    "slaviclean": "slaviclean ru.csv (MIT)",
    "ldnoobw": "LDNOOBW v2 ru list (CC0)",
    "pattern": "core мат root pattern (lexicon/profanity.py)",
}

# Prefixes before the core roots; consonant-final prefixes take ъ before е/ё (съебать, подъебнуть).
_VOWEL_PREFIXES = "за|на|по|до|вы|у|при|про|пере|недо|долбо|о|а|ни|не|по|раз|ра"
_HARD_PREFIXES = "съ|сь|отъ|подъ|разъ|объ|въ|изъ|взъ|наъ"
_PREFIX_HUY = "на|по|до|ни|не|от|за|вы|при|про|рас|раз|с|а|о|об|пере|под|из|ис|у|в|недо|охуе|ох"
_CORE = [
    ("хуй", re.compile(rf"^(?:{_PREFIX_HUY})?(?:{_PREFIX_HUY})?ху[йяеию]")),
    ("пизда", re.compile(r"п[иеы]зд")),
    ("ебля", re.compile(rf"^(?:(?:{_VOWEL_PREFIXES})|(?:{_HARD_PREFIXES}))?(?:е|йо|ё)б(?!онит|ед)")),
    ("блядь", re.compile(r"бляд|^бля$|^бля[тд]ь?$")),
]
# All four in one pass: most words hold none, and one search is cheaper than four.
_ANY_CORE = re.compile("|".join(f"(?:{rx.pattern})" for _, rx in _CORE))
_LATIN = re.compile(r"[a-z0-9@$]")
# A compound's head is a profane noun's stem and the linking vowel о (говно-, дерьмо-, жопо-): at least
# four letters, so no two-letter stem starts ordinary words; its tail a known word of three or more.
COMPOUND_HEAD_MIN, COMPOUND_HEAD_MAX, COMPOUND_TAIL_MIN = 4, 8, 3
# A word pymorphy3 knows is a compound of a profane head only when the head is a whole word this long
# (говно, дерьмо, быдло): a shorter stem (жопо-, суко-) may start an ordinary word by spelling.
COMPOUND_KNOWN_HEAD = 5
_DIGRAPHS = [("shch", "щ"), ("sch", "щ"), ("sh", "ш"), ("ch", "ч"), ("zh", "ж"), ("kh", "х"),
             ("ya", "я"), ("ja", "я"), ("yu", "ю"), ("ju", "ю"), ("yo", "ё"), ("jo", "ё"), ("ts", "ц")]
_SINGLE = str.maketrans({
    "a": "а", "b": "б", "v": "в", "g": "г", "d": "д", "e": "е", "z": "з", "i": "и", "j": "й",
    "k": "к", "l": "л", "m": "м", "n": "н", "o": "о", "p": "п", "r": "р", "s": "с", "t": "т",
    "u": "у", "f": "ф", "h": "х", "c": "с", "x": "х", "w": "в", "q": "к",
    "6": "б", "3": "з", "0": "о", "@": "а", "$": "с", "1": "и", "4": "ч",
})


# Russian glosses of the clean senses (the data file, built by lexicon/build/profanity.py, has English
# ones); shown to judges, so a lemma listed here is glossed in Russian, any other keeps the data's gloss.
HOMONYM_GLOSSES = {
    "хрен": "растение", "хреновина": "штуковина (разг.)", "фига": "инжир, фиговое дерево",
    "фиговый": "от фигового дерева (фиговый листок)", "лох": "кустарник", "хохол": "чуб, пучок волос",
    "сука": "самка собаки", "сучка": "самка собаки; сучок в древесине", "сученок": "щенок суки",
    "хер": "старое название буквы Х", "фак": "факультет (разг.)", "педераст": "устаревший медицинский термин",
    "петух": "птица", "дрочить": "баловать (устар.)",
}


def homonym_gloss(lemma: str, gloss: str | None) -> str | None:
    """The clean sense of `lemma` in Russian when known, else the data's gloss (None: no clean sense)."""
    if not gloss:
        return gloss
    return HOMONYM_GLOSSES.get(lemma, gloss)


def deleet(word: str) -> str:
    """Latin transliteration and leet digits to Cyrillic: blyad -> бляд, 6ля -> бля, huy -> хуй."""
    out = word.lower()
    for src, dst in _DIGRAPHS:
        out = out.replace(src, dst)
    out = re.sub(r"(?<=[аеиоуыэюяaeiou])y", "й", out)
    out = out.replace("y", "ы")
    return fold_key(out.translate(_SINGLE).strip())


def core_root(word: str) -> str | None:
    """The core мат root a folded Cyrillic word is built on, by spelling alone."""
    for root, rx in _CORE:
        if rx.search(word):
            return root
    return None


@lru_cache(maxsize=20_000)
def _known_lemmas(word: str) -> tuple[str, ...]:
    # morphology.parses, not the analyser: the word's parse is cached there and shared with every other rule.
    from lexicon.morphology import parses

    return tuple(dict.fromkeys(fold_key(p.lemma) for p in parses(word) if p.known))


def clean_reading(word: str, lemmas: dict) -> str | None:
    """A pymorphy3 lemma of `word` that is an ordinary word (not in `lemmas`, no core root), if any."""
    for lemma in _known_lemmas(word):
        if lemma not in lemmas and core_root(lemma) is None:
            return lemma
    return None


# A base word so marked is no neutral word of its own (пидорас is Slng, пос an abbreviation); with them,
# morphology.PROPER_NAMES (read when asked: this module loads without pymorphy3).
_MARKED = ("Slng", "Infr", "Dist", "Erro", "Abbr")
_VOWELS = "аеёиоуыэюя"


def clean_noun_base(word: str, lemmas: dict) -> str | None:
    """вебка = веб + ка: a noun ru.wiktionary lists, made of a neutral dictionary noun of 3+ letters and a
    two-letter suffix and ending after a consonant; the obscene string it holds (ебка) straddles the two by
    spelling only.  None for anything else."""
    from lexicon import headwords
    from lexicon.morphology import PROPER_NAMES, analyzer

    marked = (*_MARKED, *sorted(PROPER_NAMES))
    base, tail = word[:-2], word[-2:]
    if len(base) < 3 or tail[:1] in _VOWELS or base in lemmas or core_root(base) or not headwords.is_noun(word):
        return None
    neutral = any(p.is_known and p.normal_form == base and p.tag.POS == "NOUN" and not any(g in p.tag for g in marked)
                  for p in analyzer().parse(base))
    return base if neutral and headwords.is_noun(base) else None


@dataclass(frozen=True)
class ProfanityHit:
    token: str          # as given
    form: str           # folded form that was looked up
    lemma: str
    root: str
    category: str       # obscene | euphemism | vulgar | slur
    source: str         # slaviclean | ldnoobw | pattern
    via: str            # lemma (pymorphy3 lemma in the table) | form | variant | pattern
    homonym: str | None = None   # the clean literal sense, when the word has one

    def to_json(self) -> dict:
        return {"token": self.token, "form": self.form, "lemma": self.lemma, "root": self.root,
                "category": self.category, "source": SOURCE_NAMES.get(self.source, self.source),
                "via": self.via, **({"homonym": self.homonym} if self.homonym else {})}


class Profanity:
    def __init__(self, data: dict):
        self.lemmas: dict[str, dict] = data["lemmas"]
        self.forms: dict[str, str] = {form: lemma for lemma, forms in data.get("forms", {}).items()
                                      for form in forms.split()}
        self.variants: dict[str, str] = data.get("variants", {})
        self.heads = compound_heads(self.lemmas)
        self.find = lru_cache(maxsize=20_000)(self._find)
        caches.track(self)   # its lru_caches in the one table (lexicon.caches)

    @classmethod
    def load(cls, path: str | Path | None = None) -> "Profanity":
        """The table in profanity.json; DataFileError naming the file when it is missing or damaged."""
        path = Path(path or DEFAULT_DATA)
        data = read_json(path, BUILD_HINT)
        if not isinstance(data, dict) or not str(data.get("format", "")).startswith(FORMAT):
            raise DataFileError(path, f"is not a {FORMAT} table", BUILD_HINT)
        lemmas = data.get("lemmas")
        if not isinstance(lemmas, dict) or not lemmas or not all(
                isinstance(e, dict) and "root" in e and "category" in e for e in lemmas.values()):
            raise DataFileError(path, "is incomplete: its lemmas are missing or malformed", BUILD_HINT)
        return cls(data)

    def _hit(self, token: str, form: str, lemma: str, via: str, source: str = "slaviclean") -> ProfanityHit:
        entry = self.lemmas[lemma]
        return ProfanityHit(token, form, lemma, entry["root"], entry["category"], source, via,
                            homonym_gloss(lemma, entry.get("homonym")))

    def _may_hit(self, word: str) -> bool:
        """Could `_find` return a hit for this Cyrillic word (a compound aside)?  Only through the table (the
        word, its form or variant, a pymorphy3 lemma of it) or a core root: most words fail all of these cheaply, before the
        clean-reading test looks for a core root in each of their lemmas."""
        if word in self.lemmas or word in self.forms or word in self.variants or _ANY_CORE.search(word):
            return True
        return any(lemma in self.lemmas for lemma in _known_lemmas(word))

    def compound(self, word: str) -> str | None:
        """The profane lemma a compound starts with (говнокод: говно + код, дерьмократ: дерьмо + крат), when
        what follows its linking vowel is a word pymorphy3 knows: the compound keeps the head's coarseness."""
        for size in range(COMPOUND_HEAD_MIN, min(len(word) - COMPOUND_TAIL_MIN, COMPOUND_HEAD_MAX) + 1):
            lemma = self.heads.get(word[:size])
            if lemma is not None and _known_lemmas(word[size:]):
                return lemma
        return None

    def _find(self, token: str) -> ProfanityHit | None:
        raw = token.strip()
        if not raw:
            return None
        word = fold_key(raw.strip()).replace("-", "").replace("\u2011", "")
        if _LATIN.search(word):
            if word in self.variants:
                return ProfanityHit(raw, word, word, self.variants[word], "obscene", "ldnoobw", "variant")
            cyr = deleet(word)
            if re.search(r"[^а-я]", cyr):
                return None
            root = core_root(cyr)
            if root and not clean_reading(cyr, self.lemmas):
                return ProfanityHit(raw, cyr, cyr, root, "obscene", "pattern", "pattern")
            if cyr in self.lemmas and self.lemmas[cyr]["category"] == "obscene":
                return self._hit(raw, cyr, cyr, "lemma")
            return None
        head = self.compound(word)
        if head is None and not self._may_hit(word):
            return None
        clean = clean_reading(word, self.lemmas)
        if clean and head and len(head) >= COMPOUND_KNOWN_HEAD:
            # дерьмократ, говновоз: pymorphy3 knows the compound, but its head is the coarse word itself
            return self._hit(raw, word, head, "compound")
        if clean:
            if word in self.lemmas:
                # The profane word itself, spelled as its own lemma, that is also a form of an
                # ordinary word (сука / сук, хули / хулить): a hit marked as a homonym.
                entry = self.lemmas[word]
                return ProfanityHit(raw, word, word, entry["root"], entry["category"], "slaviclean", "lemma",
                                    homonym_gloss(word, entry.get("homonym")) or f"форма слова «{clean}»")
            return None   # also a form of an ordinary word: сук, корабля, застрахуйте
        for lemma in _known_lemmas(word):
            if lemma in self.lemmas:
                return self._hit(raw, word, lemma, "lemma")
        if word in self.lemmas:
            return self._hit(raw, word, word, "lemma")
        if clean_noun_base(word, self.lemmas):
            return None   # вебка: веб + ка, not a form of ебка
        if word in self.forms:
            return self._hit(raw, word, self.forms[word], "form")
        if word in self.variants:
            return ProfanityHit(raw, word, word, self.variants[word], "obscene", "ldnoobw", "variant")
        root = core_root(word)
        if root:
            return ProfanityHit(raw, word, word, root, "obscene", "pattern", "pattern")
        return self._hit(raw, word, head, "compound") if head else None



def compound_heads(lemmas: dict) -> dict[str, str]:
    """Stem + о → lemma for the table's nouns ending in о or а (говно → говно, жопа → жопо), except those
    with a clean literal sense: сучка is also a knot in wood (сучкорез), фига a fig."""
    heads = {}
    for lemma, entry in lemmas.items():
        if (lemma[-1:] in ("о", "а") and lemma.isalpha() and len(lemma) >= COMPOUND_HEAD_MIN
                and entry.get("pos") == "Noun" and not entry.get("homonym")):
            heads.setdefault(lemma[:-1] + "о", lemma)
    return heads


@lru_cache(maxsize=1)
def default() -> Profanity:
    return Profanity.load()


def verify(path: str | Path | None = None) -> None:
    """Check profanity.json as it is on disk now (parsed and validated, about a millisecond)."""
    Profanity.load(path)


def find(token: str) -> ProfanityHit | None:
    """Is `token` profanity?  See the module docstring for what counts."""
    return default().find(token)
