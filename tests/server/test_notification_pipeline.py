"""One pipeline and a true bell (issue 24): every notice goes through notifications.pipeline,
which decides its ways per player; nothing but the bell while the player watches that game;
a game is one entry in the bell; what no longer holds is marked past."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from chat.models import ChatMute
from games import signals
from games.models import Game
from notifications import game_events
from notifications.models import Notification, Presence
from worker import loop as worker

from .factories import GameFactory, UserFactory
from .realtime_support import (  # noqa: F401  (fixtures)
    communicator,
    db,
    fresh_channel_layer,
    play_first_legal,
    run,
)

pytestmark = pytest.mark.django_db(transaction=True)

Kind = Notification.Kind
ROOT = Path(__file__).resolve().parents[2]


def play_until_turn_passes(game: Game) -> None:
    game.refresh_from_db()
    seat = game.current_seat
    while game.status == Game.Status.ACTIVE and game.current_seat == seat:
        play_first_legal(game)
        game.refresh_from_db()


def mover_and_waiter(game: Game):
    game.refresh_from_db()
    seats = {s.index: s.user for s in game.seats.select_related("user")}
    return seats[game.current_seat], seats[1 - game.current_seat]


# --- one place sends ------------------------------------------------------------------------

# Who may send mail or push (the senders, run by the worker) and who may write a notice.
SENDERS = {"accounts/outbox.py", "notifications/emails.py", "webpush/sender.py"}
SENDING_NAMES = {
    "send_mail",
    "send_mass_mail",
    "mail_admins",
    "mail_managers",
    "EmailMessage",
    "EmailMultiAlternatives",
    "get_connection",
    "webpush",
    "WebPusher",
}
PIPELINE = "notifications/pipeline.py"


def offences(path: Path, rel: str) -> list[str]:
    """What in this file sends mail or push, or writes a notice, outside the allowed places."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        name = None
        if isinstance(node, ast.Name):
            name = node.id
        elif isinstance(node, ast.Attribute):
            name = node.attr
        elif isinstance(node, ast.alias):
            name = node.name.rsplit(".", 1)[-1]
        if name in SENDING_NAMES and rel not in SENDERS:
            found.append(f"{rel}:{node.lineno}: {name}")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in {"create", "bulk_create", "get_or_create", "update_or_create"}
            and "Notification.objects" in ast.unparse(node.func)
            and rel != PIPELINE
        ):
            found.append(f"{rel}:{node.lineno}: writes a Notification")
    return found


def project_files():
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        top = rel.split("/", 1)[0]
        if top.startswith(".") or top in {"tests", "tools", "bench", "stacks"}:
            continue
        if "/migrations/" in rel or "site-packages" in rel:
            continue
        yield path, rel


def test_mail_and_push_are_sent_only_by_the_senders_and_notices_written_only_by_the_pipeline():
    problems = [p for path, rel in project_files() for p in offences(path, rel)]
    assert problems == []
    # ... and the check finds a sender or a notice written elsewhere.
    assert any(rel == "accounts/adapter.py" for _p, rel in project_files())
    probe = ROOT / "chat" / "_probe_pipeline.py"
    probe.write_text(
        "from django.core.mail import send_mail\n"
        "from notifications.models import Notification\n"
        "def f(u):\n"
        "    send_mail('s', 'b', None, [u.email])\n"
        "    Notification.objects.create(user=u, kind='your_turn', text='x')\n"
    )
    try:
        found = offences(probe, "chat/_probe_pipeline.py")
    finally:
        probe.unlink()
    assert len([f for f in found if "send_mail" in f]) == 2  # the import and the call
    assert any("writes a Notification" in f for f in found)


def test_the_push_sender_is_run_by_the_worker_only():
    """pywebpush is called from webpush/sender.py alone (above), and that module is run by
    the worker alone: never by a request, a signal or the pipeline."""
    from .test_app_boundaries import imported_modules, module_name

    callers = set()
    for path, rel in project_files():
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        if "webpush.sender" in imported_modules(path, package):
            callers.add(rel)
    assert callers == {"worker/loop.py"}


# --- the bell is true -----------------------------------------------------------------------


def test_your_turn_is_marked_past_once_the_turn_has_passed_and_leaves_the_badge(client_for):
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    first, second = mover_and_waiter(game)
    entry = client_for(first).get("/api/notifications/").json()["notifications"][0]
    assert (entry["kind"], entry["past"], entry["read_at"]) == ("your_turn", False, None)
    play_until_turn_passes(game)
    listing = client_for(first).get("/api/notifications/").json()
    [entry] = [n for n in listing["notifications"] if n["game"] == game.pk]
    assert entry["kind"] == "your_turn" and entry["past"] is True
    assert listing["unread"] == 0  # no badge for a turn that is over
    # the other player's turn holds
    [theirs] = client_for(second).get("/api/notifications/").json()["notifications"]
    assert (theirs["kind"], theirs["past"], theirs["read_at"]) == ("your_turn", False, None)


def test_an_open_bell_hears_that_an_entry_passed():
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    first, _second = mover_and_waiter(game)
    ws = communicator("/ws/notifications/", first)

    async def scenario():
        assert (await ws.connect())[0]
        assert await ws.receive_json_from() == {"type": "notifications.unread", "unread": 1}
        await db(play_until_turn_passes)(game)
        assert await ws.receive_json_from() == {"type": "notifications.changed", "unread": 0}
        await ws.disconnect()

    run(scenario)


def test_a_past_turn_is_not_mailed(mailoutbox):
    a = UserFactory(username="anna", email="anna@example.org", notify="turn")
    b = UserFactory(username="bram", email="bram@example.org", notify="off")
    game = GameFactory(creator=a, joiner=b)
    if mover_and_waiter(game)[0] != a:
        play_until_turn_passes(game)
    play_until_turn_passes(game)  # anna's turn passed before the worker ran
    worker.tick()
    assert [m.to for m in mailoutbox] == []


