"""Is an explanation within the rules?  Rules B–G of ../shared/rules/hat.txt, one named function each.

`check_explanation` runs EXPLANATION_RULES over one :class:`Explanation`; each
rule returns findings with a span into the text as sent.  The word rules
(WORD_RULES) look at one word at a time and are cached per target; the others
look at neighbours or at the whole text.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

from rapidfuzz.distance import Levenshtein

from lexicon import Lexicon, budget
from lexicon.fragments import HESITANT_PARTS
from lexicon.overrides import NO_RULINGS, Oracle
from lexicon.text import NormalizedWord, Token, clean_text, fold_key
from service.rules.findings import Finding, Span, as_sent, count, in_text_order
from service.rules.hat.profile import TargetProfile, lemma_keys_of, profile
from service.rules.hat.vocabulary import TABLES as HAT_TABLES
from service.rules.hat.vocabulary import (ADJECTIVE_PREPOSITIONS, AMOUNT_WORDS, ANAGRAM_HINT, ANAGRAM_WORDS,
                                          CUE_WINDOW, EXTEND_CUE, EXTEND_VERBS, LANGUAGE_ADJECTIVE,
                                          LANGUAGE_ADVERB, LETTER_WORDS, LINKING_LEMMAS, NAMING_WORDS,
                                          PARTS_WINDOW, PHRASES, POSITION_LEMMAS, PROFANITY_LABELS,
                                          QUOTED_EXTEND_WORDS, SEVERE_PROFANITY, TRANSLATION_REACH, cite)

LATIN_WORD = re.compile(r"[A-Za-z']{2,}")
HYPHENS = re.compile(r"[-\u2010\u2011]")
COMMON_ZIPF = 4.5      # wordfreq's Zipf scale: ~30 per million words and more
CUT_OFF = re.compile(r"…|\.\.|-(?![а-яёa-z])", re.IGNORECASE)   # right after a word: «контр…», «аэро-»
OPENING_QUOTES, CLOSING_QUOTES = frozenset("«„\"'“"), frozenset("»“\"'”")
CLAUSE_BREAK = re.compile(r"[,.;:!?…—–()]")
HESITATION = re.compile(r"[эаыму]+(?:-[эаыму]+)*")      # э-э, ммм, эээ: a pause, not a word
CONTENT_POS = ("NOUN", "ADJF", "ADJS", "VERB", "INFN", "PRTF", "PRTS")
NAME_GRAMMEMES = tuple(sorted(Lexicon.PROPER_NAMES))   # Франция, Париж: a place is no translation
# Russian spellings of foreign words that mean something else in Russian («сан по-английски»), folded.
FALSE_FRIENDS = {fold_key(k): v for k, v in
                 HAT_TABLES["translation"]["false_friends"].items()}


@dataclass
class ExplanationResult:
    target: str
    violations: list[Finding]
    tokens: int

    @property
    def ok(self) -> bool:
        return count(self.violations, "violation") == 0

    def to_json(self) -> dict:
        return {"ok": self.ok, "target": self.target,
                "violations": [v.to_json() for v in self.violations],
                "counts": {"violations": count(self.violations, "violation"),
                           "warnings": count(self.violations, "warning"), "tokens": self.tokens}}


@dataclass
class Explanation:
    """One explanation under check: the target's profile, the text, its words and the judges' rulings."""
    profile: TargetProfile
    text: str
    tokens: list[Token]
    oracle: Oracle = NO_RULINGS

    @cached_property
    def pieces(self) -> list[Token]:
        """Every word and, for a hyphenated one, its parts (рыбак-любитель → рыбак, любитель)."""
        return [piece for tok in self.tokens for piece in hyphen_parts(self.profile, tok)]

    @cached_property
    def anagram_hint(self) -> bool:
        return bool(ANAGRAM_HINT.search(self.text))


def hyphen_parts(p: TargetProfile, tok: Token) -> list[Token]:
    """The token, then the parts of a hyphenated one with their own offsets."""
    out, at = [tok], 0
    if not HYPHENS.search(tok.text):
        return out
    for part in HYPHENS.split(tok.text):
        if part:
            start = tok.start + tok.text.index(part, at)
            try:
                word = p.lexicon.normalize(part)
            except ValueError:
                word = None
            out.append(Token(part, start, start + len(part), word))
            at = start - tok.start + len(part)
    return out


def _finding_on(tok: Token, rule: str, message: str, severity: str, evidence: dict) -> Finding:
    return Finding(rule, message, severity, Span(tok.text, tok.start, tok.end), evidence=evidence)


# ---------------------------------------------------------------- word rules ---
# Each takes the profile, one word and the rulings; the findings span the whole word.

def cognate(p: TargetProfile, tok: Token, oracle: Oracle) -> list[Finding]:
    """B: a word with the target's root, a form of the target included; a judge's ruling decides its pair."""
    w = tok.word
    if w is None:
        return []
    in_scope = len(w.key) >= 2 and not p.lexicon.is_function_word(w.text)
    if not (in_scope or oracle):
        return []
    read = p.verdict_in_context(tok)   # the sentence's reading when the word's lemmas disagree
    engine = read.verdict
    v = p.lexicon.ruled(engine, oracle) if engine else None
    judged = v is not engine
    if v is None or not v.cognate or not (in_scope or judged):
        return []
    if judged:
        message, why = f"«{tok.text}» однокоренное с загаданным «{p.word.raw}» по решению судьи", {"ruling": v.evidence[0]}
    elif v.evidence and v.evidence[0].get("kind") == "same_word":
        message, why = f"«{tok.text}» — форма загаданного слова «{p.word.raw}»", {"verdict": v.evidence}
    else:
        roots = ", ".join(f"«{r}»" for r in v.shared_roots)
        message = f"«{tok.text}» — однокоренное с загаданным «{p.word.raw}»"
        message += f" ({'корень' if len(v.shared_roots) == 1 else 'корни'} {roots})" if roots else ""
        why = {"verdict": v.evidence}
    contested = read.contested and not judged   # the sentence cannot tell which word was said
    if contested:
        message = v.evidence[0]["explanation"]   # «стали» можно прочесть как … и как …: решает судья
    severity = "violation" if (v.confidence == "certain" or v.b.known) and not contested else "warning"
    return [_finding_on(tok, "cognate", message, severity, {
        "target": p.word.raw, "word": tok.text, "confidence": v.confidence, "shared_roots": v.shared_roots,
        **why, "rule": cite("cognate")})]


def _abbreviation_part(p: TargetProfile, abbr: str, word: str) -> str:
    """Which part of the abbreviation stands for `word`: «буква «У»» when that letter is unambiguous."""
    first = p.lexicon.fold(word)[:1]
    letters = [ch for ch in abbr if p.lexicon.fold(ch) == first]
    if first and abbr.isalpha() and abbr.isupper() and len(letters) == 1:
        return f"буква «{letters[0]}»"
    return "её часть"


def abbreviation(p: TargetProfile, tok: Token, oracle: Oracle) -> list[Finding]:
    """B: an abbreviation one of whose letters stands for the target or a cognate («МГУ» for университет)."""
    info = p.lexicon.abbreviation(tok.text)
    if info is None:
        return []
    if not info.known:
        return _unknown_abbreviation(p, tok, info)
    hits = [(exp, [w for w in exp.words if p.cognate(w, oracle)]) for exp in info.expansions]
    matching = [(e, m) for e, m in hits if m]
    if not matching:
        return []
    severity = "violation" if len(matching) == len(hits) else "warning"
    exp, words = matching[0]
    # СССР for комсомол: one letter meets one part of the target's own expansion — two steps from it
    one_part = severity == "violation" and len(words) < 2 and _through_target_parts(p, words[0], oracle)
    what = (f"слово от аббревиатуры {info.base} ({exp.expansion})" if info.base
            else f"аббревиатура ({exp.expansion})")
    message = (f"«{tok.text}» — {what}: {_abbreviation_part(p, info.base or tok.text, words[0])} "
               f"означает «{words[0]}» — "
               + ("загаданное слово" if p.lexicon.fold(words[0]) in p.forms
                  else f"однокоренное с загаданным «{p.word.raw}»"))
    if one_part:
        severity = "warning"
        message += "; совпадает лишь одна часть расшифровки загаданного слова: решает судья"
    elif severity == "warning":
        message += "; но у неё есть и другие расшифровки, без этого слова: решает судья"
    return [_finding_on(tok, "abbreviation", message, severity, {
        "abbreviation": tok.text, "source": p.lexicon.abbreviation_source(info.source),
        "expansions": [{**e.to_json(), "matches": m} for e, m in hits],
        "cognate": [p.verdict(w, oracle).to_json() for w in words[:2]], "rule": cite("abbreviation")})]


def _through_target_parts(p: TargetProfile, word: str, oracle: Oracle) -> bool:
    """The word meets the target only through a part of the target's expansion (союз of комсомол)."""
    verdict = p.verdict(word, oracle)
    return bool(verdict and verdict.evidence and verdict.evidence[0].get("kind") == "expansion_part")


