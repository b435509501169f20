"""Hat on clipped compounds (issue 30): every part of the secret word counts, in words and abbreviations."""
from service.rules.hat.explanation import check_explanation


def found(lexicon, target, text):
    return {(f.rule, text[f.span.start:f.span.end], f.severity) for f in check_explanation(lexicon, target, text).violations}


def test_a_full_word_of_a_part_is_a_violation_and_a_look_alike_is_not(lexicon):
    text = "Человек в школе, который отвечает за хозяйство, захотел новые швабры"
    assert found(lexicon, "завхоз", text) == {("cognate", "хозяйство", "violation")}


def test_an_abbreviation_holding_the_parts_is_a_violation(lexicon):
    text = "Ну это ВЛКСМ, молодёжная организация в СССР"
    got = found(lexicon, "комсомол", text)
    assert ("abbreviation", "ВЛКСМ", "violation") in got
    assert ("cognate", "молодёжная", "violation") in got
    # СССР meets one part (союз) of комсомол's own expansion: for the judge, not an accusation
    assert ("abbreviation", "СССР", "warning") in got