def test_opening_a_game_marks_its_entries_read(client_for):
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    one, two = GameFactory(creator=a, joiner=b), GameFactory(creator=a, joiner=b)
    mover = mover_and_waiter(one)[0]
    if mover_and_waiter(two)[0] != mover:
        play_until_turn_passes(two)
    client = client_for(mover)
    assert client.get("/api/notifications/unread/").json() == {"unread": 2}
    answer = client.post("/api/notifications/read/", {"game": one.pk}, format="json").json()
    assert answer == {"marked": 1, "unread": 1}
    assert client.post("/api/notifications/read/", {"game": 0}, format="json").status_code == 400


# --- nothing but the bell while watching that game --------------------------------------------


def test_nothing_but_a_read_bell_entry_while_the_player_watches_that_game(mailoutbox):
    a = UserFactory(username="anna", email="anna@example.org", notify="turn")
    b = UserFactory(username="bram", email="bram@example.org", notify="turn")
    game = GameFactory(creator=a, joiner=b)
    _mover, waiter = mover_and_waiter(game)
    worker.tick()
    mailoutbox.clear()
    ws = communicator(f"/ws/games/{game.pk}/", waiter)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()  # the state
        await db(play_until_turn_passes)(game)
        await ws.disconnect()

    run(scenario)
    note = Notification.objects.filter(user=waiter, game=game).latest("id")
    assert note.kind == Kind.YOUR_TURN
    assert note.read_at is not None  # no unread badge for the game on screen
    assert note.email == Notification.Email.NONE
    worker.tick()
    assert mailoutbox == []


async def sent_before_pong(ws) -> list[dict]:
    """What the socket sends before it answers a ping. A socket handles its client's
    messages one at a time, in order: by the pong, those sent before the ping are done."""
    await ws.send_json_to({"type": "ping"})
    sent = []
    while (message := await ws.receive_json_from())["type"] != "pong":
        sent.append(message)
    return sent


def test_a_hidden_game_page_is_not_watching_so_the_notice_goes_out(mailoutbox):
    from notifications.models import Presence

    a = UserFactory(username="anna", email="anna@example.org", notify="turn")
    b = UserFactory(username="bram", email="bram@example.org", notify="turn")
    game = GameFactory(creator=a, joiner=b)
    _mover, waiter = mover_and_waiter(game)
    ws = communicator(f"/ws/games/{game.pk}/", waiter)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()
        await ws.send_json_to({"type": "watching", "visible": False})
        assert await sent_before_pong(ws) == []  # no error: the game's socket knows it
        watching = await db(lambda: list(Presence.objects.values_list("watching", flat=True)))()
        assert watching == [None]
        await db(play_until_turn_passes)(game)
        await ws.send_json_to({"type": "watching", "visible": True})
        assert "error" not in [m["type"] for m in await sent_before_pong(ws)]
        watching = await db(lambda: list(Presence.objects.values_list("watching", flat=True)))()
        assert watching == [game.pk]
        await ws.disconnect()

    run(scenario)
    note = Notification.objects.filter(user=waiter, game=game).latest("id")
    assert note.kind == Kind.YOUR_TURN and note.read_at is None  # the badge shows it


# --- a chat line while away -------------------------------------------------------------------


def test_a_chat_line_reaches_the_other_player_unless_they_muted_the_chat(client_for):
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    said = client_for(a).post(
        f"/api/games/{game.pk}/chat/", {"text": "Goed gespeeld!"}, format="json"
    )
    assert said.status_code == 201, said.content
    note = Notification.objects.filter(user=b, game=game).latest("id")
    assert note.kind == Kind.CHAT_MESSAGE
    assert note.text == f"anna in partij {game.pk}: “Goed gespeeld!”"
    assert not Notification.objects.filter(user=a, kind=Kind.CHAT_MESSAGE).exists()
    ChatMute.objects.create(game=game, user=b)
    client_for(a).post(f"/api/games/{game.pk}/chat/", {"text": "Hallo?"}, format="json")
    assert Notification.objects.filter(user=b, kind=Kind.CHAT_MESSAGE).count() == 1


# --- the cost of a passed turn ----------------------------------------------------------------


def test_a_passed_turn_is_announced_in_a_few_queries_whatever_the_players_chose():
    """'Your turn' runs on the web process's push thread after every move that passes the
    turn: each query there is CPU a move pays (docs/deploy.md, A cheaper move). A player
    without a preferences row costs no extra look-ups, and the one watching the game (as in
    live play) hears it through the bell alone."""
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    first, second = mover_and_waiter(game)
    Presence.objects.create(
        user=second, channel_name="test!watching", watching=game.pk, seen_at=timezone.now()
    )
    signals.turn_passed.disconnect(dispatch_uid=game_events.turn_and_end.__name__)
    try:
        play_until_turn_passes(game)  # not announced yet
    finally:
        game_events.listen(signals.turn_passed, game_events.turn_and_end)
    with CaptureQueriesContext(connection) as queries:
        game_events.turn_and_end(game.pk)
    [mine] = Notification.objects.filter(user=second, game=game, kind=Kind.YOUR_TURN)
    assert mine.read_at is not None and mine.past_at is None  # watched: read, still holds
    [theirs] = Notification.objects.filter(user=first, game=game, kind=Kind.YOUR_TURN)
    assert theirs.past_at is not None and theirs.read_at is not None
    statements = [q["sql"] for q in queries.captured_queries]
    assert len(statements) <= 13, "\n".join(statements)