def _unknown_abbreviation(p: TargetProfile, tok: Token, info) -> list[Finding]:
    """Capitals no table knows, with a letter a root of the target starts with: for the judge."""
    if not tok.text.isupper() or p.lexicon.is_ordinary_word(tok.text):
        return []  # a shouted ordinary word (ДОМ) is not an abbreviation; the cognate rule sees it
    common = sorted(set(p.lexicon.fold(tok.text)) & p.root_initials)
    if not common:
        return []
    return [_finding_on(tok, "abbreviation",
                f"«{tok.text}» похоже на аббревиатуру, которую словарь не знает; буква "
                f"«{common[0].upper()}» может означать загаданное «{p.word.raw}» (с неё начинается корень): "
                "решает судья", "warning",
                {"abbreviation": tok.text, "source": p.lexicon.abbreviation_source(info.source),
                 "root_initials": sorted(p.root_initials), "matching_letters": common})]


def fragment(p: TargetProfile, tok: Token, oracle: Oracle) -> list[Finding]:
    """C: a non-word that makes a word together with the target («птеро…» for дактиль)."""
    if tok.word is None or not p.lexicon.fragment_candidate(tok.text):
        return []
    match = p.fragments.find(tok.word.text)
    if match is None:
        return []
    return [_fragment_finding(p, tok, match)]


