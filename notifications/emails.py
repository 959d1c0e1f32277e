"""Email, sent by the worker: 'your turn' and 'deadline near' notices per the player's
preference ('turn': one mail per notice, soon; 'daily': one summary a day; 'off': none).

The outbox is the Notification row itself (`email` = pending / digest). Claim, commit,
send, then mark: a short transaction claims a batch (`sending`, with the time), the mails go
out with no transaction open (under SQLite a transaction holds the database's write lock,
which would stall every move for the whole SMTP exchange), then each row is marked `sent`.
A failed send puts the rest back to `pending` for the next pass; a claim older than
CLAIM_TTL is a dead worker's and is taken again, so nothing is lost (at worst one mail goes
out twice after a crash during the SMTP exchange). The daily summary is claimed on the
player's DigestLog row the same way. A second worker skips claimed and locked rows.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.models import Profile, language_of
from accounts.services import verified_email

from .models import DigestLog, Notification
from .preferences import quiet_until, wants
from .services import email_preference

log = logging.getLogger(__name__)

Email = Notification.Email
DIGEST_HOUR = 8  # the daily summary goes out from 08:00 (settings.TIME_ZONE)
BATCH = 20
# A claim older than this belongs to a worker that died while sending: the mail is sent again.
# (SMTP connections time out long before: settings.EMAIL_TIMEOUT.)
CLAIM_TTL = timedelta(minutes=10)

# Translated when a mail is written, in its recipient's language (accounts.language_of).
SUBJECTS: dict[str, str] = {
    Notification.Kind.YOUR_TURN: gettext_noop("Dwaalhof: je bent aan de beurt"),
    Notification.Kind.DEADLINE_NEAR: gettext_noop("Dwaalhof: je bedenktijd is bijna om"),
}


def game_link(note: Notification) -> str:
    base = settings.DWAALHOF_SITE_URL.rstrip("/")
    return f"{base}/#/spel/{note.game_id}" if note.game_id else f"{base}/"


def _body(notes: list[Notification]) -> str:
    """The mail's text, in the active language (the caller overrides it per recipient)."""
    lines = [f"- {n.text}\n  {game_link(n)}" for n in notes]
    return (
        _("Hallo,")
        + "\n\n"
        + "\n".join(lines)
        + "\n\n"
        + _(
            "Je krijgt deze e-mail omdat je dat zo hebt ingesteld. Uitzetten kan bij je"
            " profiel op Dwaalhof (meldingen: uit)."
        )
        + "\n"
    )


def send_pending(now: datetime) -> int:
    """Send every pending single notice. Returns how many mails went out."""
    sent = 0
    while True:
        claimed = _claim_pending(now)
        if claimed is None:
            return sent
        sent += _send_claimed(claimed, now)


def _claim_pending(now: datetime) -> list[Notification] | None:
    """In one short transaction: settle a batch of due notices that are not to be mailed,
    claim the others (returned). None when nothing is due."""
    due = Q(email=Email.PENDING) | Q(email=Email.SENDING, email_claimed_at__lt=now - CLAIM_TTL)
    due &= Q(send_after__isnull=True) | Q(send_after__lte=now)  # the player's quiet hours
    with transaction.atomic():
        batch = list(
            Notification.objects.select_for_update(skip_locked=True)
            .filter(due)
            .select_related("user")
            .order_by("id")[:BATCH]
        )
        if not batch:
            return None
        claimed = []
        for note in batch:
            preference = email_preference(note.user)
            if preference == Profile.Notify.DAILY:
                note.email = Email.DIGEST  # changed their mind: it goes into the summary
            elif (
                note.read_at is not None
                or preference == Profile.Notify.OFF
                or not wants(note.user, note.kind, "email")
                or not verified_email(note.user)
            ):
                note.email = Email.SKIPPED
            else:
                note.email, note.email_claimed_at = Email.SENDING, now
                claimed.append(note)
            note.save(update_fields=["email", "email_claimed_at"])
    return claimed


def _send_claimed(notes: list[Notification], now: datetime) -> int:
    """Send claimed notices outside any transaction, marking each sent right after."""
    sent = 0
    try:
        for note in notes:
            with translation.override(language_of(note.user)):
                subject, body = _(SUBJECTS.get(note.kind, "Dwaalhof")), _body([note])
            send_mail(subject, body, None, [note.user.email])
            Notification.objects.filter(pk=note.pk, email=Email.SENDING).update(
                email=Email.SENT, emailed_at=now
            )
            sent += 1
    finally:
        # The mail server failed: what was not sent waits for the next pass.
        unsent = [n.pk for n in notes[sent:]]
        if unsent:
            Notification.objects.filter(pk__in=unsent, email=Email.SENDING).update(
                email=Email.PENDING, email_claimed_at=None
            )
    return sent


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
        if quiet_until(user_id, now) is not None:
            continue  # the player's quiet hours: the summary goes out when they end
        try:
            sent += _digest_for(user_id, moment, now)
        except IntegrityError:
            pass  # another worker created this player's DigestLog at the same moment
    return sent


def _digest_for(user_id: int, moment: datetime, now: datetime) -> int:
    notes = _claim_digest(user_id, moment, now)
    if notes is None:
        return 0
    user = notes[0].user
    unread = [n for n in notes if n.read_at is None]
    wanted = email_preference(user) == Profile.Notify.DAILY and bool(verified_email(user))
    send = bool(unread) and wanted
    try:
        if send:
            with translation.override(language_of(user)):
                subject = _("Dwaalhof: je dagelijkse overzicht (%(n)s)") % {"n": len(unread)}
                body = _body(unread)
            send_mail(subject, body, None, [user.email])
    except Exception:
        DigestLog.objects.filter(user_id=user_id).update(claimed_at=None)  # next pass
        raise
    sent_ids = {n.pk for n in unread} if send else set()
    with transaction.atomic():
        waiting = Notification.objects.filter(email=Email.DIGEST)
        waiting.filter(pk__in=sent_ids).update(email=Email.SENT, emailed_at=now)
        waiting.filter(pk__in=[n.pk for n in notes if n.pk not in sent_ids]).update(
            email=Email.SKIPPED, emailed_at=None
        )
        DigestLog.objects.filter(user_id=user_id).update(sent_at=now, claimed_at=None)
    return 1 if send else 0


@transaction.atomic
def _claim_digest(user_id: int, moment: datetime, now: datetime) -> list[Notification] | None:
    """The notices for this player's summary, claimed on their DigestLog row; None when the
    summary went out today already, another worker is sending it, or nothing waits."""
    last, _created = DigestLog.objects.select_for_update().get_or_create(
        user_id=user_id, defaults={"sent_at": moment - timedelta(days=1)}
    )
    if last.sent_at >= moment:
        return None  # today's summary went out already
    if last.claimed_at is not None and last.claimed_at > now - CLAIM_TTL:
        return None  # another worker is sending it
    notes = list(
        Notification.objects.filter(user_id=user_id, email=Email.DIGEST)
        .select_related("user")
        .order_by("created", "id")
    )
    if not notes:
        return None
    last.claimed_at = now
    last.save(update_fields=["claimed_at"])
    return notes
