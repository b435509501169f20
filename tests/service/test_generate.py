"""Drawing pools and boards (issue 18): fit words, no cognate, homophone or duplicate pair, seeds reproduce."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from lexicon.text import fold_key
from service.rules import generate
from service.rules.pool import lint_pool


def sounds(lexicon, words):
    return [{r.phonemes for r in lexicon.readings(w)} for w in words]


def test_a_hundred_pools_of_200_hold_no_cognate_homophone_or_duplicate(lexicon):
    for seed in range(100):
        drawn = generate.generate_pool(lexicon, 200, ("easy", "medium", "hard")[seed % 3], seed=seed)
        words = [w["word"] for w in drawn["words"]]
        assert len(words) == 200 and len({fold_key(w) for w in words}) == 200
        assert lexicon.cognate_groups(words).groups == [], (seed, lexicon.cognate_groups(words).details)
        heard = sounds(lexicon, words)
        assert not any(heard[i] & heard[j] for i in range(len(words)) for j in range(i)), seed


def test_a_seed_reproduces_the_draw_and_another_seed_does_not(lexicon):
    a = generate.generate_pool(lexicon, 50, "hard", seed=11)
    b = generate.generate_pool(lexicon, 50, "hard", seed=11)
    c = generate.generate_pool(lexicon, 50, "hard", seed=12)
    assert a["words"] == b["words"] and a["seed"] == 11
    assert [w["word"] for w in a["words"]] != [w["word"] for w in c["words"]]
    assert isinstance(generate.generate_pool(lexicon, 3)["seed"], int)      # a seed is chosen and told


def test_drawn_words_are_fit_cards_in_the_band_with_their_reasons(lexicon):
    drawn = generate.generate_pool(lexicon, 300, "easy", seed=1)
    assert all(4.0 <= w["zipf"] for w in drawn["words"])
    report = lint_pool(lexicon, [w["word"] for w in drawn["words"]], "hat")
    flagged = {w.word: [i.rule for i in w.issues] for w in report.words if any(i.severity == "error" for i in w.issues)}
    assert flagged == {}
    assert report.cognate_groups == [] and report.duplicates == []
    first, second = drawn["words"][:2]
    assert "Zipf" in first["why"] and "wordfreq" in first["why"] and "первое выбранное слово" in first["why"]
    assert "однокоренное" in second["why"] and "из 1 слова" in second["why"]


def test_extending_a_pool_clashes_with_none_of_it(lexicon):
    pool = ["вода", "кошка", "рука", "лук", "дом", "свет"]
    drawn = generate.generate_pool(lexicon, 150, "easy", seed=5, extend=pool)
    words = [w["word"] for w in drawn["words"]]
    assert drawn["extended"] == len(pool) and not set(words) & set(pool)
    for w in words:
        for p in pool:
            assert not lexicon.compare(w, p).cognate, (w, p)
    assert "водитель" not in words and "кот" not in words and "луг" not in words


def test_too_narrow_a_band_is_a_clear_error(lexicon):
    with pytest.raises(generate.CannotDraw):
        generate.generate_pool(lexicon, 10, zipf_min=8.5, zipf_max=9.0)


def test_board_from_a_card_set_has_no_clashing_pair_and_a_full_key(lexicon):
    cards = ["кот", "кошка", "котёнок", "вода", "водитель", "дом", "домик", "луг", "лук", "рука", "ручка", "нос",
             "глаз", "мост", "лес", "река", "гора", "поле", "небо", "снег", "дождь", "ветер", "огонь", "лёд", "соль",
             "хлеб", "сыр", "мёд", "чай", "сад", "ключ", "замок", "книга", "стол", "окно"]
    board = generate.generate_board(lexicon, cards, seed=4, with_key=True)
    words = [c["word"] for c in board["cards"]]
    assert len(words) == 25 and len(board["board"]) == 5 and all(len(r) == 5 for r in board["board"])
    assert set(words) <= set(cards) and lexicon.cognate_groups(words).groups == []
    assert not ({"кот", "кошка"} <= set(words) or {"луг", "лук"} <= set(words) or {"рука", "ручка"} <= set(words))
    key = board["key"]
    first, second = key["first"], "blue" if key["first"] == "red" else "red"
    assert (len(key[first]), len(key[second]), len(key["neutral"])) == (9, 8, 7) and key["assassin"] in words
    assert sorted(key[first] + key[second] + key["neutral"] + [key["assassin"]]) == sorted(words)
    assert generate.generate_board(lexicon, cards, seed=4, with_key=True) == board


def test_board_from_too_few_cards_is_a_422(client):
    r = client.post("/v1/codenames/board", json={"cards": ["кот", "кошка", "дом"]})
    assert r.status_code == 422 and r.headers["content-type"].startswith("application/problem+json")
    assert "25" in r.json()["detail"]


def test_http_generate_and_board(client):
    r = client.post("/v1/pool/generate", json={"count": 20, "difficulty": "medium", "seed": 3})
    assert r.status_code == 200
    body = r.json()
    assert body["count"] == 20 and body["seed"] == 3 and all(3.0 <= w["zipf"] <= 4.0 for w in body["words"])
    assert client.post("/v1/pool/generate", json={"count": 20, "seed": 3}).json()["words"] == body["words"]
    assert client.post("/v1/pool/generate", json={"count": 0}).status_code == 422
    r = client.post("/v1/codenames/board", json={"seed": 9, "key": True})
    assert r.status_code == 200 and len(r.json()["key"]["grid"]) == 5
    assert "key" not in client.post("/v1/codenames/board", json={"seed": 9}).json()


def test_cli_generate_and_board(tmp_path):
    run = subprocess.run([sys.executable, "-m", "service", "pool", "generate", "--count", "5", "--seed", "2",
                          "--json"], capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["count"] == 5
    board = subprocess.run([sys.executable, "-m", "service", "board", "--seed", "2", "--key"], capture_output=True,
                           text=True, timeout=180)
    assert board.returncode == 0 and len(board.stdout.strip().splitlines()) == 6 and "первыми ходят" in board.stdout
