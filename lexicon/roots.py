"""When may two root spellings join?  The one policy of the build and the run time.

:mod:`lexicon.alternations` says how two spellings differ (рук/руч is к/ч, бр/бир
a vowel change).  This module says when that difference is evidence enough to
treat them as one root: the build asks it before joining two words' roots into
a family (:mod:`lexicon.build.compile`), the run time before calling two words
cognate by spelling alone (:mod:`lexicon.cognates`), and pool lint before
grouping roots the engine would join.  README, «How root identity works».
"""
from __future__ import annotations

from collections import Counter
from typing import Callable, Iterable

from lexicon.alternations import Alternation, compare_roots
from lexicon.text import fold_key, fold_root, fold_yo

# One link showing an alternation is noise (палата/палач, кот/кос); two links showing
# the same spelling pair are a pattern.
MIN_ALTERNATION_LINKS = 2
# Two established families join only when this many independent links agree, so one
# noisy link cannot chain them ...
MIN_INDEPENDENT_LINKS = 2
# ... but a family at most this big (a handful of words) may join through a single link.
SMALL_FAMILY = 10
# How many of a family's most frequent root spellings must meet the other family's.
TOP_SPELLINGS = 1

# Joins run in rounds, surest first: equal spellings, then regular consonant alternations
# and fleeting vowels, then vowel changes and curated pairs.
JOIN_ROUNDS = (0, 1, 2)
ROUND_OF_KIND = {"equal": 0, "spelling": 0, "consonant": 1, "fleeting": 1, "irregular": 2}
CURATED_ROUND = 2

LinkCount = Callable[[str, str], int]   # (folded spelling, folded spelling) -> links showing the pair


def spelling_pair(a: str, b: str) -> tuple[str, str]:
    """The order-free key of two root spellings, as the link counts are kept."""
    return tuple(sorted((fold_root(a), fold_root(b))))


def curated_pairs(groups: Iterable[frozenset[str]]) -> frozenset[tuple[str, str]]:
    """Every ordered pair of distinct spellings within each curated allomorph group."""
    return frozenset((a, b) for spellings in groups for a in spellings for b in spellings if a != b)


# Consonant alternations in the direction of the change: plain consonant, changed one (school
# grammar: к/ч in рука — ручка, ск/щ in лоск — лощёный, д/ж in еда — сладкоежка).
PLAIN_TO_CHANGED = frozenset([
    ("к", "ч"), ("г", "ж"), ("х", "ш"), ("ц", "ч"), ("к", "ц"), ("т", "ч"), ("т", "щ"), ("ст", "щ"),
    ("ск", "щ"), ("к", "щ"), ("д", "ж"), ("д", "жд"), ("з", "ж"), ("с", "ш"), ("г", "з"), ("х", "с"),
])
# Suffixes before which those changes happen in derivation (ручк-а, ручн-ой, кулач-ок, горож-ан-ин,
# лощ-ён-ый, крич-а-ть, волч-их-а, зайч-онок): a changed consonant elsewhere (речь, нож, ручей)
# may be the root's own.
CHANGE_TRIGGERS = frozenset([
    "к", "ок", "ек", "ёк", "ечк", "очк", "ичк", "оньк", "еньк", "ник", "ниц", "н", "ан", "ян", "анин",
    "янин", "ен", "ён", "енн", "ённ", "ин", "иц", "их", "онок", "ёнок", "онк", "ищ", "ств",
    "еств", "и", "е", "а", "ива", "ыва",
])


def triggers_change(after: tuple[str, str] | None) -> bool:
    """Does this morpheme (spelling, kind) right after a root change its last consonant?"""
    return after is not None and after[1] == "suffix" and fold_yo(after[0]) in {fold_yo(t) for t in CHANGE_TRIGGERS}


def after_root(morphemes: Iterable[tuple[str, str]], idx: int) -> tuple[str, str] | None:
    """The morpheme right after the idx-th root of a segmentation, None when the root ends it."""
    parts = list(morphemes)
    roots_seen = -1
    for pos, (_text, kind) in enumerate(parts):
        if kind == "root":
            roots_seen += 1
            if roots_seen == idx:
                return parts[pos + 1] if pos + 1 < len(parts) else None
    return None


def _centre_morphemes(store, family: int) -> tuple | None:
    """Morphemes of a family's centre word (its most linked, shortest member)."""
    members = store.family_members(family, 1)
    record = store.word(fold_key(members[0])) if members else None
    return record.morphemes if record else None


def same_spelling(alt: Alternation | None) -> bool:
    """Equal up to spelling (ё/е, a final ь): no alternation to doubt."""
    return alt is not None and alt.kind in ("equal", "spelling")


