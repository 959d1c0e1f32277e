"""A player's push devices: turning push on for a browser (its PushSubscription), naming
it, revoking it, and the list the account page shows."""

from __future__ import annotations

import ipaddress
from typing import Any
from urllib.parse import urlsplit

from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.db import transaction
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from dwaalhof_site.api.errors import ApiError

from . import keys
from .models import PushDelivery, PushSubscription

NAME_MAX = 60
ENDPOINT_MAX = 1000
MAX_DEVICES = 20  # per player: more is a script, not a person's devices


class PushOff(ApiError):
    status = 409
    code = "push_off"
    detail = gettext_noop("Pushmeldingen staan op deze site uit.")


class BadSubscription(ApiError):
    """400 `invalid`, the refused fields named in `errors`."""


class TooManyDevices(ApiError):
    status = 409
    code = "too_many_devices"
    detail = gettext_noop("Je hebt al %(max)s apparaten met pushmeldingen; trek er eerst een in.")


ENDPOINT_HTTPS = gettext_noop("Een https-adres van een pushdienst.")
KEY_P256DH = gettext_noop("De publieke sleutel van de browser (P-256, 65 bytes, base64url).")
KEY_AUTH = gettext_noop("Het auth-geheim van de browser (16 bytes, base64url).")
NAME_TEXT = gettext_noop("Een naam van 1 tot 60 tekens.")


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def endpoint_ok(endpoint: Any) -> bool:
    """https with a host; plain http only to a loopback host (a test push service) when
    DEBUG or WEBPUSH_ALLOW_HTTP_LOOPBACK is on."""
    if not isinstance(endpoint, str) or not 0 < len(endpoint) <= ENDPOINT_MAX:
        return False
    try:
        parts = urlsplit(endpoint)
        host = parts.hostname or ""
        parts.port  # noqa: B018  (a bad port raises)
    except ValueError:
        return False
    if not host or parts.username or parts.password or any(c.isspace() for c in endpoint):
        return False
    if parts.scheme == "https":
        return True
    loopback_allowed = settings.DEBUG or settings.WEBPUSH_ALLOW_HTTP_LOOPBACK
    return parts.scheme == "http" and loopback_allowed and _loopback(host)


def _decoded(value: Any) -> bytes | None:
    if not isinstance(value, str) or len(value) > 200:
        return None
    try:
        return keys.b64url_decode(value.strip())
    except ValueError:
        return None


def p256dh_ok(value: Any) -> bool:
    raw = _decoded(value)
    if raw is None or len(raw) != 65 or raw[0] != 4:
        return False
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        return False  # not a point on the curve: nothing could be encrypted for it
    return True


def auth_ok(value: Any) -> bool:
    raw = _decoded(value)
    return raw is not None and len(raw) == 16


BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"))
SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iOS"),
    ("iPad", "iPadOS"),
    ("CrOS", "ChromeOS"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("Linux", "Linux"),
)


def name_from_agent(agent: str) -> str:
    """A device's default name from its User-Agent, in the active language: "Chrome op
    Linux"; "Browser" for what it does not know."""
    browser = next((name for mark, name in BROWSERS if mark in agent), None)
    if browser is None and "Safari/" in agent:
        browser = "Safari"
    system = next((name for mark, name in SYSTEMS if mark in agent), None)
    if browser and system:
        return _("%(browser)s op %(system)s") % {"browser": browser, "system": system}
    return browser or system or _("Browser")


def _name(value: Any) -> str | None:
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value.strip()) <= NAME_MAX:
        raise BadSubscription(errors={"name": NAME_TEXT})
    return value.strip()


def as_json(device: PushSubscription) -> dict[str, Any]:
    return {
        "id": device.pk,
        "name": device.name,
        "created": device.created,
        "last_success": device.last_success,
    }


def overview(user: Any) -> dict[str, Any]:
    site = keys.site_keys()
    return {
        "enabled": site is not None,
        "public_key": site.public_key if site is not None else None,
        "devices": [as_json(d) for d in PushSubscription.objects.filter(user=user)],
    }


@transaction.atomic
def subscribe(user: Any, data: Any, agent: str) -> tuple[PushSubscription, bool]:
    """Turn push on for one browser (its PushSubscription.toJSON() and a name). The same
    endpoint again updates that device (keys, name, owner: a browser belongs to whoever
    subscribed it last). Returns (device, created)."""
    if not keys.enabled():
        raise PushOff()
    if not isinstance(data, dict):
        raise BadSubscription(errors={"endpoint": ENDPOINT_HTTPS})
    endpoint = data.get("endpoint")
    raw_keys = data.get("keys")
    given: dict[str, Any] = raw_keys if isinstance(raw_keys, dict) else {}
    problems = {}
    if not endpoint_ok(endpoint):
        problems["endpoint"] = ENDPOINT_HTTPS
    if not p256dh_ok(given.get("p256dh")):
        problems["keys.p256dh"] = KEY_P256DH
    if not auth_ok(given.get("auth")):
        problems["keys.auth"] = KEY_AUTH
    if problems or not isinstance(endpoint, str):
        raise BadSubscription(errors=problems)
    name = _name(data.get("name"))
    existing = PushSubscription.objects.select_for_update().filter(endpoint=endpoint).first()
    if existing is None:
        if PushSubscription.objects.filter(user=user).count() >= MAX_DEVICES:
            raise TooManyDevices(params={"max": MAX_DEVICES})
        device = PushSubscription.objects.create(
            user=user,
            endpoint=endpoint,
            p256dh=given["p256dh"].strip(),
            auth=given["auth"].strip(),
            name=name or name_from_agent(agent)[:NAME_MAX],
            created=timezone.now(),
        )
        return device, True
    if existing.user_id != user.pk:
        # Another player's browser before: none of their waiting pushes goes to this one.
        existing.deliveries.exclude(state=PushDelivery.State.SENT).delete()
        existing.created, existing.last_success = timezone.now(), None
    existing.user = user
    existing.p256dh, existing.auth = given["p256dh"].strip(), given["auth"].strip()
    existing.name = name or existing.name
    existing.failures, existing.next_try = 0, None
    existing.save()
    return existing, False


def _own(user: Any, device_id: int) -> PushSubscription:
    device = PushSubscription.objects.filter(user=user, pk=device_id).first()
    if device is None:
        raise Http404  # another player's device is as unknown as none
    return device


def rename(user: Any, device_id: int, data: Any) -> PushSubscription:
    device = _own(user, device_id)
    name = _name(data.get("name") if isinstance(data, dict) else None)
    if name is None:
        raise BadSubscription(errors={"name": NAME_TEXT})
    device.name = name
    device.save(update_fields=["name"])
    return device


def revoke(user: Any, device_id: int) -> None:
    """Push off for this device: it and its waiting pushes are gone."""
    _own(user, device_id).delete()
