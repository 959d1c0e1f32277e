"""Email, sent by the worker: 'your turn' and 'deadline near' notices per the player's
preference ('turn': one mail per notice, soon; 'daily': one summary a day at the player's own hour,
notifications.summary; 'off': none). Every mail carries a one-click link per game and the
one-click unsubscribe (notifications.links; docs/api.md, "One-click links").

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
from datetime import date, datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from accounts.models import Profile, language_of
from accounts.services import verified_email
from games.models import Game

from . import links, summary
from .models import DigestLog, Notification, Preferences
from .preferences import quiet_until, wants
from .services import email_preference

log = logging.getLogger(__name__)

Email = Notification.Email
BATCH = 20
# A claim older than this belongs to a worker that died while sending: the mail is sent again.
# (SMTP connections time out long before: settings.EMAIL_TIMEOUT.)
CLAIM_TTL = timedelta(minutes=10)

# Translated when a mail is written, in its recipient's language (accounts.language_of).
SUBJECTS: dict[str, str] = {
    Notification.Kind.YOUR_TURN: gettext_noop("Dwaalhof: je bent aan de beurt"),
    Notification.Kind.DEADLINE_NEAR: gettext_noop("Dwaalhof: je bedenktijd is bijna om"),
}


def _site() -> str:
    return settings.DWAALHOF_SITE_URL.rstrip("/") + "/"


def _note_line(note: Notification) -> str:
    """A notice and, for a game's, the one-click link that opens that game."""
    target = links.game_link(note.user, note.game_id) if note.game_id else _site()
    return f"- {note.text}\n  {target}"


def _footer(user: Any) -> str:
    """Why the mail came, and the one-click way out (the same as List-Unsubscribe)."""
    return (
        _(
            "Je krijgt deze e-mail omdat je dat zo hebt ingesteld. Uitzetten kan bij je"
            " profiel op Dwaalhof (meldingen: uit)."
        )
        + "\n"
        + _("Afmelden (geen meldingen meer per e-mail): %(url)s")
        % {"url": links.unsubscribe_url(user)}
        + "\n"
    )


def _body(notes: list[Notification]) -> str:
    """The mail's text, in the active language (the caller overrides it per recipient)."""
    lines = [_note_line(n) for n in notes]
    return _("Hallo,") + "\n\n" + "\n".join(lines) + "\n\n" + _footer(notes[0].user)


def _message(user: Any, subject: str, body: str) -> EmailMessage:
    """A notification mail with RFC 8058's one-click unsubscribe headers: a mail program's
    'unsubscribe' button posts to the link and the mails stop (notifications.mail_views)."""
    return EmailMessage(
        subject,
        body,
        None,
        [user.email],
        headers={
            "List-Unsubscribe": f"<{links.unsubscribe_url(user)}>",
            "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
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
            _message(note.user, subject, body).send()
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


def _summary_body(user: Any, games: list[Game], notes: list[Notification], now: datetime) -> str:
    """The daily summary's text, in the active language: the games waiting for the player,
    each with its one-click link, then the other notices."""
    parts = [_("Hallo,"), ""]
    if games:
        parts.append(_("Hier ben je aan de beurt:"))
        for game in games:
            parts.append(f"- {summary.game_line(game, user.pk, now)}")
            parts.append(f"  {links.game_link(user, game.pk)}")
        parts.append("")
    if notes:
        parts.append(_("Meldingen:"))
        parts.extend(_note_line(n) for n in notes)
        parts.append("")
    return "\n".join(parts) + "\n" + _footer(user)


def send_digests(now: datetime) -> int:
    """Each player's summary at their own hour, at most once per local day (summary.py)."""
    users = summary.candidates()
    if not users:
        return 0
    stored = {p.user_id: p for p in Preferences.objects.filter(user_id__in=users)}
    logs = {d.user_id: d for d in DigestLog.objects.filter(user_id__in=users)}
    sent = 0
    for user_id in sorted(users):
        moment, day = summary.moment_of(now, stored.get(user_id))
        if not summary.is_due(logs.get(user_id), moment, day):
            continue  # a read without a lock: most players are not due on most passes
        if quiet_until(user_id, now, stored.get(user_id)) is not None:
            continue  # the player's quiet hours: the summary goes out when they end
        try:
            sent += _digest_for(user_id, moment, day, now)
        except IntegrityError:
            pass  # another worker created this player's DigestLog at the same moment
    return sent


def _digest_for(user_id: int, moment: datetime, day: date, now: datetime) -> int:
    notes = _claim_digest(user_id, moment, day, now)
    if notes is None:
        return 0
    user = get_user_model().objects.select_related("profile").get(pk=user_id)
    unread = [n for n in notes if n.read_at is None]
    wanted = email_preference(user) == Profile.Notify.DAILY and bool(verified_email(user))
    games = summary.waiting_games(user_id) if wanted else []
    listed = summary.notices_to_list(unread, games)
    send = wanted and bool(games or listed)
    try:
        if send:
            with translation.override(language_of(user)):
                subject = _("Dwaalhof: je dagelijkse overzicht (%(n)s)") % {
                    "n": len(games) + len(listed)
                }
                body = _summary_body(user, games, listed, now)
            _message(user, subject, body).send()
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
        DigestLog.objects.filter(user_id=user_id).update(
            sent_at=now, local_day=day, claimed_at=None
        )
    return 1 if send else 0


@transaction.atomic
def _claim_digest(
    user_id: int, moment: datetime, day: date, now: datetime
) -> list[Notification] | None:
    """The notices for this player's summary (maybe none: games may wait), claimed on their
    DigestLog row; None when this local day's summary went out already or another worker
    is sending it."""
    last, _created = DigestLog.objects.select_for_update().get_or_create(
        user_id=user_id, defaults={"sent_at": moment - timedelta(days=1)}
    )
    if not summary.is_due(last, moment, day):
        return None  # today's summary went out already
    if last.claimed_at is not None and last.claimed_at > now - CLAIM_TTL:
        return None  # another worker is sending it
    last.claimed_at = now
    last.save(update_fields=["claimed_at"])
    return list(
        Notification.objects.filter(user_id=user_id, email=Email.DIGEST)
        .select_related("user")
        .order_by("created", "id")
    )
