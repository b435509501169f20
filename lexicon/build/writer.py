"""Write a compiled lexicon as one SQLite file.

SQLite because the service opens it in milliseconds and reads only the rows a
request needs; several uvicorn workers share the file through the OS page
cache instead of each unpickling its own copy.  Rows are inserted in sorted
order and the file is vacuumed, so the same sources give the same bytes.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from lexicon.build.compile import Compiled
from lexicon.store import FORMAT_VERSION, SOURCES, encode_morphemes, encode_node

# Related words shown to a judge: the family's centre is enough.
MEMBERS_KEPT = 60

SCHEMA = """
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT) WITHOUT ROWID;
CREATE TABLE words(key TEXT PRIMARY KEY, word TEXT, morphemes TEXT, source INTEGER, glosses TEXT, nodes TEXT) WITHOUT ROWID;
CREATE TABLE vias(id INTEGER PRIMARY KEY, text TEXT);
CREATE TABLE families(id INTEGER PRIMARY KEY, size INTEGER, spellings TEXT, labels TEXT);
CREATE TABLE members(family INTEGER, rank INTEGER, key TEXT, PRIMARY KEY(family, rank)) WITHOUT ROWID;
CREATE TABLE alternations(a TEXT, b TEXT, links INTEGER, PRIMARY KEY(a, b)) WITHOUT ROWID;
CREATE TABLE class_joins(rule TEXT, a TEXT, b TEXT, root_a TEXT, root_b TEXT, pairs INTEGER);
"""


def write_lexicon(compiled: Compiled, path: Path, sources_note: str) -> str:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.unlink(missing_ok=True)
    db = sqlite3.connect(tmp)
    db.executescript(SCHEMA)
    vias = write_vias(db, compiled)
    tally = FamilyTally()
    digest = write_words(db, compiled, vias, tally)
    write_families(db, tally)
    db.executemany("INSERT INTO alternations VALUES (?,?,?)",
                   sorted((a, b, n) for (a, b), n in compiled.alternation_links.items()))
    db.executemany("INSERT INTO class_joins VALUES (?,?,?,?,?,?)", sorted(compiled.class_joins))
    version = f"{FORMAT_VERSION}-{digest[:12]}"
    write_meta(db, compiled, version, len(tally.nodes), sources_note)
    db.commit()
    db.execute("VACUUM")
    db.close()
    tmp.replace(path)
    return version


@dataclass
class FamilyTally:
    """What the words table tells about each family, gathered while its rows are written."""
    spellings: dict[int, dict[str, int]] = field(default_factory=dict)
    labels: dict[int, set[str]] = field(default_factory=dict)
    nodes: dict[int, list[tuple[int, int, str]]] = field(default_factory=dict)   # (depth, word length, key)


def write_vias(db: sqlite3.Connection, compiled: Compiled) -> dict[str, int]:
    """Number the link texts that joined nodes to their parents; returns text → id."""
    vias: dict[str, int] = {}
    for node in sorted(compiled.parent):
        link = compiled.parent[node]
        if link:
            vias.setdefault(link[1], len(vias))
    db.executemany("INSERT INTO vias VALUES (?,?)", sorted((i, t) for t, i in vias.items()))
    return vias


def write_words(db: sqlite3.Connection, compiled: Compiled, vias: dict[str, int], tally: FamilyTally) -> str:
    """One row per word with its encoded root nodes; returns the hex digest of the rows."""
    digest = hashlib.sha256()
    word_rows = []
    for key in sorted(compiled.entries):
        entry = compiled.entries[key]
        encoded_nodes = []
        for idx, root in enumerate(entry.roots):
            node = (key, idx)
            family = compiled.family_of[node]
            labels = sorted(compiled.labels.get(node, ()))
            link = compiled.parent.get(node)
            encoded_nodes.append(encode_node(family, compiled.depth[node], link[0] if link else None,
                                             vias[link[1]] if link else None, labels))
            spell = tally.spellings.setdefault(family, {})
            spell[root] = spell.get(root, 0) + 1
            tally.nodes.setdefault(family, []).append((compiled.depth[node], len(entry.word), key))
            if len(labels) == 1:
                tally.labels.setdefault(family, set()).update(labels)
        row = (key, entry.word if entry.word != key else None, encode_morphemes(entry.morphemes, entry.word),
               SOURCES.index(entry.source), "; ".join(entry.glosses) or None, ";".join(encoded_nodes))
        word_rows.append(row)
        digest.update(repr(row).encode())
    db.executemany("INSERT INTO words VALUES (?,?,?,?,?,?)", word_rows)
    return digest.hexdigest()


def write_families(db: sqlite3.Connection, tally: FamilyTally) -> None:
    # Only families of two or more words are stored; a missing row means a family of one.
    big = sorted(f for f, nodes in tally.nodes.items() if len(nodes) > 1)
    db.executemany("INSERT INTO families VALUES (?,?,?,?)", [
        (f, len(tally.nodes[f]),
         json.dumps(sorted(tally.spellings[f].items(), key=lambda kv: (-kv[1], kv[0]))[:8], ensure_ascii=False),
         ",".join(sorted(tally.labels.get(f, ()))))
        for f in big])
    db.executemany("INSERT INTO members VALUES (?,?,?)", [
        (f, rank, key) for f in big for rank, (_, _, key) in enumerate(sorted(set(tally.nodes[f]))[:MEMBERS_KEPT])])


def write_meta(db: sqlite3.Connection, compiled: Compiled, version: str, families: int, sources_note: str) -> None:
    meta = {
        "version": version,
        "lemmas": str(len(compiled.entries)),
        "families": str(families),
        "affixes": json.dumps(compiled.affixes.to_json(), ensure_ascii=False),
        "stats": json.dumps(compiled.stats, ensure_ascii=False, sort_keys=True),
        "sources": sources_note,
        "homonymous_roots": json.dumps(compiled.homonymous_roots, ensure_ascii=False),
    }
    db.executemany("INSERT INTO meta VALUES (?,?)", sorted(meta.items()))
