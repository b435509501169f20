"""The lint of a day speech: one small function per phrase, run from CHECKS in order.

Oaths and bets are phrase lists: each phrase function returns True when the
token is its cue (whether or not the rest of the phrase is there), and the
first phrase that claims a token ends its reading: «вижу» claims the token for
«видит бог» and, being no 3rd person, adds nothing.  The words each phrase
looks for are in service/rules/data/mafia.toml; the grammar (1st person,
present tense) is here.
"""
from __future__ import annotations

from lexicon import budget
from service.rules.mafia.reading import Word
from service.rules.mafia.rulebook import RULEBOOK, Concept, Phrase
from service.rules.mafia.speech import Speech
from service.rules.mafia.insults import insults

OATH, BET = RULEBOOK.oath, RULEBOOK.bet
DEITIES, PLEDGES = RULEBOOK.deities, RULEBOOK.pledges


def concept_word(speech: Speech, i: int, concept: Concept, evidence: dict) -> None:
    """«Честно» — запрещённое слово «честно» (корень «чест»)."""
    root = evidence.get("root")
    why = f"корень «{root}»" if root else f"однокоренное с «{evidence['cognate_of']}» по решению судьи"
    speech.add(concept.name, i, i, f"{speech.says(i, i, concept.says)} ({why})", dict(evidence))


def add_phrase(speech: Speech, rule: str, i: int, j: int, p: Phrase, lemma: str, phrase: str | None = None,
               **evidence) -> None:
    """A phrase finding over tokens i..j (either order): «<span>» — <what the phrase says>."""
    speech.add(rule, min(i, j), max(i, j), speech.says(i, j, p.says),
               {"lemma": lemma, **evidence, "phrase": phrase or p.phrase})


# --- oaths ---------------------------------------------------------------------------------

def swears_now(speech: Speech, i: int, word: Word) -> bool:
    """«клянусь», «поклянусь», «даю клятву» — the speaker swearing; not «клялся», «не буду клясться», «заклятые»."""
    if speech.negated(i):
        return False
    if word.tagged(word.lemmas, "1per", "pres") or word.tagged(word.lemmas, "1per", "futr"):
        return True
    if word.tagged(word.lemmas, "ADVB"):                      # «клятвенно обещаю»: the verb beside it swears
        return any(w is not None and not speech.negated(k) and
                   (w.tagged(w.lemmas, "1per", "pres") or w.tagged(w.lemmas, "1per", "futr"))
                   for k, w in ((k, speech.w(k, i)) for k in (i - 1, i + 1)))
    if not word.tagged(word.lemmas, "NOUN"):
        return False
    j = speech.near(i, OATH["pledge"].starts, before=2)      # «даю клятву», «клятву даю»
    j = j if j is not None else speech.near(i, OATH["pledge"].starts, after=1)
    return j is not None and speech.words[j].tagged(OATH["pledge"].starts, "1per") and not speech.negated(j)


def oath_word(speech: Speech, i: int, word: Word) -> bool:
    family = speech.concepts[i]
    if family is None or family[0].name != "oath":
        return False
    if swears_now(speech, i, word):           # a retold, negated or set-phrase use claims the token silently
        concept_word(speech, i, *family)
    return True


def by_god(speech: Speech, i: int, word: Word) -> bool:
    p = OATH["by_god"]
    last = i if word.lemmas & p.starts else speech.spelled(i, p.spelled)
    if last is None:
        return False
    add_phrase(speech, "oath", i, last, p, speech.lemma_of(i, p.starts))
    return True


def no_liberty(speech: Speech, i: int, word: Word) -> bool:
    p = OATH["no_liberty"]
    last = speech.spelled(i, p.spelled)
    if last is None:
        return False
    add_phrase(speech, "oath", i, last, p, word.key)
    return True


