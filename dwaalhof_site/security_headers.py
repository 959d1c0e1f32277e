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

The header is the same for every answer to one host (a view that changes the policy, with
django-csp's decorators, aside): it is built once per socket origin and kept, instead of
from the settings at each answer (a third of a millisecond of every API request).
"""

from __future__ import annotations

import functools
import http.client
from typing import Any

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CSPMiddleware, PolicyParts
from csp.utils import build_policy
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.core.signals import setting_changed
from django.dispatch import receiver
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
        if _own_policy(response):
            response = super().process_response(request, response)
        else:
            _set_headers(request, response)
        vars(request).pop("csp_nonce", None)  # its guard against a late nonce: none is made
        return response

    def get_policy_parts(
        self,
        request: HttpRequest,
        response: HttpResponseBase,
        report_only: bool = False,
    ) -> PolicyParts:
        parts = super().get_policy_parts(request, response, report_only)
        origin = None if report_only else socket_origin(request)
        if origin:
            update = dict(parts.update or {})
            update["connect-src"] = [*update.get("connect-src", []), origin]
            parts.update = update
        return parts


# A response's own policy (django-csp's decorators set these) is built the library's way.
_OWN = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)


def _own_policy(response: HttpResponseBase) -> bool:
    return any(getattr(response, name, None) is not None for name in _OWN)


def _set_headers(request: HttpRequest, response: HttpResponseBase) -> None:
    """What CSPMiddleware.process_response sets for an answer without a policy of its own
    (and no nonce: the site makes none), from the policies built once per origin."""
    if response.status_code in _DEBUG_PAGES and settings.DEBUG:
        return  # Django's debug pages (the library leaves them alone)
    policy, report_only = policies(socket_origin(request))
    for header, value, exempt, config in (
        (HEADER, policy, "_csp_exempt", "CONTENT_SECURITY_POLICY"),
        (HEADER_REPORT_ONLY, report_only, "_csp_exempt_ro", "CONTENT_SECURITY_POLICY_REPORT_ONLY"),
    ):
        if not value or header in response or getattr(response, exempt, False) is not False:
            continue
        prefixes = (getattr(settings, config, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
        if not request.path_info.startswith(tuple(prefixes)):
            response[header] = value


_DEBUG_PAGES = (http.client.INTERNAL_SERVER_ERROR, http.client.NOT_FOUND)


@functools.lru_cache(maxsize=64)  # a few hosts; bounded whatever ALLOWED_HOSTS lets through
def policies(origin: str | None) -> tuple[str, str]:
    """The Content-Security-Policy and its report-only twin for answers to `origin`."""
    update = {"connect-src": [origin]} if origin else None
    return build_policy(update=update), build_policy(report_only=True)


@receiver(setting_changed)
def _forget_policies(setting: str, **kwargs: Any) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        policies.cache_clear()
