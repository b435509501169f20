"""What a question's text tells the judge: the replacements it states («вместо X мы написали Y»).

A question often hides a word behind another («Вместо слова "Буратино" мы написали "АЛЬФА"»), and a
team may answer in the question's words («альфа сломалась» for «Буратино сломался»).  An answer that
matches the reference once the replacement is undone (or the reference once it is applied) says the
same thing; the verdict names the replacement as its evidence.  Without a question nothing changes.
"""
from __future__ import annotations

import re

from service.rules.chgk.tokens import clean

_QUOTED = r"[«\"'“„]?([^«»\"'“”„,.;:!?()]{1,60}?)[»\"'”]?"
# «вместо X (мы) написали / написано / пишем / употребили Y», «заменили X на Y», «X заменено на Y»
_PATTERNS = (
    re.compile(rf"вместо\s+(?:слов[аоы]?\s+|имени\s+)?{_QUOTED}\s+"
               rf"(?:мы\s+|автор\s+|в\s+вопросе\s+)?(?:написали|написано|напишем|пишем|употребили|использовали|"
               rf"поставили|стоит|будет)\s+{_QUOTED}(?=[\s,.;:!?)]|$)", re.IGNORECASE),
    re.compile(rf"заменили\s+{_QUOTED}\s+на\s+{_QUOTED}(?=[\s,.;:!?)]|$)", re.IGNORECASE),
    re.compile(rf"(?:слово\s+|имя\s+)?{_QUOTED}\s+(?:заменено|заменён|заменен|заменены|заменена)\s+на\s+{_QUOTED}"
               rf"(?=[\s,.;:!?)]|$)", re.IGNORECASE),
)
MAX_REPLACEMENTS = 4     # a question states one or two; more would be a list the patterns misread
# «вместо одного слова мы написали АЛЬФА» states no hidden word: nothing to undo.
_UNNAMED = re.compile(r"^(?:одн|друг|некотор|слов|пропуск|что-?то|кого-?то|чего-?то|имени|назван|мы$|в\s)",
                      re.IGNORECASE)


def replacements(question: str | None) -> list[tuple[str, str]]:
    """(hidden, written) pairs the question states, in order; [] without a question."""
    if not question:
        return []
    text = clean(question)
    found: list[tuple[str, str]] = []
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            hidden, written = m.group(1).strip(), m.group(2).strip()
            if (hidden and written and hidden.lower() != written.lower() and not _UNNAMED.match(hidden)
                    and (hidden, written) not in found):
                found.append((hidden, written))
    return found[:MAX_REPLACEMENTS]


def rewritten(answer: str, pairs: list[tuple[str, str]]) -> list[tuple[str, tuple[str, str]]]:
    """The answer with one replacement undone (written → hidden) or applied (hidden → written), for each
    replacement whose word it contains; each with the pair used."""
    out = []
    for hidden, written in pairs:
        for old, new in ((written, hidden), (hidden, written)):
            pattern = re.compile(rf"(?<!\w){re.escape(old)}(?!\w)", re.IGNORECASE)
            if pattern.search(answer):
                out.append((pattern.sub(new, answer), (hidden, written)))
    return out
