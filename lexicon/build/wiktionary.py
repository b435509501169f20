"""Streaming reader for ru.wiktionary "pages-articles" XML dumps.

For every Russian entry (``= {{-ru-}} =`` section of a namespace-0 page, one
entry per numbered homograph) it yields the morpheme segmentation from
``{{морфо-ru|...}}`` and the link targets of the «Родственные слова» section.

Conventions followed
--------------------
``{{морфо-ru}}`` as used on ru.wiktionary (checked against real article
snippets such as ``{{морфо-ru|бес-|судорож|-н|+ый}}``,
``{{морфо-ru|в-|да|+ть|-ся}}``, ``{{морфо-ru|сам|-о-|суд|и=т}}``,
``{{морфо-ru|суч|-ок|+∅|и=т}}``):

* ``при-``  (trailing hyphen)            -> prefix
* ``кош``   (no hyphen)                  -> root
* ``-ник``, ``-ник-`` (leading hyphen)   -> suffix
* ``-о-``   directly before a root       -> interfix (linking vowel)
* ``+а``    (leading plus)               -> ending
* ``+``, ``+∅``, ``-∅``, ``∅``           -> zero ending, nothing emitted
* ``-X`` after an ending, or a final ``-ся``/``-сь`` -> postfix
* named arguments (``и=т``, ``ударение=``...) are ignored.

Older/hand-written templates sometimes mark the ending with a hyphen
(``кош|-к|-а``).  Only when a template uses no ``+`` marker at all, a final
``-X`` after a root is read as the ending.  ``j`` (the template's yod sign,
``-ениj``) is kept verbatim; stress marks are stripped.

Pages are parsed with ``iterparse`` and cleared after each ``<page>`` so a
multi-GB dump (``.bz2`` is read transparently) runs in constant memory.  The
export namespace is matched by local tag name, so any
``export-0.x`` version works.
"""

from __future__ import annotations

import bz2
import os
import re
import unicodedata
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from typing import IO, Iterator

__all__ = ["WiktionaryEntry", "iter_entries", "parse_morpho"]


@dataclass(frozen=True)
class WiktionaryEntry:
    title: str
    homonym: int | None
    morphemes: tuple[tuple[str, str], ...]
    related: tuple[str, ...]


# ---------------------------------------------------------------- morphemes

_ZERO = {"+", "+∅", "-∅", "∅", "+0"}
_POSTFIX_AT_END = {"ся", "сь"}


def _clean(text: str) -> str:
    """NFC (so е+◌̈ is ё), drop stress marks, lowercase."""
    text = unicodedata.normalize("NFC", text.strip())
    return text.replace("\u0301", "").replace("\u0300", "").lower()


