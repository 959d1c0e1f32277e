"""The bot's requests to the public API: JSON over HTTP with a personal token (standard
library only). Every refusal is an ApiRefused with the server's status and error body."""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

USER_AGENT = "dwaalhof-bot-client/1"
RATE_LIMIT_RETRIES = 5


class ApiRefused(Exception):
    """The server answered with an error: `status` and the error envelope (`code`, ...)."""

    def __init__(self, status: int, body: dict[str, Any]):
        super().__init__(f"{status} {body.get('code')}: {body.get('detail')}")
        self.status = status
        self.body = body
        self.code = body.get("code")


class Api:
    def __init__(self, base_url: str, token: str, timeout: float = 30):
        if not base_url.startswith(("http://", "https://")):
            raise ValueError("the site's URL starts with http:// or https://")
        self.base = base_url.rstrip("/")
        self.token = token
        self.timeout = timeout

    def _request(self, method: str, path: str, body: Any = None) -> urllib.request.Request:
        data = None if body is None else json.dumps(body).encode()
        url = self.base + path  # http(s) only: checked in __init__
        request = urllib.request.Request(url, data=data, method=method)  # noqa: S310 — http(s) only, checked in __init__
        request.add_header("Authorization", f"Token {self.token}")
        request.add_header("User-Agent", USER_AGENT)
        request.add_header("Accept", "application/json")
        if data is not None:
            request.add_header("Content-Type", "application/json")
        return request

    def call(self, method: str, path: str, body: Any = None) -> Any:
        """The answer's JSON (None for an empty answer); ApiRefused for a 4xx or 5xx. A 429
        (the token's rate limit, docs/api.md) is waited out as its Retry-After says, a few
        times, then raised like any refusal."""
        for _ in range(RATE_LIMIT_RETRIES):
            try:
                return self._call(method, path, body)
            except ApiRefused as err:
                if err.status != 429:
                    raise
                wait = err.body.get("params", {}).get("retry_after", 1)
                time.sleep(min(float(wait), 60))
        return self._call(method, path, body)

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        try:
            with urllib.request.urlopen(  # noqa: S310 — the operator's own server URL
                self._request(method, path, body), timeout=self.timeout
            ) as answer:
                raw = answer.read()
        except urllib.error.HTTPError as err:
            raw = err.read()
            try:
                error = json.loads(raw) if raw else {}
            except ValueError:
                error = {"detail": raw[:200].decode(errors="replace")}
            raise ApiRefused(err.code, error if isinstance(error, dict) else {}) from None
        return json.loads(raw) if raw else None

    def get(self, path: str) -> Any:
        return self.call("GET", path)

    def post(self, path: str, body: Any = None) -> Any:
        return self.call("POST", path, {} if body is None else body)

    def lines(self, path: str, read_timeout: float) -> Iterator[bytes]:
        """The lines of a streamed answer (ndjson), as they come; an OSError (a timeout: no
        line, not even the keep-alive, for `read_timeout` seconds) when it breaks."""
        try:
            answer = urllib.request.urlopen(  # noqa: S310 — the operator's own server URL
                self._request("GET", path), timeout=read_timeout
            )
        except urllib.error.HTTPError as err:
            raw = err.read()
            raise ApiRefused(err.code, json.loads(raw) if raw else {}) from None
        with answer:
            while True:
                line = answer.readline()
                if not line:
                    return  # the server ended the stream
                yield line
