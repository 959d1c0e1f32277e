"""Refusal codes and their texts, one catalogue per language.

Every refusal the engine raises (IllegalMove, InvalidMove, a walk plan's Refusal) names a
stable code and its parameters, e.g. `IllegalMove("die_price", price=4)`. The words live
here only: `nl.py` and `en.py` map each code to a text with `{param}` placeholders (or to
`By(param, ...)`: one text per value of a parameter, such as a tile's kind), and `NAMES`
turns parameter values that are words (a phase, an office) into the language's word.
A new language is a new module with the same codes; tests/engine/test_refusals.py checks
that every code raised anywhere has a text in every language with the same parameters.

Parameters never carry hidden information (no card of the opponent, nothing of the seed):
they are shown to whoever sent the move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import en, nl
from .by import By

__all__ = ["LANGUAGES", "DEFAULT_LANGUAGE", "By", "catalogue", "language", "text"]

LANGUAGES = ("nl", "en")
DEFAULT_LANGUAGE = "nl"


# The catalogues, per language: (texts, names).
_CATALOGUES: dict[str, tuple[dict[str, Any], dict[str, dict[str, str]]]] = {
    "nl": (nl.TEXTS, nl.NAMES),
    "en": (en.TEXTS, en.NAMES),
}


def catalogue(lang: str) -> tuple[dict[str, Any], dict[str, dict[str, str]]]:
    """(texts, names) of `lang`; the default language for one there is no catalogue of."""
    return _CATALOGUES.get(lang) or _CATALOGUES[DEFAULT_LANGUAGE]


def text(code: str, params: Mapping[str, Any] | None = None, lang: str = DEFAULT_LANGUAGE) -> str:
    """The refusal `code` with `params` in `lang`. An unknown code is shown as it is (a
    sentence passed where a code belongs still reads; the catalogue test flags it)."""
    params = params or {}
    texts, names = catalogue(lang)
    entry = texts.get(code)
    if entry is None:
        return code
    if isinstance(entry, By):
        entry = entry.texts.get(str(params.get(entry.param)), next(iter(entry.texts.values())))
    shown = {
        k: names[k].get(v, v) if k in names and isinstance(v, str) else v for k, v in params.items()
    }
    try:
        return entry.format(**shown)
    except (KeyError, IndexError, ValueError):
        return entry


def language(accepted: str | None) -> str:
    """The first of LANGUAGES named in a language choice like "en-GB" (else the default)."""
    if accepted:
        base = accepted.split("-")[0].lower()
        if base in LANGUAGES:
            return base
    return DEFAULT_LANGUAGE
