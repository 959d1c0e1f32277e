"""What the account's stream says (docs/api.md, "The account's stream"): first an `account`
line (who reads, the unread count, the newest notice's id), then, when `since` (a notice
id) is given and behind, every notice after it; then each notice as the bell gets it (the
player's group, realtime.user_group: notifications.services.to_bell), as an event whose type
says what happened (EVENTS), and the unread count when it changes. Only the reader's own
notices: no game's view, so no hand, ever. Each notice once: the ids at the start and those
sent are remembered; a later copy is dropped. The reads here are sync (the consumer runs
them through database_sync_to_async)."""

from __future__ import annotations

from typing import Any

from games import realtime
from notifications import services
from notifications.models import Notification

from .game_feed import line_bytes

Kind = Notification.Kind
# A notice's kind -> the stream's event type. A kind not listed (a new one: challenges,
# follows...) comes as `notice`, its `kind` in the notice.
EVENTS: dict[str, str] = {
    Kind.OPPONENT_JOINED: "game.started",  # the free seat was taken: the game begins
    Kind.YOUR_TURN: "game.your_turn",
    Kind.DEADLINE_NEAR: "game.deadline_near",
    Kind.GAME_OVER: "game.ended",
    Kind.REMATCH_OFFER: "game.rematch_offered",
    Kind.CHAT_MESSAGE: "chat.message",
    Kind.CHALLENGE: "challenge.received",  # GET /api/challenges/ lists it with its id
    Kind.CHALLENGE_ANSWERED: "challenge.answered",  # accepted: `game` is the new game
}
OTHER = "notice"
# `since` replays at most this many notices (the oldest first); the bell has the rest.
REPLAY_MAX = 200
# Ids of sent notices remembered to drop a late copy; beyond, the oldest are forgotten.
SENT_KEPT = 512


def event(notice: dict[str, Any], unread: int | None = None) -> dict[str, Any]:
    """A notice (notifications.services.as_json, as the bell gets it) as a stream event."""
    said: dict[str, Any] = {
        "type": EVENTS.get(notice["kind"], OTHER),
        "game": notice["game"],
        "notice": notice,
    }
    if unread is not None:
        said["unread"] = unread
    return said


class Follower:
    """One reader's place in their own notices: the newest id at the start, those sent."""

    def __init__(self, user: Any) -> None:
        self.user = user
        self.held = 0
        self.sent: set[int] = set()

    def start(self, since: int | None) -> list[bytes]:
        """The first lines (read after joining the player's group)."""
        mine = Notification.objects.filter(user=self.user)
        self.held = mine.order_by("-pk").values_list("pk", flat=True).first() or 0
        hello = {
            "type": "account",
            "id": self.user.pk,
            "username": self.user.get_username(),
            "unread": services.unread_count(self.user),
            "last_notice": self.held,
        }
        lines = [line_bytes(hello)]
        if since is not None and since < self.held:
            missed = mine.filter(pk__gt=since).order_by("pk")[:REPLAY_MAX]
            lines += [line_bytes(event(realtime.jsonable(services.as_json(n)))) for n in missed]
        return lines

    def event(self, payload: dict[str, Any]) -> dict[str, Any] | None:
        """The event of a message to the player's group, or None (nothing for the stream)."""
        kind = payload.get("type")
        if kind in ("notifications.unread", "notifications.changed"):
            return {"type": "notices.unread", "unread": payload["unread"]}
        if kind != "notification":
            return None
        notice = payload["notification"]
        if notice["id"] <= self.held or notice["id"] in self.sent:
            return None
        self.sent.add(notice["id"])
        if len(self.sent) > SENT_KEPT:
            self.held = min(self.sent)
            self.sent = {i for i in self.sent if i > self.held}
        return event(notice, payload.get("unread"))
