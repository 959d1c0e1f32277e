"""Blocks, reports and sanctions: the writes, and the questions other apps ask.

Other apps call this module; it imports none of them (but accounts, for names). Who asks
what:

- `blocked_between(a, b)`: may these two start anything together? games asks it before an
  invitation is taken or a rematch made (games.services), and any later feature that brings
  two players together (follows, challenges) asks it the same way.
- `blocking_either(user)`: the ids of everyone in a block with `user`, as a subquery (the
  lobby leaves their open games out: games.selectors.open_games).
- `hidden_authors(viewer)` / `blockers_among(author, users)`: whose chat a reader does not
  see (chat.services, over REST and on the socket).
- `check_may_chat(user)`: a silenced or suspended account posts no chat (chat.services).
- `barred(user)`: the account check registered with dwaalhof_site.api.gate (a suspension).

A reported chat line is found through the finder chat registers (`find_messages_with`): only
a line the reporter can see may be reported."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import display_name

from . import errors, signals
from .models import Block, Report, Sanction, Standing

# A player's reports in a day before the next is refused (reports_throttled).
REPORTS_PER_DAY = 20

MessageFinder = Callable[[int, Any], Any]
_message_finder: MessageFinder | None = None


def find_messages_with(finder: MessageFinder) -> None:
    """chat registers `finder(message_id, reader)`: the chat line if `reader` can see it,
    else None (ChatConfig.ready())."""
    global _message_finder
    _message_finder = finder


# --- players --------------------------------------------------------------------------------


def player_named(username: str) -> Any:
    """The account with this username (any case), not deleted; else PlayerNotFound."""
    user = (
        get_user_model()
        .objects.select_related("profile")
        .filter(username__iexact=username, is_active=True, profile__deleted_at=None)
        .first()
    )
    if user is None:
        raise errors.PlayerNotFound()
    return user


def _id(user: Any) -> int:
    return user if isinstance(user, int) else user.pk


# --- blocks ---------------------------------------------------------------------------------


def blocked_between(a: Any, b: Any) -> bool:
    """Whether one of the two (users or user ids) blocked the other."""
    a_id, b_id = _id(a), _id(b)
    return Block.objects.filter(
        Q(blocker_id=a_id, blocked_id=b_id) | Q(blocker_id=b_id, blocked_id=a_id)
    ).exists()


def has_blocked(blocker: Any, blocked: Any) -> bool:
    """Whether `blocker` blocked `blocked` (one way)."""
    return Block.objects.filter(blocker_id=_id(blocker), blocked_id=_id(blocked)).exists()


def check_can_meet(user: Any, others: Iterable[Any]) -> None:
    """Blocked when `user` and any of `others` are in a block (either way)."""
    ids = [_id(other) for other in others if other is not None and _id(other) != _id(user)]
    if ids and (
        Block.objects.filter(blocker_id=_id(user), blocked_id__in=ids).exists()
        or Block.objects.filter(blocked_id=_id(user), blocker_id__in=ids).exists()
    ):
        raise errors.Blocked()


def blocking_either(user: Any) -> QuerySet[Any]:
    """The ids of the users `user` blocked or was blocked by (a subquery: no query of its own)."""
    return (
        get_user_model()
        .objects.filter(
            Q(blocks_made__blocked_id=_id(user)) | Q(blocks_received__blocker_id=_id(user))
        )
        .values("pk")
    )


def hidden_authors(viewer: Any) -> QuerySet[Any]:
    """The ids of the players whose chat `viewer` does not see: those they blocked."""
    return Block.objects.filter(blocker_id=_id(viewer)).values("blocked_id")


def blockers_among(author: Any, users: Iterable[int]) -> list[int]:
    """Which of `users` blocked `author` (their sockets do not get the author's lines)."""
    return list(
        Block.objects.filter(blocked_id=_id(author), blocker_id__in=list(users)).values_list(
            "blocker_id", flat=True
        )
    )


def block_create(*, blocker: Any, username: str, now: datetime | None = None) -> Block:
    target = player_named(username)
    if target.pk == blocker.pk:
        raise errors.CannotBlockSelf()
    try:
        with transaction.atomic():
            block = Block.objects.create(
                blocker=blocker, blocked=target, created=now or timezone.now()
            )
    except IntegrityError as err:
        raise errors.AlreadyBlocked() from err
    block.blocked = target
    return block


def block_delete(*, blocker: Any, username: str) -> None:
    deleted, _ = Block.objects.filter(blocker=blocker, blocked__username__iexact=username).delete()
    if not deleted:
        raise errors.NotBlocked()


def block_payload(block: Block) -> dict[str, Any]:
    return {
        "username": block.blocked.username,
        "display_name": display_name(block.blocked),
        "created": block.created,
    }


def blocks_of(user: Any) -> list[dict[str, Any]]:
    """The players `user` blocked, newest first."""
    rows = Block.objects.filter(blocker=user).select_related("blocked__profile")
    return [block_payload(row) for row in rows]


# --- reports --------------------------------------------------------------------------------


def report_create(
    *,
    reporter: Any,
    reason: str,
    username: str | None = None,
    message_id: int | None = None,
    text: str = "",
    now: datetime | None = None,
) -> Report:
    """A report of a player, or of one of their chat lines (which the reporter can see; its
    author is the reported player). One open report per reporter, player and line."""
    now = now or timezone.now()
    message = None
    if message_id is not None:
        message = _message_finder(message_id, reporter) if _message_finder else None
        if message is None:
            raise errors.MessageNotFound()
        target = message.user
        if username is not None and target.username.lower() != username.lower():
            raise errors.MessageNotFound()  # not a line of that player
    elif username is not None:
        target = player_named(username)
    else:
        raise errors.PlayerNotFound()
    if target.pk == reporter.pk:
        raise errors.CannotReportSelf()
    with transaction.atomic():
        get_user_model().objects.select_for_update().filter(pk=reporter.pk).first()
        recent = Report.objects.filter(reporter=reporter, created__gte=now - timedelta(days=1))
        if recent.count() >= REPORTS_PER_DAY:
            raise errors.TooManyReports()
        if Report.objects.filter(
            reporter=reporter, target=target, message=message, status=Report.Status.OPEN
        ).exists():
            raise errors.AlreadyReported()
        return Report.objects.create(
            reporter=reporter,
            target=target,
            message=message,
            game_id=message.game_id if message is not None else None,
            reason=reason,
            text=text,
            created=now,
        )


def report_handle(report: Report, *, by: Any, outcome: str, now: datetime | None = None) -> None:
    """Mark a report handled (by whom, when, with what outcome); a handled one stays so."""
    if report.status == Report.Status.HANDLED:
        return
    report.status = Report.Status.HANDLED
    report.handled_by = by
    report.handled_at = now or timezone.now()
    report.outcome = outcome[:200]
    report.save(update_fields=["status", "handled_by", "handled_at", "outcome"])


# --- sanctions ------------------------------------------------------------------------------


def _standing(user: Any) -> Standing:
    standing, _ = Standing.objects.select_for_update().get_or_create(user_id=_id(user))
    return standing


def sanction(
    *,
    user: Any,
    kind: str,
    by: Any,
    reason: str,
    until: datetime | None = None,
    report: Report | None = None,
    now: datetime | None = None,
) -> Sanction:
    """Record a moderator's action and put it in force: silence (no chat anywhere), suspend
    (no login, sessions and tokens refused until `until`), close (the account deactivated).
    `until` None: until lifted (close: for good)."""
    now = now or timezone.now()
    with transaction.atomic():
        row = Sanction.objects.create(
            user_id=_id(user),
            kind=kind,
            until=until,
            reason=reason[:500],
            by=by,
            report=report,
            created=now,
        )
        if kind == Sanction.Kind.CLOSE:
            get_user_model().objects.filter(pk=_id(user)).update(is_active=False)
        else:
            _refresh_standing(_id(user), now)
        if kind in (Sanction.Kind.SUSPEND, Sanction.Kind.CLOSE):
            user_id = _id(user)
            transaction.on_commit(
                lambda: signals.account_barred.send(sender=Sanction, user_id=user_id)
            )
    return row


def lift(row: Sanction, *, by: Any, now: datetime | None = None) -> bool:
    """End a sanction before its time (a closed account opens again). False: not in force."""
    now = now or timezone.now()
    with transaction.atomic():
        row = Sanction.objects.select_for_update().get(pk=row.pk)
        if row.lifted_at is not None:
            return False
        row.lifted_at, row.lifted_by = now, by
        row.save()
        if row.kind == Sanction.Kind.CLOSE:
            get_user_model().objects.filter(pk=row.user_id).update(is_active=True)
        else:
            _refresh_standing(row.user_id, now)
    return True


def _refresh_standing(user_id: int, now: datetime) -> None:
    """Standing from the sanctions in force: the latest end of each kind (None: no end)."""
    standing = _standing(user_id)
    for kind, flag, until in (
        (Sanction.Kind.SILENCE, "silenced", "silenced_until"),
        (Sanction.Kind.SUSPEND, "suspended", "suspended_until"),
    ):
        rows = [
            r
            for r in Sanction.objects.filter(user_id=user_id, kind=kind, lifted_at=None)
            if r.in_force(now)
        ]
        setattr(standing, flag, bool(rows))
        ends = [r.until for r in rows]
        setattr(standing, until, None if not rows or None in ends else max(e for e in ends if e))
    standing.save()


def _standing_of(user: Any) -> Standing | None:
    return getattr(user, "moderation_standing", None)


def _until(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


def check_may_chat(user: Any, now: datetime | None = None) -> None:
    """Silenced for a silenced or suspended account (params: `until`)."""
    standing = Standing.objects.filter(user_id=_id(user)).first()
    if standing is None:
        return
    now = now or timezone.now()
    if standing.suspended_now(now):
        raise errors.Silenced(params={"until": _until(standing.suspended_until)})
    if standing.silenced_now(now):
        raise errors.Silenced(params={"until": _until(standing.silenced_until)})


def barred(user: Any) -> errors.Suspended | None:
    """The account check (dwaalhof_site.api.gate): a suspension in force refuses the
    account, saying until when (`until`, null: until lifted)."""
    standing = _standing_of(user)
    if standing is not None and standing.suspended_now(timezone.now()):
        return errors.Suspended(params={"until": _until(standing.suspended_until)})
    return None
