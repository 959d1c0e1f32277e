"""The game's static content (houses, court actions, cards, tasks, events, offices,
foundations, tokens) as JSON for clients: names and Dutch texts to show with the keys that
views and moves use. Everything here is public (the rules' own tables), never a deal."""

from __future__ import annotations

import dataclasses
import json
from functools import cache
from typing import Any

import engine
from engine.content import cards, court_actions, events, foundations, houses, offices, tasks, tokens

SECTIONS = {
    "houses": houses.HOUSES,
    "court_actions": court_actions.COURT_ACTIONS,
    "cards": cards.CARDS,
    "tasks": tasks.TASKS,
    "events": events.EVENTS,
    "offices": offices.OFFICES,
    "foundations": foundations.FOUNDATIONS,
    "tokens": tokens.TOKENS,
}


def _entry(item: Any) -> dict[str, Any]:
    """A content dataclass as JSON: its data fields (functions, which are rules, left out)."""
    out = {}
    for f in dataclasses.fields(item):
        value = getattr(item, f.name)
        if callable(value):
            continue
        out[f.name] = json.loads(json.dumps(value))  # tuples become lists
    return out


@cache
def content() -> dict[str, Any]:
    data: dict[str, Any] = {"rules_version": engine.RULES_VERSION}
    for name, table in SECTIONS.items():
        data[name] = {key: _entry(item) for key, item in table.items()}
    return data
