"""The Mafia rulebook: clause texts, citations and word lists, read once from service/rules/data/mafia.toml.

The rules' wording and vocabularies live in that file (with their sources) so
that a judge can correct a clause or add a pledge without reading code; this
module only turns it into typed, folded, immutable values.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path

from lexicon.text import fold_key

DATA = Path(__file__).resolve().parents[1] / "data" / "mafia.toml"


@dataclass(frozen=True)
class Clause:
    penalty: str              # warning | foul | removal; "" for a procedure (nomination)
    text: str                 # quoted in the evidence
    cite: str                 # after «по» in a message
    verdict: str | None = None  # a fixed tail instead of «по <cite> — <penalty>»


@dataclass(frozen=True)
class Ruleset:
    name: str
    source: str
    clauses: dict[str, Clause]

    def clause(self, key: str) -> Clause | None:
        """None when this ruleset does not punish it."""
        return self.clauses.get(key)


@dataclass(frozen=True)
class Concept:
    """A word family the rules name («честно», «правда», «клясться»)."""
    name: str
    anchors: tuple[str, ...]
    roots: frozenset[str]
    says: str
    suffix: str = ""


@dataclass(frozen=True)
class Phrase:
    """The words of one phrase rule; each rule reads the fields it needs."""
    starts: frozenset[str]                      # lemmas the phrase starts from
    says: str = ""                              # what the message calls the words
    phrase: str = ""                            # the pattern's name in the evidence
    near: frozenset[str] = frozenset()          # lemmas that must stand within the window
    before: int = 0
    after: int = 0
    spelled: tuple[tuple[str, ...], ...] = ()   # the phrase as token keys from the cue on
    followed_by: tuple[tuple[str, ...], ...] = ()
    preceded_by: frozenset[str] = frozenset()
    unless_followed_by: frozenset[str] = frozenset()
    unless_near: frozenset[str] = frozenset()
    uninflected: frozenset[str] = frozenset()
    verbs: frozenset[str] = frozenset()
    near_says: str = ""
    near_phrase: str = ""


@dataclass(frozen=True)
class NominationWords:
    nominate: frozenset[str]
    withdraw: frozenset[str]
    propose: frozenset[str]
    number_fillers: frozenset[str]
    intention: frozenset[str]
    future: frozenset[str]
    subjunctive: str
    said: dict[str, str]             # action -> the word the rules require («выставляю», «отзываю»)

    def verbs(self, action: str) -> frozenset[str]:
        return self.nominate if action == "nominate" else self.withdraw


@dataclass(frozen=True)
class ClosingWords:
    thanks: str
    done: frozenset[str]
    last_word: frozenset[str]


@dataclass(frozen=True)
class Rulebook:
    rulesets: dict[str, Ruleset]
    penalties: dict[str, str]
    rule_names: dict[str, str]
    concepts: tuple[Concept, ...]
    deities: frozenset[str]
    pledges: frozenset[str]
    oath: dict[str, Phrase]
    bet: dict[str, Phrase]
    religion: Phrase
    judge: Phrase
    filler_sound: re.Pattern
    nomination: NominationWords
    closing: ClosingWords
    cues: frozenset[str] = field(default=frozenset())


def words(items: list[str]) -> frozenset[str]:
    return frozenset(fold_key(w) for w in items)


def spellings(items: list[str]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(fold_key(item).split()) for item in items)


# How each field of a phrase table is read; strings and numbers stay as written.
PHRASE_FIELDS = {"starts": words, "near": words, "preceded_by": words, "unless_followed_by": words,
                 "unless_near": words, "uninflected": words, "verbs": words,
                 "spelled": spellings, "followed_by": spellings}


def phrase(table: dict) -> Phrase:
    return Phrase(**{k: PHRASE_FIELDS.get(k, lambda v: v)(v) for k, v in table.items()})


def ruleset(name: str, table: dict) -> Ruleset:
    clauses = {key: Clause(c.get("penalty", ""), c["text"], c.get("cite", table["cite"]), c.get("verdict"))
               for key, c in table["clauses"].items()}
    return Ruleset(name, table["source"], clauses)


def cues_of(book: Rulebook) -> frozenset[str]:
    """Lemmas (and keys) some phrase rule or the nomination parser starts from; other tokens are skipped fast."""
    phrases = [*book.oath.values(), *book.bet.values()]
    firsts = {spelling[0] for p in phrases for spelling in p.spelled}
    n = book.nomination
    return frozenset().union(*(p.starts for p in phrases), firsts, book.pledges, book.deities,
                             n.nominate, n.withdraw, n.propose)


def load(path: Path = DATA) -> Rulebook:
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    w, n, c = data["words"], data["nomination"], data["closing"]
    sounds = "|".join(data["fillers"]["sounds"])
    book = Rulebook(
        rulesets={name: ruleset(name, table) for name, table in data["rulesets"].items()},
        penalties=data["penalties"], rule_names=data["rule_names"],
        concepts=tuple(Concept(x["name"], tuple(x["anchors"]), words(x["roots"]), x["says"], x.get("suffix", ""))
                       for x in data["concepts"]),
        deities=words(w["deities"]), pledges=words(w["pledges"]),
        oath={k: phrase(v) for k, v in data["oath"].items()},
        bet={k: phrase(v) for k, v in data["bet"].items()},
        religion=phrase({"starts": w["deities"], **data["religion"]}),
        judge=phrase(data["judge"]),
        filler_sound=re.compile(f"^(?:{sounds})$"),
        nomination=NominationWords(words(n["nominate"]), words(n["withdraw"]), words(n["propose"]),
                                   words(n["number_fillers"]), words(n["intention"]), words(n["future"]),
                                   n["subjunctive"], n["said"]),
        closing=ClosingWords(fold_key(c["thanks"]), words(c["done"]), words(c["last_word"])),
    )
    return replace(book, cues=cues_of(book))


RULEBOOK = load()
