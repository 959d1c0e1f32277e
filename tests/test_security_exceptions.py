"""Each exception to ruff's security rules (`S`) in the code says why on its own line
(`# noqa: S310 — the operator's own server URL`), so a reader judges it where it stands
(docs/deploy.md, "Dependencies"). The tests are exempt once in pyproject.toml instead."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# a noqa comment naming S codes (one, or several with commas), then " — " and a reason
SECURITY_NOQA = re.compile(r"#\s*noqa:\s*(S\d+(?:\s*,\s*[A-Z]+\d+)*)(.*)$")
REASON = re.compile(r"^\s+—\s+\S+\s+\S+")


def test_every_security_exception_says_its_reason_on_its_line():
    files = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert files
    bare = []
    for name in files:
        for number, line in enumerate((ROOT / name).read_text().splitlines(), 1):
            found = SECURITY_NOQA.search(line)
            if found and not REASON.match(found.group(2)):
                bare.append(f"{name}:{number}: {line.strip()}")
    assert not bare, "give each a reason, `# noqa: Sxxx — why`:\n" + "\n".join(bare)