def latin_spelling(p: TargetProfile, tok: Token, oracle: Oracle) -> list[Finding]:
    """F: the target or a certain cognate written in Latin letters («ruka»)."""
    if not LATIN_WORD.fullmatch(tok.text):
        return []
    for cyr in p.lexicon.latin_readings(tok.text):
        key = p.lexicon.fold(cyr)
        own = key in p.forms
        if own or (p.lexicon.in_dictionary(key) and (v := p.verdict(key, oracle)) is not None
                   and v.cognate and v.confidence == "certain"):
            return [_finding_on(tok, "translation",
                        f"«{tok.text}» — это «{cyr}» латиницей"
                        + ("" if own else f", однокоренное с загаданным «{p.word.raw}»"),
                        "violation", {"transliteration": cyr, "target": p.word.raw, "rule": cite("latin_spelling")})]
    return []


def profanity(p: TargetProfile, tok: Token, oracle: Oracle) -> list[Finding]:
    """G: obscene and abusive words; a word profane in only one of its senses is for the judge."""
    try:
        hit = p.lexicon.profanity(tok.text)
    except FileNotFoundError:     # the profanity data is not built: the rule is off
        return []
    if hit is None:
        return []
    severe = hit.category in SEVERE_PROFANITY and not hit.homonym
    message = f"«{tok.text}» — {PROFANITY_LABELS.get(hit.category, hit.category)} (корень «{hit.root}»)"
    if hit.homonym:
        message += f"; но у слова есть и другое значение ({hit.homonym}): решает судья"
    return [_finding_on(tok, "profanity", message, "violation" if severe else "warning",
                {**hit.to_json(), "rule": cite("profanity")})]


