"""Read access to the compiled lexicon (lexicon/data/lexicon.sqlite).

Opening costs a few milliseconds; rows are fetched on demand and the hot ones
cached, so a check touches SQLite only for words it has not seen yet.

Every compiled data file (lexicon.sqlite, stress.sqlite, frequency.dawg,
profanity.json) is checked when it is opened and by ``verify``: a missing,
empty, truncated or unreadable file raises :class:`DataFileError` naming the
file, instead of failing later on the first lookup that reaches a lost page.
For SQLite the check is cheap and exact for truncation: the header records
the page size and count, so the file must be at least that long.
"""
from __future__ import annotations

from lexicon import caches, paths

import json
import sqlite3
import struct
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lexicon.segment import AffixInventory, Morphemes

FORMAT_VERSION = "koren-lex-2"
SOURCES = ("tikhonov-morphemes", "tikhonov-dictionary", "wiktionary", "derivbase-carried", "guess")
DEFAULT_PATH = paths.LEXICON_DB

BUILD_HINT = "rebuild it with `python -m lexicon.build` or restore it from the release"
SQLITE_MAGIC = b"SQLite format 3\x00"


class DataFileError(RuntimeError):
    """A compiled data file is missing, truncated or unreadable; ``path`` names it."""

    def __init__(self, path: str | Path, problem: str, fix: str = BUILD_HINT):
        self.path, self.problem = Path(path), problem
        super().__init__(f"{path}: {problem}" + (f"; {fix}" if fix else ""))


class DataFileMissing(DataFileError, FileNotFoundError):
    """The data file is not there (a FileNotFoundError too, as the loaders raised before)."""


def load_dawg(path: str | Path, fix: str, probe: str, kind=None):
    """A compiled DAWG (dawg.IntDAWG by default); DataFileError naming the file when it is missing, empty,
    damaged, or does not hold `probe` (a key any build has)."""
    import dawg

    path = Path(path)
    check_file(path, fix)
    try:
        table = (kind or dawg.IntDAWG)().load(str(path))
    except (OSError, ValueError, MemoryError) as exc:   # the library says "Invalid data format"
        raise DataFileError(path, f"is damaged or truncated ({exc})", fix) from exc
    if not table.get(probe):
        raise DataFileError(path, f"is incomplete: no «{probe}»", fix)
    return table


def read_json(path: str | Path, fix: str = BUILD_HINT) -> object:
    """A compiled JSON table; DataFileError naming the file when it is missing, empty, unreadable or not JSON."""
    path = Path(path)
    check_file(path, fix)
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise DataFileError(path, f"is truncated or not JSON ({str(exc)[:120]})", fix) from exc
    except OSError as exc:
        raise DataFileError(path, f"cannot be read ({exc.strerror})", fix) from exc


