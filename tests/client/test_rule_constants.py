"""The client names no rule constant again: the numbers of the rules (step_price, toll_steps,
max_bends, ...) come from the server's /api/content/ `rules` block, so a rule changed in the
engine changes on every screen. rule_constants.mjs reads the client with espree (eslint's
parser, installed into tools/eslint by `make lint` and `make test`) and reports a rule's name
bound to a number, and a published rule number used in arithmetic, a comparison or a
condition next to a game quantity (steps, toll, dice, pips, bends, ...)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from games.content import rules

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = Path(__file__).with_name("rule_constants.mjs")
ESPREE = ROOT / "tools/eslint/node_modules/espree"

# Each line ending in `// finds` is a rule constant the scan must report; no other line may be.
PROBE = """\
const TOLL_STEPS = 2; // finds
export const maxBoughtSteps = 4; // finds
const DIE_PRICES = [2, 4, 6]; // finds
const table = { step_price: 1, crossing_price: -2 }; // finds
class Walk { enterSteps = 1; } // finds
function price(n, stepPrice = 1) { return n * stepPrice; } // finds
walk.maxBends = 3; // finds
const cost = tile.toll ? 2 : 1; // finds
if (turn.bends >= 3) stop(); // finds
const dearer = die.price + 2; // finds
left.steps -= 4; // finds
const tollSteps = content.rules.toll_steps;
const enough = stepsLeft >= rules.enter_steps;
const label = `${n} ${n === 1 ? "stap" : "stappen"}`;
const last = plan.steps.length - 1;
const next = steps.indexOf(step) + 1;
const x = size * 1.5 + width / 2;
const sides = (mask >> 3) & 1;
"""


def scan(paths, stdin=None):
    node = shutil.which("node") or shutil.which("nodejs")
    assert node, "Node.js is needed for the client tests (make browser installs it)"
    assert ESPREE.is_dir(), "espree is missing: `make lint` installs tools/eslint (npm ci)"
    out = subprocess.run(
        [node, str(SCRIPT), *map(str, paths)],
        input=json.dumps(rules()) if stdin is None else stdin,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_the_client_declares_no_rule_number_of_its_own():
    result = scan([ROOT / "frontend/js"])
    client = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "frontend/js").rglob("*.js"))
    assert sorted(result["files"]) == client  # every module was read
    assert result["findings"] == []


def test_the_scan_reports_each_way_of_writing_a_rule_number_again(tmp_path):
    probe = tmp_path / "probe.js"
    probe.write_text(PROBE)
    expected = {i for i, line in enumerate(PROBE.splitlines(), 1) if line.endswith("// finds")}
    found = scan([probe])["findings"]
    assert {f["line"] for f in found} == expected
    assert {f["kind"] for f in found} == {"name", "literal"}


@pytest.mark.parametrize(
    ("line", "rule"),
    [("const TOLL_STEPS = 2;", "toll_steps"), ("const more = me.reputatie >= 18;", "pool_steps")],
)
def test_the_scan_follows_the_rules_the_server_publishes(tmp_path, line, rule):
    """A name or a number is a rule constant because the server publishes it: without that
    rule in the block, the same line is no finding."""
    probe = tmp_path / "probe.js"
    probe.write_text(line + "\n")
    assert scan([probe])["findings"]
    fewer = {k: v for k, v in rules().items() if k != rule}
    assert scan([probe], stdin=json.dumps(fewer))["findings"] == []