def _fragment_finding(p: TargetProfile, tok: Token, match, cut_off: bool = False) -> Finding:
    own = match.base in p.lemma_keys or match.base == p.word.key
    return _finding_on(tok, "fragment",
                (f"«{tok.text}…» — оборванная часть слова: вместе с " if cut_off
                 else f"«{tok.text}» — не слово, но вместе с ")
                + ("загаданным" if own else f"«{match.base}» (однокоренным с загаданным)")
                + f" образует слово «{match.word}»",
                "violation", {**match.to_json(), "rule": cite("fragment")})


WORD_RULES = (cognate, abbreviation, fragment, latin_spelling, profanity)


def word_rules(ex: Explanation) -> list[Finding]:
    """The word rules on every word and hyphen part; cached per target unless judges have ruled."""
    if ex.oracle:
        # Rulings change cognate answers, so the cache of answers without them does not apply.
        prefetch = getattr(ex.oracle, "prefetch", None)     # the scope's rulings on these words, one query
        if prefetch is not None:
            prefetch("cognate", [ex.profile.word.raw, *(piece.text for piece in ex.pieces)])
        return [f for piece in ex.pieces if budget.check() is None for rule in WORD_RULES
                for f in rule(ex.profile, ex.profile.in_text(piece, ex.tokens), ex.oracle)]
    # budget.check() per word: a 5,000-character text is hundreds of them, and a timed-out request stops.
    return [f for piece in ex.pieces if budget.check() is None
            for f in ex.profile.word_findings(piece, WORD_RULES, ex.tokens)]


# ---------------------------------------------------------------- fragments ---

def marked_fragments(ex: Explanation) -> list[Finding]:
    """C: a word cut off («контр…», «ко…») that the target completes into a word, whatever the part spells."""
    out = []
    for at, tok in enumerate(ex.tokens):
        if tok.word is None or not CUT_OFF.match(ex.text, tok.end) or HYPHENS.search(tok.text):
            continue
        function_word = ex.profile.lexicon.is_function_word(tok.word.text)
        if function_word and _said_again(ex.tokens, at):
            continue            # «ко… ко мне»: a word stuttered in speech, not a part of anything
        if not function_word and _common_word(ex.profile, tok):
            continue
        match = ex.profile.fragments.find_marked(tok.text)
        if match is not None and function_word and ex.profile.cognate(match.word, ex.oracle):
            match = None        # «по… поход» for ход: a preposition said twice, the word a cognate anyway
        if match is not None:
            out.append(_fragment_finding(ex.profile, tok, match, cut_off=True))
        elif _target_beginning(ex.profile, tok) and tok.word.key not in HESITANT_PARTS:
            # «ко…» for кошка is a preposition only in spelling; the hesitations it could be are listed.
            out.append(_finding_on(tok, "fragment", f"«{tok.text}…» — оборванное начало загаданного слова "
                                   f"«{ex.profile.word.raw}»: досказать его по буквам нельзя", "violation",
                                   {"part": tok.text, "target": ex.profile.word.raw, "rule": cite("fragment")}))
    return out


def _said_again(tokens: list[Token], at: int) -> bool:
    nxt = tokens[at + 1] if at + 1 < len(tokens) else None
    return nxt is not None and nxt.word is not None and nxt.word.key == tokens[at].word.key


