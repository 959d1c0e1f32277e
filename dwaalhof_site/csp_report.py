"""The Content-Security-Policy report endpoint (settings.CSP_REPORT_PATH, `report-uri`).

A browser that blocks something under the policy posts a report here: the old `report-uri`
form (`application/csp-report`, `{"csp-report": {...}}`) or the Reporting API's
(`application/reports+json`, a list of `{"type": "csp-violation", "body": {...}}`). Each
violation is logged as one WARNING line of the `dwaalhof.csp` logger (the page, the
directive, what was blocked and where), with URLs cut to scheme, host and path (a query or
fragment may hold a token or an invite code) and every field shortened and stripped of
control characters. Answers 204. Bad input answers 400 (415 for another media type) in the
API's error shape and logs nothing beyond Django's one request line; reports are throttled
per client address (DWAALHOF_THROTTLE_RATES["csp_report"]) and a request carries at most
MAX_BYTES. No login, no CSRF: browsers send reports on their own, with no token.
"""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Mapping
from typing import IO, Any
from urllib.parse import urlsplit

from drf_spectacular.utils import extend_schema
from rest_framework import parsers, status
from rest_framework.exceptions import ParseError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from .api.throttles import _SettingsRateThrottle

log = logging.getLogger("dwaalhof.csp")

MAX_BYTES = 64 * 1024  # a report is a few hundred bytes; a batch of them a few kB
MAX_LOGGED = 10  # violations logged from one request; the rest are counted
FIELD_CHARS = 200
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")

# The fields logged, by their name in each form (report-uri's, the Reporting API's).
FIELDS = (
    ("page", "document-uri", "documentURL"),
    ("directive", "effective-directive", "effectiveDirective"),
    ("blocked", "blocked-uri", "blockedURL"),
    ("source", "source-file", "sourceFile"),
    ("line", "line-number", "lineNumber"),
    ("sample", "script-sample", "sample"),
)
URL_FIELDS = {"page", "blocked", "source"}


class _ReportParser(parsers.BaseParser):
    """JSON of at most MAX_BYTES; anything else is a 400."""

    def parse(
        self,
        stream: IO[Any] | None,
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        raw = stream.read(MAX_BYTES + 1) if stream is not None else b""
        if len(raw) > MAX_BYTES:
            raise ParseError("The report is too large.")
        try:
            return json.loads(raw)
        except (ValueError, RecursionError) as err:
            raise ParseError("The report is not JSON.") from err


class CspReportParser(_ReportParser):
    media_type = "application/csp-report"


class ReportsParser(_ReportParser):
    media_type = "application/reports+json"


class JsonReportParser(_ReportParser):
    media_type = "application/json"


class CspReportThrottle(_SettingsRateThrottle):
    """Per client address (the address DRF's throttles see, settings NUM_PROXIES)."""

    scope = "csp_report"


def violations(data: Any) -> list[Mapping[str, Any]]:
    """The violation bodies of a report in either form; ParseError if it is neither."""
    if isinstance(data, Mapping) and isinstance(data.get("csp-report"), Mapping):
        return [data["csp-report"]]
    if isinstance(data, list) and data:
        bodies = []
        for item in data:
            if not (isinstance(item, Mapping) and isinstance(item.get("body"), Mapping)):
                raise ParseError("Each report needs a body.")
            if item.get("type") == "csp-violation":
                bodies.append(item["body"])
        return bodies
    raise ParseError("Not a Content-Security-Policy report.")


def _clean(value: Any, *, url: bool) -> str:
    text = str(value)
    if url and "://" in text:
        parts = urlsplit(text)
        text = f"{parts.scheme}://{parts.netloc}{parts.path}"
    return _CONTROL.sub("?", text)[:FIELD_CHARS]


def log_line(body: Mapping[str, Any]) -> str:
    """One violation as `name=value` pairs, in FIELDS' order, the fields it has."""
    said = []
    for name, *keys in FIELDS:
        value = next((body[k] for k in keys if body.get(k) not in (None, "")), None)
        if value is not None:
            said.append(f"{name}={_clean(value, url=name in URL_FIELDS)!r}")
    return "csp violation: " + " ".join(said)


class CspReportView(APIView):
    authentication_classes: list[type] = []  # no session: no CSRF check a browser could pass
    permission_classes = [AllowAny]
    throttle_classes = [CspReportThrottle]
    parser_classes = [CspReportParser, ReportsParser, JsonReportParser]

    @extend_schema(exclude=True)  # the browser's, not the API's
    def post(self, request: Request) -> Response:
        bodies = violations(request.data)
        for body in bodies[:MAX_LOGGED]:
            log.warning(log_line(body))
        if len(bodies) > MAX_LOGGED:
            log.warning("csp violation: %d more in the same report", len(bodies) - MAX_LOGGED)
        return Response(status=status.HTTP_204_NO_CONTENT)
