"""The verdict on one answer: accept, reject, or judge (a person decides), with its reasons.

Tournament practice (the МАК code, ../shared/rules/chgk-sport.md) accepts an answer despite
spelling, punctuation, grammatical or word-order slips when only one reading is possible; an
answer with several versions («квас или пиво») is not accepted; a less precise answer than the
question implies (лампа for лампочка) is not accepted.  The clear cases are decided here; the
rest go to the judge with the reasons.  A judge's ruling in the request's scope on
(reference, answer) beats all of it, with the automatic verdict kept as evidence.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from typing import Any, Iterable

from lexicon import Lexicon
from lexicon.overrides import NO_RULINGS, Oracle, Override
from lexicon.text import fold_key
from service.rules.chgk import closeness, limits
from service.rules.chgk.alignment import Alignment, align, best_alignment
from service.rules.chgk.matching import Matcher, TokenMatch, common_noun
from service.rules.chgk.messages import letters, omitted, plural
from service.rules.chgk.roles import HARMLESS, SPOILING, is_given_name, is_surname, names_another_thing, role
from service.rules.chgk.tokens import Tok, clean, normalized, protect_slashes, tokens
from service.rules.chgk.question import replacements, rewritten
from service.rules.chgk.variants import Variant, variants
from service.rules.chgk.vocabulary import (LISTED, MATCHED, OR_WORDS, ROLE_NAMES, RULES_SOURCE, SYNONYM_POLICY,
                                           UNMATCHED)

# Several versions of an answer: «квас или пиво», «квас / пиво» (not accepted); «квас, пиво» (the judge asks).
_EXPLICIT_OR = re.compile(rf"\s+(?:{'|'.join(map(re.escape, OR_WORDS))})\s+|\s*/\s*|\s*\\\s*|\?\s+(?=\S)",
                          re.IGNORECASE)
_LIST_SEP = re.compile(r"\s*;\s*|\s*,(?!\d)\s*")


@dataclass
class AnswerVerdict:
    answer: str
    verdict: str              # accept | reject | judge
    reason: str
    message: str
    matched: str | None = None           # the entry as given (reference, зачёт or незачёт item)
    matched_variant: str | None = None   # the expansion that matched (optional parts resolved)
    source: str | None = None            # reference | accepted | rejected
    normalized: str = ""
    evidence: list[dict[str, Any]] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"verdict": self.verdict, "reason": self.reason, "matched": self.matched,
                "matched_variant": self.matched_variant, "source": self.source, "message": self.message,
                "answer": self.answer, "normalized": self.normalized, "evidence": self.evidence,
                "rules": RULES_SOURCE}


def _verdict(answer: str, norm: str, verdict: str, reason: str, message: str, variant: Variant | None = None,
             evidence: list[dict] | None = None) -> AnswerVerdict:
    entry = (variant.entry, variant.text, variant.source) if variant is not None else (None, None, None)
    return AnswerVerdict(answer, verdict, reason, message, *entry, norm, evidence or [])


# --- rulings -------------------------------------------------------------------------------------

def ruling_fields(override: Override, engine: dict) -> dict:
    """What a judge's ruling makes of a verdict's JSON; `engine` is what the judge overruled."""
    said = "зачёт" if override.verdict == "accept" else "незачёт"
    note = override.evidence.get("note")
    return {"verdict": override.verdict, "reason": "ruling",
            "message": f"решение судьи: {said}" + (f" ({note})" if note else ""),
            "evidence": [override.explain(engine)]}


def follow_ruling(verdict: AnswerVerdict, reference: str, oracle: Oracle) -> AnswerVerdict:
    override = oracle.find("chgk_answer", reference, verdict.answer)
    return verdict if override is None else replace(verdict, **ruling_fields(override, verdict.to_json()))


# --- judging -------------------------------------------------------------------------------------

def judge_answer(answer: str, reference: str, accepted: Iterable[str] | None = None,
                 rejected: Iterable[str] | None = None, *, lexicon: Lexicon | None = None,
                 oracle: Oracle = NO_RULINGS, synonym_policy: str = SYNONYM_POLICY,
                 criteria: Iterable[str] | None = None, question: str | None = None) -> AnswerVerdict:
    """The verdict on one answer.  With a Lexicon, words of one stem are checked for a shared root;
    `criteria` are the package's («по упоминанию X»: an answer mentioning X is accepted); `question`,
    the question's text, lends its replacements («вместо X мы написали Y»).

    TooMuchWork (before any judging) when the reference and lists are over a work limit."""
    pool = variants(reference, list(accepted or ()), list(rejected or ()), list(criteria or ()))
    limits.check_comparisons([len(tokens(answer))], pool)
    matcher = Matcher(lexicon, oracle, synonym_policy)
    return follow_ruling(judge_in_question(answer, pool, matcher, replacements(question)), reference, oracle)


def judge_in_question(answer: str, pool: list[Variant], matcher: Matcher,
                      pairs: list[tuple[str, str]]) -> AnswerVerdict:
    """judge_variants, then, if the answer is not accepted, the answer in the question's words: with a
    replacement the question states undone or applied («альфа сломалась», «вместо "Буратино" мы
    написали "АЛЬФА"»).  An answer that is the question's word alone goes to the jury, not to an accept."""
    verdict = judge_variants(answer, pool, matcher)
    if verdict.verdict == "accept" or not pairs:
        return verdict
    for text, (hidden, written) in rewritten(answer, pairs):
        again = judge_variants(text, pool, matcher.fresh())
        if again.verdict != "accept" or again.source == "rejected":
            continue
        note = {"kind": "question_replacement", "hidden": hidden, "written": written, "rewritten": text,
                "explanation": f"в вопросе «вместо {hidden} мы написали {written}»: ответ, прочитанный с этой "
                               f"заменой («{text}»), совпадает с «{again.matched}»"}
        alone = normalized(tokens(answer)) in (normalized(tokens(hidden)), normalized(tokens(written)))
        if alone:
            return replace(again, answer=answer, verdict="judge", reason="question_word", normalized=verdict.normalized,
                           message=f"ответ — слово замены из вопроса: {note['explanation']}; одно это слово — "
                                   "ответ или повтор вопроса? Решает жюри", evidence=[note] + again.evidence)
        return replace(again, answer=answer, reason="question_replacement", normalized=verdict.normalized,
                       message=f"{note['explanation']}: зачёт", evidence=[note] + again.evidence)
    return verdict


