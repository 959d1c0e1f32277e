"""Known advisories in the site's dependencies: `make lint` runs this (and so CI).

    python tools/audit.py [--ignore tools/audit-ignore.toml] [--today YYYY-MM-DD]

Two audits: pip-audit over requirements.lock (the Python packages as pinned, not resolved
again) and `npm audit` over the lock files of the client's test tools (tools/eslint,
tests/e2e/axe). Each advisory found fails, unless tools/audit-ignore.toml accepts it (by
its id or one of its aliases, for its package) with a reason and a review date; an accepted
advisory whose review date has passed fails again until someone looks at it and moves the
date. An advisory source that cannot be reached (no network, the registry refusing the
query) is said so, and that audit passes: the run could not tell, it found nothing.
Acceptances that match no advisory are named, for removal. Exit status 0 or 1.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import re
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IGNORE_FILE = ROOT / "tools" / "audit-ignore.toml"
LOCK_FILE = ROOT / "requirements.lock"
NPM_FOLDERS = ("tools/eslint", "tests/e2e/axe")
TIMEOUT = 300  # seconds for one audit; the sources answer in seconds when they answer

# pip-audit's failures that mean the advisory service could not be asked.
PIP_UNREACHABLE = re.compile(
    r"ConnectionError|ConnectTimeout|ReadTimeout|Max retries exceeded|NameResolutionError"
    r"|Name or service not known|Temporary failure in name resolution|Network is unreachable"
    r"|ServiceError"
)
# npm's error codes that mean the registry's audit service could not be asked.
NPM_UNREACHABLE_CODES = {
    "ENOTFOUND",
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "EAI_AGAIN",
    "ENETUNREACH",
    "EHOSTUNREACH",
}


@dataclass(frozen=True)
class Finding:
    tool: str  # "pip" or "npm"
    package: str
    version: str
    id: str
    aliases: tuple[str, ...] = ()
    summary: str = ""

    def names(self) -> set[str]:
        return {self.id.upper(), *(a.upper() for a in self.aliases)}

    def __str__(self) -> str:
        also = f" ({', '.join(self.aliases)})" if self.aliases else ""
        fix = f": {self.summary}" if self.summary else ""
        return f"{self.tool} {self.package} {self.version}: {self.id}{also}{fix}"


@dataclass
class Audit:
    """What one audit said: its findings, or why it could not tell."""

    name: str
    findings: list[Finding] = field(default_factory=list)
    unreachable: str | None = None  # the source could not be asked: why
    error: str | None = None  # the audit itself failed: why (fails the run)
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Acceptance:
    id: str
    package: str
    reason: str
    review_by: dt.date

    def covers(self, finding: Finding) -> bool:
        return self.id.upper() in finding.names() and _same_package(self.package, finding)


def _same_package(name: str, finding: Finding) -> bool:
    norm = re.compile(r"[-_.]+")
    return norm.sub("-", name.lower()) == norm.sub("-", finding.package.lower())


# --- reading the tools' outputs ---------------------------------------------------------------
def read_pip_audit(stdout: str, stderr: str, returncode: int) -> Audit:
    """pip-audit --format json: {"dependencies": [{name, version, vulns: [...]} or
    {name, skip_reason}], ...}."""
    audit = Audit("pip-audit (requirements.lock)")
    try:
        data = json.loads(stdout)
        dependencies = data["dependencies"]
    except (ValueError, KeyError, TypeError):
        tail = stderr.strip().splitlines()[-1:] or [f"exit status {returncode}, no report"]
        if PIP_UNREACHABLE.search(stderr):
            audit.unreachable = tail[0]
        else:
            audit.error = tail[0]
        return audit
    skipped = [d for d in dependencies if d.get("skip_reason")]
    for dep in dependencies:
        for vuln in dep.get("vulns", []):
            fixes = ", ".join(vuln.get("fix_versions") or [])
            audit.findings.append(
                Finding(
                    "pip",
                    dep["name"],
                    dep.get("version", ""),
                    vuln["id"],
                    tuple(vuln.get("aliases") or ()),
                    f"fixed in {fixes}" if fixes else "no fixed version yet",
                )
            )
    if dependencies and len(skipped) == len(dependencies):
        # The service knew none of them: it was not asked at all (an index that is a
        # mirror without the advisory data answers every package "not found").
        audit.unreachable = f"no package could be looked up ({skipped[0]['skip_reason']})"
    elif skipped:
        audit.notes.extend(f"not audited: {d['skip_reason']}" for d in skipped)
    return audit


def read_npm_audit(folder: str, stdout: str) -> Audit:
    """npm audit --json (report version 2): {"vulnerabilities": {package: {via: [advisory
    objects, or names of the packages it comes through]}}}; an error is {"error": ...} or
    {"message", "statusCode", ...}."""
    audit = Audit(f"npm audit ({folder})")
    try:
        data = json.loads(stdout)
    except ValueError:
        audit.error = "npm audit printed no JSON report"
        return audit
    if not isinstance(data, dict) or "vulnerabilities" not in data:
        error = data.get("error") if isinstance(data, dict) else None
        error = error if isinstance(error, dict) else {}
        message = (data.get("message") if isinstance(data, dict) else None) or error.get(
            "summary", "no report"
        )
        code = error.get("code") or (data.get("code") if isinstance(data, dict) else None)
        status = data.get("statusCode") if isinstance(data, dict) else None
        if code in NPM_UNREACHABLE_CODES or status is not None or "audit endpoint" in message:
            audit.unreachable = str(message).splitlines()[0]
        else:
            audit.error = f"{code or 'error'}: {str(message).splitlines()[0]}"
        return audit
    seen: set[tuple[str, str]] = set()
    for entry in data["vulnerabilities"].values():
        for via in entry.get("via", []):
            if not isinstance(via, dict):
                continue  # a package this one depends on; its own entry has the advisory
            url = str(via.get("url", ""))
            ghsa = re.search(r"GHSA(-[0-9a-z]{4}){3}", url, re.IGNORECASE)
            advisory = ghsa.group(0) if ghsa else f"npm-{via.get('source')}"
            name = via.get("name") or entry.get("name", "?")
            if (name, advisory) in seen:
                continue
            seen.add((name, advisory))
            audit.findings.append(
                Finding(
                    "npm",
                    name,
                    str(via.get("range", "")),
                    advisory,
                    (),
                    f"{via.get('severity', '?')}: {via.get('title', '')}".strip(),
                )
            )
    return audit


def read_acceptances(text: str) -> list[Acceptance]:
    """The ignore file: [[accept]] tables of id, package, reason and review_by (a date)."""
    data = tomllib.loads(text)
    unknown = set(data) - {"accept"}
    if unknown:
        raise ValueError(f"unknown keys {sorted(unknown)}: only [[accept]] tables")
    out = []
    for i, item in enumerate(data.get("accept", []), 1):
        where = f"[[accept]] number {i}"
        for key in ("id", "package", "reason"):
            if not isinstance(item.get(key), str) or not item[key].strip():
                raise ValueError(f"{where}: `{key}` is missing or empty")
        review = item.get("review_by")
        if not isinstance(review, dt.date) or isinstance(review, dt.datetime):
            raise ValueError(f"{where}: `review_by` must be a date (review_by = 2027-01-31)")
        out.append(Acceptance(item["id"].strip(), item["package"].strip(), item["reason"], review))
    return out


# --- the verdict ------------------------------------------------------------------------------
def judge(
    audits: list[Audit], accepted: list[Acceptance], today: dt.date
) -> tuple[bool, list[str]]:
    """(passed, the report's lines)."""
    lines: list[str] = []
    failed = False
    used: set[Acceptance] = set()
    asked_all = True
    for audit in audits:
        if audit.error:
            failed = True
            lines.append(f"{audit.name}: FAILED to run: {audit.error}")
            asked_all = False
            continue
        if audit.unreachable:
            lines.append(
                f"{audit.name}: the advisory source could not be reached, not audited "
                f"(passes): {audit.unreachable}"
            )
            asked_all = False
            continue
        new, late, ok = [], [], []
        for finding in audit.findings:
            cover = next((a for a in accepted if a.covers(finding)), None)
            if cover is None:
                new.append(finding)
                continue
            used.add(cover)
            (late if cover.review_by < today else ok).append((finding, cover))
        said = "no known advisory" if not audit.findings else f"{len(audit.findings)} advisories"
        lines.append(f"{audit.name}: {said}")
        for finding in new:
            failed = True
            lines.append(f"  NEW: {finding} (fix it, or accept it in the ignore file)")
        for finding, cover in late:
            failed = True
            lines.append(
                f"  REVIEW DUE since {cover.review_by}: {finding} (accepted: {cover.reason})"
            )
        for finding, cover in ok:
            lines.append(f"  accepted until {cover.review_by}: {finding} ({cover.reason})")
        lines.extend(f"  {note}" for note in audit.notes)
    if asked_all:
        for acceptance in accepted:
            if acceptance not in used:
                lines.append(
                    f"ignore file: {acceptance.id} ({acceptance.package}) matches no advisory "
                    "any more: remove it"
                )
    lines.append("audit: FAILED" if failed else "audit: passed")
    return not failed, lines


# --- running the tools ------------------------------------------------------------------------
def run_pip_audit() -> Audit:
    cmd = [
        sys.executable, "-m", "pip_audit",
        "-r", str(LOCK_FILE),
        "--no-deps", "--disable-pip",  # every package is pinned: audit the pins as they are
        "--format", "json", "--progress-spinner", "off",
        "--timeout", "30",
    ]  # fmt: skip
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT)  # noqa: S603 — a fixed command of our own: the interpreter and pip-audit
    except subprocess.TimeoutExpired:
        return Audit("pip-audit (requirements.lock)", unreachable=f"no answer in {TIMEOUT} s")
    return read_pip_audit(done.stdout, done.stderr, done.returncode)