def _common_word(p: TargetProfile, tok: Token) -> bool:
    """A frequent word in its dictionary form («много…», «лес…»): cut off, it is a pause, not a part.
    Combining forms (авто…, теле…) and rare forms (контр…) are rarer than this."""
    w = tok.word
    return p.lexicon.status(w.text).zipf >= COMMON_ZIPF and w.key in lemma_keys_of(p.lexicon, w.text)


def _target_beginning(p: TargetProfile, tok: Token) -> bool:
    """The word is the first letters of the target (сто of стол), shorter than every form it begins."""
    w = tok.word
    return (w is not None and len(w.key) >= 2 and w.key not in p.forms
            and any(len(f) > len(w.key) and f.startswith(w.key) for f in p.forms))


def _lemma_in(ex: Explanation, tok: Token, words: frozenset[str]) -> bool:
    w = tok.word
    return w is not None and (w.key in words or bool(lemma_keys_of(ex.profile.lexicon, w.text) & words))


def _extension(ex: Explanation, i: int) -> int | None:
    """The «добавь» after part `i` with a vague amount near it («чуть-чуть»), as a token index."""
    tokens = ex.tokens
    quoted = _quoted(ex.text, tokens[i])
    for j in range(i + 1, min(len(tokens), i + PARTS_WINDOW + 2)):
        weak = _lemma_in(ex, tokens[j], QUOTED_EXTEND_WORDS)
        if not (_lemma_in(ex, tokens[j], EXTEND_VERBS) or weak and (quoted or _spoken_plus(ex, i, j))):
            continue
        for k in range(j + 1, min(len(tokens), j + 1 + PARTS_WINDOW)):
            if _lemma_in(ex, tokens[k], AMOUNT_WORDS) and _amount_of_letters(ex, k):
                return j
    return None


def _spoken_plus(ex: Explanation, i: int, j: int) -> bool:
    """Speech has no quotes: «сто и ещё чуть-чуть» counts when only small words stand between the part
    and «ещё», and the amount follows at once (not «сто рублей и ещё немного»)."""
    between = ex.tokens[i + 1:j]
    amount = ex.tokens[j + 1] if j + 1 < len(ex.tokens) else None
    return (amount is not None and _lemma_in(ex, amount, AMOUNT_WORDS)
            and all(t.word is not None and ex.profile.lexicon.is_function_word(t.word.text) for t in between))


def _quoted(text: str, tok: Token) -> bool:
    return text[tok.start - 1:tok.start] in OPENING_QUOTES and text[tok.end:tok.end + 1] in CLOSING_QUOTES


def _amount_of_letters(ex: Explanation, k: int) -> bool:
    """«добавь чуть-чуть» adds to the word; «добавь немного сахара» adds sugar."""
    if k + 1 >= len(ex.tokens):
        return True
    after = ex.tokens[k + 1]
    if CLAUSE_BREAK.search(ex.text, ex.tokens[k].end, after.start):
        return True
    return after.word is not None and (_lemma_in(ex, after, NAMING_WORDS)
                                       or ex.profile.lexicon.is_function_word(after.word.text))


def extended_parts(ex: Explanation) -> list[Finding]:
    """C, D: the target's beginning with «add a bit» («возьми «сто» и добавь чуть-чуть» for стол)."""
    out, p = [], ex.profile
    if not EXTEND_CUE.search(fold_key(ex.text)):
        return out
    for i, tok in enumerate(ex.tokens):
        if not _target_beginning(p, tok) or (j := _extension(ex, i)) is None:
            continue
        verb = ex.tokens[j]
        why = {"part": tok.text, "extension": verb.text, "target": p.word.raw, "rule": cite("fragment")}
        out.append(_finding_on(tok, "fragment", f"«{tok.text}» — начало загаданного слова, и его велят "
                                f"достроить («{verb.text}»): это отсылка к буквам, а не к смыслу", "violation", why))
        out.append(_finding_on(verb, "fragment", f"«{verb.text}» — достроить «{tok.text}» до загаданного слова",
                               "violation", why))
    return out


