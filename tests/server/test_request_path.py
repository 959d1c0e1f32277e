"""What a request and a move's socket update cost on the way: thread hops and reads."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest
from asgiref.sync import SyncToAsync
from asgiref.testing import ApplicationCommunicator
from django.core.serializers.json import DjangoJSONEncoder
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext

import engine
from dwaalhof_site.asgi import application
from games import hooks, realtime, selectors, state_cache
from games.models import Game

from .factories import GameFactory, UserFactory, token_for
from .helpers import play

pytestmark = pytest.mark.django_db(transaction=True)


def hops_for(path: str, monkeypatch) -> list[str]:
    """The sync functions Django hands to a thread while serving `path` through ASGI."""
    handed: list[str] = []
    original = SyncToAsync.__call__

    async def counting(self, *args, **kwargs):
        handed.append(getattr(self.func, "__qualname__", repr(self.func)))
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counting)
    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "query_string": b"",
        "headers": [(b"host", b"testserver")],
    }

    async def get():
        app = ApplicationCommunicator(application, scope)
        await app.send_input({"type": "http.request"})
        start = await app.receive_output(10)
        await app.receive_output(10)
        await app.wait(10)
        return start["status"]

    assert asyncio.run(get()) == 200
    return handed


def test_a_request_runs_its_middleware_and_view_in_one_thread_hop(monkeypatch):
    # With Django's own ASGI handler every process_request/process_response, the view and
    # the rendering were a hop of their own between the event loop and a thread: 17.
    # Django's handler also sent request_started and closed the response (request_finished)
    # in hops of their own: one hop does all three now.
    handed = hops_for("/api/content/", monkeypatch)
    assert handed == ["OneHopASGIHandler.serve"]


@pytest.fixture
def finished_signals(monkeypatch):
    """Each request_finished sent: the thread it ran on, and the closes of the database
    connection Django's close_old_connections (connected before) made during it: with
    PostgreSQL's pool a close hands the connection back to the pool."""
    import threading

    from django.core.signals import request_finished, request_started

    sent: list[dict] = []
    closes: list[dict] = []
    wrapper = type(connections["default"])
    original_close = wrapper.close

    def close(self):
        had = self.connection is not None
        original_close(self)
        closes.append({"thread": threading.current_thread(), "had": had, "after": self.connection})

    def record(sender, **kwargs):
        sent.append({"thread": threading.current_thread(), "closes": closes[:]})
        closes.clear()

    def started(sender, **kwargs):  # after request_started's own close_old_connections
        closes.clear()

    monkeypatch.setattr(wrapper, "close", close)
    request_started.connect(started)
    request_finished.connect(record)
    yield sent
    request_finished.disconnect(record)
    request_started.disconnect(started)


def asgi_get(
    path: str, *, token: str = "", disconnect_after: float | None = None
) -> tuple[int, bytes]:
    """GET `path` through the ASGI application: its status and body (the client hangs up
    `disconnect_after` seconds after sending the request, if given: status 0)."""
    headers = [(b"host", b"testserver")]
    if token:
        headers.append((b"authorization", f"Token {token}".encode()))
    scope = {"type": "http", "method": "GET", "path": path, "query_string": b""}
    scope["headers"] = headers

    async def get():
        app = ApplicationCommunicator(application, scope)
        await app.send_input({"type": "http.request"})
        if disconnect_after is not None:
            await asyncio.sleep(disconnect_after)
            await app.send_input({"type": "http.disconnect"})
            await app.wait(10)
            return 0, b""
        start = await app.receive_output(10)
        body = b""
        while True:
            message = await app.receive_output(10)
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        await app.wait(10)
        return start["status"], body

    return asyncio.run(get())


