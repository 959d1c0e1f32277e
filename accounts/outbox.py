"""The account mails' outbox: allauth renders a mail during the request (accounts.adapter),
`enqueue` stores it, and the worker's `send_pending` sends it.

A row is claimed in a short transaction and sent outside it, so no lock is held while a
mail server answers; a claim older than CLAIM_TIMEOUT (a worker died mid-way) is taken
again, so nothing is lost (at worst one mail goes out twice after such a crash).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.core.mail import EmailMessage, EmailMultiAlternatives
from django.db import transaction
from django.db.models import Q

from .models import OutgoingMail

log = logging.getLogger(__name__)

BATCH = 20
CLAIM_TIMEOUT = timedelta(minutes=5)
MAX_ATTEMPTS = 5


def enqueue_text(subject: str, body: str, to: str) -> list[OutgoingMail]:
    """A plain-text mail to one address, sent by the worker."""
    return enqueue(EmailMessage(subject, body, None, [to]))


def enqueue(msg: EmailMessage) -> list[OutgoingMail]:
    html = ""
    for content, mimetype in getattr(msg, "alternatives", []):
        if mimetype == "text/html":
            html = content
    return [
        OutgoingMail.objects.create(to=to, subject=msg.subject[:300], body=str(msg.body), html=html)
        for to in msg.to
    ]


def _claim(now: datetime) -> list[OutgoingMail]:
    with transaction.atomic():
        due = (
            OutgoingMail.objects.select_for_update(skip_locked=True)
            .filter(sent_at__isnull=True, attempts__lt=MAX_ATTEMPTS)
            .filter(Q(claimed_at__isnull=True) | Q(claimed_at__lt=now - CLAIM_TIMEOUT))
            .order_by("id")[:BATCH]
        )
        rows = list(due)
        OutgoingMail.objects.filter(pk__in=[r.pk for r in rows]).update(claimed_at=now)
    return rows


def send_pending(now: datetime) -> int:
    """Send every mail waiting in the outbox. Returns how many went out."""
    sent = 0
    while rows := _claim(now):
        for row in rows:
            message = EmailMultiAlternatives(row.subject, row.body, None, [row.to])
            if row.html:
                message.attach_alternative(row.html, "text/html")
            try:
                message.send()
            except Exception:
                log.exception("mail %s to %s failed", row.pk, row.to)
                OutgoingMail.objects.filter(pk=row.pk).update(attempts=row.attempts + 1)
                continue
            OutgoingMail.objects.filter(pk=row.pk).update(
                sent_at=now, body="", html="", attempts=row.attempts + 1
            )
            sent += 1
    return sent
