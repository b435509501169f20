"""Varied requests for the memory profile and the soak: what game apps send, plus raw input.

Words come from the real pools (read in place), mixed with what players type: any
case, ё or е, a typo, an ending, and now and then letters no dictionary knows.  No
two texts are alike, so a cache keyed by raw input shows up as growth.
"""
from __future__ import annotations

import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.run import pool_words  # noqa: E402

WORDS = [w.lower() for w in pool_words()] or ["кот", "кошка", "рука", "наручники", "замок", "вода"]
LETTERS = "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"
ENDINGS = ("", "", "", "а", "у", "ом", "ами", "ы", "е", "ой", "ах", "ик", "ка", "ость")
FILLERS = ("это", "такой", "который", "где", "на", "в", "у", "с", "и", "не", "его", "её", "очень", "когда")
SPEECH = ("честно", "правда", "клянусь", "я", "мирный", "шериф", "голосую", "за", "выставляю", "номер",
          "четвёртого", "седьмого", "спасибо", "всё", "пас", "ну", "ага", "угу", "мафия", "красный")


def raw_word(rng: random.Random) -> str:
    """A word as a player might type it."""
    roll = rng.random()
    if roll < 0.1:  # letters no dictionary knows
        word = "".join(rng.choice(LETTERS) for _ in range(rng.randint(3, 12)))
    else:
        word = rng.choice(WORDS)
        if roll < 0.35:
            word += rng.choice(ENDINGS)
        elif roll < 0.45 and len(word) > 3:
            i = rng.randrange(len(word))
            word = word[:i] + rng.choice(LETTERS) + word[i + 1:]
    if rng.random() < 0.15:
        word = word.capitalize() if rng.random() < 0.7 else word.upper()
    if rng.random() < 0.1:
        word = word.replace("е", "ё", 1)
    return word


def text(rng: random.Random, words: int, vocabulary: tuple[str, ...] = FILLERS) -> str:
    out = [raw_word(rng) if rng.random() < 0.6 else rng.choice(vocabulary) for _ in range(words)]
    return " ".join(out) + rng.choice((".", "!", "…", ""))


def request(rng: random.Random) -> tuple[str, str, dict | None, str]:
    """One request: (method, path, JSON body or None, name for the statistics)."""
    roll = rng.random()
    if roll < 0.40:
        return "POST", "/v1/cognates", {"a": raw_word(rng), "b": raw_word(rng)}, "POST /v1/cognates"
    if roll < 0.62:
        body = {"target": rng.choice(WORDS), "text": text(rng, rng.randint(4, 30))}
        return "POST", "/v1/hat/explanation", body, "POST /v1/hat/explanation"
    if roll < 0.67:
        return "POST", "/v1/hat/guess", {"target": rng.choice(WORDS), "guess": raw_word(rng)}, "POST /v1/hat/guess"
    if roll < 0.72:
        words = [raw_word(rng) for _ in range(rng.randint(5, 60))]
        return "POST", "/v1/pool/lint", {"words": words, "game": rng.choice(("hat", "codenames"))}, "POST /v1/pool/lint"
    if roll < 0.80:
        body = {"text": text(rng, rng.randint(5, 60), SPEECH), "ruleset": rng.choice(("club", "sport"))}
        return "POST", "/v1/mafia/speech", body, "POST /v1/mafia/speech"
    if roll < 0.86:
        reference = " ".join(raw_word(rng) for _ in range(rng.randint(1, 3)))
        body = {"reference": reference, "answer": rng.choice((reference, raw_word(rng), reference.upper()))}
        return "POST", "/v1/chgk/answer", body, "POST /v1/chgk/answer"
    if roll < 0.90:
        board = list(dict.fromkeys(rng.choice(WORDS) for _ in range(rng.randint(2, 25))))
        body = {"clue": raw_word(rng), "number": rng.randint(0, 3), "board": board, "team_open": 8}
        return "POST", "/v1/codenames/clue", body, "POST /v1/codenames/clue"
    if roll < 0.94:
        return "POST", "/v1/homophones", {"a": raw_word(rng), "b": raw_word(rng)}, "POST /v1/homophones"
    if roll < 0.98:
        return "GET", f"/v1/words/{raw_word(rng)}", None, "GET /v1/words/{word}"
    return "GET", f"/v1/{raw_word(rng)}/{rng.randrange(10**6)}", None, "GET (404)"
