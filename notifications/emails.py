"""Email, sent by the worker: 'your turn' and 'deadline near' notices per the player's
preference ('turn': one mail per notice, soon; 'daily': one summary a day; 'off': none).

The outbox is the Notification row itself (`email` = pending / digest). A row is locked
while its mail is sent and marked sent in the same transaction: a worker that dies mid-way
leaves it pending, so nothing is lost (at worst one mail goes out twice after a crash
during the SMTP exchange); a second worker skips locked rows (PostgreSQL).
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import Profile
from accounts.services import verified_email

from .models import DigestLog, Notification
from .services import email_preference

log = logging.getLogger(__name__)

Email = Notification.Email
DIGEST_HOUR = 8  # the daily summary goes out from 08:00 (settings.TIME_ZONE)
BATCH = 20

SUBJECTS = {
    Notification.Kind.YOUR_TURN: "Dwaalhof: je bent aan de beurt",
    Notification.Kind.DEADLINE_NEAR: "Dwaalhof: je bedenktijd is bijna om",
}


def game_link(note: Notification) -> str:
    base = settings.DWAALHOF_SITE_URL.rstrip("/")
    return f"{base}/#/spel/{note.game_id}" if note.game_id else f"{base}/"


def _body(notes: list[Notification]) -> str:
    lines = [f"- {n.text}\n  {game_link(n)}" for n in notes]
    return (
        "Hallo,\n\n"
        + "\n".join(lines)
        + "\n\nJe krijgt deze e-mail omdat je dat zo hebt ingesteld. Uitzetten kan bij je"
        " profiel op Dwaalhof (meldingen: uit).\n"
    )


def send_pending(now: datetime) -> int:
    """Send every pending single notice. Returns how many mails went out."""
    sent = 0
    while True:
        with transaction.atomic():
            batch = list(
                Notification.objects.select_for_update(skip_locked=True)
                .filter(email=Email.PENDING)
                .select_related("user")
                .order_by("id")[:BATCH]
            )
            if not batch:
                return sent
            for note in batch:
                sent += _send_one(note, now)


def _send_one(note: Notification, now: datetime) -> int:
    preference = email_preference(note.user)
    if preference == Profile.Notify.DAILY:
        note.email = Email.DIGEST  # changed their mind: it goes into the summary
        note.save(update_fields=["email"])
        return 0
    if (
        note.read_at is not None
        or preference == Profile.Notify.OFF
        or not verified_email(note.user)
    ):
        note.email = Email.SKIPPED
        note.save(update_fields=["email"])
        return 0
    send_mail(SUBJECTS.get(note.kind, "Dwaalhof"), _body([note]), None, [note.user.email])
    note.email, note.emailed_at = Email.SENT, now
    note.save(update_fields=["email", "emailed_at"])
    return 1


def digest_moment(now: datetime) -> datetime:
    """The latest DIGEST_HOUR o'clock at or before `now` (local time)."""
    local = timezone.localtime(now)
    moment = local.replace(hour=DIGEST_HOUR, minute=0, second=0, microsecond=0)
    return moment if moment <= local else moment - timedelta(days=1)


def send_digests(now: datetime) -> int:
    """One summary per player with notices waiting, at most once per day."""
    moment = digest_moment(now)
    users = (
        Notification.objects.filter(email=Email.DIGEST).values_list("user_id", flat=True).distinct()
    )
    sent = 0
    for user_id in list(users):
        try:
            sent += _digest_for(user_id, moment, now)
        except IntegrityError:
            pass  # another worker created this player's DigestLog at the same moment
    return sent


@transaction.atomic
def _digest_for(user_id: int, moment: datetime, now: datetime) -> int:
    last, _ = DigestLog.objects.select_for_update().get_or_create(
        user_id=user_id, defaults={"sent_at": moment - timedelta(days=1)}
    )
    if last.sent_at >= moment:
        return 0  # today's summary went out already
    notes = list(
        Notification.objects.select_for_update()
        .filter(user_id=user_id, email=Email.DIGEST)
        .select_related("user")
        .order_by("created", "id")
    )
    if not notes:
        return 0
    user = notes[0].user
    unread = [n for n in notes if n.read_at is None]
    wanted = email_preference(user) == Profile.Notify.DAILY and verified_email(user)
    if unread and wanted:
        subject = f"Dwaalhof: je dagelijkse overzicht ({len(unread)})"
        send_mail(subject, _body(unread), None, [user.email])
    for n in notes:
        sent = n in unread and wanted
        n.email = Email.SENT if sent else Email.SKIPPED
        n.emailed_at = now if sent else None
        n.save(update_fields=["email", "emailed_at"])
    last.sent_at = now
    last.save(update_fields=["sent_at"])
    return 1 if unread and wanted else 0
