"""Build lexicon/data/stress.sqlite: stress readings per word form.

Table ``stress(key BLOB, idx INT, info INT)``: ``key`` is the e-folded form
in cp1251 (half the bytes of UTF-8), ``idx`` the stressed vowel number,
``info`` a source code (see lexicon.pronunciation) plus YO_FLAG when the
stressed vowel is ё.  Rows:

1. every stress variant of every Tikhonov lemma (and the extra full forms a
   line lists, e.g. бол/и'т);
2. espeak-ng's lemma stress of pymorphy3 nouns Tikhonov lacks (the run
   time derives their forms' stress like a Tikhonov lemma's);
3. espeak-ng's stress of a noun/adjective form, only where it is *not*
   already among the readings the run time derives (rows above + the
   paradigm heuristic), so the file holds the union of the sources in
   little space.

Deterministic: rows are sorted and written into a fresh file; the same
inputs and library versions give the same bytes.
Built by `python -m lexicon.build --only stress [--no-espeak]`.
"""
from __future__ import annotations

import ctypes
import os
import re
import sqlite3
import sys
from collections import defaultdict
from pathlib import Path

from lexicon.pronunciation import (LEMMA_SOURCES, SRC_ESPEAK,
                                   SRC_ESPEAK_LEMMA, SRC_TIKHONOV_FORM,
                                   SRC_TIKHONOV_LEMMA, YO_FLAG,
                                   paradigm_stress, vowel_positions)
from lexicon.text import fold_key

ROOT = Path(__file__).resolve().parents[2]
WORD = re.compile(r"^[а-яё]+$")


# ----------------------------------------------------------- Tikhonov ---

def _stress_variants(seg: str) -> list[tuple[str, int]]:
    """`вод/а'` -> [("вода", 1)]; several marks are several variants."""
    seg = re.sub(r"\[.*?\]|[/\d]", "", seg)
    word = seg.replace("'", "")
    if not WORD.match(word):
        return []
    marks = [len(vowel_positions(seg[:i].replace("'", ""))) - 1
             for i, ch in enumerate(seg) if ch == "'"]
    marks = [m for m in marks if m >= 0]
    if not marks:
        pos = vowel_positions(word)
        if "ё" in word:
            marks = [pos.index(word.index("ё"))]
        elif len(pos) == 1:
            marks = [0]
    return [(word, m) for m in sorted(set(marks))]


def read_tikhonov(path: Path) -> dict[tuple[str, int], int]:
    """{(folded key, idx): info} for lemmas and the forms their lines list."""
    rows: dict[tuple[str, int], int] = {}

    def add(word: str, idx: int, src: int) -> None:
        info = src | (YO_FLAG if word[vowel_positions(word)[idx]] == "ё" else 0)
        k = (fold_key(word), idx)
        rows[k] = min(rows.get(k, 99), info)  # lemma rows win over form rows

    for line in path.read_text(encoding="utf-8").splitlines():
        if " | " not in line:
            continue
        head, rest = line.split(" | ", 1)
        lemma = re.sub(r"\d+$", "", head.strip())
        rest = re.sub(r"\(.*?\)", "", rest)
        pieces = [p.strip().split(" ")[0] for p in re.split(r",| и ", rest)]
        for n, piece in enumerate(pieces):
            if not piece or piece.startswith("-"):
                continue
            for word, idx in _stress_variants(piece):
                if fold_key(word) == fold_key(lemma):
                    add(word, idx, SRC_TIKHONOV_LEMMA)
                elif n and "'" in piece:
                    add(word, idx, SRC_TIKHONOV_FORM)
    return rows


# ------------------------------------------------------------- espeak ---

class Espeak:
    """espeak-ng via ctypes (espeakng-loader wheel): stressed vowel number."""
    IPA_VOWELS = set("aɑæɐəɘɵoɔuʊyɨiɪeɛʌɜɯœø")

    def __init__(self) -> None:
        import espeakng_loader as el
        lib = ctypes.CDLL(el.get_library_path())
        lib.espeak_Initialize.argtypes = [ctypes.c_int, ctypes.c_int,
                                          ctypes.c_char_p, ctypes.c_int]
        if lib.espeak_Initialize(2, 0, el.get_data_path().encode(), 0) < 0:
            raise RuntimeError("espeak_Initialize failed")
        lib.espeak_SetVoiceByName.argtypes = [ctypes.c_char_p]
        if lib.espeak_SetVoiceByName(b"ru") != 0:
            raise RuntimeError("espeak-ng has no ru voice")
        lib.espeak_TextToPhonemes.restype = ctypes.c_char_p
        lib.espeak_TextToPhonemes.argtypes = [ctypes.POINTER(ctypes.c_char_p),
                                              ctypes.c_int, ctypes.c_int]
        self.lib = lib

    def ipa(self, word: str) -> str:
        buf = ctypes.c_char_p(word.encode())
        ptr = ctypes.pointer(buf)
        out = []
        while ptr.contents.value:
            out.append(self.lib.espeak_TextToPhonemes(ptr, 1, 2).decode())
        return " ".join(out)

    def stress(self, word: str) -> int | None:
        """Vowel number of the primary stress, None when unusable."""
        ipa = self.ipa(word)
        if " " in ipa or "ˈ" not in ipa:
            return None
        vowels = [ch for ch in ipa if ch in self.IPA_VOWELS]
        if len(vowels) != len(vowel_positions(word)):
            return None  # espeak split or merged a vowel: don't trust the index
        return sum(ch in self.IPA_VOWELS for ch in ipa[: ipa.index("ˈ")])