def test_each_request_finishes_once_and_hands_its_database_connection_back(
    finished_signals,
):
    """request_finished, now sent in the request's own hop, still comes exactly once per
    request, on the thread that used the connection, and closes it (PostgreSQL: back to
    the pool), so no request holds a connection once answered."""
    token = token_for(UserFactory())
    for _ in range(3):
        assert asgi_get("/api/games/", token=token)[0] == 200  # reads the database
    assert len(finished_signals) == 3
    for finished in finished_signals:
        assert finished["thread"].name.startswith("request")
        [closed] = finished["closes"]
        assert closed["thread"] is finished["thread"] and closed["had"]
        if connection.vendor == "postgresql":  # SQLite's in-memory test database stays open
            assert closed["after"] is None  # back in the pool


def test_a_client_file_is_streamed_whole_and_finished_once_after_it_is_sent(
    finished_signals, monkeypatch
):
    """WhiteNoise answers the client's files with a streaming file response: it is
    read while it is sent, so it is closed (its file, request_finished) after that."""
    from django.conf import settings

    from dwaalhof_site.handler import OneHopASGIHandler

    sent_first: list[bool] = []
    original = OneHopASGIHandler.send_response

    async def sending(self, response, send):
        sent_first.append(not finished_signals)
        await original(self, response, send)

    monkeypatch.setattr(OneHopASGIHandler, "send_response", sending)
    status, body = asgi_get("/sw.js")
    assert status == 200
    assert body == (settings.WHITENOISE_ROOT / "sw.js").read_bytes()
    assert sent_first == [True]
    assert len(finished_signals) == 1


def test_a_streaming_response_is_sent_whole_and_its_iterator_closed_after(
    finished_signals, settings
):
    settings.ROOT_URLCONF = __name__
    status, body = asgi_get("/stream/")
    assert (status, body) == (200, b"part 0\npart 1\npart 2\n")
    assert STREAM_EVENTS == ["sent 0", "sent 1", "sent 2", "closed"]
    assert len(finished_signals) == 1


def test_a_client_hanging_up_mid_request_still_finishes_the_request_once(
    finished_signals, settings
):
    """As with Django's handler: the view runs to its end (a thread cannot be stopped),
    nothing is sent, and request_finished comes once, after the view."""
    settings.ROOT_URLCONF = __name__
    SLOW_EVENTS.clear()
    assert asgi_get("/slow/", disconnect_after=0.2) == (0, b"")
    assert SLOW_EVENTS == ["view done"]
    assert len(finished_signals) == 1


STREAM_EVENTS: list[str] = []
SLOW_EVENTS: list[str] = []


def _stream_view(request):
    from django.http import StreamingHttpResponse

    STREAM_EVENTS.clear()

    class Parts:
        def __iter__(self):
            for i in range(3):
                STREAM_EVENTS.append(f"sent {i}")
                yield f"part {i}\n".encode()

        def close(self):
            STREAM_EVENTS.append("closed")

    return StreamingHttpResponse(Parts())


def _slow_view(request):
    import time

    from django.http import HttpResponse

    time.sleep(0.6)
    SLOW_EVENTS.append("view done")
    return HttpResponse("late")


def _urls():
    from django.urls import path

    return [path("stream/", _stream_view), path("slow/", _slow_view)]


def test_requests_one_after_another_are_served_on_one_kept_thread(monkeypatch):
    """asgiref made a thread for every request and ended it after; the handler lends a
    kept one (a new thread sets up its database wrapper, translation and caches anew)."""
    import threading

    from dwaalhof_site.handler import OneHopASGIHandler

    served_on: list[threading.Thread] = []
    original = OneHopASGIHandler.get_response

    def recording(self, request):
        served_on.append(threading.current_thread())
        return original(self, request)

    monkeypatch.setattr(OneHopASGIHandler, "get_response", recording)
    for _ in range(3):
        hops_for("/api/content/", monkeypatch)
    assert len(served_on) == 3
    assert served_on[0] is not threading.main_thread()
    assert served_on[1] is served_on[0] and served_on[2] is served_on[0]


