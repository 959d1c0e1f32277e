"""docs/design.md#engine: the engine is pure Python: nothing under engine/ imports anything but the standard
library and the engine itself (no Django, no app of the site, no third-party package), so
it runs, replays and is tested on its own. Every import counts, also one inside a function.
The computer players' modules import each other in one direction, written down here."""

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
# engine/bots: each module imports only modules before it (no cycle, no late import to
# dodge one): what things are worth and the path finding, one decision, the phases, the
# greedy player, the search levels, the entry point.
BOTS = [
    "values",
    "paths",
    "decision",
    "phase_draw",
    "phase_walk",
    "phase_actions",
    "phase_roll",
    "greedy",
    "search",
    "__init__",
]
# The standard library, and its type stubs (`_typeshed`, imported for the type checker only).
STANDARD = sys.stdlib_module_names | {"_typeshed"}


def foreign_imports(source: str) -> list[str]:
    """The modules `source` imports from outside the standard library and the engine."""
    foreign = []
    for node in ast.walk(ast.parse(source)):  # every node: a late import in a function too
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module or ""]
        else:
            continue  # a relative import stays inside the engine
        for name in names:
            top = name.split(".")[0]
            if top != "engine" and top not in STANDARD:
                foreign.append(name)
    return foreign


def test_the_engine_imports_only_the_standard_library_and_itself():
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        rel = path.relative_to(ENGINE.parent)
        offenders += [f"{rel}: {name}" for name in foreign_imports(path.read_text())]
    assert offenders == []


def test_the_scan_sees_a_late_import_of_an_app_or_a_package():
    source = """
from __future__ import annotations
import json, heapq
from . import rng
from .bots import search
from engine.state import State

def late():
    import django.db
    from games import services
    from rest_framework import serializers
    import numpy as np
"""
    assert foreign_imports(source) == ["django.db", "games", "rest_framework", "numpy"]


def bots_imported(source: str) -> set[str]:
    """The modules of engine/bots that `source` (a module of engine/bots) imports."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {node.module} if node.module else {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("engine.bots"):
            found.add(node.module.removeprefix("engine.bots").lstrip(".") or "__init__")
    return {name.split(".")[0] for name in found}


def test_the_computer_players_modules_import_in_one_direction():
    files = sorted(p.stem for p in (ENGINE / "bots").glob("*.py"))
    assert files == sorted(BOTS)  # a new module takes its place in the order
    backwards = []
    for i, name in enumerate(BOTS):
        source = (ENGINE / "bots" / f"{name}.py").read_text()
        backwards += [f"{name} -> {m}" for m in bots_imported(source) if m not in BOTS[:i]]
    assert backwards == []


def test_the_direction_scan_sees_an_import_back_inside_a_function():
    source = """
from . import values
from .paths import Paths

def late():
    from . import search
    from engine.bots.greedy import Greedy
"""
    assert bots_imported(source) == {"values", "paths", "search", "greedy"}
