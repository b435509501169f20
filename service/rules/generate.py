"""Drawing words for a game: a Hat pool of N words and a Codenames board of 25 cards.

Every drawn word is a fit card (lexicon.nouns: a common noun in the nominative singular, no name,
abbreviation or profanity) in a difficulty band of wordfreq frequency, and no two drawn words — nor a
drawn word and a word of the pool being extended — are one lemma, однокоренные (Lexicon.compare, the
same pairwise answer as /v1/cognates and pool lint) or homophones (Lexicon.homophones' readings).
A seed makes a draw reproducible: the same seed, band and lexicon give the same words.

Candidates are checked against the words already drawn through their root families and root spelling
keys (Lexicon.root_keys): two words that share neither cannot be cognate, so the engine is asked only
about the few that do.  Bands and the key card layout are data (service/rules/data/pool.toml, [generate]).
"""
from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, field

from lexicon import Lexicon, budget
from lexicon.nouns import SOURCE as NOUNS_SOURCE
from lexicon.text import InvalidWord, fold_key
from service.rules.pool import TABLES as pool_tables, plural

_GENERATE = pool_tables["generate"]
BANDS: dict[str, tuple[float, float]] = {name: (lo, hi) for name, (lo, hi) in _GENERATE["bands"].items()}
BAND_NAMES: dict[str, str] = _GENERATE["band_names"]
KEY_LAYOUT: dict[str, int] = _GENERATE["key_layout"]     # first team, second team, neutral, assassin
BOARD_SIZE = sum(KEY_LAYOUT.values())
MAX_DRAW = 5_000


class CannotDraw(ValueError):
    """Too few fit words for the request (a small card set, a narrow band, a full pool to extend)."""


@dataclass
class Clashes:
    """The words chosen so far, indexed by what a new word may share with one of them."""
    lexicon: Lexicon
    words: list[str] = field(default_factory=list)
    lemmas: dict[str, str] = field(default_factory=dict)
    families: dict[int, str] = field(default_factory=dict)
    spellings: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    sounds: dict[str, str] = field(default_factory=dict)
    compared: int = 0

    def _sounds(self, word: str) -> set[str]:
        try:
            return {r.phonemes for r in self.lexicon.readings(word)}
        except (InvalidWord, ValueError):
            return set()

    def clash(self, word: str) -> dict | None:
        """Why `word` may not join the chosen words (the first reason found), or None."""
        key = fold_key(word)
        if key in self.lemmas:
            return {"kind": "duplicate", "with": self.lemmas[key]}
        families, spellings = self.lexicon.root_keys(word)
        same = next((self.families[f] for f in families if f in self.families), None)
        if same is not None:
            return {"kind": "cognate", "with": same}
        for other in dict.fromkeys(w for k in spellings for w in self.spellings.get(k, ())):
            budget.check()     # a key shared by many words of a big `extend` is a long loop of its own
            self.compared += 1
            if self.lexicon.compare(word, other).cognate:
                return {"kind": "cognate", "with": other}
        alike = next((self.sounds[s] for s in self._sounds(word) if s in self.sounds), None)
        return {"kind": "homophone", "with": alike} if alike is not None else None

    def add(self, word: str) -> None:
        budget.check()         # called once per word of `extend`: the request's deadline stops it
        self.words.append(word)
        self.lemmas.setdefault(fold_key(word), word)
        families, spellings = self.lexicon.root_keys(word)
        for f in families:
            self.families.setdefault(f, word)
        for k in spellings:
            self.spellings[k].append(word)
        for s in self._sounds(word):
            self.sounds.setdefault(s, word)


def band_of(difficulty: str | None, zipf_min: float | None, zipf_max: float | None) -> tuple[str, float, float]:
    lo, hi = BANDS[difficulty or "medium"]
    lo, hi = (zipf_min if zipf_min is not None else lo), (zipf_max if zipf_max is not None else hi)
    if lo > hi:
        raise CannotDraw(f"нижняя граница частоты {lo} больше верхней {hi}")
    return (difficulty or "medium") if zipf_min is None and zipf_max is None else "custom", lo, hi


def _why(zipf: float, band: str, lo: float, hi: float, against: int) -> str:
    words = plural(against, "слова", "слов", "слов")      # «ни одному из 1 слова», «из 5 слов»
    # The first word drawn has nothing before it to clash with: saying «ни одному из 0 слов» reads as a slip.
    clear = (f"не повтор, не однокоренное и не созвучное ни одному из {words}, выбранных раньше" if against
             else "первое выбранное слово")
    if band == "cards":
        return f"карта из присланного набора (частота Zipf {zipf}, wordfreq); {clear}"
    return (f"нарицательное существительное в им. п. ед. ч. (pymorphy3); частота Zipf {zipf} (wordfreq) — полоса "
            f"«{BAND_NAMES.get(band, band)}» ({lo}–{hi}); {clear}")