def test_a_moves_socket_update_is_what_a_resync_from_the_database_says(monkeypatch, test_clock):
    """The update a commit sends is built from the rows and state in hand; it must say
    exactly what a socket reading the database would get, for each seat and spectators
    (both read the clock at the test clock's now: its reading's `at`)."""
    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    sent: list = []  # (the hook's arguments, the game row as committed)
    monkeypatch.setattr(
        hooks,
        "after_move_committed",
        lambda *args: sent.append((args, Game.objects.get(pk=game.pk))),
    )
    # over two ends of a turn
    play(game, until=lambda _state: sum(args[3] for args, _row in sent) >= 2)
    for (committed_game, state, rows, _turn_changed), stored in sent:
        commit = realtime.MoveCommit(committed_game, state, rows, committed=0.0)
        with CaptureQueriesContext(connection) as reads:
            messages = commit.messages()
        assert len(reads) == 0
        assert stored.seq == commit.seq
        snap = realtime.snapshot(stored, commit.first)
        for seat in realtime.AUDIENCES:
            from_db = json.loads(
                json.dumps(realtime.for_audience(snap, seat, commit.first), cls=DjangoJSONEncoder)
            )
            # (the entries this commit wrote: moves committed after it are the next update's)
            from_db["entries"] = [e for e in from_db["entries"] if e["seq"] < commit.seq]
            from_commit = json.loads(messages[realtime.audience_key(seat)]()["text"])
            del from_commit["server_time"], from_commit["sent_time"]  # stamps, not content
            assert from_commit == from_db


def mover_with_a_move():
    """A started game, an API client of the player to move (token auth), a legal move."""
    from rest_framework.test import APIClient

    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    mover = a if game.seats.get(index=game.current_seat).user_id == a.pk else b
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(mover)}")
    move = engine.legal_moves(selectors.game_state(game))[0].to_json()
    return game, client, move


def counted(monkeypatch, owner, name: str) -> list[int]:
    """`owner.name` (a function of a state) patched to note the seq of each state it gets."""
    calls: list[int] = []
    original = getattr(owner, name)

    def counting(state):
        calls.append(state.seq)
        return original(state)

    monkeypatch.setattr(owner, name, counting)
    return calls


def seat_clients(game: Game) -> dict:
    """An API client per seat of `game`, each with its player's token."""
    from rest_framework.test import APIClient

    clients = {}
    for seat in game.seats.select_related("user"):
        clients[seat.index] = APIClient()
        clients[seat.index].credentials(HTTP_AUTHORIZATION=f"Token {token_for(seat.user)}")
    return clients


def test_a_game_read_and_a_move_read_the_game_in_one_query():
    """Token, then the game joined to its seats, users, profiles and ratings: no query per
    seat, and no second query for the seats (a round trip each, on every request)."""
    game, client, move = mover_with_a_move()

    def selects(call) -> list[str]:
        with CaptureQueriesContext(connection) as queries:
            assert call().status_code < 300
        return [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]

    assert len(selects(lambda: client.get(f"/api/games/{game.pk}/"))) == 2
    assert len(selects(lambda: client.get(f"/api/games/{game.pk}/legal/"))) == 2
    # With a client_move_id too: the earlier answer to that id is looked up only when the
    # move is refused (a retry of an applied move is stale by then), not on every move.
    body = {"move": move, "expected_seq": game.seq, "client_move_id": "m-1"}
    assert (
        len(selects(lambda: client.post(f"/api/games/{game.pk}/moves/", body, format="json"))) == 2
    )
    retry = client.post(f"/api/games/{game.pk}/moves/", body, format="json")
    assert retry.status_code == 200 and retry.json()["entries"][0]["move"] == move


