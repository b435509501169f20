"""Nominations in a day speech («Выставляю номер пять»), withdrawals, and the closing phrase.

The judge accepts «выставляю» + the number of a living player: one
candidature per speech; the future tense, the subjunctive, an intention
(«хочу выставить») or a proposal («предлагаю пятого») is refused with the
reason.  Talk about others' or yesterday's nominations is not a nomination.
"""
from __future__ import annotations

from service.rules.findings import Span
from service.rules.mafia.rulebook import RULEBOOK
from service.rules.mafia.result import Nomination
from service.rules.mafia.speech import Speech

WORDS = RULEBOOK.nomination
PLAYERS = range(1, 11)
NUMBER_WINDOW = 5        # tokens after the verb where the number may stand
ACTS = {"nominate": "выставление", "withdraw": "снятие"}   # what a refusal says was not accepted
ONE = "один"             # pymorphy reads «один» as a pronoun-adjective, not NUMR: a number only after «номер»
NUMBER_WORD = "номер"
GOES = "идти"            # «на голосование идёт пятый»: the speaker's own present-tense announcement
TO_VOTE = ("на", "голосование")


class Nominations:
    """Reads a speech's nominations in order, keeping the speaker's standing candidature."""

    def __init__(self, speech: Speech):
        self.speech = speech
        self.out: list[Nomination] = []
        self.standing: int | None = None     # the speaker's accepted nomination in this speech
        self.consumed: set[int] = set()      # verbs read as part of a proposal

    def read(self) -> list[Nomination]:
        for i, word in enumerate(self.speech.words):
            if word.cue and i not in self.consumed and not self.proposal(i):
                self.verb(i)
            elif GOES in word.lemmas:
                self.goes_to_vote(i)
        return self.out

    def removed_before(self, i: int) -> str | None:
        """The removing finding said before token i: after it the speaker is out and nominates nobody."""
        start = self.speech.tokens[i].start
        return next((f.token for f in self.speech.findings if f.penalty == "removal" and f.end <= start), None)

    def goes_to_vote(self, i: int) -> None:
        """«На голосование идёт пятый» / «пятый идёт на голосование»: read as the speaker's nomination."""
        speech, word = self.speech, self.speech.words[i]
        if not word.tagged({GOES}, "3per", "sing", "pres") or speech.negated(i):
            return
        keys = [w.key if w is not None else None for w in (speech.w(k, i) for k in range(i - 2, i + 3))]
        if tuple(keys[:2]) == TO_VOTE:
            j, value = self.number_after(i)
        elif tuple(keys[3:]) == TO_VOTE:
            before = speech.w(i - 1, i)
            j, value = (i - 1, before.number) if before is not None and before.number is not None else (None, None)
        else:
            return
        if j is not None and speech.words[j].number is not None:
            self.settle("nominate", i, j, value)

    def note(self, action: str, i: int, j: int | None, value: int | None, accepted: bool, reason: str,
             message: str) -> None:
        speech = self.speech
        span = Span.of(speech.text, speech.tokens[i].start, speech.tokens[j if j is not None else i].end)
        evidence = {"verb": speech.tokens[i].token, "tags": sorted({tag for _, tag in speech.words[i].tags})[:3],
                    "clause": speech.rules.clause("nomination").text, "source": speech.rules.source}
        if j is not None:
            evidence["number_token"] = speech.tokens[j].token
        self.out.append(Nomination(action, value, accepted, reason, message, span, evidence))

    def number_after(self, i: int) -> tuple[int | None, int | None]:
        """(token index, value) of the player number after token i, skipping «игрока», «номер», fillers."""
        speech = self.speech
        for j in range(i + 1, min(len(speech.words), i + 1 + NUMBER_WINDOW)):
            if speech.sent[j] != speech.sent[i]:
                break
            word = speech.words[j]
            if word.number is not None:
                return j, word.number
            if ONE in word.lemmas and speech.words[j - 1].key.startswith(NUMBER_WORD):
                return j, 1
            if not (word.lemmas & WORDS.number_fillers or word.key in WORDS.number_fillers or word.filler):
                break
        return None, None

    def proposal(self, i: int) -> bool:
        """«Предлагаю (выставить) номер шесть»: refused; True when token i was read so."""
        speech, word = self.speech, self.speech.words[i]
        if not (word.lemmas & WORDS.propose and word.tagged(WORDS.propose, "1per")):
            return False
        nxt = speech.w(i + 1, i)
        target = i + 1 if nxt is not None and nxt.lemmas & WORDS.nominate and nxt.tagged(WORDS.nominate, "INFN") else i
        j, value = self.number_after(target)
        if j is None and target == i:
            return True                 # «предлагаю подумать»
        self.consumed.add(target)
        self.note("nominate", i, j, value, False, "proposal", f"«{speech.span(i, target)}» — предложение, а не "
                  "выставление: выставление не принято, нужно «Выставляю номер N»")
        return True

    def verb(self, i: int) -> None:
        speech, word = self.speech, self.speech.words[i]
        action = "nominate" if word.lemmas & WORDS.nominate else "withdraw" if word.lemmas & WORDS.withdraw else None
        if action is None or speech.negated(i):
            return
        verbs = WORDS.verbs(action)
        if not any(lemma in verbs and ("VERB" in tag or "INFN" in tag) for lemma, tag in word.tags):
            return                      # participles: «выставлен», «выставленный»
        j, value = self.number_after(i)
        wrong = self.wrong_form(i, action)
        if wrong is not None:
            reason, message = wrong
            if reason == "third_person" or (reason == "past_tense" and (j is None or speech.w(i - 1, i) is not None)):
                return                  # talk about others or about yesterday («вчера я выставлял пятого»)
            if reason == "wrong_form" and j is None and word.tagged(verbs, "INFN"):
                return                  # retold: «он сам предложил себя выставить», «кого нам выставлять»
            self.note(action, i, j, value, False, reason, message)
        else:
            self.settle(action, i, j, value)

    def settle(self, action: str, i: int, j: int | None, value: int | None) -> None:
        """A nomination or withdrawal in the right form: is the number there, valid, alive, the speaker in play?"""
        speech = self.speech
        removed = self.removed_before(i)
        if j is None:
            self.note(action, i, None, None, False, "no_number", f"«{speech.tokens[i].token}» — не назван номер игрока")
        elif value not in PLAYERS:
            self.note(action, i, j, value, False, "invalid_number",
                      f"игрока № {value} нет: номера игроков — от {PLAYERS[0]} до {PLAYERS[-1]}")
        elif speech.alive is not None and value not in speech.alive:
            alive = ", ".join(map(str, sorted(speech.alive))) or "никто"
            self.note(action, i, j, value, False, "not_alive", f"игрока № {value} нет в игре (живы: {alive})")
        elif removed is not None:
            self.note(action, i, j, value, False, "removed",
                      f"игрок уже удалён в этой речи («{removed}»): {ACTS[action]} не принято")
        elif action == "nominate":
            self.nominate(i, j, value)
        else:
            self.withdraw(i, j, value)

    def nominate(self, i: int, j: int, value: int) -> None:
        if self.standing is not None:
            self.note("nominate", i, j, value, False, "one_candidature",
                      f"в этой речи уже выставлен игрок № {self.standing}; выставить можно "
                      "одну кандидатуру (сначала снимите её: «Отзываю номер N»)")
            return
        self.standing = value
        self.note("nominate", i, j, value, True, "accepted",
                  f"«{self.speech.span(i, j)}»: игрок № {value} выставлен («Принято»)")

    def withdraw(self, i: int, j: int, value: int) -> None:
        if self.speech.rules.clause("withdrawal") is None:
            self.note("withdraw", i, j, value, False, "no_withdrawal",
                      "в клубных правилах нет процедуры снятия кандидатуры")
            return
        if self.standing is not None and self.standing != value:
            self.note("withdraw", i, j, value, False, "not_your_nomination",
                      f"в этой речи выставлен игрок № {self.standing}, а не № {value}")
            return
        note = "" if self.standing is not None else ", если игрок выставил его раньше в этой речи"
        self.standing = None
        self.note("withdraw", i, j, value, True, "withdrawn",
                  f"«{self.speech.span(i, j)}»: кандидатура игрока № {value} снята («Отозвано»){note}")

    def wrong_form(self, i: int, action: str) -> tuple[str, str] | None:
        """(reason, message) when the verb is not «выставляю»/«отзываю» itself; None when it is."""
        speech, word, token = self.speech, self.speech.words[i], self.speech.tokens[i].token
        verbs, present, act = WORDS.verbs(action), WORDS.said[action], ACTS[action]
        refused, refused_n = f"{act} не принято, нужно «{present}»", f"{act} не принято, нужно «{present} номер N»"
        around = {speech.words[k].key for k in range(max(0, i - 2), min(len(speech.words), i + 3))
                  if k != i and speech.sent[k] == speech.sent[i]}
        if WORDS.subjunctive in around:
            return "subjunctive", f"«{token} {WORDS.subjunctive}» — сослагательное наклонение: {refused}"
        if word.tagged(verbs, "1per", "sing", "pres"):
            return None
        if word.tagged(verbs, "futr"):
            return "future_tense", f"«{token}» — будущее время: {refused}"
        if word.tagged(verbs, "past"):
            return "past_tense", f"«{token}» — прошедшее время: {refused}"
        if word.tagged(verbs, "INFN"):
            return self.infinitive(i, refused, refused_n)
        if word.tagged(verbs, "impr"):
            return "wrong_form", f"«{token}» — повелительное наклонение: {refused}"
        if word.tagged(verbs, "3per"):
            return "third_person", ""
        if word.tagged(verbs, "plur"):
            return "wrong_form", f"«{token}» — множественное число, а игрок говорит от своего имени: {refused}"
        return "wrong_form", f"«{token}» — не та форма: {refused}"

    def infinitive(self, i: int, refused: str, refused_n: str) -> tuple[str, str]:
        speech = self.speech
        prev = speech.w(i - 1, i)
        if prev is not None and prev.tagged(WORDS.future, "futr"):
            return "future_tense", f"«{speech.span(i - 1, i)}» — будущее время: {refused}"
        if prev is not None and prev.lemmas & WORDS.intention:
            return "intention", f"«{speech.span(i - 1, i)}» — намерение, а не действие: {refused_n}"
        return "wrong_form", f"«{speech.tokens[i].token}» — инфинитив: {refused_n}"


def nominations(speech: Speech) -> list[Nomination]:
    return Nominations(speech).read()


def closing(speech: Speech) -> dict | None:
    """The last «Спасибо, всё» (or a final «пас»): is the speech over where it was said?"""
    words, c = speech.words, RULEBOOK.closing
    for i in range(len(words) - 1, -1, -1):
        key = words[i].key
        if key in c.done and i > 0 and words[i - 1].key == c.thanks:
            first, last = i - 1, i
        elif key in c.last_word and i == len(words) - 1:
            first = last = i
        else:
            continue
        start, end = speech.tokens[first].start, speech.tokens[last].end
        at_end = last == len(words) - 1
        return {"phrase": speech.text[start:end], "start": start, "end": end, "at_end": at_end,
                "message": "речь закончена" if at_end else "речь продолжается после завершающей фразы"}
    return None
