"""The tutorial's script (`script.json`, written by `manage.py find_tutorial_seed`): the seed,
the whole log of the scripted line (both seats, the engine's own moves included) and, for
each of the learner's moves, its place in the log and the lessons it meets. The words of each
step are the client's (`tutorial` in frontend/js/strings-nl.js and strings-en.js)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

PATH = Path(__file__).with_name("script.json")


@dataclass(frozen=True)
class Step:
    seq: int  # the move's place in the log
    move: dict[str, Any]
    lessons: tuple[str, ...]


@dataclass(frozen=True)
class Script:
    seed: str
    rules_version: str
    level: str  # the computer's level the line was searched with
    log: tuple[dict[str, Any], ...]
    steps: tuple[Step, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "rules_version": self.rules_version,
            "level": self.level,
            "steps": [{"seq": s.seq, "lessons": list(s.lessons)} for s in self.steps],
            "log": list(self.log),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Script:
        log = tuple(data["log"])
        steps = tuple(Step(s["seq"], log[s["seq"]], tuple(s["lessons"])) for s in data["steps"])
        return cls(data["seed"], data["rules_version"], data["level"], log, steps)


@cache
def script() -> Script:
    return Script.from_json(json.loads(PATH.read_text(encoding="utf-8")))