def pledge(speech: Speech, i: int, word: Word) -> bool:
    p = OATH["pledge"]
    if not word.tagged(p.starts, "1per"):
        return False
    j = speech.near(i, PLEDGES, before=p.before, after=p.after)
    if j is not None and not speech.negated(min(i, j)):
        add_phrase(speech, "oath", i, j, p, speech.lemma_of(i, p.starts), pledge=speech.lemma_of(j, PLEDGES))
    return True


def chop(speech: Speech, i: int, word: Word) -> bool:
    p = OATH["chop"]
    if not word.lemmas & p.starts:
        return False
    j = speech.near(i, PLEDGES, before=p.before)
    if j is not None:
        add_phrase(speech, "oath", j, i, p, speech.lemma_of(i, p.starts), pledge=speech.lemma_of(j, PLEDGES))
    return True


def god_sees(speech: Speech, i: int, word: Word) -> bool:
    p = OATH["god_sees"]
    if not word.lemmas & p.starts:
        return False
    if word.lemmas & p.verbs and not word.tagged(p.verbs, "3per"):
        return True
    j = speech.near(i, DEITIES, before=p.before, after=p.after)
    if j is not None:
        add_phrase(speech, "oath", i, j, p, speech.lemma_of(i, p.starts), deity=speech.lemma_of(j, DEITIES))
    return True


def word_of(speech: Speech, i: int, word: Word) -> bool:
    p = OATH["word_of"]
    whose = speech.w(i + 1, i)
    if not (word.lemmas & p.starts and whose is not None and whose.lemmas & p.near):
        return False
    add_phrase(speech, "oath", i, i + 1, p, speech.lemma_of(i, p.starts), of=speech.lemma_of(i + 1, p.near))
    return True


def vouch(speech: Speech, i: int, word: Word) -> bool:
    p = OATH["vouch"]
    if not word.tagged(p.starts, "1per", "sing", "pres"):
        return False
    nxt = speech.w(i + 1, i)
    if speech.negated(i) or (nxt is not None and nxt.key in p.unless_followed_by) or \
            speech.near(i, p.unless_near, before=p.before) is not None:
        return True          # «отвечаю на вопрос», «на вопрос отвечаю: нет»
    add_phrase(speech, "oath", i, i, p, speech.lemma_of(i, p.starts))
    return True


def sworn_by(speech: Speech, i: int, word: Word) -> bool:
    p = OATH["sworn_by"]
    if not word.tagged(p.starts, "1per", "futr"):
        return False
    j = speech.near(i, p.near, before=p.before)
    if j is not None and (speech.words[j].tagged(p.near, "ablt") or speech.words[j].key in p.uninflected):
        add_phrase(speech, "oath", j, i, p, speech.lemma_of(j, p.near))
    return True


def drop_dead(speech: Speech, i: int, word: Word) -> bool:
    p = OATH["drop_dead"]
    j = speech.near(i, p.near, before=p.before) if word.lemmas & p.starts else None
    if j is None:
        return False
    add_phrase(speech, "oath", j, i, p, speech.lemma_of(i, p.starts))
    return True


def cross(speech: Speech, i: int, word: Word) -> bool:
    p = OATH["cross"]
    if not word.lemmas & p.starts:
        return False
    j = speech.near(i, p.near, before=p.before, after=p.after)
    if j is not None:
        add_phrase(speech, "oath", i, j, p, speech.lemma_of(i, p.starts))
    return True


OATHS = (oath_word, by_god, no_liberty, pledge, chop, god_sees, word_of, vouch, sworn_by, drop_dead, cross)


# --- bets ----------------------------------------------------------------------------------

def dispute(speech: Speech, i: int, word: Word) -> bool:
    p = BET["dispute"]
    if not word.lemmas & p.starts or speech.negated(i):
        return False
    lemma = speech.lemma_of(i, p.starts)
    if word.tagged(p.starts, "1per", "pres") or word.tagged(p.starts, "1per", "futr") or word.tagged(p.starts, "impr"):
        add_phrase(speech, "bet", i, i, p, lemma)                                   # «спорим», «поспорим»
    elif word.tagged(p.starts, "INFN"):
        j = speech.near(i, p.near, before=p.before)
        if j is not None and not speech.negated(j):
            add_phrase(speech, "bet", j, i, p, lemma, p.near_phrase)                # «готов поспорить»
    return True


