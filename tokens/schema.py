"""The OpenAPI schema names the scope each operation needs from a token (a postprocessing
hook: SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]), read from the one table, tokens.scopes.
OpenAPI 3.0 allows scopes only on OAuth2 schemes, so each operation carries it as
`x-token-scope` (a scope, `any` or `session-only`) and in its description; the token scheme's description lists the scopes.
An operation open to tokens can answer 429: each token's requests are rate-limited."""

from __future__ import annotations

import re
from typing import Any

from django.urls import Resolver404, resolve
from django.utils import translation

from . import scopes

METHODS = {"get", "post", "put", "patch", "delete"}
# A token's request beyond its rate: 429 `token_rate_limited` (docs/api.md, "Rate limits").
RATE_LIMITED = {
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    "description": "too many requests (with a token: token_rate_limited, see Retry-After)",
}


def _url_name(path: str) -> str | None:
    concrete = re.sub(r"\{[^}]+\}", "1", path)
    try:
        return resolve(concrete).url_name
    except Resolver404:
        return None


def _said(need: object) -> str:
    if need is scopes.CLOSED:
        return "not open to tokens (log in on the site)"
    return "any valid token" if need is None else str(need)


def add_token_scopes(result: dict[str, Any], generator: Any, **kwargs: Any) -> dict[str, Any]:
    for path, operations in result.get("paths", {}).items():
        name = _url_name(path)
        for method, operation in operations.items():
            if method not in METHODS:
                continue
            need = scopes.needed(name, method.upper())
            operation["x-token-scope"] = "session-only" if need is scopes.CLOSED else need or "any"
            said = f"Token scope: {_said(need)}."
            if need is not scopes.CLOSED:
                # every token's requests are rate-limited (tokens.auth.rate_limited)
                operation.setdefault("responses", {}).setdefault("429", RATE_LIMITED)
            text = operation.get("description", "")
            operation["description"] = f"{text}\n\n{said}" if text else said
    schemes = result.get("components", {}).get("securitySchemes", {})
    if "tokenAuth" in schemes:
        with translation.override("en"):
            listed = "; ".join(
                f"`{name}`: {translation.gettext(text)}" for name, text in scopes.SCOPES.items()
            )
        schemes["tokenAuth"]["description"] = (
            "A personal access token: `Authorization: Token <token>` (or `Bearer`). Made "
            f"on the account page or with POST /api/tokens/. Scopes: {listed}."
        )
    return result
