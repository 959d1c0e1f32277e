"""The refusal catalogue: every code raised anywhere (engine and server) has a text in every
language, with exactly the parameters the raise site gives; the languages agree."""

from __future__ import annotations

import ast
import string
from pathlib import Path

import pytest

from engine import IllegalMove, InvalidMove
from engine.errors import Refusal
from engine.refusals import LANGUAGES, By, catalogue, language, text

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [
    p
    for p in (*ROOT.glob("engine/**/*.py"), *ROOT.glob("games/**/*.py"))
    if p.relative_to(ROOT).as_posix() not in ("engine/errors.py", "games/errors.py")
]  # the two errors modules define the classes and pass codes on
# Calls whose first argument is a refusal code, and whose keywords are its parameters.
RAISERS = {"IllegalMove", "InvalidMove", "Refusal", "IllegalMoveError", "InvalidMoveError"}


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def variants(entry) -> dict[str | None, str]:
    return dict(entry.texts) if isinstance(entry, By) else {None: entry}


def raise_sites() -> list[tuple[str, str, set[str], str | None]]:
    """(where, code, keyword names, literal value of a By parameter or None) per call."""
    sites = []
    for path in SOURCES:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in RAISERS:
                continue
            where = f"{path.relative_to(ROOT)}:{node.lineno}"
            first = node.args[0] if node.args else None
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                f"{where}: {name} needs a refusal code as a string literal"
            )
            kwargs = {k.arg: k.value for k in node.keywords if k.arg}
            literals = {
                k: v.value
                for k, v in kwargs.items()
                if isinstance(v, ast.Constant) and isinstance(v.value, str)
            }
            sites.append((where, first.value, set(kwargs), literals))
    return sites


SITES = raise_sites()


def test_the_scan_finds_the_raise_sites():
    codes = {code for _, code, _, _ in SITES}
    assert {"die_price", "not_rolled", "bad_number", "wrong_phase", "impassable"} <= codes
    assert len(SITES) > 100


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_code_raised_anywhere_has_a_text_with_its_parameters(lang):
    texts, _ = catalogue(lang)
    for where, code, params, literals in SITES:
        assert code in texts, f"{where}: no {lang} text for {code!r}"
        entry = texts[code]
        if isinstance(entry, By):
            assert entry.param in params, f"{where}: {code} needs the parameter {entry.param}"
            rest = params - {entry.param}
            chosen = literals.get(entry.param)
            if chosen is not None:
                assert chosen in entry.texts, f"{where}: {code} has no text for {chosen!r}"
                assert placeholders(entry.texts[chosen]) == rest, where
            else:
                assert set().union(*map(placeholders, entry.texts.values())) == rest, where
        else:
            assert placeholders(entry) == params, f"{where}: {code} {params} vs {entry!r}"


def test_every_language_has_the_same_codes_and_parameters():
    nl_texts, nl_names = catalogue("nl")
    for lang in LANGUAGES:
        texts, names = catalogue(lang)
        assert set(texts) == set(nl_texts), lang
        for code, entry in texts.items():
            ours, theirs = variants(entry), variants(nl_texts[code])
            assert set(ours) == set(theirs), (lang, code)
            for key, template in ours.items():
                assert placeholders(template) == placeholders(theirs[key]), (lang, code, key)
        for kind, table in names.items():
            assert set(table) == set(nl_names[kind]), (lang, kind)


def test_no_code_in_the_catalogue_is_dead():
    raised = {code for _, code, _, _ in SITES}
    assert set(catalogue("nl")[0]) == raised


@pytest.mark.parametrize("lang", LANGUAGES)
def test_texts_fill_in_their_parameters_and_words(lang):
    err = IllegalMove("office_taken", office="wisselaar", holder="opponent")
    shown = err.text(lang)
    assert "{" not in shown and "opponent" not in shown.replace("your opponent", "")
    assert IllegalMove("die_price", price=4).text(lang).count("4") == 1
    assert Refusal("impassable", kind="forest").text(lang) != Refusal(
        "impassable", kind="water"
    ).text(lang)
    assert str(InvalidMove("bad_plan", min=0, max=64)) == text("bad_plan", {"min": 0, "max": 64})


def test_a_sentence_where_a_code_belongs_still_reads():
    # A merge may bring a raise with a sentence; it shows as it is until it gets a code
    # (and test_every_code_raised_anywhere_has_a_text_with_its_parameters fails meanwhile).
    assert str(IllegalMove("Dat mag niet.")) == "Dat mag niet."


@pytest.mark.parametrize(
    "accepted, lang", [("en", "en"), ("en-GB", "en"), ("nl-BE", "nl"), ("fr", "nl"), (None, "nl")]
)
def test_language_from_a_language_tag(accepted, lang):
    assert language(accepted) == lang