def judge_variants(answer: str, pool: list[Variant], matcher: Matcher) -> AnswerVerdict:
    """The automatic verdict on an answer against the variants of a question (no ruling applied); an
    answer whose judging would pass MAX_JUDGED_COMPARISONS word comparisons goes to the jury."""
    toks = tokens(answer)
    norm = normalized(toks)
    if not toks:
        return _verdict(answer, norm, "reject", "empty", UNMATCHED["empty"])
    if not pool:
        return _verdict(answer, norm, "judge", "no_reference", UNMATCHED["no_reference"])
    first_pass = len(toks) * sum(len(v.toks) for v in pool)
    if first_pass > limits.MAX_JUDGED_COMPARISONS:         # not even one pass fits: none is begun
        return _too_branched(answer, norm, len(toks), pool, first_pass, limits.MAX_JUDGED_COMPARISONS)
    outer = matcher.comparisons is None
    if outer:
        matcher.comparisons = limits.Comparisons()
    try:
        return _judged(answer, norm, toks, pool, matcher)
    except limits.TooBranched as exc:
        if not outer:
            raise
        return _too_branched(answer, norm, len(toks), pool, exc.spent, exc.maximum)
    finally:
        if outer:
            matcher.comparisons = None


def _too_branched(answer: str, norm: str, words: int, pool: list[Variant], spent: int, maximum: int) -> AnswerVerdict:
    """The reference, зачёт and незачёт expand to too many variants to compare this answer with: the jury decides."""
    message = UNMATCHED["too_branched"].format(
        variants=f"{len(pool)} {plural(len(pool), 'вариант', 'варианта', 'вариантов')}",
        words=f"{words} {plural(words, 'слово', 'слова', 'слов')}", maximum=f"{maximum:,}".replace(",", " "))
    evidence = {"kind": "too_branched", "variants": len(pool), "answer_words": words,
                "comparisons": spent, "limit": maximum}
    return _verdict(answer, norm, "judge", "too_branched", message, evidence=[evidence])


