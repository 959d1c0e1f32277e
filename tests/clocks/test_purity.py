"""docs/clocks.md: the clocks are a pure module, as the engine is: nothing under clocks/
imports anything but the standard library and clocks itself (no Django, no app, no
third-party package), every import counted, one inside a function too. And the engine never
imports the clocks: they are the site's rules, not the hofreglement's."""

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STANDARD = sys.stdlib_module_names | {"_typeshed"}


def absolute_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.add((node.module or "").split(".")[0])
    return found


def test_the_clocks_import_only_the_standard_library_and_themselves():
    files = sorted((ROOT / "clocks").rglob("*.py"))
    assert len(files) >= 5
    foreign = {
        str(path.relative_to(ROOT)): sorted(absolute_imports(path) - STANDARD - {"clocks"})
        for path in files
    }
    assert {name: found for name, found in foreign.items() if found} == {}


def test_the_engine_never_imports_the_clocks():
    files = sorted((ROOT / "engine").rglob("*.py"))
    assert [str(p.relative_to(ROOT)) for p in files if "clocks" in absolute_imports(p)] == []
