"""A real web push service on loopback for the tests (RFC 8030's push service's side): it
takes the encrypted POST, checks the VAPID Authorization header (RFC 8292: `vapid t=<JWT>,
k=<key>`, the ES256 signature with that key, `aud` the endpoint's origin, `exp` ahead, a
mailto: `sub`), decrypts the body with the subscription's private key and auth secret (RFC
8291, http_ece) and keeps what it got. It answers each subscription with the statuses the
test queues (201 when none is queued)."""

from __future__ import annotations

import base64
import json
import os
import re
import secrets
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Browser:
    """One browser's subscription, its keys made by the test as a browser makes them."""

    token: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes
    answers: list[int] = field(default_factory=list)  # statuses still to give, in order

    @property
    def keys(self) -> dict[str, str]:
        point = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"p256dh": b64url(point), "auth": b64url(self.auth)}

    def to_json(self) -> dict[str, Any]:
        """What PushSubscription.toJSON() gives in the browser."""
        return {"endpoint": self.endpoint, "keys": self.keys}


@dataclass
class Received:
    token: str
    status: int  # what the service answered
    payload: dict[str, Any] | None
    headers: dict[str, str]
    claims: dict[str, Any] | None


def verify_vapid(header: str, origin: str, site_public_key: str | None) -> dict[str, Any]:
    """The VAPID header's claims when its signature and claims hold; raises otherwise."""
    found = re.fullmatch(r"vapid t=([\w\-.]+),\s*k=([\w\-]+)", header.strip())
    if not found:
        raise ValueError(f"not a VAPID header: {header[:40]!r}")
    token, key = found.groups()
    if site_public_key is not None and key != site_public_key:
        raise ValueError("signed with another key than the site's")
    head, body, signature = token.split(".")
    if json.loads(unb64url(head)) != {"typ": "JWT", "alg": "ES256"}:
        raise ValueError("not an ES256 JWT")
    raw = unb64url(signature)
    der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(key))
    try:
        public.verify(der, f"{head}.{body}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature as err:
        raise ValueError("bad JWT signature") from err
    claims = json.loads(unb64url(body))
    if claims.get("aud") != origin:
        raise ValueError(f"aud {claims.get('aud')!r} is not {origin!r}")
    if not time.time() < int(claims.get("exp", 0)) <= time.time() + 24 * 3600:
        raise ValueError("exp not in the next 24 hours")
    if not str(claims.get("sub", "")).startswith("mailto:"):
        raise ValueError("no mailto: sub")
    return claims


class PushService:
    def __init__(self, site_public_key: str | None = None):
        self.site_public_key = site_public_key
        self.browsers: dict[str, Browser] = {}
        self.received: list[Received] = []
        self.problems: list[str] = []
        self.cut_off = 0  # requests whose sender hung up before the whole body was sent
        self.lock = threading.Lock()
        self.got_one = threading.Condition(self.lock)
        service = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):  # quiet
                pass

            def do_POST(self):
                service.handle(self)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> PushService:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def browser(self, *answers: int) -> Browser:
        token = secrets.token_urlsafe(12)
        made = Browser(
            token=token,
            endpoint=f"{self.origin}/push/{token}",
            private_key=ec.generate_private_key(ec.SECP256R1()),
            auth=os.urandom(16),
            answers=list(answers),
        )
        self.browsers[token] = made
        return made

    def handle(self, request: BaseHTTPRequestHandler) -> None:
        length = int(request.headers.get("Content-Length", "0"))
        body = request.rfile.read(length)
        if len(body) < length:
            # The sender died mid-request (a worker killed while sending): the connection
            # closed before the whole body came, so, as a real push service, drop it unread.
            with self.lock:
                self.cut_off += 1
            request.close_connection = True
            return
        headers = {k.lower(): v for k, v in request.headers.items()}
        token = request.path.rsplit("/", 1)[-1]
        browser = self.browsers.get(token)
        payload = claims = None
        status = 201
        try:
            if browser is None:
                raise LookupError("no such subscription")
            claims = verify_vapid(
                headers.get("authorization", ""), self.origin, self.site_public_key
            )
            if headers.get("content-encoding") != "aes128gcm":
                raise ValueError(f"content-encoding {headers.get('content-encoding')}")
            if "ttl" not in headers:
                raise ValueError("no TTL header")
            plain = http_ece.decrypt(
                body, private_key=browser.private_key, auth_secret=browser.auth, version="aes128gcm"
            )
            payload = json.loads(plain)
            with self.lock:
                status = browser.answers.pop(0) if browser.answers else 201
        except LookupError:
            status = 404
        except Exception as err:  # a request a real push service would refuse
            status = 400
            with self.lock:
                self.problems.append(f"{token}: {err}")
        got = Received(token, status, payload, headers, claims)
        with self.lock:  # kept before the answer: the sender reads it right after
            self.received.append(got)
            self.got_one.notify_all()
        self.before_answer(got)
        request.send_response(status)
        request.send_header("Content-Length", "0")
        if status == 201:
            request.send_header("Location", f"{self.origin}/message/{secrets.token_hex(6)}")
        request.end_headers()

    def before_answer(self, got: Received) -> None:
        """Called once a whole push has arrived and is recorded, before it is answered: a
        subclass may take its time here (a push service that is slow to answer)."""

    def got(self, browser: Browser | None = None, status: int | None = 201) -> list[dict]:
        """The payloads taken (status 201 by default), of one browser or all."""
        with self.lock:
            return [
                r.payload
                for r in self.received
                if (browser is None or r.token == browser.token)
                and (status is None or r.status == status)
            ]

    def wait_for(self, count: int, timeout: float = 20) -> bool:
        """Until `count` requests came in (any status)."""
        end = time.monotonic() + timeout
        with self.lock:
            while len(self.received) < count:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self.got_one.wait(left)
            return True