def _judged(answer: str, norm: str, toks: tuple, pool: list[Variant], matcher: Matcher) -> AnswerVerdict:
    matcher.notes = []
    best = best_alignment(toks, pool, matcher)
    if best is not None and best.full:
        return _full(answer, norm, best, matcher.synonym_policy)
    # Several versions («метроном или часы») are refused before a mentioned word could accept them.
    verdict = (_by_parts(answer, norm, pool, matcher) or _several(answer, norm, pool, matcher)
               or _mentioned(answer, norm, toks, pool, matcher)
               or (best and _another_person(answer, norm, best, pool, matcher))
               or (best and _partial(answer, norm, best)))
    if verdict:
        return verdict
    all_latin = any(t.latin for t in toks) and all(t.latin or t.is_number for t in toks)
    if all_latin and not any(t.latin for v in pool for t in v.toks):
        return _verdict(answer, norm, "judge", "other_script", UNMATCHED["other_script"], pool[0])
    return (_close(answer, norm, toks, pool, matcher) or _unknown(answer, norm, toks, pool, matcher)
            or _different(answer, norm, pool, matcher.notes))


def _unknown(answer: str, norm: str, toks: tuple, pool: list[Variant], matcher: Matcher) -> AnswerVerdict | None:
    """Nothing ties the answer to the reference, but the reference's words are unknown to the dictionary
    and the vectors: the answer is not shown wrong (a reject is only for that), so the jury decides."""
    if matcher.lexicon is None:
        return None
    found = closeness.unknown_side(toks, pool)
    if found is None:
        return None
    words, entry = found
    ref = next(v for v in pool if v.entry == entry)
    quoted = ", ".join(f"«{w}»" for w in words)
    message = (f"ответ не совпадает с «{ref.entry}», но слов {quoted} нет ни в словаре, ни в векторах: что ответ "
               "называет другое, не показано — это может быть другое название того же; решает жюри (Кодекс 2.1.4)")
    evidence = [{"kind": "unknown_words", "side": "reference", "words": words,
                 "explanation": f"незнакомые слова в «{ref.entry}»: {quoted}"}]
    return _verdict(answer, norm, "judge", "unknown_words", message, ref, evidence + list(matcher.notes))


def _close(answer: str, norm: str, toks: tuple, pool: list[Variant], matcher: Matcher) -> AnswerVerdict | None:
    """Not a match, but close (a shared word, a synonym, a cognate, a near vector, a name spelt another
    way): the jury decides whether the difference matters in the question (Кодекс 2.1.4)."""
    if matcher.lexicon is None:
        return None
    spelt = [n for n in matcher.notes if n.get("kind") == "real_word" and "distance" in n
             and n["distance"] <= n["allowed"] and names_spelt(n["reference"])]
    variant, found = closeness.ties(toks, pool, matcher)
    if spelt:
        found = [{"kind": "close", "relation": "spelling", "answer": n["answer"], "reference": n["reference"],
                  "explanation": f"«{n['answer']}» — возможно, имя «{n['reference']}», написанное иначе ("
                                 + (f"{letters(n['distance'])} разницы" if n["distance"] else "звучит так же")
                                 + "), хотя так пишется и другое слово"} for n in spelt] + found
        variant = variant or next((v for v in pool if v.source == "reference"), pool[0])
    if not found:
        return None
    if found[0]["relation"] in ("contradiction", "another_name", "another_thing"):
        said = "противоречит ему" if found[0]["relation"] == "contradiction" else "называет другое"
        return _verdict(answer, norm, "reject", found[0]["relation"],
                        f"ответ не совпадает с «{variant.entry}» и {said}: {found[0]['explanation']}: незачёт",
                        variant, found + list(matcher.notes))
    differs = closeness.difference(toks, variant, found)
    said = "; ".join([t["explanation"] for t in found[:3]] + ([differs["explanation"]] if differs else []))
    found += [differs] if differs else []
    return _verdict(answer, norm, "judge", "close",
                    f"ответ не совпадает с «{variant.entry}», но близок к нему: {said}; засчитывается, если отличие "
                    "несущественно в контексте вопроса (Кодекс 2.1.4): решает жюри", variant,
                    found + [n for n in matcher.notes if n not in found])


