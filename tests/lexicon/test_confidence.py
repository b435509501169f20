"""`confidence` must mean something: `certain` verdicts right ≥ 0.99 on the dev pairs,
covering at least 70% of them (issue 14)."""
import pytest

from service.evaluation import COGNATE_SETS, confidence_table
from tests.conftest import DATA


@pytest.fixture(scope="module")
def table(engine):
    """Per confidence level: pairs judged, how many right, and the wrong ones (the table `make eval` prints)."""
    return confidence_table(engine, [DATA / name for name in COGNATE_SETS])


def test_certain_is_right_on_the_dev_pairs(table):
    assert table["certain"].precision >= 0.99, table["certain"].wrong


def test_certain_covers_most_dev_pairs(table):
    assert table["certain"].pairs / sum(row.pairs for row in table.values()) >= 0.70


def test_certain_is_more_often_right_than_probable(table):
    assert table["certain"].precision > table["probable"].precision


@pytest.mark.parametrize("a, b", [
    ("кот", "кит"),          # о/и: some alternation could join them
    ("снег", "снегирь"),     # one root glued inside the other (снег + ир)
    ("вычтет", "отсчитать"),  # чес/счит: weak т/с inside a prefixed root
    ("злато", "золото"),     # full and Church Slavonic vowels
])
def test_not_cognate_is_not_certain_where_roots_could_relate(engine, a, b):
    verdict = engine.compare(a, b)
    assert verdict.cognate or verdict.confidence != "certain"


@pytest.mark.parametrize("a, b", [("рука", "нога"), ("кот", "бегемот")])
def test_unrelated_dictionary_words_are_certainly_apart(engine, a, b):
    verdict = engine.compare(a, b)
    assert not verdict.cognate and verdict.confidence == "certain"