# ------------------------------------------------------------------ letters ---

def _scrambled(p: TargetProfile, tok: Token, hint: bool, oracle: Oracle) -> list[Finding]:
    """The target's letters in another order: a non-word (тсор), or a word the text names as an anagram."""
    w = tok.word
    if w is None or len(w.key) < 3 or w.key in p.forms:
        return []
    known = p.lexicon.in_dictionary(w.key)
    if not known and "".join(sorted(w.key)) in p.form_letters:
        reversal = w.key[::-1] in p.forms
        return [_finding_on(tok, "letters", f"«{tok.text}» — буквы загаданного слова "
                                    f"{'задом наперёд' if reversal else 'в другом порядке'}", "violation",
                    {"kind": "reversal" if reversal else "anagram", "target": p.word.raw,
                     "rule": cite("target_letters")})]
    if known and hint and sorted(w.key) == p.letters and not p.cognate(w.key, oracle):
        return [_finding_on(tok, "letters", f"«{tok.text}» прямо названо анаграммой загаданного слова", "violation",
                    {"kind": "named_anagram", "target": p.word.raw, "rule": cite("named_anagram")})]
    return []


def anagrams(ex: Explanation) -> list[Finding]:
    """D: the target's letters scrambled, and the word «анаграмма»: forbidden when it names one."""
    found = [f for piece in ex.pieces if budget.check() is None
             for f in _scrambled(ex.profile, piece, ex.anagram_hint, ex.oracle)]
    named = any(f.evidence.get("kind") == "named_anagram" for f in found)
    for tok in ex.tokens:
        if tok.word is None or not lemma_keys_of(ex.profile.lexicon, tok.word.text) & ANAGRAM_WORDS:
            continue
        if named:
            found.append(_finding_on(tok, "letters", "прямо названа анаграмма загаданного слова", "violation",
                             {"rule": cite("named_anagram")}))
        else:
            found.append(_finding_on(tok, "letters", "упомянута анаграмма: можно, только если она объяснена через смысл",
                             "warning", {"rule": cite("anagram_by_meaning")}))
    return found


def _is_cue(ex: Explanation, tok: Token) -> str | None:
    """A size or position near a letter word: a number, a single letter, «первая», «последние»."""
    if tok.text.isdigit():
        return tok.text
    if tok.word is None:
        return None
    t, lexicon = tok.word.text, ex.profile.lexicon
    if (len(t) == 1 and t.isalpha()) or lexicon.has_tag(t, "NUMR") or lexicon.has_tag(t, "Anum") \
            or lemma_keys_of(lexicon, t) & POSITION_LEMMAS:
        return t
    return None


def _letter_word(ex: Explanation, i: int) -> list[Finding]:
    tok = ex.tokens[i]
    lemmas = lemma_keys_of(ex.profile.lexicon, tok.word.text) & NAMING_WORDS if tok.word else set()
    if not lemmas or ex.profile.lemma_keys & NAMING_WORDS:
        return []
    lemma = sorted(lemmas)[0]
    if lemma in ANAGRAM_WORDS:
        return []   # judged with the anagram itself, see anagrams()
    near = range(max(0, i - CUE_WINDOW), min(len(ex.tokens), i + CUE_WINDOW + 1))
    cues = [(j, cue) for j in near if j != i and (cue := _is_cue(ex, ex.tokens[j])) is not None]
    if not cues:
        return [_finding_on(tok, "letters", f"«{tok.text}» — возможно, отсылка к буквам или слогам: решает судья",
                    "warning", {"rule": cite("letters")})]
    j = min((j for j, _ in cues), key=lambda k: (abs(k - i), k))     # the nearest cue, for the message
    first, second = sorted((i, j))
    phrase = f"«{ex.tokens[first].text}{' ' if second - first == 1 else ' … '}{ex.tokens[second].text}»"
    what = "буквам" if lemma in LETTER_WORDS else "слогам"
    return [_finding_on(tok, "letters", f"{phrase} — отсылка к {what} слова", "violation",
                {"cues": [cue for _, cue in cues], "rule": cite("letters")})]