def names_spelt(reference: str) -> bool:
    """The refused slip is in a name (capitalised, not a common noun): ариель / Ариэль is a name written
    another way, which the jury may accept; Кашка / кошка stays a different word."""
    return reference[:1].isupper() and not common_noun(fold_key(reference))


def _different(answer: str, norm: str, pool: list[Variant], notes: list[dict]) -> AnswerVerdict:
    ref = next((v for v in pool if v.source == "reference"), pool[0])
    if any(v.source == "accepted" for v in pool):
        message = f"ответ не совпадает ни с эталоном «{ref.entry}», ни со списком зачёта: незачёт"
    else:
        message = f"ответ не совпадает с эталоном «{ref.entry}»: незачёт"
    guard = [n for n in notes if n.get("kind") in ("real_word", "number_kind")]
    if guard:
        message += "; " + guard[0]["explanation"]
    return _verdict(answer, norm, "reject", "different", message, evidence=list(notes))


# --- a whole match -------------------------------------------------------------------------------

def _typos(al: Alignment) -> str:
    """«Гагарен» — опечатка в «Гагарин» (1 буква); several slips joined by «;»."""
    return "; ".join(f"«{p.answer.raw}» — опечатка в «{p.reference.raw}» ({letters(p.detail['distance'])})"
                     for p in al.pairs if p.kind == "typo")


def _evidence(al: Alignment) -> list[dict]:
    ev = [p.to_json() for p in al.pairs]
    if al.variant.omitted:
        ev.append({"kind": "optional_omitted", "parts": list(al.variant.omitted),
                   "explanation": omitted(al.variant.omitted)})
    if al.reordered:
        ev.append({"kind": "word_order", "explanation": "слова стоят в другом порядке"})
    for note in al.expanded:
        ev.append({**note, "explanation": f"«{note['abbr']}» — сокращение «{note['expansion']}» ({note['source']})"})
    if al.dropped:
        ev.append({"kind": "function_words", "words": list(al.dropped),
                   "explanation": "предлоги и «и» не сравнивались: " + ", ".join(al.dropped)})
    return ev


def synonym_accepted(al: Alignment, policy: str) -> bool:
    """Whether a match that needed a synonym is accepted outright or goes to the judge.

    ``judge`` (default): always the judge, with the synonym set as evidence.  ``unambiguous``: accepted
    when the variant is a single common noun and both lemmas have that one sense in the thesaurus."""
    if policy != "unambiguous" or len(al.variant.toks) != 1:
        return False
    links = [p.detail for p in al.pairs if p.kind == "synonym"]
    return all(link.get("unambiguous") for link in links) and common_noun(al.variant.toks[0].text)


def _full(answer: str, norm: str, al: Alignment, policy: str = SYNONYM_POLICY) -> AnswerVerdict:
    v, kind = al.variant, al.reason()
    note = _typos(al) if kind == "typo" else LISTED[kind]       # after «ответ есть в списке …»
    listed = f"(«{v.entry}»" + (f", {note}" if note else "") + ")"
    if v.source == "rejected":
        return _verdict(answer, norm, "reject", "rejected_list", f"ответ есть в списке незачёта {listed}: незачёт",
                        v, _evidence(al))
    if kind == "synonym" and not synonym_accepted(al, policy):
        pair = next(p for p in al.pairs if p.kind == "synonym")
        return _verdict(answer, norm, "judge", "synonym",
                        f"{pair.detail['explanation']}; синоним засчитывается, если отличие несущественно в контексте "
                        "вопроса (Кодекс 2.1.4): решает судья", v, _evidence(al))
    if v.source == "accepted":
        reason, message = "alternative", f"ответ есть в списке зачёта {listed}"
        evidence = [{"kind": "match", "match": kind}] + _evidence(al)
    elif v.source == "criterion":
        reason, message = "criterion", f"ответ упоминает «{v.entry}», а пакет засчитывает ответы по упоминанию"
        evidence = [{"kind": "match", "match": kind}] + _evidence(al)
    else:
        reason, message, evidence = kind, _typos(al) if kind == "typo" else MATCHED[kind], _evidence(al)
    if v.omitted:
        message += "; " + omitted(v.omitted)
    return _verdict(answer, norm, "accept", reason, message + ": зачёт", v, evidence)


