"""The client's Dutch and English word catalogues (frontend/js/strings-nl.js, strings-en.js,
and announce.js's live-region sentences) have the same keys, and every sentence with a
placeholder uses the same placeholders in both: a player never meets a missing word or a
sentence that drops a number. Run with Node (installed with npm by `make browser`)."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("catalogue_shape.mjs")


@pytest.fixture(scope="module")
def shapes():
    node = shutil.which("node") or shutil.which("nodejs")
    assert node, "Node.js is needed for the client catalogue test (make browser installs it)"
    out = subprocess.run([node, str(SCRIPT)], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def differences(a, b, path=""):
    """Where two catalogue shapes differ, as readable paths."""
    if isinstance(a, dict) and isinstance(b, dict):
        found = [f"{path}.{k}: only in nl" for k in a.keys() - b.keys()]
        found += [f"{path}.{k}: only in en" for k in b.keys() - a.keys()]
        for k in a.keys() & b.keys():
            found += differences(a[k], b[k], f"{path}.{k}")
        return found
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return [
            d
            for i, (x, y) in enumerate(zip(a, b, strict=True))
            for d in differences(x, y, f"{path}[{i}]")
        ]
    return [] if a == b else [f"{path}: nl {a!r} / en {b!r}"]


@pytest.mark.parametrize("part", ["T", "RULES", "RESOURCE_ORDER", "A"])
def test_english_has_the_keys_and_placeholders_of_dutch(shapes, part):
    assert differences(shapes["nl"][part], shapes["en"][part], part) == []


def test_every_sentence_can_be_built(shapes):
    text = json.dumps(shapes)
    assert "throws" not in text


def test_the_english_rules_summary_names_the_dutch_hofreglement_as_the_source(shapes):
    assert "Dutch hofreglement is the source of truth" in shapes["enSource"]
