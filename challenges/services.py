"""Sending, listing and answering challenges, and their expiry (the worker's job).

Every answer (accept, decline, cancel) is a notice for the other side through the
notifications pipeline (notifications.pipeline.deliver), in the recipient's language.

Decisions (docs/api.md, "Challenges"):
- an open challenge past `expires_at` is expired at once, whether or not the worker has marked
  it yet (`Challenge.status_at`); accept after that is refused (409 challenge_expired);
- accept locks the challenge row (select_for_update): a double click makes one game, the
  second click answers the same game;
- who sits first (seat 0 moves first) is drawn at random when the game is made, with the
  secrets module, not from the game's seed: the seed stays secret until the game ends.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext
from django.utils.translation import gettext_noop as _

import clocks
from accounts.models import display_name, language_of
from dwaalhof_site.api import gate
from games import services as games
from games.models import Game
from moderation import errors as moderation_errors
from moderation import services as moderation
from notifications.models import Notification
from notifications.pipeline import deliver

from . import errors
from .models import DECLINE_REASONS, NO_REASON, Challenge, expiry_after

Kind = Notification.Kind
Status = Challenge.Status


def _now(now: datetime | None) -> datetime:
    return now or timezone.now()


# --- sending --------------------------------------------------------------------------------


def challenge_create(
    *,
    challenger: Any,
    username: str,
    time_control: clocks.TimeControl,
    rated: bool = False,
    now: datetime | None = None,
) -> Challenge:
    """Challenge the player named `username`: refused (400, each with its code) for an unknown
    player, oneself, a block either way, a suspended player, or a challenge to them still open."""
    now = _now(now)
    try:
        challenged = moderation.player_named(username)
    except moderation_errors.PlayerNotFound as err:
        raise errors.UnknownPlayer() from err
    if challenged.pk == challenger.pk:
        raise errors.ChallengeSelf()
    if moderation.blocked_between(challenger, challenged):
        raise errors.BlockedPlayer()
    if gate.refusal(challenged) is not None:
        raise errors.PlayerSuspended()
    pair = Challenge.objects.filter(
        challenger=challenger, challenged=challenged, status=Status.OPEN
    )
    pair.filter(expires_at__lte=now).update(status=Status.EXPIRED)  # lazily: free the pair
    try:
        with transaction.atomic():
            challenge = Challenge.objects.create(
                challenger=challenger,
                challenged=challenged,
                time_control=time_control.to_json(),
                rated=rated,
                created=now,
                expires_at=expiry_after(time_control, now),
            )
            _notify(
                challenged,
                Kind.CHALLENGE,
                _("%(name)s daagt je uit voor een partij."),
                name=display_name(challenger),
            )
    except IntegrityError as err:  # one open challenge per pair (the model's constraint)
        raise errors.AlreadyChallenged() from err
    return challenge


# --- reading --------------------------------------------------------------------------------


def open_for(user: Any, now: datetime | None = None) -> dict[str, list[dict[str, Any]]]:
    """The player's open challenges: those to them (incoming) and from them (outgoing),
    newest first; expired ones are left out even before the worker marked them."""
    now = _now(now)
    rows = (
        Challenge.objects.filter(status=Status.OPEN, expires_at__gt=now)
        .select_related("challenger__profile", "challenged__profile")
        .order_by("-created", "-pk")
    )
    return {
        "incoming": [payload(c, now) for c in rows.filter(challenged=user)],
        "outgoing": [payload(c, now) for c in rows.filter(challenger=user)],
    }


def _player(user: Any) -> dict[str, Any]:
    return {"username": user.username, "display_name": display_name(user)}


def payload(challenge: Challenge, now: datetime | None = None) -> dict[str, Any]:
    now = _now(now)
    reason = challenge.decline_reason
    return {
        "id": challenge.pk,
        "challenger": _player(challenge.challenger),
        "challenged": _player(challenge.challenged),
        "time_control": challenge.time_control,
        "rated": challenge.rated,
        "status": challenge.status_at(now),
        "decline_reason": reason,
        "decline_text": gettext(DECLINE_REASONS[reason]) if reason in DECLINE_REASONS else "",
        "created": challenge.created.isoformat(),
        "expires_at": challenge.expires_at.isoformat(),
        "game": challenge.game_id,
    }


def find(challenge_id: int) -> Challenge:
    challenge = (
        Challenge.objects.select_related("challenger__profile", "challenged__profile")
        .filter(pk=challenge_id)
        .first()
    )
    if challenge is None:
        raise errors.ChallengeNotFound()
    return challenge


# --- answering ------------------------------------------------------------------------------


def _locked(challenge_id: int) -> Challenge:
    challenge = (
        # only the challenge's row is locked: PostgreSQL locks no row of an outer join's
        # nullable side (the profiles)
        Challenge.objects.select_for_update(of=("self",))
        .select_related("challenger__profile", "challenged__profile")
        .filter(pk=challenge_id)
        .first()
    )
    if challenge is None:
        raise errors.ChallengeNotFound()
    return challenge


def _check_open(challenge: Challenge, now: datetime) -> bool:
    """Whether the locked challenge is open; an expired one is marked so (and False)."""
    status = challenge.status_at(now)
    if status == Status.EXPIRED and challenge.status == Status.OPEN:
        challenge.status = Status.EXPIRED
        challenge.save(update_fields=["status"])
    return status == Status.OPEN


def _refusal(challenge: Challenge) -> errors.NotOpen:
    if challenge.status == Status.EXPIRED:
        return errors.Expired(params={"status": challenge.status})
    return errors.NotOpen(params={"status": challenge.status})


def _check_party(challenge: Challenge, user: Any, *, challenger: bool) -> None:
    if (challenge.challenger_id if challenger else challenge.challenged_id) != user.pk:
        if user.pk not in (challenge.challenger_id, challenge.challenged_id):
            raise errors.ChallengeNotFound()  # not theirs to see either
        raise errors.NotYours(
            _("Alleen wie uitdaagt kan de uitdaging intrekken.")
            if challenger
            else _("Alleen wie uitgedaagd is kan de uitdaging aannemen of afslaan.")
        )


def accept(*, challenge_id: int, user: Any, now: datetime | None = None) -> Game:
    """The challenged accepts: the game starts with both seats (who sits first drawn at
    random). A second accept of the same challenge answers the same game."""
    now = _now(now)
    refused: errors.NotOpen | None = None
    with transaction.atomic():
        challenge = _locked(challenge_id)
        _check_party(challenge, user, challenger=False)
        if challenge.status == Status.ACCEPTED and challenge.game_id is not None:
            return Game.objects.get(pk=challenge.game_id)  # a double click: the same game
        if not _check_open(challenge, now):
            refused = _refusal(challenge)
        elif gate.refusal(challenge.challenger) is not None:
            raise errors.OpponentSuspended()  # suspended since: no game, the challenge waits
        else:
            pair = [challenge.challenger, challenge.challenged]
            if secrets.randbelow(2):
                pair.reverse()
            game = games.game_between(
                first=pair[0],
                second=pair[1],
                time_control=challenge.control(),
                rated=challenge.rated,
                created_by=challenge.challenger,
            )
            challenge.status, challenge.game, challenge.answered_at = Status.ACCEPTED, game, now
            challenge.save(update_fields=["status", "game", "answered_at"])
            _notify(
                challenge.challenger,
                Kind.CHALLENGE_ANSWERED,
                _("%(name)s neemt je uitdaging aan: de partij begint."),
                game=game,
                name=display_name(challenge.challenged),
            )
    if refused is not None:  # raised after the commit: the expiry marked above stays
        raise refused
    return game


def _answer_open(
    challenge_id: int,
    user: Any,
    now: datetime,
    *,
    challenger: bool,
    act: Callable[[Challenge], None],
) -> Challenge:
    """Decline or cancel: `act` on the locked challenge while it is open; a challenge no
    longer open is refused after the commit (so its expiry, marked on the way, stays)."""
    refused: errors.NotOpen | None = None
    with transaction.atomic():
        challenge = _locked(challenge_id)
        _check_party(challenge, user, challenger=challenger)
        if not _check_open(challenge, now):
            refused = _refusal(challenge)
        else:
            act(challenge)
    if refused is not None:
        raise refused
    return challenge


def decline(
    *, challenge_id: int, user: Any, reason: str = NO_REASON, now: datetime | None = None
) -> Challenge:
    """The challenged declines, with a reason from DECLINE_REASONS (or none)."""
    now = _now(now)

    def declined(challenge: Challenge) -> None:
        challenge.status, challenge.decline_reason = Status.DECLINED, reason
        challenge.answered_at = now
        challenge.save(update_fields=["status", "decline_reason", "answered_at"])
        name = display_name(challenge.challenged)
        if reason in DECLINE_REASONS:
            _notify(
                challenge.challenger,
                Kind.CHALLENGE_ANSWERED,
                _("%(name)s slaat je uitdaging af: %(reason)s"),
                name=name,
                reason=DECLINE_REASONS[reason],
            )
        else:
            _notify(
                challenge.challenger,
                Kind.CHALLENGE_ANSWERED,
                _("%(name)s slaat je uitdaging af."),
                name=name,
            )

    return _answer_open(challenge_id, user, now, challenger=False, act=declined)


def cancel(*, challenge_id: int, user: Any, now: datetime | None = None) -> Challenge:
    """The challenger takes the challenge back."""
    now = _now(now)

    def cancelled(challenge: Challenge) -> None:
        challenge.status, challenge.answered_at = Status.CANCELLED, now
        challenge.save(update_fields=["status", "answered_at"])
        _notify(
            challenge.challenged,
            Kind.CHALLENGE_ANSWERED,
            _("%(name)s trekt de uitdaging in."),
            name=display_name(challenge.challenger),
        )

    return _answer_open(challenge_id, user, now, challenger=True, act=cancelled)


def expire_due(now: datetime | None = None) -> int:
    """The worker: mark the open challenges past their expiry expired. No notice: nobody
    answered, and the lists leave them out already."""
    now = _now(now)
    return Challenge.objects.filter(status=Status.OPEN, expires_at__lte=now).update(
        status=Status.EXPIRED
    )


# --- notices --------------------------------------------------------------------------------


def _notify(user: Any, kind: str, msgid: str, *, game: Game | None = None, **params: str) -> None:
    """A notice for `user` in their language; the parameters (a decline reason is a msgid
    too) are translated in the same language."""
    with translation.override(language_of(user)):
        said = {key: gettext(value) if key == "reason" else value for key, value in params.items()}
        text = gettext(msgid) % said
    deliver(user, kind, text, game=game)