def _split_args(body: str) -> list[str]:
    """Split template body on top-level ``|`` (ignoring nested {{ }} / [[ ]])."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(body):
        pair = body[i:i + 2]
        if pair in ("{{", "[["):
            depth += 1
            i += 2
        elif pair in ("}}", "]]"):
            depth = max(depth - 1, 0)
            i += 2
        else:
            if body[i] == "|" and depth == 0:
                parts.append(body[start:i])
                start = i + 1
            i += 1
    parts.append(body[start:])
    return parts


def parse_morpho(template_args: str) -> tuple[tuple[str, str], ...]:
    """Segment ``{{морфо-ru|...}}`` arguments into ((text, kind), ...).

    Accepts either the argument string (``"кош|-к|+а"``) or the whole
    template (``"{{морфо-ru|кош|-к|+а}}"``).
    """
    body = template_args.strip()
    if body.startswith("{{") and body.endswith("}}"):
        body = body[2:-2].split("|", 1)[1] if "|" in body else ""
    tokens = [
        t for t in (_clean(a) for a in _split_args(body))
        if t and not re.match(r"^[^=\[\]{}]+=", t)  # named args are metadata
    ]
    explicit_ending = any(t.startswith("+") for t in tokens)

    out: list[tuple[str, str]] = []
    seen_ending = False
    for i, tok in enumerate(tokens):
        last = i == len(tokens) - 1
        nxt = tokens[i + 1] if not last else ""
        if tok in _ZERO:
            # zero ending; between two roots it is a zero interfix (no text)
            seen_ending = seen_ending or not nxt or nxt[0] in "-+"
            continue
        if tok.startswith("+"):
            out.append((tok.strip("+-"), "ending"))
            seen_ending = True
        elif tok.startswith("-"):
            text = tok.strip("-")
            if not text:
                continue
            next_is_root = bool(nxt) and nxt[0] not in "-+" and not nxt.endswith("-")
            if tok.endswith("-") and out and next_is_root:
                kind = "interfix"
            elif seen_ending or (last and text in _POSTFIX_AT_END):
                kind = "postfix"
            elif last and not explicit_ending and any(k == "root" for _, k in out):
                kind = "ending"  # legacy "-а" ending, see module docstring
            else:
                kind = "suffix"
            out.append((text, kind))
        elif tok.endswith("-"):
            out.append((tok.rstrip("-"), "prefix"))
        else:
            out.append((tok, "root"))
    return tuple(out)


# ---------------------------------------------------------------- wikitext

_HEADER = re.compile(r"^(={1,6})\s*(.*?)\s*\1\s*$", re.M)
_RU_HEADER = re.compile(r"^\{\{\s*-ru-\s*(\|[^}]*)?\}\}$")
_ROMAN = {"I": 1, "II": 2, "III": 3, "IV": 4, "V": 5, "VI": 6, "VII": 7,
          "VIII": 8, "IX": 9, "X": 10}
_TITLE_TEMPLATE = re.compile(r"^\{\{\s*(?:заголовок|з)\s*(?:\|(.*))?\}\}$", re.S)
_LINK = re.compile(r"\[\[([^\[\]|]+)(?:\|[^\[\]]*)?\]\]")
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_REDIRECT = re.compile(r"^\s*#\s*(redirect|перенаправление)\b", re.I)


def _homonym_number(header: str) -> int | None | bool:
    """Number of a homograph header, 0 if it is one without a number,
    False if the header is not a homograph header at all."""
    def number(text: str) -> int | None:
        text = text.strip()
        if text.upper() in _ROMAN:
            return _ROMAN[text.upper()]
        m = re.search(r"(?:^|\s)(\d+)$", text)  # "1" or "лук 1"
        return int(m.group(1)) if m else None

    m = _TITLE_TEMPLATE.match(header)
    if m:  # {{заголовок|I}}, {{заголовок|лук 1}}, {{заголовок|ru|add=II}}
        for arg in _split_args(m.group(1) or ""):
            n = number(arg.split("=", 1)[1] if arg.strip().startswith("add=") else arg)
            if n:
                return n
        return 0
    return number(header) or False  # bare "=== I ===" / "== 2 =="


def _find_template(text: str, name: str) -> str | None:
    """Return the full first ``{{name|...}}`` with balanced braces."""
    m = re.search(r"\{\{\s*" + re.escape(name) + r"\s*[|}]", text)
    if not m:
        return None
    depth, i = 0, m.start()
    while i < len(text) - 1:
        if text.startswith("{{", i):
            depth, i = depth + 1, i + 2
        elif text.startswith("}}", i):
            depth, i = depth - 1, i + 2
            if depth == 0:
                return text[m.start():i]
        else:
            i += 1
    return None  # unbalanced: ignore rather than guess


def _russian_section(text: str) -> str | None:
    headers = list(_HEADER.finditer(text))
    for k, h in enumerate(headers):
        if len(h.group(1)) == 1 and _RU_HEADER.match(h.group(2)):
            end = next((x.start() for x in headers[k + 1:] if len(x.group(1)) == 1),
                       len(text))
            return text[h.end():end]
    return None


def _homonym_blocks(section: str) -> list[tuple[int | None, str]]:
    marks = [(h, n) for h in _HEADER.finditer(section)
             if len(h.group(1)) in (2, 3)
             and (n := _homonym_number(h.group(2))) is not False]
    if len(marks) < 2:
        return [(None, section)]
    blocks = []
    for k, (h, n) in enumerate(marks):
        end = marks[k + 1][0].start() if k + 1 < len(marks) else len(section)
        blocks.append((n or k + 1, section[h.end():end]))
    return blocks


def _related(block: str, title: str) -> tuple[str, ...]:
    headers = list(_HEADER.finditer(block))
    words: dict[str, None] = {}  # ordered set
    for k, h in enumerate(headers):
        if h.group(2).strip().lower() != "родственные слова":
            continue
        level = len(h.group(1))
        end = next((x.start() for x in headers[k + 1:] if len(x.group(1)) <= level),
                   len(block))
        for link in _LINK.findall(block[h.end():end]):
            target = _clean(link.split("#", 1)[0])
            # ":" = category / interwiki / other namespace, not a lemma
            if target and ":" not in target and target != title.lower():
                words.setdefault(target)
    return tuple(words)


def _entries_from_wikitext(title: str, text: str) -> Iterator[WiktionaryEntry]:
    section = _russian_section(_COMMENT.sub("", text))
    if section is None:
        return
    for homonym, block in _homonym_blocks(section):
        tmpl = _find_template(block, "морфо-ru")
        yield WiktionaryEntry(
            title=title,
            homonym=homonym,
            morphemes=parse_morpho(tmpl) if tmpl else (),
            related=_related(block, title),
        )


# ---------------------------------------------------------------- XML dump

def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _child(elem: ET.Element, name: str) -> ET.Element | None:
    return next((c for c in elem if _local(c.tag) == name), None)


def _open(path: str | os.PathLike) -> IO[bytes]:
    return bz2.open(path, "rb") if os.fspath(path).endswith(".bz2") else open(path, "rb")


def iter_entries(path: str | os.PathLike) -> Iterator[WiktionaryEntry]:
    """Yield WiktionaryEntry for each Russian entry of a pages-articles dump."""
    prefixes: tuple[str, ...] = ()  # non-main namespace prefixes, for dumps without <ns>
    with _open(path) as fh:
        context = ET.iterparse(fh, events=("start", "end"))
        _, root = next(context)
        for event, elem in context:
            if event != "end":
                continue
            tag = _local(elem.tag)
            if tag == "namespaces":
                prefixes = tuple(f"{n.text}:" for n in elem
                                 if n.text and n.get("key") != "0")
            if tag != "page":
                continue
            title_el, ns_el = _child(elem, "title"), _child(elem, "ns")
            title = (title_el.text or "") if title_el is not None else ""
            if ns_el is not None and ns_el.text:
                main = ns_el.text.strip() == "0"
            else:
                main = not title.startswith(prefixes)
            revisions = [c for c in elem if _local(c.tag) == "revision"]
            text_el = _child(revisions[-1], "text") if revisions else None
            text = (text_el.text or "") if text_el is not None else ""
            if main and _child(elem, "redirect") is None and not _REDIRECT.match(text):
                yield from _entries_from_wikitext(title, text)
            root.clear()  # drop finished pages so memory stays flat
