"""Мафия: what the rules punish in a player's day speech, and the nominations in it.

Rules: ../shared/rules/mafia-club.txt (``club``) and mafia-sport.txt
(``sport``).  The package asks the :class:`lexicon.Lexicon` (lemmas and tags,
roots and cognates, number words, profanity) and turns the answers into
findings with spans into the text as sent, a penalty and the evidence.  The
clause texts and every word list are in service/rules/data/mafia.toml.

What is checked, per ruleset (the clause is in every finding's evidence):

=============  =====================================  =====================================
rule           club                                   sport
=============  =====================================  =====================================
honesty        «честно» and cognates: foul (4.6.3)    foul («честно» … «честный», «нечестный»)
truth          «правда» and cognates: foul (4.6.3)    — (not in the sport rules)
oath           клятва in any form: foul (4.6.1)       removal («за любую клятву»)
bet            спор, пари, заклад: foul (4.6.4)       removal («за любые виды споров и пари»)
religion       appeal to a religion: foul (4.6.2)     «слава Богу»: foul; other appeals: foul
profanity      мат: a foul per word, repeats          no мат clause: warning for the judge
               included (6.8); coarse words: warning  («неэтичное поведение»)
filler         ротозвуки: 1st warning, then foul      — (not in the sport rules)
=============  =====================================  =====================================

A fourth foul (counting ``prior_fouls`` the player already has) removes the
player in both rulesets; a third one costs the next speech.  A judge's
cognate ruling in the request's scope (``oracle``) decides whether a word
belongs to the «честно», «правда» or клятва family, and is shown as evidence.

Where things are: checks.py (one function per phrase, CHECKS in order),
nominations.py («Выставляю номер…» and the closing phrase), speech.py (the
tokens, sentences and how a finding is added), reading.py (what the lexicon
says about a token, cached), rulebook.py (the data file), result.py.

Precision first: a false foul costs a player a quarter of their game.  Words
are matched by lemma and root through the lexicon, never by substring:
«оскорблять», «корабля», «сук» are not profanity, «честь» is not «честно»,
«отвечаю на вопрос» is not an oath, «не спорю» is not a bet.
"""
from __future__ import annotations

from lexicon import Lexicon
from lexicon.overrides import NO_RULINGS, Oracle
from lexicon.text import clean_text
from service.rules.mafia.checks import CHECKS, lint
from service.rules.mafia.nominations import closing, nominations
from service.rules.mafia.reading import Reader, _readers  # noqa: F401  (bench/memprofile.py counts their words)
from service.rules.mafia.result import Nomination, SpeechResult
from service.rules.mafia.rulebook import RULEBOOK
from service.rules.mafia.speech import Speech

RULESETS = tuple(RULEBOOK.rulesets)
RULES = tuple(RULEBOOK.rule_names)

__all__ = ["check_speech", "SpeechResult", "Nomination", "RULESETS", "RULES", "CHECKS", "Reader"]


def check_speech(lexicon: Lexicon, text: str, ruleset: str = "club", alive: list[int] | None = None,
                 prior_fouls: int = 0, *, oracle: Oracle = NO_RULINGS) -> SpeechResult:
    """Findings, fouls, removal, nominations and the closing phrase of one day speech."""
    if ruleset not in RULESETS:
        raise ValueError(f"неизвестный свод правил {ruleset!r}: допустимы {', '.join(RULESETS)}")
    # The checks read the speech without invisible characters («Чес\u200eтно» is «Честно»); spans go back to it as sent.
    clean = clean_text(text)
    speech = Speech(lexicon, clean.text, ruleset, alive, oracle)
    lint(speech)
    return SpeechResult(ruleset, speech.findings, nominations(speech), closing(speech), prior_fouls,
                        len(speech.tokens)).as_sent(clean)