# --- the package's criteria ---------------------------------------------------------------------

def _mentioned(answer: str, norm: str, toks: tuple, pool: list[Variant], matcher: Matcher) -> AnswerVerdict | None:
    """«по упоминанию метронома»: the answer mentions the word, whatever else it says."""
    for v in (v for v in pool if v.source == "criterion"):
        al = align(toks, v, matcher.fresh())
        if al.pairs and not al.missing and not any(p.kind in ("related", "synonym") for p in al.pairs):
            return _verdict(answer, norm, "accept", "criterion",
                            f"ответ упоминает «{v.entry}», а пакет засчитывает ответы по упоминанию «{v.entry}»: "
                            "зачёт", v, _evidence(al))
    return None


# --- an answer of several parts ------------------------------------------------------------------

def _parts(text: str) -> list[str]:
    return [p for p in _LIST_SEP.split(protect_slashes(clean(text))) if tokens(p)]


def _by_parts(answer: str, norm: str, pool: list[Variant], matcher: Matcher) -> AnswerVerdict | None:
    """A two-part answer judged part by part against every accepted way of saying each part: «морской
    единорог, антилопа гну» when the package accepts «морской единорог, гну» and «Нарвал, антилопа гну»."""
    parts = _parts(answer)
    shaped = [v for v in pool if v.source in ("reference", "accepted") and len(_parts(v.text)) == len(parts)]
    if len(parts) < 2 or len(shaped) < 2 or len(parts) > 4:
        return None
    slots = [[replace(v, text=piece, toks=tokens(piece)) for v in shaped
              for piece in [_parts(v.text)[i]]] for i in range(len(parts))]
    for order in itertools.permutations(range(len(parts))):
        found = []
        for part, slot in zip(parts, (slots[i] for i in order)):
            al = best_alignment(tokens(part), slot, matcher.fresh())
            if al is None or not al.full or al.reason() == "synonym":
                break
            found.append((part, al))
        else:
            said = "; ".join(f"«{part}» — как в «{al.variant.entry}»" for part, al in found)
            evidence = [{"kind": "parts", "parts": [{"part": part, "matched": al.variant.entry,
                                                     "source": al.variant.source, "match": al.reason()}
                                                    for part, al in found]}]
            return _verdict(answer, norm, "accept", "parts",
                            f"ответ из {len(parts)} частей, и каждая часть совпадает с одним из принятых "
                            f"вариантов этой части ({said}): зачёт", found[0][1].variant, evidence)
    return None


# --- several versions ----------------------------------------------------------------------------

def _full_versions(parts: list[str], pool: list[Variant], matcher: Matcher) -> list[tuple[str, Alignment]]:
    """The versions that match a variant wholly, each aligned with a matcher of its own."""
    hits = []
    for part in parts:
        al = best_alignment(tokens(part), pool, matcher.fresh())
        if al is not None and al.full:
            hits.append((part, al))
    return hits