def draw(lexicon: Lexicon, candidates: list[tuple[str, float]], count: int, rng: random.Random,
         clashes: Clashes, band: tuple[str, float, float]) -> tuple[list[dict], dict[str, int]]:
    """Up to `count` candidates in a seeded order, each clashing with nothing chosen before it."""
    order = list(candidates)
    rng.shuffle(order)
    chosen, skipped = [], defaultdict(int)
    for word, zipf in order:
        if len(chosen) == count:
            break
        budget.check()
        try:
            reason = clashes.clash(word)
        except InvalidWord:
            reason = {"kind": "invalid"}
        if reason is not None:
            skipped[reason["kind"]] += 1
            continue
        chosen.append({"word": word, "zipf": zipf, "why": _why(zipf, band[0], band[1], band[2], len(clashes.words))})
        clashes.add(word)
    return chosen, dict(skipped)


def new_seed(seed: int | None) -> int:
    return seed if seed is not None else random.SystemRandom().randrange(2 ** 31)


def generate_pool(lexicon: Lexicon, count: int, difficulty: str | None = "medium", seed: int | None = None,
                  extend: list[str] | None = None, zipf_min: float | None = None,
                  zipf_max: float | None = None) -> dict:
    """`count` new words for a game; with `extend`, none clashes with a word of that pool either."""
    if not 1 <= count <= MAX_DRAW:
        raise CannotDraw(f"можно вытянуть от 1 до {MAX_DRAW} слов")
    band = band_of(difficulty, zipf_min, zipf_max)
    seed = new_seed(seed)
    clashes = Clashes(lexicon)
    for word in extend or ():
        try:
            clashes.add(word.strip())
        except InvalidWord:
            continue
    candidates = [(n.word, n.zipf) for n in lexicon.game_nouns() if band[1] <= n.zipf <= band[2]]
    chosen, skipped = draw(lexicon, candidates, count, random.Random(seed), clashes, band)
    if len(chosen) < count:
        raise CannotDraw(f"в полосе частот {band[1]}–{band[2]} нашлось только {len(chosen)} подходящих слов "
                         f"из {count}")
    return {"words": chosen, "count": len(chosen), "seed": seed, "difficulty": band[0],
            "zipf": {"min": band[1], "max": band[2]}, "extended": len(extend or ()), "skipped": skipped,
            "compared": clashes.compared, "source": NOUNS_SOURCE}


def key_card(rng: random.Random, words: list[str]) -> dict:
    """Which card is whose: the first team's 9, the second's 8, 7 bystanders and the assassin."""
    first = rng.choice(("red", "blue"))
    second = "blue" if first == "red" else "red"
    order = list(range(len(words)))
    rng.shuffle(order)
    sizes = [(first, KEY_LAYOUT["first"]), (second, KEY_LAYOUT["second"]), ("neutral", KEY_LAYOUT["neutral"]),
             ("assassin", KEY_LAYOUT["assassin"])]
    key, at = {"first": first}, 0
    for side, size in sizes:
        key[side] = [words[i] for i in sorted(order[at:at + size])]
        at += size
    key["assassin"] = key["assassin"][0]
    key["grid"] = [[next(s for s, _ in sizes if words[5 * r + c] in (key[s] if s != "assassin" else [key[s]]))
                    for c in range(5)] for r in range(5)]
    return key


def _card(lexicon: Lexicon, card: str) -> tuple[str, float]:
    budget.check()             # up to max_pool_words cards, each a frequency lookup
    return card.strip(), round(lexicon.frequency(card.strip()), 1)


def generate_board(lexicon: Lexicon, cards: list[str] | None = None, seed: int | None = None,
                   with_key: bool = False, difficulty: str | None = "medium") -> dict:
    """25 cards with no cognate, homophone or duplicate pair, from `cards` (a card set) or the lexicon."""
    seed = new_seed(seed)
    rng = random.Random(seed)
    if cards:
        candidates = list(dict.fromkeys(_card(lexicon, c) for c in cards if c.strip()))
        band = ("cards", 0.0, 9.9)
    else:
        band = band_of(difficulty, None, None)
        candidates = [(n.word, n.zipf) for n in lexicon.game_nouns() if band[1] <= n.zipf < band[2]]
    chosen, skipped = draw(lexicon, candidates, BOARD_SIZE, rng, Clashes(lexicon), band)
    if len(chosen) < BOARD_SIZE:
        raise CannotDraw(f"из этих карт можно разложить только {len(chosen)} без однокоренных и созвучных пар, "
                         f"а нужно {BOARD_SIZE}")
    words = [c["word"] for c in chosen]
    out = {"cards": chosen, "board": [words[r * 5:(r + 1) * 5] for r in range(5)], "seed": seed,
           "source": "карты запроса" if cards else NOUNS_SOURCE, "skipped": skipped}
    if with_key:
        out["key"] = key_card(rng, words)
    return out
