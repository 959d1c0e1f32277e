"""daphne's HTTP requests leave form parsing to Django.

twisted.web, under daphne, parses the body of every POST before daphne passes it on: its
Content-Type through the email package, and a urlencoded or multipart body into
`request.args`. daphne never reads `request.args`; Django parses the body itself, under its
own size limits. So the work was done twice, and a multipart upload was parsed in memory
before Django could refuse it. The Content-Type parse alone, on every move (a POST with a
JSON body), was 1.8% of a web process's CPU under the load test (py-spy, 2026-12-04).
"""

from __future__ import annotations

from daphne.http_protocol import WebRequest


def _off(_request: WebRequest) -> bool:
    return False


def _ignored(_request: WebRequest, _value: bool) -> None:
    """twisted's Request.__init__ sets the switch on every request: a property on the
    class wins over that."""


def leave_forms_to_django() -> None:
    """Switch twisted's form parsing off for every request daphne serves in this process."""
    WebRequest._parsePOSTFormSubmission = property(_off, _ignored)
