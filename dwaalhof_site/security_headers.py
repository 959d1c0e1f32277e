"""The Content-Security-Policy header: django-csp's middleware with the site's websockets.

settings.CONTENT_SECURITY_POLICY is the policy; its connect-src says 'self', which current
browsers read as the page's own origin and the ws:/wss: of the same host. Older browsers
(CSP level 2) did not, so each answer also names the socket origin of the host it was asked
for: wss://host behind TLS, ws://host without. The host is Django's validated one; a host
that ALLOWED_HOSTS refuses adds nothing (that request fails anyway).

The site uses no nonce (every script and style is a file), so a request keeps no lazy
`csp_nonce`: django-csp's ties the request to itself in a reference cycle and raises when
read after the answer (the garbage collector's scan of an answer's cycle reads it;
tests/server/test_request_path.py).
"""

from __future__ import annotations

from csp.middleware import CSPMiddleware, PolicyParts
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest
from django.http.response import HttpResponseBase


def socket_origin(request: HttpRequest) -> str | None:
    """ws://host or wss://host of the site as this request reached it, or None."""
    try:
        host = request.get_host()
    except DisallowedHost:
        return None
    return f"{'wss' if request.is_secure() else 'ws'}://{host}"


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    def process_request(self, request: HttpRequest) -> None:
        return None  # no nonce (see above)

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        response = super().process_response(request, response)
        vars(request).pop("csp_nonce", None)  # its guard against a late nonce: none is made
        return response

    def get_policy_parts(
        self,
        request: HttpRequest,
        response: HttpResponseBase,
        report_only: bool = False,
    ) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        origin = socket_origin(request)
        if origin and not report_only:
            update = dict(parts.update or {})
            update["connect-src"] = [*update.get("connect-src", []), origin]
            parts.update = update
        return parts