def _several(answer: str, norm: str, pool: list[Variant], matcher: Matcher) -> AnswerVerdict | None:
    """«квас или пиво» is not accepted even when one version is right; «квас, пиво» may be a detail."""
    text = protect_slashes(clean(answer))
    for splitter, explicit in ((_EXPLICIT_OR, True), (_LIST_SEP, False)):
        parts = [p for p in splitter.split(text) if tokens(p)]
        if len(parts) < 2:
            continue
        hits = _full_versions(parts, pool, matcher)
        right = [(p, al) for p, al in hits if al.variant.source != "rejected"]
        ev = [{"kind": "versions", "versions": parts,
               "matching": [{"version": p, "matched": al.variant.entry, "source": al.variant.source,
                             "match": al.reason()} for p, al in hits]}]
        variant = right[0][1].variant if right else None
        if explicit and right:
            message = (f"несколько версий ответа ({len(parts)}); версия «{right[0][0]}» верна, но ответ "
                       "с несколькими версиями не засчитывается: незачёт")
        elif explicit:
            message = f"несколько версий ответа ({len(parts)}), и ни одна не верна: незачёт"
        elif right and all(names_another_thing(tokens(p)) for p in parts if p not in {q for q, _ in hits}):
            message = (f"в ответе перечислено {len(parts)} {plural(len(parts), 'вариант', 'варианта', 'вариантов')}: "
                       f"«{right[0][0]}» верно, а остальные называют другое — два ответа, один из них неверный "
                       "(Кодекс 2.1.1): незачёт")
        elif right:
            return _verdict(answer, norm, "judge", "multiple_answers",
                            f"в ответе перечислено {len(parts)} "
                            f"{plural(len(parts), 'вариант', 'варианта', 'вариантов')}, и «{right[0][0]}» "
                            "подходит: несколько версий (незачёт) или уточнение? Решает судья", variant, ev)
        else:
            continue
        return _verdict(answer, norm, "reject", "multiple_answers", message, variant, ev)
    return None


# --- a part of a match ---------------------------------------------------------------------------

def _another_person(answer: str, norm: str, al: Alignment, pool: list[Variant], matcher: Matcher
                    ) -> AnswerVerdict | None:
    """«Фрэнк Ллойд Райт» when the package names «Уилбур Райт»: the surname is right, the person is not."""
    if not al.extra or not al.pairs:
        return None
    surname = al.pairs[-1]
    if not surname.reference.raw[:1].isupper() or common_noun(surname.reference.text):
        return None
    given = [t for t in (*al.extra, *(p.answer for p in al.pairs[:-1]))
             if t.raw[:1].isupper() and (t.latin or not common_noun(t.text))]
    if not any(t in given for t in al.extra):
        return None
    for v in pool:
        at = next((i for i, t in enumerate(v.toks) if matcher.token(surname.answer, t) is not None), None)
        named = [t for t in v.toks[:at or 0] if t.raw[:1].isupper() and not common_noun(t.text)]
        if at is None or not named or v.source == "rejected":
            continue
        if not any(matcher.token(g, n) for g in given for n in named):
            return _verdict(answer, norm, "reject", "another_person",
                            f"«{answer}» — другой человек: фамилия «{surname.answer.raw}» та же, но в «{v.entry}» "
                            f"имя «{' '.join(n.raw for n in named)}», а в ответе «{' '.join(g.raw for g in given)}»: "
                            "незачёт", v, _evidence(al) + [{"kind": "another_person", "named": v.entry}])
    return None


def _partial(answer: str, norm: str, al: Alignment) -> AnswerVerdict | None:
    """Everything that did pair is solid; the question is what is missing, extra or related."""
    v = al.variant
    if v.source == "rejected":
        return None
    related = [p for p in al.pairs if p.kind == "related"]
    solid = any(p.kind != "related" for p in al.pairs)
    ev = _evidence(al)
    if solid and not related and bool(al.missing) != bool(al.extra):
        return _missing_or_extra(answer, norm, al, ev)
    if related and not al.missing and not al.extra:
        return _related(answer, norm, v, related[0], ev)
    return None


