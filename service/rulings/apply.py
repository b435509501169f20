"""Applying rulings to checks: a judge's ruling in the request's scope beats the engine.

Every override says so in the evidence — who ruled, when, the note — and
keeps the engine's own answer under ``engine``, so nobody mistakes a
judge's call for the lexicon's.  One query per request loads the scope's
rulings of a kind (:class:`ScopeRulings`); lookups are then in memory.
"""
from __future__ import annotations

from lexicon.text import InvalidWord, tokenize
from service.rulings.keys import phrase_key, word_candidates
from service.rulings.store import Ruling, RulingsStore


class ScopeRulings:
    """The rulings of one kind in one scope, indexed by normalised pair."""

    def __init__(self, store: RulingsStore | None, scope: str | None, kind: str):
        self.scope, self.kind = scope, kind
        rulings = store.list(scope, kind) if (store is not None and scope) else []
        self.by_key = {(r.key_a, r.key_b): r for r in rulings}

    def __bool__(self) -> bool:
        return bool(self.by_key)

    def find(self, a: str, b: str) -> tuple[Ruling, str] | None:
        """The ruling on (a, b), and how it matched: «exact» or «lemma» (a ruling on свеча covers «свечой»)."""
        if not self.by_key:
            return None
        if self.kind == "chgk_answer":
            r = self.by_key.get((phrase_key(a), phrase_key(b)))
            return (r, "exact") if r else None
        try:
            cands_a, cands_b = word_candidates(a), word_candidates(b)
        except InvalidWord:
            return None
        for i, ka in enumerate(cands_a):          # exact keys first, then lemmas
            for j, kb in enumerate(cands_b):
                key = (min(ka, kb), max(ka, kb)) if self.kind == "cognate" else (ka, kb)
                if key in self.by_key:
                    return self.by_key[key], ("exact" if i == j == 0 else "lemma")
        return None


def find(store: RulingsStore, scope: str, kind: str, a: str, b: str) -> Ruling | None:
    """The ruling on one pair, or None (cognate pairs are unordered; words normalised, lemmas matched)."""
    found = ScopeRulings(store, scope, kind).find(a, b)
    return found[0] if found else None


def evidence(ruling: Ruling, matched: str, engine: dict) -> dict:
    verdict = ruling.verdict
    said = {True: "да", False: "нет"}.get(verdict, verdict) if not isinstance(verdict, str) else verdict
    return {
        "kind": "ruling", "ruling_id": ruling.id, "scope": ruling.scope, "ruling_kind": ruling.kind,
        "pair": [ruling.a, ruling.b], "verdict": verdict, "judge": ruling.judge or None,
        "decided_at": ruling.decided_at, "note": ruling.note, "matched": matched,
        "explanation": f"решение судьи в «{ruling.scope}» по паре «{ruling.a}» / «{ruling.b}»: {said}"
                       + (f" ({ruling.note})" if ruling.note else ""),
        "source": "rulings store", "engine": engine,
    }


# --- per check -------------------------------------------------------------------

def cognate(rulings: ScopeRulings, result: dict) -> dict:
    """A /v1/cognates result (Verdict.to_json()) with the scope's ruling applied."""
    found = rulings.find(result["a"], result["b"])
    if not found:
        return result
    ruling, matched = found
    engine = {k: result[k] for k in ("cognate", "confidence", "shared_roots", "evidence")}
    yes = bool(ruling.verdict)
    return {**result, "cognate": yes, "confidence": "certain",  # the judge decided, either way
            "shared_roots": result["shared_roots"] if yes else [],
            "evidence": [evidence(ruling, matched, engine)]}


def guess(guesses: ScopeRulings, cognates: ScopeRulings, result: dict) -> dict:
    """A /v1/hat/guess result with a guess ruling applied, else a cognate ruling (cognate vs different word)."""
    engine = {k: result[k] for k in ("accepted", "reason", "message", "evidence")}
    found = guesses.find(result["target"], result["guess"])
    if found:
        ruling, matched = found
        accepted = bool(ruling.verdict)
        # `reason` stays the engine's finding (the contract's enum has no «ruling»); `accepted` is the judge's.
        return {**result, "accepted": accepted,
                "message": f"решение судьи: догадка «{result['guess']}» {'засчитана' if accepted else 'не засчитана'}",
                "evidence": [evidence(ruling, matched, engine)]}
    if result["reason"] in ("cognate", "different_word"):
        found = cognates.find(result["target"], result["guess"])
        if found:
            ruling, matched = found
            reason = "cognate" if ruling.verdict else "different_word"
            what = "однокоренное" if ruling.verdict else "другое слово"
            return {**result, "reason": reason, "accepted": False,
                    "message": f"решение судьи: «{result['guess']}» — {what}, не загаданное слово",
                    "evidence": [evidence(ruling, matched, engine)]}
    return result


