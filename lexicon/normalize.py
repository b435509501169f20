"""Moved to lexicon.text; kept while callers move over."""
from lexicon.text import *  # noqa: F401,F403
from lexicon.text import WORD_TOKEN as _TOKEN  # noqa: F401
