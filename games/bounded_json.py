"""JSON from clients, nested at most MAX_DEPTH deep.

Python's decoder recurses once per level: a body like `[[[[...]]]]` a thousand deep raises
RecursionError (a 500, or a websocket killed with 1011) instead of a clear error. Nothing a
client sends us is more than a few levels deep (a move with a walk plan: about five).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

MAX_DEPTH = 32
TOO_DEEP = f"JSON nested more than {MAX_DEPTH} levels deep"


class TooDeep(ValueError):
    def __init__(self) -> None:
        super().__init__(TOO_DEEP)


def too_deep(data: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether lists/objects in `data` nest deeper than `limit` (checked without recursion)."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        children: Iterable[Any]
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def loads(text: str | bytes) -> Any:
    """json.loads, raising TooDeep (a ValueError; never RecursionError) for JSON nested too deep."""
    try:
        data = json.loads(text)
    except RecursionError as err:
        raise TooDeep() from err
    if too_deep(data):
        raise TooDeep()
    return data
