"""The engine is pure Python: nothing under engine/ imports anything but the standard
library and the engine itself (no Django, no app of the site, no third-party package), so
it runs, replays and is tested on its own. Every import counts, also one inside a function."""

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
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
