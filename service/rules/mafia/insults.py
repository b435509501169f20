"""Insults to a player in a day speech («Восьмой, ты дебил?»): removal in both rulesets.

The words are in service/rules/data/mafia_insults.tsv (curated, source in its
header), matched by lemma.  An insult counts only when it is said to a player:
a 2nd-person pronoun («ты», «вы») or a player's number («пятый») stands in
the same sentence, it is not negated («ты не дурак»), and no verb of saying
makes it a retold word («он назвал меня идиотом»).
"""
from __future__ import annotations

from pathlib import Path

from lexicon.text import fold_key
from service.rules.findings import Finding, Span
from service.rules.mafia.rulebook import Clause
from service.rules.mafia.speech import Speech

DATA = Path(__file__).resolve().parent.parent / "data" / "mafia_insults.tsv"
ADDRESSEE = frozenset({"ты", "вы"})
SPEAKER = frozenset({"я", "мы"})
NEGATION, NEGATION_REACH = "не", 3
RETOLD = frozenset({"назвать", "называть", "обозвать", "обзывать", "сказать", "говорить"})
# Used while mafia.toml has no `insult` clause: the rules' own words (../shared/rules/).
FALLBACK_CLAUSES = {
    "club": Clause("removal", "7.1.2. Игрок удаляется из игры при нанесении оскорбления другому игроку",
                   "п. 7.1.2 клубных правил"),
    "sport": Clause("removal", "Игрок удаляется из игры: при нанесении оскорбления другому игроку",
                    "спортивным правилам («Удаление из игры»)"),
}


def load_insults(path: Path = DATA) -> dict[str, str]:
    """lemma (folded) → gloss."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            lemma, _, gloss = line.partition("\t")
            out[fold_key(lemma.strip())] = gloss.strip()
    return out


INSULTS = load_insults()


def player_named(word) -> bool:
    """«Пятый», «5» as the one spoken to or of: a player's number in the nominative (not «поверил пятому»)."""
    if word.number is None or not 1 <= word.number <= 10:
        return False
    return not word.tags or any("nomn" in tag for _, tag in word.tags)


def addressed(speech: Speech, i: int) -> bool:
    """Is token i's sentence said to a player, in the speaker's own words?"""
    same = [w for k, w in enumerate(speech.words) if speech.sent[k] == speech.sent[i] and k != i]
    if any(w.lemmas & RETOLD for w in same):
        return False
    if any(w.lemmas & ADDRESSEE or w.key in ADDRESSEE for w in same):
        return True
    # «Девятый — идиот» names a player; «я дурак, что поверил пятому» is about oneself
    return any(player_named(w) for w in same) and not any(w.lemmas & SPEAKER for w in same)


def negated(speech: Speech, i: int) -> bool:
    """«ты не дурак», «не считаю тебя дураком»: a «не» shortly before, in the same sentence."""
    return any(w is not None and w.key == NEGATION for w in (speech.w(k, i) for k in range(i - NEGATION_REACH, i)))


def insult_clause(speech: Speech) -> Clause | None:
    return speech.rules.clause("insult") or FALLBACK_CLAUSES.get(speech.ruleset)


def add_insult(speech: Speech, i: int, lemma: str) -> None:
    clause = insult_clause(speech)
    if clause is None:
        return
    token = speech.tokens[i]
    penalty_word = "удаление игрока"
    message = f"{speech.says(i, i, 'оскорбление игрока')}; по {clause.cite} — {penalty_word}"
    speech.covered.add(i)
    speech.findings.append(Finding(
        "insult", message, "violation", Span.of(speech.text, token.start, token.end), clause.penalty,
        {"lemma": lemma, "gloss": INSULTS[lemma], "lexicon_source": DATA.name, "ruleset": speech.ruleset,
         "clause": clause.text, "source": speech.rules.source}))


def insults(speech: Speech) -> None:
    for i, word in enumerate(speech.words):
        found = sorted(word.lemmas & INSULTS.keys())
        if not found or not any("NOUN" in tag for lemma, tag in word.tags if lemma in INSULTS):
            continue
        if negated(speech, i) or not addressed(speech, i):
            continue
        add_insult(speech, i, found[0])
