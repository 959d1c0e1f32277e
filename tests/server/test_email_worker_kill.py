"""The worker's notice mails across a kill and a restart (issue 24), as the push test
(test_webpush_worker_kill.py) does it for pushes: the real worker process (`manage.py
run_worker`) on a scratch database sends to a mail server on loopback (a small SMTP server
here) and is SIGKILLed at random moments, then started again.

One kill lands in the middle of an exchange: the mail server holds its answer to one
mail's DATA until the worker is dead. That mail arrived, its notice is still `sending`, and
the restarted worker does not send it again at once: notifications.emails takes a claim
back only after CLAIM_TTL (10 minutes), as a dead worker's (docs/deploy.md: at worst that
one mail goes twice, never one lost). Every other mail arrives exactly once."""

from __future__ import annotations

import random
import socketserver
import sqlite3
import threading
import time
from collections import Counter
from pathlib import Path

import pytest

from .worker_kills import Worker, run_shell, scratch_env

NOTICES = 60  # three batches (notifications.emails.BATCH): one for each killed worker to hold


class MailServer(socketserver.ThreadingTCPServer):
    """Enough of SMTP (RFC 5321) for Django's SMTP backend without TLS: each mail's text is
    kept by its Subject's notice number. The `hold_at`-th DATA is answered only once
    `release` is set (the worker is killed meanwhile)."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, hold_at: int):
        super().__init__(("127.0.0.1", 0), SmtpSession)
        self.hold_at, self.count = hold_at, 0
        self.holding, self.release = threading.Event(), threading.Event()
        self.lock = threading.Lock()
        self.mails: list[str] = []
        self.held: str | None = None

    def keep(self, text: str) -> bool:
        """Keep one mail; True when its answer is to be held."""
        with self.lock:
            self.mails.append(text)
            self.count += 1
            held = self.count == self.hold_at
            if held:
                self.held = text
        return held


class SmtpSession(socketserver.StreamRequestHandler):
    def say(self, line: str) -> None:
        self.wfile.write(line.encode() + b"\r\n")
        self.wfile.flush()

    def handle(self) -> None:
        server: MailServer = self.server  # type: ignore[assignment]
        self.say("220 dwaalhof.test ESMTP")
        while line := self.rfile.readline():
            verb = line.decode(errors="replace").strip().split(" ")[0].upper()
            if verb in ("EHLO", "HELO"):
                self.say("250 dwaalhof.test")
            elif verb in ("MAIL", "RCPT", "RSET", "NOOP"):
                self.say("250 OK")
            elif verb == "DATA":
                self.say("354 go on")
                lines = []
                while (part := self.rfile.readline()) not in (b".\r\n", b""):
                    lines.append(part.decode(errors="replace"))
                if server.keep("".join(lines)):
                    server.holding.set()
                    server.release.wait(30)
                self.say("250 queued")
            elif verb == "QUIT":
                self.say("221 bye")
                return
            else:
                self.say("502 not here")


def notice_of(mail: str) -> str:
    """The notice's own words, which the test made unique ("Bericht 7")."""
    for line in mail.splitlines():
        if "Bericht " in line:
            return line.strip()
    raise AssertionError(f"no notice text in the mail:\n{mail[:400]}")


SETUP = """
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.db import transaction
from notifications import pipeline
anna = User.objects.create_user("anna", email="anna@example.org", password="Dwaal-hof-2025!")
EmailAddress.objects.create(user=anna, email=anna.email, primary=True, verified=True)
for i in range({notices}):
    with transaction.atomic():  # each its own notice (no game: none collapses another)
        pipeline.deliver(anna, "your_turn", f"Bericht {{i}}.")
"""


def states(database: Path) -> Counter:
    with sqlite3.connect(database) as conn:
        return Counter(s for (s,) in conn.execute("SELECT email FROM notifications_notification"))


@pytest.mark.own_stack  # a scratch SQLite database of its own
def test_each_mail_is_sent_once_across_worker_kills_and_restarts(tmp_path, migrated_sqlite):
    rng = random.Random(24)
    server = MailServer(hold_at=rng.randint(4, 10))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    database = tmp_path / "mail.sqlite3"
    env = scratch_env(
        database,
        DJANGO_EMAIL_HOST="127.0.0.1",
        DJANGO_EMAIL_PORT=str(server.server_address[1]),
        DJANGO_EMAIL_TLS="0",
    )
    migrated_sqlite(database)
    run_shell(env, SETUP.format(notices=NOTICES))
    assert states(database)["pending"] == NOTICES and server.mails == []
    worker = Worker(env, tmp_path / "worker.log")

    def wait_for_mails(count: int) -> None:
        worker.wait_until(lambda: len(server.mails) >= count, timeout=60, poll=0.02)

    worker.start()
    try:
        # 1. Killed while the mail server holds one mail's answer: mid-exchange.
        assert server.holding.wait(90), worker.tail()
        worker.kill()
        server.release.set()
        # 2. Killed at random moments while it sends the rest: after a random few of its
        # batch's mails, counted, not timed (on a fast spell a worker sent the rest of its
        # batch within a timed pause and claimed the last batch too, leaving the next
        # worker nothing to send before CLAIM_TTL).
        for _ in range(2):
            worker.start()
            wait_for_mails(len(server.mails) + rng.randint(1, 3))
            worker.kill()
        # 3. Started again: it sends what is left (claims of the dead workers wait out
        # CLAIM_TTL, longer than this test).
        worker.start()
        worker.wait_until(lambda: not states(database)["pending"])
        time.sleep(0.5)  # a last mail in flight is marked
    finally:
        worker.stop()
        server.shutdown()
        server.server_close()
    kills = worker.kills

    got = Counter(notice_of(mail) for mail in server.mails)
    assert max(got.values()) == 1, got  # no mail twice
    assert server.held is not None and got[notice_of(server.held)] == 1  # the held one came
    final = states(database)
    # every notice was mailed and marked, but those claimed by a killed worker, which wait
    # (at most one batch each) and are never lost: they go after CLAIM_TTL
    assert final["sent"] + final["sending"] == NOTICES and not final["pending"]
    assert final["sent"] >= NOTICES - kills * 20  # notifications.emails.BATCH
    # what arrived is every mail marked sent, and the ones in flight at a kill
    assert final["sent"] <= len(got) <= final["sent"] + kills
