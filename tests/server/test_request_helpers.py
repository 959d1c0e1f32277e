"""The API's views take the logged-in player from one helper, dwaalhof_site.api.requests.player,
which asserts what IsAuthenticated promised (a User). A module's own copy (a function handing
back `request.user`, cast or not) is a second place to keep in step, and a cast checks nothing."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
THE_HELPER = ROOT / "dwaalhof_site" / "api" / "requests.py"
NOT_THE_SITES = {".venv", "tests", "frontend", "node_modules", "docs", "locale", "deploy"}


def _hands_back_the_user(function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """`return request.user` or `return cast(User, request.user)`, of a request parameter."""
    params = {
        a.arg
        for a in function.args.args + function.args.kwonlyargs
        if a.arg == "request" or "Request" in ast.unparse(a.annotation or ast.Constant(""))
    }
    for node in ast.walk(function):
        if not isinstance(node, ast.Return) or node.value is None:
            continue
        value = node.value
        if isinstance(value, ast.Call) and ast.unparse(value.func).endswith("cast"):
            value = value.args[-1]  # cast(User, request.user)
        if (
            isinstance(value, ast.Attribute)
            and value.attr == "user"
            and isinstance(value.value, ast.Name)
            and value.value.id in params
        ):
            return True
    return False


def own_player_helpers() -> list[str]:
    found = []
    for path in sorted(ROOT.glob("*/**/*.py")):
        relative = path.relative_to(ROOT)
        if relative.parts[0] in NOT_THE_SITES or "migrations" in relative.parts:
            continue
        if path == THE_HELPER:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(relative))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if _hands_back_the_user(node):
                    found.append(f"{relative}: {node.name}")
    return found


def test_the_request_player_comes_from_the_one_helper():
    found = own_player_helpers()
    assert not found, f"take the player from dwaalhof_site.api.requests.player: {found}"