def check_file(path: str | Path, fix: str = BUILD_HINT) -> int:
    """The file's size; DataFileError when it is missing, not a file or empty."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise DataFileMissing(path, "missing", fix) from None
    except OSError as exc:
        raise DataFileError(path, f"cannot be read ({exc.strerror})", fix) from exc
    if not path.is_file():
        raise DataFileError(path, "is not a regular file", fix)
    if size == 0:
        raise DataFileError(path, "is empty", fix)
    return size


def check_sqlite(path: str | Path, fix: str = BUILD_HINT) -> None:
    """Header and length of a SQLite file: a truncated copy is shorter than its header says."""
    size = check_file(path, fix)
    try:
        with open(path, "rb") as f:
            header = f.read(100)
    except OSError as exc:
        raise DataFileError(path, f"cannot be read ({exc.strerror})", fix) from exc
    if len(header) < 100 or not header.startswith(SQLITE_MAGIC):
        raise DataFileError(path, "is not a SQLite database (bad header)", fix)
    page_size, = struct.unpack_from(">H", header, 16)
    page_size = 65536 if page_size == 1 else page_size
    change_counter, pages = struct.unpack_from(">II", header, 24)
    valid_for, = struct.unpack_from(">I", header, 92)   # the page count is valid when this matches
    if valid_for == change_counter and pages and size < pages * page_size:
        raise DataFileError(path, f"is truncated: {size} bytes of {pages * page_size}", fix)


def open_sqlite(path: str | Path, fix: str = BUILD_HINT) -> sqlite3.Connection:
    """A read-only connection to a checked data file, shared across threads, with no memory mapping
    (a mapped file that shrinks under us would kill the process with SIGBUS)."""
    check_sqlite(path, fix)
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True, check_same_thread=False)
        db.execute("PRAGMA mmap_size = 0")
    except sqlite3.Error as exc:
        raise DataFileError(path, f"cannot be opened ({exc})", fix) from exc
    return db


def probe_sqlite(path: str | Path, db: sqlite3.Connection, sql: str, fix: str = BUILD_HINT) -> list[tuple]:
    """Run a probe query on a data file; an empty answer or an SQLite error is a DataFileError."""
    try:
        rows = db.execute(sql).fetchall()
    except sqlite3.Error as exc:
        raise DataFileError(path, f"is unreadable ({exc})", fix) from exc
    if not rows or rows[0][0] is None:
        raise DataFileError(path, f"is incomplete: `{sql}` found nothing", fix)
    return rows


def verify(path: str | Path | None = None) -> None:
    """Check lexicon.sqlite as it is on disk now (header, length, format, a lookup at each end)."""
    path = Path(path) if path else DEFAULT_PATH
    db = open_sqlite(path)
    try:
        version = dict(probe_sqlite(path, db, "SELECT key, value FROM meta")).get("version", "")
        if not version.startswith(FORMAT_VERSION):
            raise DataFileError(path, f"is not a {FORMAT_VERSION} lexicon (version {version!r})")
        probe_sqlite(path, db, "SELECT min(key), max(key) FROM words")
    finally:
        db.close()


_KIND_CODES = {"prefix": "p", "root": "r", "suffix": "s", "ending": "e", "interfix": "i", "postfix": "x"}
_CODE_KINDS = {v: k for k, v in _KIND_CODES.items()}


def encode_morphemes(morphemes: Morphemes, word: str) -> str:
    """Lengths and kind codes when the morphemes spell the word (`3p4r3s`), else the texts."""
    if "".join(text for text, _ in morphemes) == word:
        return "".join(f"{len(text)}{_KIND_CODES[kind]}" for text, kind in morphemes)
    return "|".join(f"{text}+{_KIND_CODES[kind]}" for text, kind in morphemes)


def decode_morphemes(encoded: str, word: str) -> Morphemes:
    out = []
    if "+" in encoded:
        for chunk in encoded.split("|"):
            text, _, code = chunk.rpartition("+")
            out.append((text, _CODE_KINDS[code]))
        return tuple(out)
    at, digits = 0, ""
    for ch in encoded:
        if ch.isdigit():
            digits += ch
            continue
        size = int(digits)
        out.append((word[at:at + size], _CODE_KINDS[ch]))
        at += size
        digits = ""
    return tuple(out)


def encode_node(family: int, depth: int, parent: tuple[str, int] | None, via: int | None, labels: list[str]) -> str:
    pkey, pidx = parent if parent else ("", "")
    return f"{family}:{depth}:{pkey}:{pidx}:{'' if via is None else via}:{','.join(labels)}"


@dataclass(frozen=True)
class RootNode:
    key: str
    idx: int
    root: str
    family: int
    labels: tuple[str, ...]      # curated senses this root has in this word
    parent: tuple[str, int] | None
    via: str | None              # the link that joined it to its parent
    depth: int


@dataclass(frozen=True)
class WordRecord:
    key: str
    word: str
    morphemes: Morphemes
    source: str
    glosses: str
    nodes: tuple[RootNode, ...]


@dataclass(frozen=True)
class FamilyRecord:
    id: int
    size: int
    spellings: tuple[tuple[str, int], ...]
    labels: tuple[str, ...]


class LexiconStore:
    def __init__(self, path: str | Path | None = None):
        self.path = Path(path) if path else DEFAULT_PATH
        # Read-only and shared across threads: uvicorn runs sync endpoints in a pool.
        self._db = open_sqlite(self.path)
        self._lock = threading.Lock()
        meta = dict(probe_sqlite(self.path, self._db, "SELECT key, value FROM meta"))
        if "version" not in meta or "affixes" not in meta:
            raise DataFileError(self.path, "is not a compiled lexicon (its meta table lacks version/affixes)")
        self.version = meta["version"]
        self.lemma_count = int(meta["lemmas"])
        self.family_count = int(meta["families"])
        self.stats = json.loads(meta.get("stats", "{}"))
        self.sources_note = meta.get("sources", "")
        self.affixes = AffixInventory.from_json(json.loads(meta["affixes"]))
        self._vias = dict(self._query("SELECT id, text FROM vias"))
        # A few thousand rows every root comparison may ask: held in memory, not queried one by one.
        self._alternations = {(a, b): links for a, b, links in self._query("SELECT a, b, links FROM alternations")}
        # Root spellings with several curated senses: spelling alone never decides for them.
        self.homonymous_roots = frozenset(json.loads(meta.get("homonymous_roots", "[]")))
        self.word = lru_cache(maxsize=30_000)(self._word)     # ~1 KB a record; a miss is an SQLite query
        self.family = lru_cache(maxsize=20_000)(self._family)
        self.node = lru_cache(maxsize=20_000)(self._node)
        caches.track(self)   # its lru_caches in the one table (lexicon.caches)

    def _query(self, sql: str, args: tuple = ()) -> list[tuple]:
        with self._lock:
            return self._db.execute(sql, args).fetchall()

    def headwords(self) -> list[str]:
        """Every word the lexicon lists as itself (its key is its dictionary form), in key order."""
        return [word or key for key, word in self._query("SELECT key, word FROM words ORDER BY key")]

    def _word(self, key: str) -> WordRecord | None:
        rows = self._query("SELECT key, word, morphemes, source, glosses, nodes FROM words WHERE key = ?", (key,))
        if not rows:
            return None
        key, word, morphemes, source, glosses, nodes = rows[0]
        word = word or key
        decoded = decode_morphemes(morphemes, word)
        roots = [text for text, kind in decoded if kind == "root"]
        parsed = []
        for idx, chunk in enumerate(nodes.split(";") if nodes else ()):
            family, depth, pkey, pidx, via, labels = chunk.split(":")
            parsed.append(RootNode(key, idx, roots[idx], int(family), tuple(l for l in labels.split(",") if l),
                                   (pkey, int(pidx)) if pkey else None,
                                   self._vias[int(via)] if via else None, int(depth)))
        return WordRecord(key, word, decoded, SOURCES[source], glosses or "", tuple(parsed))

    def _node(self, key: str, idx: int) -> RootNode | None:
        record = self.word(key)
        if record is None or idx >= len(record.nodes):
            return None
        return record.nodes[idx]

    def _family(self, family: int) -> FamilyRecord | None:
        rows = self._query("SELECT id, size, spellings, labels FROM families WHERE id = ?", (family,))
        if not rows:
            return FamilyRecord(family, 1, (), ())  # single-word families are not stored
        fid, size, spellings, labels = rows[0]
        return FamilyRecord(fid, size, tuple(tuple(s) for s in json.loads(spellings)),
                            tuple(l for l in labels.split(",") if l))

    def family_members(self, family: int, limit: int = 30) -> list[str]:
        """Words of a family, nearest to its centre first (shallow depth, short words)."""
        rows = self._query("SELECT key FROM members WHERE family = ? ORDER BY rank LIMIT ?", (family, limit))
        return [(self.word(r[0]).word if self.word(r[0]) else r[0]) for r in rows]

    def class_joins(self) -> list[tuple[str, str, str, str, str, int]]:
        """Every family merge a class rule made at build time: (rule, word a, word b, root a, root b,
        lemma pairs made cognate).  Read by `make eval` only; a lexicon built before them has none."""
        try:
            return self._query("SELECT rule, a, b, root_a, root_b, pairs FROM class_joins ORDER BY a, b")
        except sqlite3.OperationalError:
            return []

    def alternation_links(self, a: str, b: str) -> int:
        return self._alternations.get((a, b) if a <= b else (b, a), 0)

    def link_path(self, a: tuple[str, int], b: tuple[str, int], max_steps: int = 40) -> list[tuple[str, str, str]] | None:
        """Links along the spanning tree from node a to node b: [(from word, to word, link)]."""
        up_a, up_b = [], []
        na, nb = self.node(*a), self.node(*b)
        if na is None or nb is None or na.family != nb.family:
            return None
        while na.depth > nb.depth and len(up_a) < max_steps:
            up_a.append(na)
            na = self.node(*na.parent)
        while nb.depth > na.depth and len(up_b) < max_steps:
            up_b.append(nb)
            nb = self.node(*nb.parent)
        while (na.key, na.idx) != (nb.key, nb.idx) and len(up_a) < max_steps:
            up_a.append(na)
            up_b.append(nb)
            na, nb = self.node(*na.parent), self.node(*nb.parent)
        steps = [(n.key, n.parent[0], n.via or "") for n in up_a]
        steps += [(n.parent[0], n.key, n.via or "") for n in reversed(up_b)]
        return steps
