"""«Что? Где? Когда?»: is a team's answer right, and how sure are we?

The host decides (../shared/rules/chgk.txt, 1.2.3); tournaments follow the МАК code
(../shared/rules/chgk-sport.md).  This package automates the clear cases and hands the rest
to the judge (verdict ``judge``) with the reasons, asking the Lexicon every word question.

    answers.py    the verdict on one answer (judge_answer), and a judge's ruling on it
    batch.py      many teams' answers to one question, grouped (judge_answers)
    package.py    a question package in the db.chgk.info text format (parse_package, parse_package_bytes)
    package4s.py  the same in chgksuite's 4s format
    package_fields.py  one question's fields into its record, for both formats (linear in every field)
    roles.py      what a word an answer adds or leaves out does to it (a name, a title, a second answer)
    tokens.py     an answer as comparable tokens: normalising, numbers, function words
    matching.py   one answer word against one reference word (exact … typo, related)
    alignment.py  a whole answer against one reference variant, and the best variant
    variants.py   the reference, «Зачёт» and «Незачёт» entries with [optional] parts expanded
    limits.py     the request size and work limits (TooMuchWork → 413)
    vocabulary.py the words and message tables of service/rules/data/chgk.toml
    messages.py   Russian counts and the texts built from them

Reference variants come from the reference (optional parts in square brackets or parentheses
may be omitted), the `accepted` list (зачёт) and the `rejected` list (незачёт); the strongest
match wins and a tie goes to the незачёт list.
"""
from service.rules.chgk.answers import AnswerVerdict, judge_answer
from service.rules.chgk.batch import judge_answers
from service.rules.chgk.limits import (MAX_ANSWER, MAX_ANSWERS, MAX_BATCH_WORDS, MAX_GROUPING_COMPARISONS,
                                       MAX_OPTIONAL, MAX_PACKAGE, MAX_REFERENCE_COMPARISONS, MAX_REFERENCE_VARIANTS,
                                       MAX_TEAM, MAX_VARIANTS, TooMuchWork)
from service.rules.chgk.matching import Matcher, typo_allowance
from service.rules.chgk.messages import plural
from service.rules.chgk.package import PackageError, parse_package, parse_package_bytes
from service.rules.chgk.tokens import Tok, tokens
from service.rules.chgk.variants import count_variants, variants
from service.rules.chgk.vocabulary import RULES_SOURCE, SYNONYM_POLICY

__all__ = ["AnswerVerdict", "judge_answer", "judge_answers", "parse_package", "parse_package_bytes", "PackageError", "TooMuchWork",
           "Matcher", "Tok", "tokens", "variants", "count_variants", "typo_allowance", "plural", "RULES_SOURCE", "SYNONYM_POLICY",
           "MAX_ANSWER", "MAX_ANSWERS", "MAX_BATCH_WORDS", "MAX_GROUPING_COMPARISONS", "MAX_OPTIONAL", "MAX_PACKAGE",
           "MAX_REFERENCE_COMPARISONS", "MAX_REFERENCE_VARIANTS", "MAX_TEAM", "MAX_VARIANTS"]
