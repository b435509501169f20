import pytest

from lexicon.fragments import FragmentFinder, is_candidate, stem_of


@pytest.mark.parametrize("base, fragment, word", [
    ("дактиль", "птеро", "птеродактиль"),
    ("убежище", "бомбо", "бомбоубежище"),
    ("вода", "пад", "водопад"),           # fragment after the stem, with a linking vowel
])
def test_fragments(base, fragment, word):
    match = FragmentFinder([base]).find(fragment)
    assert match is not None
    assert match.word == word
    assert match.base == base
    assert f"образуют слово «{word}» (основа «{base}»)" in match.explanation
    assert match.explanation.startswith("«")


@pytest.mark.parametrize("base, token", [
    ("убежище", "прячутся"),   # a real word is never a fragment
    ("убежище", "налёте"),
    ("кошка", "мяу"),
    ("дактиль", "пт"),         # too short to judge
    ("кошка", "тсор"),         # a non-word that makes nothing with the base
    ("дактиль", "ptero"),      # not Cyrillic
])
def test_not_fragments(base, token):
    assert FragmentFinder([base]).find(token) is None


def test_candidates_and_stems():
    assert is_candidate("птеро") and not is_candidate("птица") and not is_candidate("по")
    assert stem_of("дактиль") == "дактил"
    assert stem_of("рука") == "рук"