def _missing_or_extra(answer: str, norm: str, al: Alignment, ev: list[dict]) -> AnswerVerdict:
    """Words of the variant missing (a less precise answer) or words added (a detail, or another answer)."""
    v = al.variant
    if al.missing:
        words = ", ".join(t.raw for t in al.missing)
        ev.append({"kind": "missing_words", "words": [t.raw for t in al.missing]})
        kept = [p.reference for p in al.pairs]
        if all(is_given_name(t) for t in al.missing) and any(is_surname(t) for t in kept):
            return _verdict(answer, norm, "accept", "surname",
                            f"названа фамилия без имени («{words}» опущено): фамилии обычно достаточно: зачёт", v, ev)
        if ("," not in v.text and all(t.raw[:1].isupper() for t in (*al.missing, *kept))
                and not any(common_noun(t.text) for t in kept)):
            return _verdict(answer, norm, "judge", "name_part",
                            f"названа только часть имени «{v.text}», нет «{words}»: засчитывается, если и так "
                            "однозначно понятно, о ком речь; решает судья", v, ev)
        return _verdict(answer, norm, "reject", "less_precise",
                        f"в ответе только часть «{v.text}», нет «{words}»: менее точный ответ не засчитывается "
                        "(Кодекс 2.1.4.2): незачёт", v, ev)
    return _extra(answer, norm, al, ev)


def _extra(answer: str, norm: str, al: Alignment, ev: list[dict]) -> AnswerVerdict:
    """An expanded answer: accepted when every addition is harmless, rejected when one makes another or a
    second answer, the judge's otherwise (Кодекс 2.1.1)."""
    v = al.variant
    paired = {al.answer_index(p.answer): p.reference for p in al.pairs}
    roles = [(t, role(t, al.answer_index(t), al.answer, paired)) for t in al.extra]
    ev.append({"kind": "extra_words", "words": [t.raw for t in al.extra],
               "roles": {t.raw: r for t, r in roles}})
    said = "; ".join(f"«{t.raw}» — {ROLE_NAMES[r]}" for t, r in roles)
    if all(r in HARMLESS for _, r in roles):
        return _verdict(answer, norm, "accept", "extra_words",
                        f"ответ содержит «{v.text}» и добавляет уточнение ({said}), которое не противоречит "
                        "ответу: зачёт", v, ev)
    joined = _hyphen_joined(answer, [t for t, r in roles if r in SPOILING], [p.answer for p in al.pairs])
    if joined:
        return _verdict(answer, norm, "judge", "extra_words",
                        f"ответ содержит «{v.text}» и через дефис добавляет {joined}: два названия одного и того же "
                        "(приложение) или второй ответ? Решает жюри (Кодекс 2.1.1)", v, ev)
    if any(r in SPOILING for _, r in roles):
        return _verdict(answer, norm, "reject", "extra_words",
                        f"ответ содержит «{v.text}», но добавляет {said}: неверное уточнение или второй ответ "
                        "делают ответ неправильным (Кодекс 2.1.1): незачёт", v, ev)
    return _verdict(answer, norm, "judge", "extra_words",
                    f"ответ содержит «{v.text}» и добавляет {said}: верно ли уточнение? Решает судья", v, ev)


def _hyphen_joined(answer: str, spoiling: list, paired: list) -> str:
    """«иллюзионист-фокусник»: every word that would make a second answer is written with a hyphen to a
    word of the reference, so it reads as one thing named twice; "" otherwise (a number added is no name:
    «1-будущее»)."""
    text = clean(answer).lower()

    def hyphened(t: Tok) -> bool:
        return any(f"{t.raw.lower()}-{q.raw.lower()}" in text or f"{q.raw.lower()}-{t.raw.lower()}" in text
                   for q in paired)

    if not spoiling or any(t.is_number for t in spoiling) or not all(hyphened(t) for t in spoiling):
        return ""
    return ", ".join(f"«{t.raw}»" for t in spoiling)


def _related(answer: str, norm: str, v: Variant, p: TokenMatch, ev: list[dict]) -> AnswerVerdict:
    said, meant = p.answer.raw, p.reference.raw
    lemmas = f"({p.detail['answer_lemma']} / {p.detail['reference_lemma']})"
    if p.detail.get("less_precise"):
        return _verdict(answer, norm, "judge", "less_precise",
                        f"«{said}» — менее точный ответ, чем «{meant}» {lemmas}: автоматически не засчитывается, "
                        "решает судья", v, ev)
    return _verdict(answer, norm, "judge", "related_word",
                    f"«{said}» — однокоренное с «{meant}», но другое слово {lemmas}: решает судья", v, ev)
