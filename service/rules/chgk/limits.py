"""The work limits of one request (issue 12): sizes the API refuses and the work a check may do.

Every limit a request can pass raises :class:`TooMuchWork` from here, so the router's
413 names them all the same way; the one exception is the comparisons judging one answer may
make (:class:`Comparisons`): past them that answer's verdict is «judge», the request still answers.
The limits are read when checked (a test may lower one).
"""
from __future__ import annotations

from service.settings import current as settings

# Sizes (the request schemas refuse more) and work caps come from the one Settings (KOREN_*).
MAX_ANSWER = settings().max_chgk_answer_chars        # characters of one answer, reference or list entry
MAX_VARIANTS = settings().max_chgk_variants          # entries in `accepted` / `rejected`
MAX_ANSWERS = settings().max_chgk_answers            # answers in one batch
MAX_QUESTION = 8 * MAX_ANSWER                       # characters of the optional question text
MAX_TEAM = 200            # characters of a team name
MAX_PACKAGE = settings().max_chgk_package_chars      # characters of a package text
MAX_OPTIONAL = 6          # bracketed optional parts expanded per entry (2**6 variants): the expansion's own rule
# The work of one request, bounded before it starts except for the typo groups, which count as
# they go: a real question has at most 10–20 «Зачёт» items with a part or two in brackets, a batch
# a few hundred distinct answers of a few words.
MAX_REFERENCE_VARIANTS = settings().max_reference_variants        # reference + зачёт + незачёт, [optional] expanded
MAX_REFERENCE_COMPARISONS = settings().max_reference_comparisons  # answer words × variant words, distinct answers
MAX_BATCH_WORDS = settings().max_batch_words                      # words in a batch's distinct answers
MAX_GROUPING_COMPARISONS = settings().max_grouping_comparisons    # typo groups: word comparisons of one length
# Judging one answer compares its words with the variants' words in a first pass, then again for its
# parts, versions and near matches.  The real questions of tests/data need at most 100 comparisons; a
# 0.7 KB answer against six [optional] parts under the variant limit needed 35,000 (0.5 s CPU, issue 35).
# Past this many the answer goes to the jury (verdict judge, reason too_branched), never to a reject.
MAX_JUDGED_COMPARISONS = 5_000


class TooMuchWork(ValueError):
    """A request over one of the work limits above; its partial result is thrown away.

    `limit` names the limit (reference_variants, reference_comparisons, batch_words: checked before
    judging; grouping_comparisons: counted while grouping), `value` is what the request needs
    (for grouping: what it had spent when it passed the limit) and `maximum` what the limit allows."""

    def __init__(self, limit: str, value: int, maximum: int, detail: str):
        super().__init__(detail)
        self.limit, self.value, self.maximum = limit, value, maximum


class TooBranched(Exception):
    """Judging one answer passed MAX_JUDGED_COMPARISONS word comparisons (its verdict becomes «judge»)."""

    def __init__(self, spent: int, maximum: int):
        super().__init__(f"{spent} > {maximum}")
        self.spent, self.maximum = spent, maximum


class Comparisons:
    """The word comparisons judging one answer may still make, shared by every matcher that judges it."""

    def __init__(self, maximum: int | None = None):
        self.maximum = MAX_JUDGED_COMPARISONS if maximum is None else maximum
        self.spent = 0

    def spend(self) -> None:
        self.spent += 1
        if self.spent > self.maximum:
            raise TooBranched(self.spent, self.maximum)


def check_variants(total: int) -> None:
    """TooMuchWork when the reference, зачёт and незачёт entries expand to over MAX_REFERENCE_VARIANTS."""
    if total > MAX_REFERENCE_VARIANTS:
        raise TooMuchWork("reference_variants", total, MAX_REFERENCE_VARIANTS,
                          f"вариантов эталона больше {MAX_REFERENCE_VARIANTS} (после раскрытия [необязательных] частей "
                          f"эталона, зачёта и незачёта): в этом запросе их {total}")


def check_comparisons(answer_words: list[int], pool: list) -> None:
    """TooMuchWork when aligning answers of these lengths with every variant passes MAX_REFERENCE_COMPARISONS.

    Judging one answer compares each of its words with each word of each variant, once as a
    whole and once more per version («квас или пиво»), so this product bounds the matching work."""
    words = sum(len(v.toks) for v in pool)
    need = sum(answer_words) * words
    if need > MAX_REFERENCE_COMPARISONS:
        answers = ("слов ответа" if len(answer_words) == 1
                   else f"слов в {len(answer_words)} разных ответах")
        raise TooMuchWork("reference_comparisons", need, MAX_REFERENCE_COMPARISONS,
                          f"сравнений слов с эталоном больше {MAX_REFERENCE_COMPARISONS:,}: "
                          f"{sum(answer_words):,} {answers} × {words:,} слов в {len(pool)} вариантах эталона "
                          f"(после раскрытия [необязательных] частей) = {need:,}")


def check_batch_words(answer_words: list[int]) -> None:
    """TooMuchWork when a batch's distinct answers have more than MAX_BATCH_WORDS words in all."""
    if sum(answer_words) > MAX_BATCH_WORDS:
        raise TooMuchWork("batch_words", sum(answer_words), MAX_BATCH_WORDS,
                          f"слов в ответах больше {MAX_BATCH_WORDS:,} в одном пакете (по его "
                          f"{len(answer_words)} разным ответам): в этом пакете {sum(answer_words):,}")


def check_grouping(spent: int, words: int) -> None:
    """TooMuchWork once the typo groups of a batch have spent over MAX_GROUPING_COMPARISONS."""
    if spent > MAX_GROUPING_COMPARISONS:
        raise TooMuchWork("grouping_comparisons", spent, MAX_GROUPING_COMPARISONS,
                          f"сравнений слов между ответами больше {MAX_GROUPING_COMPARISONS:,}: чтобы собрать "
                          f"варианты с опечатками в группы, нужно больше (ответы по {words} слов сравниваются "
                          "попарно); пришлите ответы короче или меньше")
