"""`make test` on a fresh clone installs everything the tests read (CI runs it from nothing:
a green run on a machine that already has the files hides a missing install step), and CI's
log names what `make lint` runs."""

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def planned(target: str, *changed: str) -> str:
    """The commands `make target` would run if the `changed` files were new (make -n -W)."""
    args = ["make", "-n", target] + [f"-W{path}" for path in changed]
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=True).stdout


def test_make_test_installs_the_client_linter_the_client_tests_parse_with():
    # tests/client read the client with espree from tools/eslint (test_rule_constants.py)
    assert "npm ci --prefix tools/eslint" in planned("test", "tools/eslint/package-lock.json")


def test_make_test_installs_axe_for_the_browser_tests():
    assert "npm ci --prefix tests/e2e/axe" in planned("test", "tests/e2e/axe/package-lock.json")


def test_ci_names_every_check_make_lint_runs():
    """CI's log says what its lint step runs: each check of `make lint`, none left out."""
    makefile = (ROOT / "Makefile").read_text()
    recipe = makefile.split("\nlint:", 1)[1].split("\n\n", 1)[0]
    label = next(
        line for line in (ROOT / ".ci" / "run").read_text().splitlines() if "== lint" in line
    )
    # each check, as the recipe runs it and as the label names it
    for runs, named in [
        ("ruff check", "ruff check"),
        ("ruff format --check", "ruff format --check"),
        ("mypy", "mypy"),
        ("eslint", "eslint"),
        ("tools/audit.py", "dependency audit"),  # pip-audit and npm audit (docs/deploy.md)
    ]:
        assert runs in recipe, runs
        assert named in label, named