def wager(speech: Speech, i: int, word: Word) -> bool:
    p = BET["wager"]
    if not word.lemmas & p.starts:
        return False
    j = speech.near(i, p.near, before=p.before, after=p.after)
    add_phrase(speech, "bet", i, i if j is None else j, p, speech.lemma_of(i, p.starts))
    return True


def pari(speech: Speech, i: int, word: Word) -> bool:
    p = BET["pari"]
    if not word.tagged(p.starts, "NOUN"):
        return False
    j = speech.near(i, p.near, before=p.before)
    add_phrase(speech, "bet", i if j is None else j, i, p, speech.lemma_of(i, p.starts))
    return True


def on_dispute(speech: Speech, i: int, word: Word) -> bool:
    p = BET["on_dispute"]
    prev = speech.w(i - 1, i)
    if not (word.lemmas & p.starts and prev is not None and prev.key in p.preceded_by):
        return False
    add_phrase(speech, "bet", i - 1, i, p, speech.lemma_of(i, p.starts))
    return True


def join(speech: Speech, i: int, word: Word) -> bool:
    p = BET["join"]
    if not word.tagged(p.starts, "1per", "plur"):
        return False
    add_phrase(speech, "bet", i, i, p, speech.lemma_of(i, p.starts))
    return True


def stake(speech: Speech, i: int, word: Word) -> bool:
    p = BET["stake"]
    if not word.tagged(p.starts, "1per", "sing"):
        return False
    last = speech.spelled(i + 1, p.followed_by, of=i)
    if last is None and not speech.negated(i) and speech.near(i, p.unless_near, after=p.after) is None:
        last = speech.near(i, p.near, after=p.after)                 # «ставлю сто рублей, что…»
        last = last if last is not None and staked(speech, i, last) else None
    if last is not None:
        add_phrase(speech, "bet", i, last, p, speech.lemma_of(i, p.starts))
    return True


def staked(speech: Speech, i: int, j: int) -> bool:
    """Between «ставлю» and «что» stands what is staked, set off by a comma: «ставлю ящик пива, что»."""
    between = speech.text[speech.tokens[i].end:speech.tokens[j].start]
    return j > i + 1 and "," in between


BETS = (dispute, wager, pari, on_dispute, join, stake)


# --- the checks ------------------------------------------------------------------------------

def phrases(speech: Speech, phrase_rules, *, concepts: bool) -> None:
    for i, word in enumerate(speech.words):
        if word.cue or (concepts and speech.concepts[i]):
            any(rule(speech, i, word) for rule in phrase_rules)     # the first phrase that claims the token


def oaths(speech: Speech) -> None:
    phrases(speech, OATHS, concepts=True)


def bets(speech: Speech) -> None:
    phrases(speech, BETS, concepts=False)


def religion(speech: Speech) -> None:
    p = RULEBOOK.religion
    for i, word in enumerate(speech.words):
        if not word.lemmas & DEITIES or i in speech.covered:
            continue
        deity = speech.lemma_of(i, DEITIES)
        j = speech.near(i, p.near, before=p.before, after=p.after)
        if j is not None:
            speech.add("religion", min(i, j), max(i, j), speech.says(i, j, p.near_says),
                       {"lemma": deity, "phrase": p.phrase})
        else:
            speech.add("religion", i, i, speech.says(i, i, p.says), {"lemma": deity})