def run_npm_audit(folder: str) -> Audit:
    npm = shutil.which("npm")
    if npm is None:
        return Audit(f"npm audit ({folder})", error="npm is not installed (make lint installs it)")
    cmd = [npm, "audit", "--json", "--package-lock-only", "--include=dev"]
    try:
        done = subprocess.run(  # noqa: S603 — npm found on PATH, fixed arguments
            cmd, capture_output=True, text=True, timeout=TIMEOUT, cwd=ROOT / folder
        )
    except subprocess.TimeoutExpired:
        return Audit(f"npm audit ({folder})", unreachable=f"no answer in {TIMEOUT} s")
    return read_npm_audit(folder, done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ignore", type=Path, default=IGNORE_FILE)
    parser.add_argument(
        "--today", type=dt.date.fromisoformat, default=dt.datetime.now(dt.UTC).date()
    )
    args = parser.parse_args(argv)
    try:
        accepted = read_acceptances(args.ignore.read_text())
    except (OSError, ValueError) as err:  # tomllib's TOMLDecodeError is a ValueError
        print(f"audit: FAILED: the ignore file {args.ignore}: {err}")
        return 1
    audits = [run_pip_audit(), *(run_npm_audit(folder) for folder in NPM_FOLDERS)]
    passed, lines = judge(audits, accepted, args.today)
    print("\n".join(lines))
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
