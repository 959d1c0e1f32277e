"""Which app may import which: notifications follows the games (it subscribes to
games.signals in its AppConfig.ready()), so games never imports notifications, not even
late inside a function."""

import ast
from pathlib import Path

import games

GAMES = Path(games.__file__).parent


def imported_modules(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module)
    return found


def test_games_does_not_import_notifications():
    sources = sorted(GAMES.rglob("*.py"))
    assert len(sources) > 20  # the scan sees the app (consumers, services, hooks, ...)
    offenders = {
        str(path.relative_to(GAMES)): sorted(
            name for name in imported_modules(path) if name.split(".")[0] == "notifications"
        )
        for path in sources
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_the_scan_sees_a_late_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from notifications import services\n")
    assert imported_modules(probe) == {"notifications"}