# -------------------------------------------------------------- build ---

# Parts of speech whose forms get espeak rows: the game is about nouns;
# verbs and participles would add ~370k rows, short adjectives and
# comparatives ~27k: over the 8 MB budget.
ESPEAK_POS = {"NOUN", "ADJF"}


def known_forms(morph) -> tuple[dict[str, set[str]], set[str]]:
    """({form without ё: normal forms of its ESPEAK_POS parses}, noun lemmas)
    from the pymorphy3 dictionary."""
    forms: dict[str, set[str]] = defaultdict(set)
    nouns: set[str] = set()
    for word, tag, nf, _para, _idx in morph.dictionary.iter_known_words():
        if tag.POS not in ESPEAK_POS or not WORD.match(word):
            continue
        if tag.POS == "NOUN" and WORD.match(nf):
            nouns.add(nf)
        if "ё" not in word and len(vowel_positions(word)) > 1:
            forms[word].add(nf)
    return forms, nouns


def _lemma_row(word: str, idx: int) -> tuple[tuple[str, int], int]:
    yo = YO_FLAG if word[vowel_positions(word)[idx]] == "ё" else 0
    return (fold_key(word), idx), yo


def espeak_rows(tik: dict[tuple[str, int], int], morph, stats: dict) -> dict:
    """Lemma stress for nouns Tikhonov lacks, and the form stresses that the
    Tikhonov rows plus the paradigm heuristic miss."""
    esp = Espeak()
    forms, nouns = known_forms(morph)
    rows: dict[tuple[str, int], int] = {}
    tik_lemmas = {k for (k, _), info in tik.items() if info & 7 == SRC_TIKHONOV_LEMMA}
    for nf in sorted(nouns):
        if fold_key(nf) in tik_lemmas or len(vowel_positions(nf)) == 0:
            continue
        idx = (vowel_positions(nf).index(nf.index("ё")) if "ё" in nf
               else 0 if len(vowel_positions(nf)) == 1 else esp.stress(nf))
        if idx is not None:
            key, yo = _lemma_row(nf, idx)
            rows[key] = SRC_ESPEAK_LEMMA | yo
    stats["espeak_lemmas"] = len(rows)
    lemma_idx: dict[str, list[tuple[str, int]]] = defaultdict(list)
    direct: dict[str, set[int]] = defaultdict(set)
    for (key, idx), info in sorted({**rows, **tik}.items()):
        if not info & YO_FLAG:  # a ё row is not a reading of the ё-less form
            direct[key].add(idx)
        if info & 7 in LEMMA_SOURCES:
            p = vowel_positions(key)[idx]
            spelled = key[:p] + "ё" + key[p + 1:] if info & YO_FLAG else key
            lemma_idx[key].append((spelled, idx))
    agree = total = 0
    for word, nfs in sorted(forms.items()):
        e = esp.stress(word)
        if e is None:
            stats["espeak_unusable"] += 1
            continue
        have = set(direct.get(word, ()))
        if word in tik_lemmas and word in nfs:  # measure espeak on gold lemmas
            total += 1
            agree += e in have
        for nf in nfs:
            for lemma, li in lemma_idx.get(fold_key(nf), ()):
                have.add(paradigm_stress(word, lemma, li))
        stats["forms"] += 1
        if have and e not in have:  # forms of lemmas with no stress: skipped
            rows[(word, e)] = SRC_ESPEAK
    stats["espeak_vs_tikhonov_noun_adj_lemmas"] = f"{agree}/{total}"
    return rows


def write_db(rows: dict[tuple[str, int], int], out: Path) -> None:
    tmp = out.with_suffix(".tmp")
    if tmp.exists():
        tmp.unlink()
    db = sqlite3.connect(tmp)
    db.executescript("PRAGMA journal_mode=OFF; PRAGMA page_size=4096;"
                     "CREATE TABLE stress(key BLOB, idx INTEGER, info INTEGER,"
                     " PRIMARY KEY(key, idx)) WITHOUT ROWID;")
    db.executemany("INSERT INTO stress VALUES (?,?,?)",
                   sorted((k.encode("cp1251"), i, v) for (k, i), v in rows.items()))
    db.commit()
    db.execute("VACUUM")
    db.close()
    os.replace(tmp, out)


def build_stress(sources: Path, out_dir: Path, use_espeak: bool = True) -> Path:
    import pymorphy3
    stats: dict = defaultdict(int)
    rows = read_tikhonov(Path(sources) / "tikhonov-dictionary" / "Tikhonov.utf8.txt")
    stats["tikhonov_rows"] = len(rows)
    if use_espeak:
        try:
            extra = espeak_rows(rows, pymorphy3.MorphAnalyzer(), stats)
        except (ImportError, OSError, RuntimeError) as exc:
            print(f"espeak layer skipped: {exc}", file=sys.stderr)
            extra = {}
        stats["espeak_rows"] = len(extra)
        for k, v in extra.items():
            rows.setdefault(k, v)
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    out = out_dir / "stress.sqlite"
    write_db(rows, out)
    stats["bytes"] = out.stat().st_size
    print(" ".join(f"{k}={v}" for k, v in sorted(stats.items())), file=sys.stderr)
    return out
