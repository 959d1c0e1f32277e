"""The site's VAPID keys (RFC 8292), from the environment (docs/deploy.md, "Web push"):
VAPID_PRIVATE_KEY (PEM, or the raw 32-byte key in base64url), VAPID_PUBLIC_KEY (the
uncompressed point in base64url, as browsers take it) and VAPID_SUBJECT (mailto:…).
Without a private key push is off: the API says `enabled: false` and nothing is queued.

The public key handed to browsers is always the one the private key makes, so a push can
never be signed with a key the subscription was not made for; a VAPID_PUBLIC_KEY that does
not match is a deploy mistake, reported by `manage.py check` (webpush.E001)."""

from __future__ import annotations

import base64
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core import checks
from py_vapid import Vapid, VapidException


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def public_key_of(private: ec.EllipticCurvePrivateKey) -> str:
    point = private.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(point)


@dataclass(frozen=True)
class SiteKeys:
    vapid: Vapid  # signs the Authorization header
    public_key: str  # the application server key browsers subscribe with
    subject: str  # the `sub` claim: whom a push service may contact


def _parse(private: str) -> Vapid:
    text = private.strip()
    if "-----BEGIN" in text:
        return Vapid.from_pem(text.encode())
    return Vapid.from_string(text)


@lru_cache(maxsize=4)
def _load(private: str, subject: str) -> SiteKeys:
    vapid = _parse(private)
    return SiteKeys(vapid=vapid, public_key=public_key_of(vapid.private_key), subject=subject)


def site_keys() -> SiteKeys | None:
    """The keys, or None when push is off (no private key set)."""
    private = settings.VAPID_PRIVATE_KEY
    if not private:
        return None
    return _load(private, settings.VAPID_SUBJECT)


def enabled() -> bool:
    return site_keys() is not None


def new_pair() -> tuple[str, str]:
    """A fresh (private PEM, public base64url) pair for `manage.py vapid_keys`."""
    private = ec.generate_private_key(ec.SECP256R1())
    pem = private.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()
    return pem, public_key_of(private)


@checks.register(checks.Tags.security, deploy=False)
def check_keys(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """A private key that does not read, a public key of another pair, or no mailto subject."""
    private, public = settings.VAPID_PRIVATE_KEY, settings.VAPID_PUBLIC_KEY
    if not private:
        return []
    try:
        keys = _load(private, settings.VAPID_SUBJECT)
    except (VapidException, ValueError, TypeError) as err:
        return [checks.Error(f"VAPID_PRIVATE_KEY does not read: {err}", id="webpush.E001")]
    problems: list[checks.CheckMessage] = []
    if public and public.strip() != keys.public_key:
        problems.append(
            checks.Error(
                "VAPID_PUBLIC_KEY is not the public half of VAPID_PRIVATE_KEY",
                hint=f"the private key's public key is {keys.public_key}",
                id="webpush.E001",
            )
        )
    if not keys.subject.startswith(("mailto:", "https://")):
        problems.append(
            checks.Error(
                "VAPID_SUBJECT must be a mailto: address (or an https: URL)", id="webpush.E002"
            )
        )
    return problems