def test_a_move_builds_its_views_once_for_its_answer_and_its_push(monkeypatch, settings):
    """The answer shows the mover the view its socket update carries: what the views share
    (the public state and its numbers) is built once per move, and each audience's view
    once, not once for the answer and three times for the push."""
    settings.DWAALHOF_PUSH = "inline"
    game, client, move = mover_with_a_move()
    built = counted(monkeypatch, sys.modules["engine.view"], "_common_view")
    sent: list[dict] = []
    monkeypatch.setattr(realtime, "_group_send_each", lambda messages: sent.append(messages))
    answer = client.post(
        f"/api/games/{game.pk}/moves/", {"move": move, "expected_seq": game.seq}, format="json"
    )
    assert answer.status_code == 201
    seat = answer.json()["game"]["your_seat"]
    texts = {group: build()["text"] for group, build in sent[-1].items()}  # every audience
    assert len(built) == 1
    pushed = json.loads(texts[realtime.audience_group(game.pk, seat)])
    assert pushed["view"] == answer.json()["game"]["state"]


def test_a_move_that_keeps_the_turn_works_out_the_next_legal_moves_once(monkeypatch, settings):
    """The mover still at turn gets its next legal moves in the answer and in its socket's
    update: the same list, worked out once, not once for each."""
    settings.DWAALHOF_PUSH = "inline"
    game, client, _move = mover_with_a_move()
    state = selectors.game_state(game)
    move = next(
        m.to_json()
        for m in engine.legal_moves(state)
        if engine.apply(state, m).current == state.current
    )
    worked_out = counted(monkeypatch, engine, "legal_moves")
    sent: list[dict] = []
    monkeypatch.setattr(realtime, "_group_send_each", lambda messages: sent.append(messages))
    answer = client.post(
        f"/api/games/{game.pk}/moves/", {"move": move, "expected_seq": game.seq}, format="json"
    )
    assert answer.status_code == 201
    seat = answer.json()["game"]["your_seat"]
    pushed = json.loads(sent[-1][realtime.audience_group(game.pk, seat)]()["text"])
    assert pushed["legal_moves"] and pushed["legal_moves"] == answer.json()["game"]["legal_moves"]
    assert len(worked_out) == 1


def test_the_server_keeps_only_each_games_newest_views_for_a_few_games():
    """A set of views is over a thousand small lists and dicts that every full garbage
    collection scans; older seqs are never read again. So the process keeps each game's
    newest views, for the last VIEWS_KEPT games, and an older state never pushes out a
    newer one (a late push of an older move)."""
    state_cache.clear()
    first = engine.new_game("kept-views")
    later = engine.apply(first, engine.legal_moves(first)[0])
    assert state_cache.views(1, later) is state_cache.views(1, later)  # built once
    older = state_cache.views(1, first)
    assert older is not state_cache.views(1, first)  # not kept: 1's newest is `later`
    assert state_cache.views(1, later) is state_cache.views(1, later)
    for game_id in range(2, state_cache.VIEWS_KEPT + 5):
        state_cache.views(game_id, first)
    assert len(state_cache._views) == state_cache.VIEWS_KEPT
    assert 1 not in state_cache._views  # the game least recently shown went first


def test_a_missed_state_is_rebuilt_from_its_games_nearest_cached_state(settings):
    """A move served by the other web process misses this one's cache: the state is
    rebuilt from the game's newest cached state at or below the seq, never from another
    game's (same seq, other seed) nor from one the cache has let go."""
    settings.DWAALHOF_STATE_CACHE_SIZE = 4
    state_cache.clear()
    states = [engine.new_game("nearest")]
    for _ in range(5):
        states.append(engine.apply(states[-1], engine.legal_moves(states[-1])[0]))
    other = engine.new_game("nearest-other")
    state_cache.put(1, states[1])
    state_cache.put(1, states[3])
    state_cache.put(2, states[4])  # another game, a later seq
    state_cache.put(1, other)  # a reused id with another seed
    assert state_cache.nearest(1, "nearest", states[4].seq) is states[3]
    assert state_cache.nearest(1, "nearest", states[2].seq) is states[1]
    assert state_cache.nearest(1, "nearest", states[0].seq) is None
    state_cache.put(3, states[0])  # the oldest entry (game 1 at seq 1) goes
    assert state_cache.nearest(1, "nearest", states[2].seq) is None
    assert state_cache.nearest(1, "nearest", states[5].seq) is states[3]
    for game_id in (4, 5, 6):
        state_cache.put(game_id, states[0])  # every state of game 1 goes
    assert state_cache.nearest(1, "nearest", states[5].seq) is None
    assert state_cache._seqs.keys() == {
        (3, "nearest"),
        (4, "nearest"),
        (5, "nearest"),
        (6, "nearest"),
    }


