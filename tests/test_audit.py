"""tools/audit.py's judgement, on made-up outputs of pip-audit and npm audit: a new advisory
fails, an accepted one passes until its review date, an unreachable source passes and says
so, a broken audit or ignore file fails."""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("audit", ROOT / "tools" / "audit.py")
assert _spec and _spec.loader
audit = importlib.util.module_from_spec(_spec)
sys.modules["audit"] = audit  # (dataclasses look their module up while the class is made)
_spec.loader.exec_module(audit)

TODAY = dt.date(2027, 1, 15)

PIP_CLEAN = json.dumps(
    {
        "dependencies": [
            {"name": "django", "version": "5.2.19", "vulns": []},
            {"name": "requests", "version": "2.34.2", "vulns": []},
        ],
        "fixes": [],
    }
)
PIP_DJANGO_ADVISORY = json.dumps(
    {
        "dependencies": [
            {
                "name": "django",
                "version": "5.2.19",
                "vulns": [
                    {
                        "id": "PYSEC-2027-1",
                        "fix_versions": ["5.2.20"],
                        "aliases": ["CVE-2027-1234", "GHSA-abcd-efgh-ijkl"],
                        "description": "...",
                    }
                ],
            },
            {"name": "requests", "version": "2.34.2", "vulns": []},
        ],
        "fixes": [],
    }
)
NPM_CLEAN = json.dumps({"auditReportVersion": 2, "vulnerabilities": {}, "metadata": {}})
NPM_ADVISORY = json.dumps(
    {
        "auditReportVersion": 2,
        "vulnerabilities": {
            "brace-expansion": {
                "name": "brace-expansion",
                "severity": "low",
                "via": [
                    {
                        "source": 1105443,
                        "name": "brace-expansion",
                        "title": "brace-expansion Regular Expression Denial of Service",
                        "url": "https://github.com/advisories/GHSA-v6h2-p8h4-qcjw",
                        "severity": "low",
                        "range": ">=2.0.0 <=2.0.1",
                    }
                ],
            },
            "minimatch": {"name": "minimatch", "severity": "low", "via": ["brace-expansion"]},
        },
    }
)
NPM_REFUSED = json.dumps(
    {
        "message": "405 Method Not Allowed - POST https://registry.example/-/npm/v1/security/advisories/bulk",
        "statusCode": 405,
        "error": {"summary": "", "detail": ""},
    }
)
NPM_OFFLINE = json.dumps(
    {"error": {"code": "ENOTFOUND", "summary": "request to https://registry.example failed"}}
)
NPM_NO_LOCK = json.dumps(
    {"error": {"code": "ENOLOCK", "summary": "This command requires an existing lockfile."}}
)


def accept(id_="CVE-2027-1234", package="Django", review_by=dt.date(2027, 2, 1)):
    return audit.Acceptance(id_, package, "only the admin's password form; staff only", review_by)


def run(pip=PIP_CLEAN, npm=NPM_CLEAN, accepted=(), *, pip_stderr="", pip_rc=0):
    audits = [
        audit.read_pip_audit(pip, pip_stderr, pip_rc),
        audit.read_npm_audit("tools/eslint", npm),
    ]
    return audit.judge(audits, list(accepted), TODAY)


def test_no_advisory_passes():
    passed, lines = run()
    assert passed
    assert lines[-1] == "audit: passed"


def test_a_new_python_advisory_fails_and_names_it_with_its_fix():
    passed, lines = run(pip=PIP_DJANGO_ADVISORY)
    assert not passed
    new = [line for line in lines if "NEW" in line]
    assert len(new) == 1
    assert "django 5.2.19: PYSEC-2027-1" in new[0] and "fixed in 5.2.20" in new[0]


def test_a_new_npm_advisory_fails_once_not_again_for_the_packages_it_comes_through():
    passed, lines = run(npm=NPM_ADVISORY)
    assert not passed
    new = [line for line in lines if "NEW" in line]
    assert len(new) == 1 and "brace-expansion" in new[0] and "GHSA-v6h2-p8h4-qcjw" in new[0]


