"""The worker sends mail with no transaction open: claim, commit, send, then mark. Under
SQLite an open transaction holds the database's write lock (BEGIN IMMEDIATE), under
PostgreSQL the notice's row lock: either would stall every move, or the player reading the
notice, for the whole SMTP exchange."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.core.mail.backends.base import BaseEmailBackend
from django.db import connection
from django.utils import timezone

from notifications import emails
from notifications.models import DigestLog, Notification
from worker import loop as worker

from .factories import GameFactory, UserFactory
from .realtime_support import fresh_channel_layer  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)

Email = Notification.Email
WRITE_LIMIT = 3  # seconds a write may take while a mail is being sent


class WritesWhileSending(BaseEmailBackend):
    """A mail server that, while it 'sends', has the player read their notices in another
    connection (as the app would), and notes whether that write got through in time."""

    sent: list = []
    checks: list[dict] = []
    readers: list[threading.Thread] = []  # joined after the pass (a blocked one waits for it)

    def send_messages(self, messages):
        done = threading.Event()

        def player_reads_notices():
            try:
                Notification.objects.filter(read_at=None).update(read_at=timezone.now())
                done.set()
            finally:
                connection.close()

        reader = threading.Thread(target=player_reads_notices)
        reader.start()
        self.readers.append(reader)
        self.checks.append(
            {
                "in_transaction": connection.in_atomic_block,
                "other_writer_got_through": done.wait(WRITE_LIMIT),
            }
        )
        self.sent.extend(messages)
        return len(messages)


@pytest.fixture
def mail_server(settings):
    settings.EMAIL_BACKEND = f"{__name__}.WritesWhileSending"
    WritesWhileSending.sent, WritesWhileSending.checks, WritesWhileSending.readers = [], [], []
    yield WritesWhileSending
    for reader in WritesWhileSending.readers:
        reader.join()


def test_a_turn_mail_is_sent_outside_any_transaction_and_marked_sent_after(mail_server):
    a = UserFactory(username="anna", email="anna@example.org")
    b = UserFactory(username="bram", email="bram@example.org")
    GameFactory(creator=a, joiner=b)
    assert worker.tick()["emails"] == 1
    assert mail_server.checks == [{"in_transaction": False, "other_writer_got_through": True}]
    note = Notification.objects.get(kind=Notification.Kind.YOUR_TURN)
    assert (note.email, note.read_at is not None) == (Email.SENT, True)
    assert worker.tick()["emails"] == 0  # marked: never sent twice


def test_the_daily_summary_is_sent_outside_any_transaction(mail_server):
    a = UserFactory(username="anna", email="anna@example.org", notify="daily")
    b = UserFactory(username="bram", email="bram@example.org", notify="daily")
    GameFactory(creator=a, joiner=b)
    assert worker.tick()["digests"] == 1
    assert mail_server.checks == [{"in_transaction": False, "other_writer_got_through": True}]
    assert Notification.objects.filter(email=Email.SENT).count() == 1
    assert DigestLog.objects.get().claimed_at is None
    assert worker.tick()["digests"] == 0


def test_a_mail_claimed_by_a_worker_that_died_is_sent_by_the_next_and_a_live_claim_is_not(
    mail_server,
):
    a = UserFactory(username="anna", email="anna@example.org")
    b = UserFactory(username="bram", email="bram@example.org")
    GameFactory(creator=a, joiner=b)
    now = timezone.now()
    note = Notification.objects.get(email=Email.PENDING)
    # Another worker claimed it a moment ago and is sending it: leave it alone.
    Notification.objects.filter(pk=note.pk).update(email=Email.SENDING, email_claimed_at=now)
    assert emails.send_pending(now) == 0
    # That worker died mid-send: after CLAIM_TTL the mail goes out (at least once).
    later = now + emails.CLAIM_TTL + timedelta(seconds=1)
    assert emails.send_pending(later) == 1
    assert Notification.objects.get(pk=note.pk).email == Email.SENT
