"""Issue 30's play-test set of compound targets: the file loads, every labelled token is in its text, and
`make eval` prints its line.  No minimum score here: the figures belong to `make eval`."""
from collections import Counter
from types import SimpleNamespace

import pytest

from lexicon.text import fold_key, tokenize
from service.evaluation import hat as hat_eval
from service.evaluation.common import read_jsonl
from tests.conftest import DATA

COMPOUNDS = DATA / hat_eval.COMPOUNDS
RULES = {"cognate", "abbreviation", "fragment", "letters", "translation", "profanity", "sound"}


@pytest.fixture(scope="module")
def cases():
    return read_jsonl(COMPOUNDS)


def test_set_loads_in_the_play_test_shape(cases):
    assert len(cases) >= 70
    for case in cases:
        assert set(case) == {"target", "text", "flag", "clean", "rules", "note"}, case
        assert case["note"].strip() and case["text"].strip()
        assert set(case["rules"]) == set(case["flag"]), case["target"]
        assert set(case["rules"].values()) <= RULES, case["target"]
    assert len({case["target"] for case in cases}) == len(cases)        # one explanation per target
    with_flags = sum(bool(case["flag"]) for case in cases)
    assert 0.3 <= with_flags / len(cases) <= 0.5                          # about 40% break a rule


def test_every_labelled_token_is_a_word_of_its_text(cases):
    for case in cases:
        words = {fold_key(token.text) for token in tokenize(case["text"])}
        words |= {part for word in words for part in word.split("-")}
        listed = [alt for want in case["flag"] for alt in want.split("|")] + case["clean"]
        for token in listed:
            assert fold_key(token) in words, (case["target"], token)
        flagged = {fold_key(alt) for want in case["flag"] for alt in want.split("|")}
        assert not flagged & {fold_key(word) for word in case["clean"]}, case["target"]


def test_targets_come_from_the_shared_pools(cases):
    pools = DATA.parents[2] / "shared" / "pools"
    if not pools.exists():
        pytest.skip("../shared/pools is not on this machine")
    text = "\n".join(path.read_text(encoding="utf-8") for path in [*pools.glob("hat/*.yaml"), *pools.glob("*.json")])
    assert all(f'"{case["target"]}"' in text for case in cases)


def test_halves_split_the_set(cases):
    halves = Counter(hat_eval.explanation_half(case) for case in cases)
    assert set(halves) == {"tune", "held-out"} and sum(halves.values()) == len(cases)


def test_eval_prints_the_compound_line(lexicon, tmp_path, capsys):
    (tmp_path / hat_eval.COMPOUNDS).write_text(COMPOUNDS.read_text(encoding="utf-8"), encoding="utf-8")
    hat_eval.main(tmp_path, engine=lexicon)
    lines = capsys.readouterr().out.splitlines()
    line = next(line for line in lines if line.startswith("hat compound explanations: "))
    for figure in ("flags found", "clean left alone", "whole explanations exactly right",
                   "explanations with a false accusation", "misses"):
        assert figure in line
    assert any(line.startswith("  tune: ") for line in lines)
    assert any(line.startswith("  held-out: ") for line in lines)


def flagged(*tokens):
    """A stand-in for the service's result: each token flagged with severity violation."""
    return SimpleNamespace(violations=[SimpleNamespace(token=t, severity="violation", rule="cognate", message="")
                                       for t in tokens])


def test_false_accusation_counts_an_unlisted_flag_next_to_a_real_one():
    case = {"target": "кошка", "text": "котёнок вырос, жена кота", "flag": ["кота"], "clean": ["жена"]}
    hyphen = {"target": "интернет-магазин", "text": "интернет-сайт", "flag": ["интернет-сайт"], "clean": []}
    score = hat_eval.tally_explanations([
        (case, flagged("кота")),                    # right
        (case, flagged("кота", "котёнок")),         # a real flag and a stray one: accused, still "exactly right"
        (case, flagged("кота", "жена")),            # a clean word flagged: accused and wrong
        (hyphen, flagged("интернет")),              # a part of a listed hyphenated word accuses no one
    ])                                              # (though the flag itself still wants its own token)
    assert (score.accused, score.exact, score.cases) == (2, 2, 4)
    assert score.false_accusations == 0.5
