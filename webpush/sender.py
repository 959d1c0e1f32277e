"""The worker's push sender: the only caller of pywebpush (tests/server/
test_notification_pipeline.py checks it), run by the worker only (worker.loop), never in a
request or a transaction.

One push at a time: a short transaction claims one due row (`sending`, tries + 1, the time;
select_for_update(skip_locked) so a second worker takes another), the push goes out with no
transaction open, then the row is marked:
- 201 (or any 2xx): `sent`, and the device's `last_success`;
- 404 or 410: the browser dropped the subscription: the device is deleted (its waiting
  pushes with it);
- anything else (a 5xx, 429, a timeout, a refused connection): tried again after
  BACKOFF * 2**(tries-1) (30 s, 1, 2, 4, 8 min), given up (`failed`) after MAX_TRIES (6)
  tries; the device waits as long (its `next_try`), so a dead push service is not hammered.

Exactly once across a kill: a row once claimed is never sent again. A claim older than
CLAIM_TTL belongs to a worker that died during that one exchange; whether the push service
took it cannot be known, so it is marked `failed` ("interrupted"), not sent twice (the bell,
and the mail where chosen, still carry the notice). Claiming one row at a time keeps that to
the one push in flight.

A notice that was read (opened, or a newer notice of its game collapsed it) or that no
longer holds (past) before its push went out is `skipped`."""

from __future__ import annotations

import json
import logging
from datetime import datetime, timedelta

import requests
from django.db import transaction
from django.db.models import Q
from pywebpush import WebPushException, webpush

from . import keys, payload
from .models import PushDelivery, PushSubscription

log = logging.getLogger(__name__)

State = PushDelivery.State
MAX_TRIES = 6
BACKOFF = timedelta(seconds=30)
CLAIM_TTL = timedelta(minutes=2)  # far above TIMEOUT: a claim this old is a dead worker's
TIMEOUT = 10  # seconds for one exchange with a push service
# How long a push service keeps a push for a device that is off (RFC 8030 TTL).
PUSH_TTL = 12 * 3600
GONE = (404, 410)


def backoff(tries: int) -> timedelta:
    return BACKOFF * 2 ** (tries - 1)


def _settle_interrupted(now: datetime) -> None:
    """Claims of workers that died mid-send: not sent again (see the module's doc)."""
    PushDelivery.objects.filter(state=State.SENDING, claimed_at__lt=now - CLAIM_TTL).update(
        state=State.FAILED, last_error="interrupted: the worker stopped during the send"
    )


def _claim(now: datetime) -> PushDelivery | None:
    """One due push, claimed in its own short transaction; None when nothing is due."""
    due = Q(state=State.PENDING, next_try__lte=now) & (
        Q(subscription__next_try__isnull=True) | Q(subscription__next_try__lte=now)
    )
    with transaction.atomic():
        while True:
            row = (
                PushDelivery.objects.select_for_update(skip_locked=True, of=("self",))
                .filter(due)
                .select_related("notification", "subscription")
                .order_by("next_try", "id")
                .first()
            )
            if row is None:
                return None
            note = row.notification
            if note.read_at is not None or note.past_at is not None:
                row.state = State.SKIPPED
                row.save(update_fields=["state"])
                continue
            row.state, row.claimed_at, row.tries = State.SENDING, now, row.tries + 1
            row.save(update_fields=["state", "claimed_at", "tries"])
            return row


def _post(row: PushDelivery, site: keys.SiteKeys, now: datetime) -> int | None:
    """Send one push; the push service's status, or None when it could not be reached."""
    device = row.subscription
    data = payload.build(row.notification, now)
    try:
        answer = webpush(
            subscription_info={
                "endpoint": device.endpoint,
                "keys": {"p256dh": device.p256dh, "auth": device.auth},
            },
            data=json.dumps(data, ensure_ascii=False),
            vapid_private_key=site.vapid,
            vapid_claims={"sub": site.subject},  # a fresh dict: webpush writes aud and exp in
            content_encoding="aes128gcm",
            ttl=PUSH_TTL,
            timeout=TIMEOUT,
            # RFC 8030 Topic: a newer push of the game replaces one still waiting at the
            # push service (at most 32 URL-safe characters).
            headers={"Topic": data["tag"][:32], "Urgency": "normal"},
        )
    except WebPushException as err:
        if err.response is None:
            log.warning("push %s: %s", row.pk, err)
            return None
        return int(err.response.status_code)
    except requests.RequestException as err:
        log.warning("push %s to %s failed: %s", row.pk, device.endpoint[:60], err)
        return None
    return int(getattr(answer, "status_code", 201))


def _mark(row: PushDelivery, status: int | None, now: datetime) -> str:
    device = row.subscription
    if status is not None and 200 <= status < 300:
        PushDelivery.objects.filter(pk=row.pk, state=State.SENDING).update(
            state=State.SENT, sent_at=now, last_error=""
        )
        PushSubscription.objects.filter(pk=device.pk).update(
            last_success=now, failures=0, next_try=None
        )
        return "sent"
    if status in GONE:
        log.info("push service dropped device %s (%s): removed", device.pk, status)
        PushSubscription.objects.filter(pk=device.pk).delete()  # its deliveries go with it
        return "gone"
    error = f"push service answered {status}" if status else "push service unreachable"
    if row.tries >= MAX_TRIES:
        state, next_try = State.FAILED, now
    else:
        state, next_try = State.PENDING, now + backoff(row.tries)
    PushDelivery.objects.filter(pk=row.pk, state=State.SENDING).update(
        state=state, next_try=next_try, claimed_at=None, last_error=error[:200]
    )
    PushSubscription.objects.filter(pk=device.pk).update(
        failures=device.failures + 1, next_try=next_try if state == State.PENDING else None
    )
    return "retry" if state == State.PENDING else "failed"


def send_pending(now: datetime) -> int:
    """Send every push due at `now` (the worker's job). Returns how many went out."""
    site = keys.site_keys()
    if site is None:
        return 0
    _settle_interrupted(now)
    sent = 0
    while (row := _claim(now)) is not None:
        if _mark(row, _post(row, site, now), now) == "sent":
            sent += 1
    return sent