def letter_words(ex: Explanation) -> list[Finding]:
    """D: «буква», «слог» with a size or position nearby («первая буква л», «из трёх букв»)."""
    return [f for i in range(len(ex.tokens)) for f in _letter_word(ex, i)]


def _sounds_alike(p: TargetProfile, word: str) -> bool:
    """A word that rhymes with a form of the target or differs from it in a letter or two (прядка, грядка)."""
    key = fold_key(word)
    if len(key) < 2 or key in p.forms:
        return False
    return any((len(f) >= 4 and len(key) >= 4 and f[-3:] == key[-3:])
               or (abs(len(f) - len(key)) <= 2 and Levenshtein.distance(f, key) <= min(2, len(f) // 2))
               for f in p.forms)


def letter_phrases(ex: Explanation) -> list[Finding]:
    """D, E: phrases about reading backwards, letter counts, spelling, stress, the shape of letters, rhyme."""
    out, lower = [], ex.text.lower()
    for phrase in PHRASES:
        if not phrase.may_match(lower):
            continue
        for m in phrase.pattern.finditer(ex.text):
            if phrase.alike_only and not _sounds_alike(ex.profile, m.group(m.re.groups)):
                continue
            spans = [m.span(g) for g in range(1, m.re.groups + 1) if m.group(g)] if m.re.groups else [m.span()]
            for start, end in spans:
                out.append(Finding("letters", f"«{ex.text[start:end]}» — отсылка к {phrase.appeal_dative}",
                                   phrase.severity, Span.of(ex.text, start, end),
                                   evidence={"appeal": phrase.appeal, "phrase": m.group(), "rule": cite("phrases")}))
    # A warning inside a phrase already found a violation says nothing more («в рифму» of «в рифму со …»).
    hard = [f for f in out if f.severity == "violation"]
    return [f for f in out if f.severity == "violation"
            or not any(h.start < f.end and f.start < h.end for h in hard)]


# -------------------------------------------------------------- translation ---

def _language_marker(tokens: list[Token], i: int) -> bool:
    """«по-английски», or «на английском» / «с английского»."""
    tok = tokens[i]
    if LANGUAGE_ADVERB.match(tok.text):
        return True
    return bool(LANGUAGE_ADJECTIVE.match(tok.text)) and i > 0 and tokens[i - 1].text.lower() in ADJECTIVE_PREPOSITIONS


def _not_a_translation(p: TargetProfile, tok: Token) -> bool:
    """Words a language marker does not translate: hesitations (э-э), particles (только), capitalised names."""
    w = tok.word
    if w is None:
        return False
    lexicon = p.lexicon
    if not lexicon.status(w.text).dictionary:
        return bool(HESITATION.fullmatch(w.key))
    if not any(lexicon.has_tag(w.text, pos) for pos in CONTENT_POS):
        return True            # «только», «так», «ну»: no noun, adjective or verb reading
    return tok.text[:1].isupper() and any(lexicon.has_tag(w.text, g) for g in NAME_GRAMMEMES)


def _foreign(p: TargetProfile, tok: Token) -> tuple[bool, bool]:
    """Is the word foreign, and is it in Latin script?  A Russian word is in the compiled lexicon."""
    latin = bool(LATIN_WORD.fullmatch(tok.text))
    if latin:
        return True, True
    w = tok.word
    if w is not None and w.key in FALSE_FRIENDS:
        return True, False
    if w is None or len(w.key) < 2 or p.lexicon.is_function_word(w.text) or _not_a_translation(p, tok):
        return False, False
    # The compiled lexicon lists words pymorphy3 lacks (домашка, хайп, винтаж): those are Russian.
    return not p.lexicon.status(w.text).compiled, False


def _linking(ex: Explanation, tok: Token) -> bool:
    """A word between a language and its word that names nothing: «по-английски это будет чайлд»."""
    w = tok.word
    if w is None:
        return False
    return (HESITATION.fullmatch(w.key) is not None or ex.profile.lexicon.is_function_word(w.text)
            or _lemma_in(ex, tok, LINKING_LEMMAS))


def _words_beside(ex: Explanation, i: int, step: int) -> list[Token]:
    """The first words on one side of a language marker, linking words passed over."""
    out, j, tokens = [], i + step, ex.tokens
    while 0 <= j < len(tokens) and len(out) < TRANSLATION_REACH:
        cand = tokens[j]
        if LANGUAGE_ADVERB.match(cand.text) or LANGUAGE_ADJECTIVE.match(cand.text):
            break
        if not _linking(ex, cand):
            out.append(cand)
        j += step
    return out


def _translated_word(ex: Explanation, i: int) -> Token | None:
    """The word a language marker at `i` names: the nearest words either side, the one before first."""
    before, after = _words_beside(ex, i, -1), _words_beside(ex, i, 1)
    for k in range(TRANSLATION_REACH):
        for side in (before, after):
            if k < len(side) and _foreign(ex.profile, side[k])[0]:
                return side[k]
    return None


def foreign_words(ex: Explanation) -> list[Finding]:
    """F: a word next to a language marker that is no Russian word («хенд по-английски»)."""
    out, tokens = [], ex.tokens
    for i, marker in enumerate(tokens):
        if not _language_marker(tokens, i):
            continue
        cand = _translated_word(ex, i)
        if cand is None:
            continue
        meaning = FALSE_FRIENDS.get(cand.word.key) if cand.word else None
        message = (f"«{cand.text}» («{marker.text}») — иностранное слово «{meaning}»: в русском «{cand.text}» "
                   "значит другое, а переводить на слова, которых нет в русском с тем же значением, нельзя"
                   if meaning else f"«{cand.text}» — иностранное слово («{marker.text}»): переводить на слова, "
                   "которые не употребляются в русском, нельзя")
        out.append(_finding_on(cand, "translation", message, "violation",
                               {"marker": marker.text, "latin_script": bool(LATIN_WORD.fullmatch(cand.text)),
                                "russian_word": bool(meaning), **({"foreign_meaning": meaning} if meaning else {}),
                                "rule": cite("translation")}))
    return out


# -------------------------------------------------------------------- check ---

EXPLANATION_RULES = (word_rules, marked_fragments, extended_parts, anagrams, letter_words, letter_phrases,
                     foreign_words)


def _one_per_span(findings: list[Finding]) -> list[Finding]:
    """One finding per rule and span, the first one found; a violation replaces a warning."""
    seen: dict[tuple[str, int, int], Finding] = {}
    for f in findings:
        key = (f.rule, f.start, f.end)
        if key not in seen or (seen[key].severity == "warning" and f.severity == "violation"):
            seen[key] = f
    return list(seen.values())


def check_explanation(lexicon, target: str | NormalizedWord, text: str,
                      oracle: Oracle = NO_RULINGS) -> ExplanationResult:
    """Every violation of rules B–G in an explanation of `target`, with spans and evidence.

    `oracle` holds the judges' rulings: a cognate ruling on (target, word) decides that word.
    """
    p = profile(lexicon, target)
    # The rules read the text without invisible characters (ко\u200eтёнок is котёнок); spans go back to it as sent.
    clean = clean_text(text)
    ex = Explanation(p, clean.text, lexicon.tokenize(clean.text), oracle)
    findings = [f for rule in EXPLANATION_RULES if budget.check() is None for f in rule(ex)]
    return ExplanationResult(p.word.raw, as_sent(in_text_order(_one_per_span(findings)), clean), len(ex.tokens))