class JoinPolicy:
    """The thresholds applied to one set of link counts, curated pairs and homonymous roots."""

    def __init__(self, alternation_links: LinkCount, curated: frozenset[tuple[str, str]] = frozenset(),
                 homonymous_roots: frozenset[str] = frozenset()):
        self.alternation_links = alternation_links
        self.curated = curated
        self.homonymous_roots = homonymous_roots
        self.centre_morphemes: Callable[[int], tuple | None] = lambda family: None

    @classmethod
    def of_store(cls, store) -> JoinPolicy:
        """The run-time policy over a compiled lexicon (anything with `alternation_links(a, b)`)."""
        policy = cls(store.alternation_links, homonymous_roots=store.homonymous_roots)
        if hasattr(store, "family_members") and hasattr(store, "word"):
            policy.centre_morphemes = lambda family: _centre_morphemes(store, family)
        return policy

    def recurs(self, x: str, y: str) -> bool:
        return self.alternation_links(x, y) >= MIN_ALTERNATION_LINKS

    # --- the build: may a link join these two folded spellings? -------------------------------
    def trusted(self, x: str, y: str) -> bool:
        """Even a textbook alternation is one noisy link away from палата/палач: a spelling pair
        must recur in links (or be curated) before it joins roots."""
        if same_spelling(compare_roots(x, y)):
            return True
        return self.recurs(x, y) or (x, y) in self.curated

    def families_compatible(self, x: str, y: str) -> bool:
        """Usual spellings of two families must be trusted regular allomorphs or curated ones:
        link counts alone let вод (водить) and воз (возить) meet through провожать."""
        alt = compare_roots(x, y)
        if alt is not None and alt.regular:
            return self.trusted(x, y)
        return (x, y) in self.curated

    def usual_spellings_agree(self, spellings_a: Counter, spellings_b: Counter) -> bool:
        """Two families' most frequent spellings meet: stops пуст~пущ~пут chains."""
        tops_a = [s for s, _ in spellings_a.most_common(TOP_SPELLINGS)]
        tops_b = [s for s, _ in spellings_b.most_common(TOP_SPELLINGS)]
        return any(x == y or self.families_compatible(x, y) for x in tops_a for y in tops_b)

    @staticmethod
    def links_suffice(independent_links: int, smaller_family: int) -> bool:
        return independent_links >= MIN_INDEPENDENT_LINKS or smaller_family <= SMALL_FAMILY

    # --- the run time: may two words' roots be one by spelling alone? --------------------------
    def admits(self, alt: Alternation | None) -> bool:
        """A regular alternation always may join two words' roots; an irregular one only when
        the lexicon's links show the pair often enough."""
        return alt is not None and (alt.regular or self.recurs(fold_root(alt.a), fold_root(alt.b)))

    def alternation(self, rx: str, ry: str) -> Alternation | None:
        """How rx and ry may be one root (:meth:`admits`), else None."""
        alt = compare_roots(rx, ry)
        return alt if self.admits(alt) else None

    def homonymous(self, rx: str, ry: str) -> set[str]:
        """Spellings among rx, ry with several curated senses: such a spelling never decides alone."""
        return {fold_root(rx), fold_root(ry)} & self.homonymous_roots

    def shows_other_spelling(self, alt: Alternation, rx: str, ry: str,
                             spellings_x: Iterable[str], spellings_y: Iterable[str],
                             after_x: tuple[str, str] | None = None, after_y: tuple[str, str] | None = None,
                             family_x: int | None = None, family_y: int | None = None) -> bool:
        """Across families an alternation counts only when one family already shows the other
        spelling (the рук family has руч), or the changed consonant stands before a suffix that
        changes it (:meth:`mutated_in_context`, given the morphemes after each root): else
        река/речь, нога/нож would join."""
        if self.mutated_in_context(alt, after_x, after_y, family_x, family_y):
            return True
        return self.family_shows(alt, rx, ry, {fold_root(s) for s in spellings_x}, {fold_root(s) for s in spellings_y})

    @staticmethod
    def family_shows(alt: Alternation, rx: str, ry: str, folded_x, folded_y) -> bool:
        """The spelling rule of :meth:`shows_other_spelling` alone, over each family's folded spellings."""
        return same_spelling(alt) or fold_root(ry) in folded_x or fold_root(rx) in folded_y

    def mutated_in_context(self, alt: Alternation, after_x: tuple[str, str] | None,
                           after_y: tuple[str, str] | None, family_x: int | None = None,
                           family_y: int | None = None) -> bool:
        """A textbook consonant alternation stands for itself across families when the root with
        the changed consonant (лощ, еж) sits before a suffix that causes the change (лощ-ён-ый,
        сладко-еж-к-а), the other root ends in the plain one (лоск, ед), and the changed root's
        family does not own that consonant (its centre ёж, нож, речь ends in it): else ежиха, речь,
        нож would join еда, река, нога."""
        if alt.kind != "consonant" or "/" not in alt.detail:
            return False
        first, second = alt.detail.split("/", 1)
        # alt.a is the x root, alt.b the y root; the changed side must meet a trigger.
        if (second, first) in PLAIN_TO_CHANGED and triggers_change(after_x):
            return not self.family_owns(family_x, alt.a)
        if (first, second) in PLAIN_TO_CHANGED and triggers_change(after_y):
            return not self.family_owns(family_y, alt.b)
        return False

    def family_owns(self, family: int | None, spelling: str) -> bool:
        """The family's centre word has this root spelling with no change-causing suffix after it
        (ёж, нож-ик, реч-ь): the consonant is the root's own, not an alternant."""
        morphemes = self.centre_morphemes(family) if family is not None else None
        if not morphemes:
            return False
        roots_ = [i for i, (text, kind) in enumerate(morphemes) if kind == "root"]
        for idx, pos in enumerate(roots_):
            if fold_root(morphemes[pos][0]) == fold_root(spelling):
                return not triggers_change(after_root(morphemes, idx))
        return False

    def spelling_may_join(self, rx: str, ry: str, spellings_x: Iterable[str] | None = None,
                          spellings_y: Iterable[str] | None = None) -> Alternation | None:
        """The alternation by which roots rx and ry may be one, else None; with the spellings of
        both roots' families, the cross-family rule applies too."""
        alt = self.alternation(rx, ry)
        if alt is None or spellings_x is None or spellings_y is None:
            return alt
        return alt if self.shows_other_spelling(alt, rx, ry, spellings_x, spellings_y) else None
