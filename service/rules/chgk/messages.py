"""Russian wording shared by the matcher and the verdicts: counts and the texts built from them."""
from __future__ import annotations

from typing import Iterable


def plural(n: int, one: str, few: str, many: str) -> str:
    """The Russian form for a count: plural(1, "буква", "буквы", "букв") → "буква", 2 → "буквы", 5 → "букв"."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def letters(n: int) -> str:
    """1 буква, 2 буквы, 5 букв."""
    return f"{n} {plural(n, 'буква', 'буквы', 'букв')}"


def too_short_for_typo(answer: str, reference: str, distance: int, shorter: int, allowed: int) -> str:
    diff = f"«{answer}» отличается от «{reference}» на {distance} {plural(distance, 'букву', 'буквы', 'букв')}"
    if not allowed:
        return diff + ", а в словах короче 4 букв опечатки не допускаются"
    return (diff + f", а в слове из {shorter} {plural(shorter, 'буквы', 'букв', 'букв')} допускается "
            f"не больше {allowed}")


def not_a_typo(answer: str, reference: str, lemmas: list[str]) -> str:
    return f"«{answer}» — самостоятельное слово ({', '.join(lemmas)}), а не форма «{reference}», поэтому это не опечатка"


def omitted(parts: Iterable[str]) -> str:
    parts = list(parts)
    quoted = ", ".join(f"«{x}»" for x in parts)
    return f"необязательная часть {quoted} опущена" if len(parts) == 1 else \
        f"необязательные части {quoted} опущены"