def test_an_advisory_accepted_by_an_alias_passes_until_its_review_date():
    passed, lines = run(pip=PIP_DJANGO_ADVISORY, accepted=[accept()])
    assert passed
    assert any("accepted until 2027-02-01" in line for line in lines)


def test_an_accepted_advisory_past_its_review_date_fails():
    late = accept(review_by=dt.date(2027, 1, 14))
    passed, lines = run(pip=PIP_DJANGO_ADVISORY, accepted=[late])
    assert not passed
    assert any("REVIEW DUE since 2027-01-14" in line for line in lines)
    # on the review date itself it still holds
    assert run(pip=PIP_DJANGO_ADVISORY, accepted=[accept(review_by=TODAY)])[0]


def test_an_acceptance_for_another_package_does_not_cover_the_advisory():
    passed, _ = run(pip=PIP_DJANGO_ADVISORY, accepted=[accept(package="requests")])
    assert not passed


def test_an_npm_advisory_is_accepted_by_its_ghsa_id():
    ok = accept("GHSA-v6h2-p8h4-qcjw", "brace-expansion")
    assert run(npm=NPM_ADVISORY, accepted=[ok])[0]


def test_an_acceptance_that_matches_nothing_is_named_for_removal_but_passes():
    passed, lines = run(accepted=[accept()])
    assert passed
    assert any("matches no advisory any more" in line for line in lines)


@pytest.mark.parametrize(
    ("pip", "stderr", "npm"),
    [
        # pip-audit could not connect at all (a traceback, no report)
        (
            "",
            "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='pypi.org', "
            "port=443): Max retries exceeded with url: /pypi/django/5.2.19/json",
            NPM_CLEAN,
        ),
        # an index that knows no package answers each "not found": nothing was looked up
        (
            json.dumps(
                {
                    "dependencies": [
                        {"name": "django", "skip_reason": "Dependency not found on PyPI"},
                        {"name": "requests", "skip_reason": "Dependency not found on PyPI"},
                    ]
                }
            ),
            "",
            NPM_CLEAN,
        ),
        (PIP_CLEAN, "", NPM_REFUSED),  # the registry refuses the audit query
        (PIP_CLEAN, "", NPM_OFFLINE),  # no network
    ],
)
def test_an_advisory_source_that_cannot_be_reached_is_said_and_passes(pip, stderr, npm):
    passed, lines = run(pip=pip, npm=npm, pip_stderr=stderr, pip_rc=1 if not pip else 0)
    assert passed
    assert any("could not be reached, not audited" in line for line in lines)


def test_an_unreachable_source_does_not_call_acceptances_stale():
    _, lines = run(npm=NPM_OFFLINE, accepted=[accept("GHSA-v6h2-p8h4-qcjw", "brace-expansion")])
    assert not any("remove it" in line for line in lines)


def test_an_audit_that_breaks_for_another_reason_fails():
    assert not run(pip="", pip_stderr="error: requirements.lock: invalid requirement", pip_rc=1)[0]
    assert not run(npm=NPM_NO_LOCK)[0]
    assert not run(npm="npm ERR! something")[0]


def test_the_ignore_file_needs_a_reason_and_a_review_date():
    good = """
[[accept]]
id = "GHSA-v6h2-p8h4-qcjw"
package = "brace-expansion"
reason = "eslint's glob patterns are ours"
review_by = 2027-03-01
"""
    (one,) = audit.read_acceptances(good)
    assert one.review_by == dt.date(2027, 3, 1)
    with pytest.raises(ValueError, match="reason"):
        audit.read_acceptances(good.replace('reason = "eslint\'s glob patterns are ours"', ""))
    with pytest.raises(ValueError, match="review_by"):
        audit.read_acceptances(good.replace("2027-03-01", '"soon"'))
    with pytest.raises(ValueError, match="only"):
        audit.read_acceptances("[[ignore]]\nid = 'x'\n")


def test_the_repositorys_ignore_file_is_valid_and_every_entry_is_reasoned():
    for acceptance in audit.read_acceptances(audit.IGNORE_FILE.read_text()):
        assert len(acceptance.reason) > 10


def test_make_lint_runs_the_audit():
    import subprocess

    planned = subprocess.run(
        ["make", "-n", "lint"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    assert "tools/audit.py" in planned