def explanation(rulings: ScopeRulings, result: dict, text: str) -> dict:
    """A /v1/hat/explanation result: a cognate ruling «false» drops that finding, «true» adds one."""
    if not rulings:
        return result
    target = result["target"]
    kept, covered = [], set()
    for v in result["violations"]:
        found = rulings.find(target, v["token"]) if v["rule"] == "cognate" else None
        if found and not found[0].verdict:
            continue                                    # the judge ruled: not cognate
        if found:
            v = {**v, "severity": "violation", "evidence": {**v["evidence"], "ruling": evidence(*found, engine={
                "cognate": True, "confidence": v["evidence"].get("confidence")})}}
        if v["rule"] == "cognate":
            covered.add((v["start"], v["end"]))
        kept.append(v)
    for tok in tokenize(text):
        if tok.word is None or (tok.start, tok.end) in covered:
            continue
        found = rulings.find(target, tok.text)
        if found and found[0].verdict:
            kept.append({"rule": "cognate", "token": tok.text, "start": tok.start, "end": tok.end,
                         "message": f"«{tok.text}» однокоренное с «{target}» по решению судьи",
                         "severity": "violation",
                         "evidence": {"ruling": evidence(*found, engine={"cognate": False})}})
    kept.sort(key=lambda v: (v["start"], v["end"], v["rule"]))
    counts = {**result["counts"], "violations": sum(v["severity"] == "violation" for v in kept),
              "warnings": sum(v["severity"] == "warning" for v in kept)}
    return {**result, "violations": kept, "ok": counts["violations"] == 0, "counts": counts}


def chgk_answer(rulings: ScopeRulings, answer: str, reference: str, result: dict) -> dict:
    """A /v1/chgk/answer result with the scope's ruling on (reference, answer) applied."""
    found = rulings.find(reference, answer)
    if not found:
        return result
    ruling, matched = found
    engine = dict(result)
    said = "зачёт" if ruling.verdict == "accept" else "незачёт"
    return {**result, "verdict": ruling.verdict, "reason": "ruling",
            "message": f"решение судьи: {said}" + (f" ({ruling.note})" if ruling.note else ""),
            "evidence": [evidence(ruling, matched, engine)]}



def clue(rulings: ScopeRulings, result: dict, board: list[str]) -> dict:
    """A /v1/codenames/clue result: a cognate ruling on (clue, board word) drops or adds the cognate violation."""
    if not rulings:
        return result
    clue_word = result["clue"]
    kept, ruled = [], set()
    for v in result["violations"]:
        found = rulings.find(clue_word, v["board_word"]) if v["rule"] == "cognate" and v.get("board_word") else None
        if found and not found[0].verdict:
            ruled.add(v["board_word"])
            continue                                    # the judge ruled: not cognate
        if found:
            ruled.add(v["board_word"])
            v = {**v, "severity": "violation", "evidence": [evidence(*found, engine={"cognate": True})] + v["evidence"]}
        kept.append(v)
    for word in board:
        found = rulings.find(clue_word, word) if word not in ruled else None
        if found and found[0].verdict:
            kept.append({"rule": "cognate", "board_word": word, "severity": "violation", "roots": [],
                         "message": f"«{clue_word}» однокоренное с открытым словом «{word}» по решению судьи",
                         "evidence": [evidence(*found, engine={"cognate": False})]})
    violations = [v for v in kept if v["severity"] == "violation"]
    penalty = ("loss" if any(v["rule"] == "cognate" for v in violations) else "foul") if violations else "none"
    return {**result, "violations": kept, "valid": not violations, "penalty": penalty}


def chgk_answers(rulings: ScopeRulings, reference: str, result: dict) -> dict:
    """A /v1/chgk/answers result: a ruling on any answer of a group decides the whole group."""
    if not rulings:
        return result
    groups = []
    for group in result["groups"]:
        ruled = group
        for member in group["answers"]:
            applied = chgk_answer(rulings, member["answer"], reference, group)
            if applied is not group:
                ruled = applied
                break
        groups.append(ruled)
    results = [{**r, "verdict": groups[r["group"]]["verdict"], "reason": groups[r["group"]]["reason"]}
               if groups[r["group"]] is not result["groups"][r["group"]] else r for r in result["results"]]
    counts = {**result["counts"]}
    for verdict in ("accept", "reject", "judge"):
        counts[verdict] = sum(r["verdict"] == verdict for r in results)
    counts["groups_to_judge"] = sum(g["verdict"] == "judge" for g in groups)
    return {**result, "groups": groups, "results": results, "counts": counts}
