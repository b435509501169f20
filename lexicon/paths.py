"""Where the lexicon's files are: the compiled data (built by `python -m lexicon.build`) and the curated tables.

One module, so a newcomer (or an operator checking a deployment) sees every
file the service reads in one place; each loader takes its default from here.
"""
from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
DATA = PACKAGE / "data"          # compiled by our build, committed
CURATED = PACKAGE / "curated"    # written by hand, with sources in lexicon/NOTICE

LEXICON_DB = DATA / "lexicon.sqlite"        # morphemes, root families, links
STRESS_DB = DATA / "stress.sqlite"          # stress of forms the paradigm rule does not give
FREQUENCY_DAWG = DATA / "frequency.dawg"    # wordfreq Zipf of forms
PROFANITY_JSON = DATA / "profanity.json"    # obscene lemmas and forms
THESAURUS_TSV = DATA / "thesaurus.tsv"      # synonym sets (wiki-ru-wordnet)
HEADWORDS_DAWG = DATA / "headwords.dawg"    # ru.wiktionary lemmas and their parts of speech
NOUNS_JSON = DATA / "nouns.json"            # the common nouns a game may draw, with their frequency

ABBREVIATIONS_TSV = CURATED / "abbreviations.tsv"
ALLOMORPHS_TSV = CURATED / "allomorphs.tsv"
ROOT_SENSES_TSV = CURATED / "root_senses.tsv"
GRAMMAR = PACKAGE / "grammar"      # class rules' patterns (not words): each row cites its handbook
SCHOOL_ALTERNATIONS_TSV = GRAMMAR / "school_alternations.tsv"
CLIPPED_PARTS_TSV = GRAMMAR / "clipped_parts.tsv"
