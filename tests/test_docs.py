"""The repository stands on its own (docs/design.md#tests-and-checks): its files never point
at documents kept outside it, and every link in README.md and docs/ reaches a file (and a
section) that is in the repository. A newcomer who follows a pointer finds what it names."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# Documents that once lived beside the repository, named as a file or bare in a comment
# ("(SPEC)"), and paths that leave the repository.
OUTSIDE = re.compile(
    r"\b(?:SPEC|DESIGN|UI)\.md\b"
    r"|\b(?:SPEC|DESIGN)\b"
    r"|\.\./shared\b"
    r"|/work/"
)
SKIPPED = ("requirements.lock", "package-lock.json")  # pinned hashes, not prose
MARKDOWN_LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
DOC_PATH = re.compile(r"\bdocs/[\w.-]+\.md(?:#[\w-]+)?")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
INLINE_CODE = re.compile(r"`[^`\n]*`")


def tracked_files() -> list[str]:
    """The repository's files, less lock files and this file (it names what it looks for)."""
    out = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    return [
        p
        for p in out.splitlines()
        if not p.endswith(SKIPPED)
        and "node_modules" not in p.split("/")
        and p != "tests/test_docs.py"
    ]


def text_of(path: str) -> str | None:
    try:
        data = (ROOT / path).read_bytes()
    except FileNotFoundError:  # deleted in the work tree, not yet in the index
        return None
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def outside_references(text: str) -> list[str]:
    """The lines of `text` that point outside the repository."""
    return [line.strip() for line in text.splitlines() if OUTSIDE.search(line)]


def slug(heading: str) -> str:
    """The anchor a Markdown heading gets on GitHub (and most renderers)."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", lambda m: m.group(1) or "", heading)
    return re.sub(r"[^\w\- ]", "", text.strip().lower()).replace(" ", "-")


def anchors(markdown: str) -> set[str]:
    found: set[str] = set()
    for line in FENCE.sub("", markdown).splitlines():
        m = re.match(r"#{1,6}\s+(.*?)\s*#*\s*$", line)
        if m:
            base = anchor = slug(m.group(1))
            n = 0
            while anchor in found:  # a repeated heading gets -1, -2, ...
                n += 1
                anchor = f"{base}-{n}"
            found.add(anchor)
    return found


def broken_target(source: str, target: str, files: set[str]) -> str | None:
    """Why `target` (a link or path named in the tracked file `source`) reaches nothing in
    the repository, or None when it does."""
    path_part, _, anchor = target.partition("#")
    if path_part:
        resolved = (ROOT / source).parent.joinpath(path_part).resolve()
        if not resolved.is_relative_to(ROOT):
            return "leaves the repository"
        rel = resolved.relative_to(ROOT).as_posix()
        is_dir = any(f.startswith(rel + "/") for f in files)
        if rel not in files and not is_dir:
            return "no such file in the repository"
    else:
        rel = source
    if anchor and rel.endswith(".md"):
        if anchor not in anchors((ROOT / rel).read_text(encoding="utf-8")):
            return f"no section #{anchor} in {rel}"
    return None


def links(markdown: str) -> list[str]:
    """The relative link targets of a Markdown text (code blocks and code spans excluded)."""
    prose = INLINE_CODE.sub("", FENCE.sub("", markdown))
    return [t for t in MARKDOWN_LINK.findall(prose) if not re.match(r"[a-z][a-z0-9+.-]*:", t)]


def test_no_file_points_at_documents_or_paths_outside_the_repository():
    offenders = {}
    for path in tracked_files():
        text = text_of(path)
        if text is not None and (lines := outside_references(text)):
            offenders[path] = lines
    assert offenders == {}


def test_every_link_in_the_readme_and_docs_reaches_a_file_and_section_of_the_repository():
    files = set(tracked_files())
    documents = ["README.md"] + sorted(f for f in files if re.fullmatch(r"docs/[^/]+\.md", f))
    assert len(documents) > 5  # the scan sees the documents
    broken = {}
    for doc in documents:
        for target in links((ROOT / doc).read_text(encoding="utf-8")):
            if why := broken_target(doc, target, files):
                broken[f"{doc}: {target}"] = why
    assert broken == {}


def test_every_document_a_file_names_exists_with_the_section_it_names():
    files = set(tracked_files())
    broken = {}
    for path in sorted(files):
        text = text_of(path)
        for named in DOC_PATH.findall(text or ""):
            if why := broken_target("README.md", named, files):  # named from the root
                broken[f"{path}: {named}"] = why
    assert broken == {}


def test_the_scans_catch_a_pointer_outside_and_a_broken_link():
    assert outside_references("x = 1\n# the table of SPEC.md\n") == ["# the table of SPEC.md"]
    assert outside_references("never gunst (SPEC)") == ["never gunst (SPEC)"]
    assert outside_references("(UI.md: 44 px)") != []
    assert outside_references("see ../shared/rules/x.txt") != []
    assert outside_references("cd /work/main") != []
    assert outside_references("Swagger UI at /api/docs/; docs/ui.md; SPEC_SHEET = 1") == []
    assert DOC_PATH.findall("see docs/design.md#engine, and docs/x.md.") == [
        "docs/design.md#engine",
        "docs/x.md",
    ]
    files = set(tracked_files())
    text = "[ok](design.md) [gone](nowhere.md) [web](https://example.org) `[code](x.md)`"
    assert links(text) == ["design.md", "nowhere.md"]
    assert broken_target("docs/x.md", "design.md", files) is None
    assert broken_target("docs/x.md", "nowhere.md", files) == "no such file in the repository"
    assert broken_target("docs/x.md", "../../outside.md", files) == "leaves the repository"
    assert broken_target("docs/x.md", "design.md#no-such-part", files) == (
        "no section #no-such-part in docs/design.md"
    )
    assert broken_target("docs/x.md", "design.md#hex-coordinates", files) is None


def test_anchors_follow_the_headings_as_github_makes_them():
    markdown = (
        "# Board (I)\n## Rule -> test (`tests/e2e/`)\n```\n# not a heading\n```\n## Board (I)\n"
    )
    assert anchors(markdown) == {"board-i", "rule---test-testse2e", "board-i-1"}