def test_a_logged_in_browser_reads_its_user_and_profile_in_one_query():
    """A session request reads the session, then the user joined to its profile (the
    language middleware reads the profile on every request), then the game: three."""
    from django.test import Client

    from accounts.models import Profile

    a, b = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=a, joiner=b)
    browser = Client()
    browser.force_login(a)
    with CaptureQueriesContext(connection) as queries:
        assert browser.get(f"/api/games/{game.pk}/").status_code == 200
    selects = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert len(selects) == 3, selects
    profile_table = Profile._meta.db_table
    assert not any(f'FROM "{profile_table}"' in sql for sql in selects)


def test_the_web_process_leaves_what_it_loaded_at_start_out_of_garbage_collection_and_collects_seldom():
    """A full garbage collection holds the GIL while it scans: every request and socket of
    the process waits. What the server loaded at start lives as long as the process, so it
    is frozen (gc.freeze) and no collection scans it again. And the young generation is
    collected every 10,000 containers, not Python's 700: a move makes tens of thousands, and
    at 700 the collections took ~6.5% of a web process's CPU (dwaalhof_site/asgi.py)."""
    code = (
        "import gc, dwaalhof_site.asgi; "
        "print(gc.get_threshold()[0], gc.get_freeze_count(), len(gc.get_objects()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    young, frozen, scanned = map(int, done.stdout.split()[-3:])
    assert frozen > 50_000  # Django, the apps and the rules' content
    assert scanned < frozen / 10  # what is left for a collection to scan at start
    assert young >= 10_000


def test_a_moves_answer_is_freed_when_it_is_sent_not_left_to_the_garbage_collector(
    settings,
):
    """DRF's Response, its view and its request refer to each other; the answer's data
    (the game, the view, the legal moves: hundreds of lists and dicts) went down with that
    cycle, so the garbage collector had to find it, scanning it on the way, holding the GIL.
    The server lets go of the data once the answer is rendered."""
    import gc

    settings.DWAALHOF_PUSH = "inline"
    game, _client, _move = mover_with_a_move()
    tokens = {s.index: token_for(s.user) for s in game.seats.all()}

    async def post(path: str, token: str, body: bytes) -> int:
        headers = [(b"host", b"testserver"), (b"authorization", f"Token {token}".encode())]
        headers += [(b"content-type", b"application/json")]
        headers += [(b"content-length", str(len(body)).encode())]
        scope = {"type": "http", "method": "POST", "path": path, "query_string": b""}
        app = ApplicationCommunicator(application, dict(scope, headers=headers))
        await app.send_input({"type": "http.request", "body": body})
        start = await app.receive_output(10)
        await app.receive_output(10)
        await app.wait(10)
        return start["status"]

    def play_a_move() -> None:
        game.refresh_from_db()
        state = selectors.game_state(game)
        move = engine.legal_moves(state)[0].to_json()
        body = json.dumps({"move": move, "expected_seq": game.seq}).encode()
        path = f"/api/games/{game.pk}/moves/"
        assert asyncio.run(post(path, tokens[state.current], body)) == 201

    gc.collect()
    gc.disable()
    gc.set_debug(gc.DEBUG_SAVEALL)
    try:
        for _ in range(3):
            play_a_move()
        gc.collect()
        answers = [o for o in gc.garbage if isinstance(o, dict) and set(o) == ANSWER_KEYS]
    finally:
        gc.set_debug(0)
        gc.garbage.clear()
        gc.enable()
    assert answers == []


ANSWER_KEYS = {"seq", "entries", "game"}


def _statements(queries: CaptureQueriesContext) -> list[str]:
    """The reads and writes of a capture (not BEGIN, SAVEPOINT, COMMIT)."""
    verbs = ("SELECT", "INSERT", "UPDATE", "DELETE")
    return [q["sql"] for q in queries.captured_queries if q["sql"].startswith(verbs)]


def test_a_move_costs_the_same_few_queries_whatever_the_game_has_seen(settings):
    """A move within a turn, its answer and its push (inline here) read the token, read the
    game locked with its seats in one query, insert the move and update the game: four
    statements, the same at the first move and the twentieth (no query per seat, per entry
    or per audience). A turn that passes adds the 'your turn' notice's queries, off the
    request; they must not grow either. A failure here is a new query on the hottest path:
    count it in docs/deploy.md ("A cheaper move") before raising the number."""
    settings.DWAALHOF_PUSH = "inline"
    game, _client, _move = mover_with_a_move()
    clients = seat_clients(game)
    for client in clients.values():  # a token's first use writes its last_used
        assert client.get("/api/auth/me").status_code == 200
    within_turn: list[int] = []
    turn_passed: list[int] = []
    while len(within_turn) < 20 or not turn_passed:
        game.refresh_from_db()
        state = selectors.game_state(game)
        body = {"move": engine.legal_moves(state)[0].to_json(), "expected_seq": game.seq}
        with CaptureQueriesContext(connection) as queries:
            answer = clients[state.current].post(
                f"/api/games/{game.pk}/moves/", body, format="json"
            )
        assert answer.status_code == 201
        passed = answer.json()["game"]["current"] != state.current
        (turn_passed if passed else within_turn).append(len(_statements(queries)))
    assert set(within_turn) == {4}
    assert max(turn_passed) <= 4 + 17


def test_a_move_and_its_token_are_read_with_sql_compiled_once(monkeypatch):
    """Compiling the five-table join of the game's locked read and the token's join with
    its user was the largest single part of a move's CPU. Both are compiled once per
    connection (dwaalhof_site.api.prepared) and read the same objects Django's own query reads."""
    from django.db.models.sql.compiler import SQLCompiler

    game, client, move = mover_with_a_move()
    assert client.get(f"/api/games/{game.pk}/").status_code == 200  # compiled here, once
    compiled: list[str] = []
    original = SQLCompiler.as_sql

    def counting(self, *args, **kwargs):
        compiled.append(self.query.model.__name__)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(SQLCompiler, "as_sql", counting)
    body = {"move": move, "expected_seq": game.seq}
    assert client.post(f"/api/games/{game.pk}/moves/", body, format="json").status_code == 201
    assert client.get(f"/api/games/{game.pk}/").status_code == 200
    assert "Seat" not in compiled and "PersonalToken" not in compiled
    monkeypatch.undo()

    read = selectors.game_with_seats(game.pk)
    django_seats = list(selectors.seats_with_users().select_related("game").filter(game_id=game.pk))
    assert read is not None and read.pk == game.pk and read.seq == game.seq + 1
    for ours, theirs in zip(read.seats.all(), django_seats, strict=True):
        assert (ours.pk, ours.index, ours.user_id) == (theirs.pk, theirs.index, theirs.user_id)
        assert ours.user.username == theirs.user.username
        assert ours.user.profile.pk == theirs.user.profile.pk
        assert ours.game is read
    assert selectors.game_with_seats(10**9) is None


def test_a_moves_insert_and_update_are_compiled_once_and_are_djangos_own_sql(monkeypatch):
    """A move's INSERT of its log row and UPDATE of the game are compiled once per connection
    (dwaalhof_site.api.prepared.PreparedWrites), not per move; their SQL is what Django's
    bulk_create and save(update_fields=...) send, and they write the same rows."""
    from django.db.models.sql.compiler import SQLInsertCompiler, SQLUpdateCompiler

    from dwaalhof_site.api.prepared import PreparedWrites
    from games.models import Move

    game, client, move = mover_with_a_move()
    body = {"move": move, "expected_seq": game.seq}
    assert client.post(f"/api/games/{game.pk}/moves/", body, format="json").status_code == 201
    compiled: list[str] = []
    for compiler in (SQLInsertCompiler, SQLUpdateCompiler):
        original = compiler.as_sql

        def counting(self, *args, _original=original, **kwargs):
            compiled.append(type(self).__name__)
            return _original(self, *args, **kwargs)

        monkeypatch.setattr(compiler, "as_sql", counting)
    game.refresh_from_db()
    state = selectors.game_state(game)
    body = {"move": engine.legal_moves(state)[0].to_json(), "expected_seq": game.seq}
    answer = client.post(f"/api/games/{game.pk}/moves/", body, format="json")
    assert answer.status_code == 201 and answer.json()["game"]["current"] == state.current
    assert compiled == []
    monkeypatch.undo()

    sent: list[str] = []

    def recording(execute, sql, params, many, context):
        if sql.startswith(("INSERT", "UPDATE")):  # (not bulk_create's BEGIN and COMMIT)
            sent.append(sql)
        return execute(sql, params, many, context)

    writes = PreparedWrites(Move)
    game.refresh_from_db()
    fields = {
        "game": game,
        "seat": 1,
        "payload": {"type": "x", "n": [1]},
        "created": game.created_at,
    }
    ours, django = Move(seq=1000, **fields), Move(seq=1001, client_move_id="c", **fields)
    with connection.execute_wrapper(recording):
        writes.insert(ours)
        Move.objects.bulk_create([django])
    assert sent[0] == sent[1] and ours.pk is not None and ours.pk == django.pk - 1
    stored = {
        m.seq: (m.game_id, m.seat, m.payload, m.created)
        for m in Move.objects.filter(seq__gte=1000, game=game)
    }
    assert stored[1000] == stored[1001] == (game.pk, 1, fields["payload"], game.created_at)

    # A move with automatic entries after it writes its rows in one INSERT as bulk_create
    # does: the same statement, the same rows, their keys read back in order.
    sent.clear()
    ours_rows = [Move(seq=1100 + i, **dict(fields, seat=None)) for i in range(3)]
    django_rows = [Move(seq=1200 + i, **dict(fields, seat=None)) for i in range(3)]
    with connection.execute_wrapper(recording):
        writes.insert_rows(ours_rows)
        Move.objects.bulk_create(django_rows)
        writes.insert_rows([Move(seq=1300 + i, **fields) for i in range(3)])  # compiled once
    assert len(sent) == 3 and sent[0] == sent[1] == sent[2]  # one statement for 3 rows
    assert [m.pk for m in ours_rows] == [django_rows[0].pk - 3 + i for i in range(3)]
    assert {
        m.pk: (m.seq, m.seat, m.payload)
        for m in Move.objects.filter(pk__in=[m.pk for m in ours_rows])
    } == {m.pk: (m.seq, None, fields["payload"]) for m in ours_rows}

    sent.clear()
    game_writes = PreparedWrites(Game)
    with connection.execute_wrapper(recording):
        game.seq, game.result = 2000, {"reason": "test"}
        game_writes.update(game, ["seq", "result"])
        game.save(update_fields=["seq", "result"])
    assert sent[0] == sent[1]
    assert Game.objects.values_list("seq", "result").get(pk=game.pk) == (2000, {"reason": "test"})
    game.seq = 2001
    game_writes.update(game, ["seq", "result"])  # a second time: the SQL compiled at the first
    assert Game.objects.values_list("seq", flat=True).get(pk=game.pk) == 2001


urlpatterns = _urls()  # the streaming and slow views' tests route here (ROOT_URLCONF)
