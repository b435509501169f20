"""Корень's lexicon: everything about Russian words, nothing about games or HTTP.

Rules and the API hold one :class:`lexicon.Lexicon` (lexicon/facade.py) and ask it every word
question; the modules behind it own one answer each.
"""


def __getattr__(name):
    # Lazy, so `python -m lexicon.build` and light imports do not load the facade's dependencies.
    if name in ("Lexicon", "WordStatus"):
        from lexicon import facade

        return getattr(facade, name)
    raise AttributeError(name)


__all__ = ["Lexicon", "WordStatus"]
