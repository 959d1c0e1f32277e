"""A text that depends on the value of one of the refusal's parameters."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class By:
    """One text per value of the parameter `param` (e.g. kind: water, forest, empty)."""

    param: str
    texts: Mapping[str, str]
