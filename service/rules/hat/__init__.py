"""Шляпа (the Hat): is an explanation within the rules, does a guess count?

Rules: ../shared/rules/hat.txt («Частности», rules B–G).  The rules ask the
Lexicon every word question (cognates, abbreviations, fragments, profanity,
pronunciation) and turn the answers into findings with spans into the text
as sent and the evidence behind each.

    explanation.py  check_explanation: EXPLANATION_RULES, one named function per rule
    guess.py        check_guess: form, homophone, form of a homophone; cognate or another word
    profile.py      what is known about one target, cached (see :func:`profile`)
    vocabulary.py   the word lists and phrase tables of service/rules/data/hat.toml

Findings have a ``severity``: ``violation`` costs the explainer the turn,
``warning`` is for the judge to decide (an unknown abbreviation with a
letter of the target's root, a word profane only in one of its senses, a
hint at letters with no size or position named).  ``ok`` is true when there
is no violation.  Precision first: a false accusation costs a player their
turn, so everything the lexicon is unsure of is a warning or nothing.
"""
from service.rules.hat.explanation import (EXPLANATION_RULES, WORD_RULES, ExplanationResult,
                                           check_explanation)
from service.rules.hat.guess import GuessResult, check_guess
from service.rules.hat.profile import TargetProfile, cached_profiles, profile
from service.rules.hat.vocabulary import RULES_SOURCE

RULES = ("cognate", "abbreviation", "fragment", "letters", "translation", "profanity")

__all__ = ["RULES", "RULES_SOURCE", "EXPLANATION_RULES", "WORD_RULES", "ExplanationResult",
           "GuessResult", "TargetProfile", "check_explanation", "check_guess", "profile", "cached_profiles"]
