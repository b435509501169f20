"""Мафия speech checks per second, in-process: a 150-word day speech (goal ≥ 500/s).

Run: .venv/bin/python bench/mafia.py [--seconds 3]

Prints three figures: the first check of a new speech with a cold reader
(every word looked up), warm checks of the same speech, and warm checks over
speeches shuffled from the same vocabulary (the realistic steady state of a
server: words repeat across speeches, texts do not).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

SPEECH = (
    "Добрый вечер, стол. Я мирный житель, честно говоря, мне эта ночь совсем не понравилась. "
    "Угу, давайте по порядку. Первый вчера выставил четвёртого, а четвёртый ушёл с такой хорошей речью, "
    "что я ему верю. Пятый молчал весь круг, кхм, и голосовал последним, это очень подозрительно. "
    "Шестой, ты говоришь, что ты шериф, но проверки твои ничего не дают столу. Седьмой и восьмой "
    "постоянно переглядываются, по-моему, они вместе в чёрной команде. Девятый говорил правильные слова, "
    "но слишком гладко, как будто готовился заранее. Десятый, мне кажется, мирный, его голосование "
    "логично и совпадает с моим. Третий, я тебя не понимаю: вчера ты был за пятого, а сегодня против. "
    "Второй, я тебе верю, ты красный. Бля, опять я сбился. Я не знаю, кто шериф, но прошу его "
    "показаться завтра, если мы сегодня ошибёмся. Видит бог, я красный. Выставляю номер пять. "
    "Давайте сегодня голосовать все вместе за пятого, иначе проиграем. Спасибо, всё."
)


def measure(lexicon, seconds: float = 2.0) -> dict:
    """`lexicon`: a Lexicon, or a CognateEngine to build one over (bench/run.py hands its engine)."""
    from lexicon import Lexicon
    from lexicon.text import tokenize
    from service.rules import mafia

    if not isinstance(lexicon, Lexicon):
        lexicon = Lexicon(lexicon)
    lexicon.load_tables()   # as the server does before its first request
    out = {"speech_words": len(tokenize(SPEECH))}
    started = time.perf_counter()
    result = mafia.check_speech(lexicon, SPEECH, "club")
    out["first_check_ms"] = round((time.perf_counter() - started) * 1000, 1)
    for ruleset in ("club", "sport"):
        n, started = 0, time.perf_counter()
        while time.perf_counter() - started < seconds:
            mafia.check_speech(lexicon, SPEECH, ruleset).to_json()
            n += 1
        out[f"{ruleset}_speeches_per_s_warm"] = round(n / (time.perf_counter() - started))
    rng = random.Random(5)
    pieces = SPEECH.split()
    shuffled = [" ".join(rng.sample(pieces, len(pieces))) for _ in range(200)]
    for text in shuffled:
        mafia.check_speech(lexicon, text, "sport")
    n, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        mafia.check_speech(lexicon, shuffled[n % len(shuffled)], "sport").to_json()
        n += 1
    out["shuffled_speeches_per_s"] = round(n / (time.perf_counter() - started))
    out["findings_in_speech"] = len(result.findings)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()

    from lexicon import Lexicon

    for key, value in measure(Lexicon(), args.seconds).items():
        print(f"mafia_{key:28} {value}")


if __name__ == "__main__":
    main()
