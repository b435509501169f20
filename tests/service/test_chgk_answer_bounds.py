"""Judging one ЧГК answer makes a bounded number of word comparisons (issue 35 item 4).

A 0.7 KB answer against a reference of several [optional] parts stayed under the variant limit and
made 35,000 comparisons (0.5 s CPU).  Past limits.MAX_JUDGED_COMPARISONS the answer goes to the jury
with the reason too_branched: never a reject, never a 500.  Counted by Matcher.token calls, not timed.
"""
from __future__ import annotations

import pytest

from service.rules.chgk import judge_answer, judge_answers, limits, matching

BRANCHED = "[красная кирпичная] [очень большая] (старая деревянная) [высокая каменная] (новая стеклянная) [древняя] башня"
WORDS = "красная кирпичная очень большая старая деревянная высокая каменная новая стеклянная древняя башня".split()


def _slip(word: str) -> str:
    return word[:-2] + word[-1] + word[-2]      # a typo in each word: every comparison does its full work


@pytest.fixture
def counted(monkeypatch):
    calls = []
    token = matching.Matcher.token
    monkeypatch.setattr(matching.Matcher, "token", lambda self, a, r: calls.append(1) or token(self, a, r))
    return calls


def test_a_long_answer_against_a_branched_reference_goes_to_the_jury(lexicon, counted):
    answer = " ".join(_slip(w) for w in WORDS * 7)           # 84 words, 0.7 KB: 35,000 comparisons before
    assert len(answer) < 700
    v = judge_answer(answer, BRANCHED, lexicon=lexicon)
    assert (v.verdict, v.reason) == ("judge", "too_branched"), v.message
    assert len(counted) <= limits.MAX_JUDGED_COMPARISONS
    assert "слишком разветвлён" in v.message and "64 варианта" in v.message and "84 слова" in v.message
    assert v.evidence[0]["kind"] == "too_branched" and v.evidence[0]["variants"] == 64


def test_the_allowance_covers_parts_and_versions_judged_again(lexicon, counted, monkeypatch):
    """The first pass fits, the answer's versions («или») are judged again with fresh matchers: they spend
    the same allowance, and passing it sends the answer to the jury, not to a reject."""
    answer = "красная башня или старая башня"
    judge_answer(answer, BRANCHED, lexicon=lexicon)
    everything = len(counted)
    first_pass = 5 * sum(len(w.split()) for w in _expansions())
    assert first_pass < everything                       # the versions are judged again
    monkeypatch.setattr(limits, "MAX_JUDGED_COMPARISONS", first_pass + 1)
    counted.clear()
    v = judge_answer(answer, BRANCHED, lexicon=lexicon)
    assert (v.verdict, v.reason) == ("judge", "too_branched")
    assert len(counted) <= first_pass + 2      # the call past the allowance raises before comparing


def _expansions():
    from service.rules.chgk.variants import variants

    return [v.text for v in variants(BRANCHED)]


def test_real_answers_are_judged_as_before(lexicon, counted):
    assert judge_answer("высокая каменная башня", BRANCHED, lexicon=lexicon).verdict == "accept"
    assert judge_answer("красная кирпичная очень большая башня", BRANCHED, lexicon=lexicon).verdict == "accept"
    assert judge_answer("мост", BRANCHED, lexicon=lexicon).verdict == "reject"
    assert len(counted) < limits.MAX_JUDGED_COMPARISONS


def test_a_batch_sends_only_the_too_branched_answers_to_the_jury(lexicon):
    long = " ".join(_slip(w) for w in WORDS * 7)
    out = judge_answers(BRANCHED, None, None, [{"team": t, "answer": a} for t, a in
                                              (("A", "башня"), ("B", long), ("C", "мост"))], lexicon=lexicon)
    verdicts = {r["answer"]: (r["verdict"], r["reason"]) for r in out["results"]}
    assert verdicts["башня"][0] == "accept" and verdicts["мост"][0] == "reject"
    assert verdicts[long] == ("judge", "too_branched")


def test_http_answers_with_the_jury_verdict(client):
    answer = " ".join(_slip(w) for w in WORDS * 5)          # 60 words, under the 500-character limit
    r = client.post("/v1/chgk/answer", json={"answer": answer, "reference": BRANCHED})
    assert r.status_code == 200, r.text
    assert (r.json()["verdict"], r.json()["reason"]) == ("judge", "too_branched")
