"""Does a guess count?  ../shared/rules/hat.txt: the target in any form, a homophone of it or of a form.

A cognate is not the target yet (the explainer may ask to be more precise).  A
judge's ruling in the oracle beats the lexicon: a guess ruling decides
acceptance, a cognate ruling decides «cognate» against «different word».
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from lexicon.facade import SOURCE_DICTIONARY
from lexicon.overrides import NO_RULINGS, Oracle, Override
from lexicon.text import NormalizedWord, fold_key
from service.rules.hat.profile import TargetProfile, lemma_keys_of, profile
from service.rules.hat.vocabulary import cite

PRONUNCIATION_SOURCE = "lexicon/pronunciation.py"


@dataclass
class GuessResult:
    target: str
    guess: str
    accepted: bool
    reason: str        # word_form | homophone | form_homophone | cognate | different_word
    message: str
    evidence: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"target": self.target, "guess": self.guess, "accepted": self.accepted, "reason": self.reason,
                "message": self.message, "evidence": self.evidence}


def _result(p: TargetProfile, g: NormalizedWord, accepted: bool, reason: str, message: str,
            *evidence: dict) -> GuessResult:
    return GuessResult(p.word.raw, g.raw, accepted, reason, message, list(evidence))


def _other_word_by_yo(p: TargetProfile, g: NormalizedWord) -> dict | None:
    """The guess matches a form of the target only with е read as ё (or back), and as spelled it is another word.

    «еж» for ёж is the same word without dots; «осел» for осёл is a form of осесть, «небо» for нёбо another noun.
    """
    if g.text in p.form_spellings or not (g.key in p.forms or lemma_keys_of(p.lexicon, g.text) & p.lemma_keys):
        return None
    others = p.lexicon.spelled_lemmas(g.text)
    if not others or set(others) & set(p.lemmas):
        return None
    spelled = next((f for f in p.form_spellings if fold_key(f) == g.key), p.word.text)
    return {"kind": "yo_spelling", "guess_lemmas": list(others), "target_form": spelled, "source": SOURCE_DICTIONARY,
            "explanation": f"«{g.text}» и «{spelled}» различаются только буквой ё, но это разные слова"
                           + (f": «{g.text}» — форма слова «{others[0]}»" if others[0] != g.text else "")}


def _word_form(p: TargetProfile, g: NormalizedWord) -> GuessResult | None:
    t = p.word
    if g.key == t.key or g.key in p.forms:
        what = "загаданное слово" if g.key == t.key else "форма загаданного слова"
        return _result(p, g, True, "word_form", f"догадка «{g.raw}» — {what} «{t.raw}»",
                       {"kind": "word_form", "form": g.text, "lemma": p.lemmas[0],
                        "source": f"{SOURCE_DICTIONARY} paradigm", "rule": cite("guess_form")})
    if lemma_keys_of(p.lexicon, g.text) & p.lemma_keys:
        return _result(p, g, True, "word_form", f"догадка «{g.raw}» — форма загаданного слова «{p.lemmas[0]}»",
                       {"kind": "word_form", "lemma": p.lemmas[0], "source": SOURCE_DICTIONARY,
                        "rule": cite("guess_form")})
    return None


def _readings_json(readings) -> list[dict]:
    return [{"stressed": r.stressed, "phonemes": r.phonemes, "source": r.source} for r in readings]


# How a guess can sound like the target: (reason, the evidence's names for both readings, the clause).
SOUND_MATCHES = {
    "target": ("homophone", ("target", "guess"), "guess_homophone"),
    "form": ("form_homophone", ("form_readings", "guess"), "guess_form_homophone"),
    "lemma": ("form_homophone", ("target", "lemma_readings"), "guess_form_homophone"),
}


def _sound_match(p: TargetProfile, g: NormalizedWord, how: str, through: str, ra, rb) -> GuessResult:
    t = p.word
    reason, (name_a, name_b), clause = SOUND_MATCHES[how]
    message = {"target": f"догадка «{g.raw}» звучит так же, как загаданное «{t.raw}»",
               "form": f"догадка «{g.raw}» звучит так же, как «{through}», форма загаданного слова «{t.raw}»",
               "lemma": f"догадка «{g.raw}» — форма слова «{through}», которое звучит так же, "
                        f"как загаданное «{t.raw}»"}[how]
    return _result(p, g, True, reason, message, {
        "kind": reason, **({"through": through} if how != "target" else {}),
        name_a: _readings_json(ra), name_b: _readings_json(rb),
        "source": PRONUNCIATION_SOURCE + ("" if how == "target" else " + pymorphy3"), "rule": cite(clause)})


def _sounds_alike(p: TargetProfile, g: NormalizedWord, pronouncer) -> GuessResult | None:
    """A homophone of the target, of one of its forms, or a form of a homophone of the target."""
    t = p.word
    pairs = [("target", t.text, t.text, g.text)]
    pairs += [("form", form, form, g.text) for form in p.form_spellings if fold_key(form) != t.key]
    pairs += [("lemma", lemma, t.text, lemma) for lemma in sorted(lemma_keys_of(p.lexicon, g.text) - {g.key})]
    for how, through, a, b in pairs:
        same, ra, rb = pronouncer.homophones(a, b)
        if same:
            return _sound_match(p, g, how, through, ra, rb)
    return None


def _cognate_or_other(p: TargetProfile, g: NormalizedWord, oracle: Oracle, *notes: dict) -> GuessResult:
    """Not the target: a cognate (the explainer may go on) or a different word; a cognate ruling decides."""
    engine = p.verdict(g)
    v = p.lexicon.ruled(engine, oracle) if engine else None
    if v is not engine:
        what = "однокоренное" if v.cognate else "другое слово"
        return _result(p, g, False, "cognate" if v.cognate else "different_word",
                       f"решение судьи: «{g.raw}» — {what}, не загаданное слово", v.evidence[0])
    if v is not None and v.cognate:
        return _result(p, g, False, "cognate",
                       f"«{g.raw}» однокоренное с «{p.word.raw}»: слово ещё не отгадано, можно попросить уточнить",
                       {"kind": "cognate", "confidence": v.confidence, "shared_roots": v.shared_roots,
                        "verdict": v.evidence, "rule": cite("guess_cognate")}, *notes)
    return _result(p, g, False, "different_word", f"«{g.raw}» — другое слово, не загаданное",
                   {"kind": "different_word",
                    "explanation": "не форма загаданного слова, не омофон и не однокоренное с ним слово"}, *notes)


def _pronouncer(lexicon):
    """The pronunciation layer and None, or None and why it is missing (homophones then go unchecked)."""
    try:
        return lexicon.pronouncer, None
    except Exception as exc:  # a missing module or data file: report it, do not fail the check
        return None, f"{type(exc).__name__}: {exc}"


def _lexicon_says(p: TargetProfile, g: NormalizedWord, oracle: Oracle) -> GuessResult:
    other = _other_word_by_yo(p, g)
    if other:
        # No sound check: the pronouncer reads «небо» as нёбо too, which is the very doubt ё settles.
        return _result(p, g, False, "different_word",
                       f"«{g.raw}» — другое слово, не загаданное: его отличает от «{other['target_form']}» буква ё",
                       other)
    found = _word_form(p, g)
    if found:
        return found
    pronouncer, missing = _pronouncer(p.lexicon)
    found = _sounds_alike(p, g, pronouncer) if pronouncer else None
    if found:
        return found
    notes = [] if pronouncer else [{"kind": "pronunciation_unavailable", "detail": missing,
                                    "explanation": "омофоны проверить не удалось"}]
    return _cognate_or_other(p, g, oracle, *notes)


def _guess_ruling(result: GuessResult, override: Override) -> GuessResult:
    """The judge decided acceptance; `reason` stays the lexicon's (the contract has no «ruling» reason)."""
    engine = {"accepted": result.accepted, "reason": result.reason, "message": result.message,
              "evidence": result.evidence}
    accepted = bool(override.verdict)
    return GuessResult(result.target, result.guess, accepted, result.reason,
                       f"решение судьи: догадка «{result.guess}» {'засчитана' if accepted else 'не засчитана'}",
                       [override.explain(engine)])


EDGE_MARKS = re.compile(r"^[\W_]+|[\W_]+$")


def _as_said(guess: str) -> str:
    """A transcribed guess without the marks around it («кошка?!», «…кошка»); an inner hyphen stays."""
    return EDGE_MARKS.sub("", guess) or guess


def check_guess(lexicon, target: str | NormalizedWord, guess: str | NormalizedWord,
                oracle: Oracle = NO_RULINGS) -> GuessResult:
    """Does `guess` count as guessing `target` (word form, homophone, both), or is it a cognate?"""
    p = profile(lexicon, target)
    g = guess if isinstance(guess, NormalizedWord) else lexicon.normalize(_as_said(guess))
    override = oracle.find("guess", p.word.raw, g.raw)
    if override is not None:
        return _guess_ruling(_lexicon_says(p, g, NO_RULINGS), override)   # the engine's answer, as evidence
    return _lexicon_says(p, g, oracle)
