"""The client's modules that need no page (hexlayout, history, dicecheck, walkplan with the
server's answers stubbed), checked with Node's own test runner: one pytest test per
`*.test.mjs` file, which fails with Node's report when any of its tests fails. The dice
check's game is dealt here by the engine (engine.rng, the commitment from games.services),
so the browser's check is held to the dice the server really draws."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from engine import rng
from games.services import commitment

HERE = Path(__file__).parent
TESTS = sorted(HERE.glob("*.test.mjs"))
SEED = "client-dice-check"
# the dice of a few moves, in the order a game draws them: (seq, purpose, how many)
DRAWS = [(3, "walk", 2), (9, "court", 4), (10, "court", 1), (14, "walk", 2), (20, "court", 5)]


def dealt_game():
    counters: dict[str, int] = {}
    steps = [
        {
            "seq": seq,
            "dice": [
                {
                    "purpose": purpose,
                    "values": [1 + rng.randbelow(SEED, counters, purpose, 6) for _ in range(n)],
                }
            ],
        }
        for seq, purpose, n in DRAWS
    ]
    return {"seed": SEED, "commitment": commitment(SEED), "steps": steps}


def test_every_pure_module_has_its_node_tests():
    assert {t.name for t in TESTS} >= {
        "hexlayout.test.mjs",
        "history.test.mjs",
        "dicecheck.test.mjs",
        "walkplan.test.mjs",
        "clock.test.mjs",
    }


@pytest.mark.parametrize("script", TESTS, ids=[t.name for t in TESTS])
def test_node(script):
    node = shutil.which("node") or shutil.which("nodejs")
    assert node, "Node.js is needed for the client tests (make browser installs it)"
    env = dict(os.environ, DWAALHOF_DICE_GAME=json.dumps(dealt_game()))
    out = subprocess.run(
        [node, "--test", "--test-reporter=spec", str(script)],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