def addressed(speech: Speech, i: int) -> bool:
    """The word is set off as an address: «Судья, …», «…, ведущий?»."""
    tokens, text = speech.tokens, speech.text
    after = text[tokens[i].end:tokens[i + 1].start] if i + 1 < len(tokens) else text[tokens[i].end:]
    k = i - 1 if speech.w(i - 1, i) is not None and speech.words[i - 1].lemmas & RULEBOOK.judge.unless_near else i
    before = text[tokens[k - 1].end:tokens[k].start] if k > 0 else ""     # «Уважаемый судья, …»
    first = k == 0 or speech.sent[k - 1] != speech.sent[k]
    if first:
        return any(mark in after for mark in ",!?")
    return "," in before and (i + 1 == len(tokens) or any(mark in after for mark in "!?.;…"))   # «…, судья.»


def fault_with(speech: Speech, i: int) -> int | None:
    """The nearest word of the address's sentence that finds fault with the judge's call
    («Судья, вы неправильно…», «Вы неправильно посчитали, судья»)."""
    p = RULEBOOK.judge
    for d in range(1, p.after + 1):
        for j in (i + d, i - d):
            word = speech.w(j, i) if j >= 0 else None
            if word is not None and ((word.lemmas & p.near and not speech.negated(j)) or
                                     (word.lemmas & p.verbs and speech.negated(j))):
                return j
    return None


def judge(speech: Speech) -> None:
    """Addressing the judge, and arguing with his call in the same sentence."""
    p = RULEBOOK.judge
    for i, word in enumerate(speech.words):
        if not word.tagged(p.starts, "nomn") or i in speech.covered or not addressed(speech, i):
            continue
        j = fault_with(speech, i)
        lemma = speech.lemma_of(i, p.starts)
        if j is not None:
            speech.add("judge", min(i, j), max(i, j), speech.says(i, j, p.near_says), {"lemma": lemma, "phrase": p.phrase})
        else:
            speech.add("judge", i, i, speech.says(i, i, p.says), {"lemma": lemma}, clause_key="judge_address")


def forbidden_words(speech: Speech) -> None:
    """«честно», «правда» and their cognates (oath words are the first oath phrase)."""
    for i, family in enumerate(speech.concepts):
        if family is not None and family[0].name != "oath":
            concept_word(speech, i, *family)


def profanity(speech: Speech) -> None:
    for i, word in enumerate(speech.words):
        hit = word.profanity
        if hit is None:
            continue
        ev = {"lemma": hit.lemma, "root": hit.root, "category": hit.category, "via": hit.via,
              "lexicon_source": hit.to_json()["source"], **({"homonym": hit.homonym} if hit.homonym else {})}
        if hit.category == "obscene" and not hit.homonym:
            speech.add("profanity", i, i, speech.says(i, i, f"мат (корень «{hit.root}»)"), ev)
        elif hit.category in ("obscene", "vulgar", "slur"):
            why = ("у слова есть и пристойное значение" if hit.homonym
                   else "оскорбление, не мат" if hit.category == "slur" else "не мат")
            speech.add("profanity", i, i, speech.says(i, i, f"грубое слово ({why})"), ev, clause_key="coarse")
        # euphemisms (хрен, фиг) are not нецензурная лексика: no finding


def fillers(speech: Speech) -> None:
    clause = speech.rules.clause("filler")
    if clause is None:
        return
    seen = 0
    for i, word in enumerate(speech.words):
        if not word.filler or i in speech.covered:
            continue
        seen += 1
        if seen == 1:             # the first ротозвук is a warning, every later one a foul
            speech.add("filler", i, i, speech.says(i, i, "звук-паразит"), {"occurrence": seen}, penalty="warning",
                  verdict=f"по {clause.cite} — первый раз предупреждение")
        else:
            speech.add("filler", i, i, speech.says(i, i, f"звук-паразит, уже {seen}-й"), {"occurrence": seen},
                       penalty="foul")


CHECKS = (oaths, bets, judge, religion, forbidden_words, profanity, fillers, insults)


def lint(speech: Speech) -> None:
    for check in CHECKS:
        budget.check()          # each check walks every word of the speech
        check(speech)
    speech.findings.sort(key=lambda f: (f.start, f.end))
