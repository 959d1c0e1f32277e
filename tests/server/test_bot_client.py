"""The reference bot client (bots/client): a program that plays through the public HTTP API
only. Its world (a seat's view as an engine state) gives the same legal moves as the real
state; it imports only the standard library and the engine; and it plays a whole game
against a scripted person on the production path (nginx, two daphne processes, PostgreSQL,
Redis, the worker), a game that passes verify_game, while its stream never carries the
person's hand."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

import engine
from bots.client import choose, play, stream, world
from engine import bots as players

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "Dwaal-hof-2025!"


def test_the_world_from_a_seats_view_has_the_real_states_legal_moves():
    """The engine's players choose on the world the client builds from what its seat sees:
    the same legal moves as the server's state, and the greedy's same choice (it never
    reads what the view hides)."""
    state, checked = engine.new_game("client-world"), 0
    while not state.over:
        seen = world.state_from_view(engine.view(state, state.current), state.rules.version)
        real = engine.legal_moves(state)
        assert engine.legal_moves(seen) == real, (state.seq, state.phase)
        if len(real) > 1:
            assert players.choose_move(seen, "greedy") == players.choose_move(state, "greedy")
            checked += 1
        state = engine.apply(state, players.choose_move(state, "greedy", state.seq))
    assert checked > 20
    # the opponent's hidden cards are not the real ones: the view has only their number
    view = engine.view(state, 0)
    assert len(world.state_from_view(view, "2").players[1].hand) == view["players"][1]["hand_size"]


def test_a_level_chooses_only_among_the_servers_legal_moves():
    state = engine.new_game("client-choice")
    while len(engine.legal_moves(state)) < 2:
        state = engine.apply(state, engine.legal_moves(state)[0])
    legal = [m.to_json() for m in engine.legal_moves(state)]
    doc = {"id": 1, "rules_version": "2", "state": engine.view(state, state.current)}
    for level in choose.LEVELS:
        assert choose.choose({**doc, "legal_moves": legal}, level) in legal
    # a server that offers fewer moves than the engine finds: its list wins
    assert choose.choose({**doc, "legal_moves": legal[-1:] * 2}, "normal") == legal[-1]


def test_the_client_imports_only_the_standard_library_and_the_engine():
    allowed_top = {"engine", "bots"}
    for path in (ROOT / "bots" / "client").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                assert top in allowed_top or top in sys.stdlib_module_names, (path.name, name)
                assert not name.startswith("bots.") or name.startswith("bots.client"), name


# --- a whole game on the production path ------------------------------------------------------


@pytest.fixture(scope="module")
def site(migrated_stack):
    with migrated_stack(
        "dwaalhof-bot-client-",
        web=2,
        fast_pg=True,
        worker_interval=0.2,
        env_extra={
            "DJANGO_THROTTLE_MOVES": "1000000/minute",
            "DJANGO_THROTTLE_AUTH": "1000/minute",
            # the scripted person moves as fast as the server answers: no token limit for
            # them (the client waits out a 429 itself: test_the_client_waits_out_a_rate_limit)
            "DJANGO_THROTTLE_TOKEN_READ": "1000000/minute",
            "DJANGO_THROTTLE_TOKEN_WRITE": "1000000/minute",
        },
    ) as stack:
        yield stack


class Person(requests.Session):
    """A session as the web client holds it. The production settings mark the cookies
    Secure, which a browser sends to 127.0.0.1 and requests does not: sent here by hand."""

    def request(self, method, url, *args, **kwargs):
        jar = "; ".join(f"{c.name}={c.value}" for c in self.cookies)
        headers = {**(kwargs.pop("headers", None) or {}), "Cookie": jar}
        if "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        return super().request(method, url, *args, headers=headers, **kwargs)


def signup(base: str, username: str) -> Person:
    """A person signed up in a session (as the web client does)."""
    session = Person()
    session.get(f"{base}/api/auth/csrf").raise_for_status()
    answer = session.post(
        f"{base}/api/auth/signup", json={"username": username, "password": PASSWORD}
    )
    assert answer.status_code == 201, answer.text
    return session


def token_of(session: Person, base: str, scopes: list[str]) -> str:
    answer = session.post(f"{base}/api/tokens/", json={"name": "program", "scopes": scopes})
    assert answer.status_code == 201, answer.text
    return answer.json()["token"]


def with_token(token: str) -> requests.Session:
    session = requests.Session()
    session.headers["Authorization"] = f"Token {token}"
    return session


def wait_for(check, what: str, limit: float = 30.0):
    end = time.monotonic() + limit
    while time.monotonic() < end:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"waited {limit} s for {what}")


def hidden_fields_absent(view: dict, seat: int, over: bool) -> None:
    """The bot's view of the game: the person's hand only as far as active, no deck, no seed
    before the end."""
    person = view["players"][1 - seat]
    assert {c["id"] for c in person["hand"]} <= set(person["active"]), person["hand"]
    assert not {"deck", "task_deck", "event_deck", "rng_counters"} & set(view)
    assert over or "seed" not in view


def play_against_a_person(
    site, tmp_path: Path, rounds: int | None = None, *, by_challenge: bool = False
) -> None:
    """The bot (the reference client in a process of its own, with its owner's token) opens
    a game, or (`by_challenge`) accepts the person's challenge; a person (plain HTTP with a
    token of their own) joins it and plays the first legal move on every turn, to the end,
    or resigns once `rounds` rounds are played. Then the game passes verify_game and the
    bot's stream never held the person's hand."""
    base = site.base
    name = f"robo{next(NAMES)}"
    # the bot's owner: an account, a token with bot:play, the account turned into a bot
    owner = signup(base, name)
    bot_token = token_of(
        owner, base, ["game:read", "game:play", "bot:play", "account:read", "challenge:write"]
    )
    became = with_token(bot_token).post(f"{base}/api/account/bot/", json={"confirm": name})
    assert became.status_code == 200 and became.json()["bot"] is True
    # the person: their own token from the password (POST /api/auth/token)
    person = f"anna{next(NAMES)}"
    signup(base, person)
    person_token = requests.post(
        f"{base}/api/auth/token", json={"username": person, "password": PASSWORD}
    ).json()["token"]
    anna = with_token(person_token)

    trace = tmp_path / "stream.ndjson"
    client = subprocess.Popen(
        [sys.executable, "-m", "bots.client", "--url", base, "--token", bot_token]
        + ["--level", "normal", "--accept-challenges" if by_challenge else "--open"]
        + ["--trace", str(trace)],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:

        def bots_open_game():
            games = anna.get(f"{base}/api/games/open/").json()
            return next((g for g in games if g["players"][0]["username"] == name), None)

        if by_challenge:
            sent = anna.post(
                f"{base}/api/challenges/", json={"to": name, "time_control": "per_turn_1d"}
            )
            assert sent.status_code == 201, sent.text

            def accepted():  # the game the accept started, among the person's games
                mine = anna.get(f"{base}/api/games/").json()
                games = mine["results"] if isinstance(mine, dict) else mine
                return next(
                    (g["id"] for g in games if name in {p["username"] for p in g["players"]}),
                    None,
                )

            game_id = wait_for(accepted, "the bot's accept")
        else:
            lobby = wait_for(bots_open_game, "the bot's open game")
            assert lobby["players"][0]["bot"] is True
            game_id = lobby["id"]
            assert anna.post(f"{base}/api/games/{game_id}/join/").status_code == 200
        moves = 0
        started = time.monotonic()
        while True:  # the person: the first legal move whenever it is their turn
            doc = anna.get(f"{base}/api/games/{game_id}/").json()
            if doc["status"] == "finished":
                break
            assert time.monotonic() - started < 240, "the game did not end"
            if rounds is not None and doc["round"] > rounds:
                resigned = anna.post(f"{base}/api/games/{game_id}/resign/")
                assert resigned.status_code == 200, resigned.text
            elif doc["legal_moves"]:
                answer = anna.post(
                    f"{base}/api/games/{game_id}/moves/",
                    json={"move": doc["legal_moves"][0], "expected_seq": doc["seq"]},
                )
                assert answer.status_code in (201, 409), answer.text
                moves += answer.status_code == 201
            else:
                time.sleep(0.02)  # the bot thinks: look again
        out, err = client.communicate(timeout=60)
    except AssertionError as failed:  # say what the client said
        if client.poll() is None:
            client.kill()
        raise AssertionError(f"{failed}\nthe client said:\n{client.communicate()[1]}") from None
    finally:
        if client.poll() is None:
            client.kill()
            client.communicate()
    assert client.returncode == 0, err
    outcome = json.loads(out.strip().splitlines()[-1])
    assert outcome["game"] == game_id and outcome["moves"] > 5 and moves > 5
    assert outcome["result"] == doc["result"]
    if rounds is None:
        assert doc["result"]["reason"] not in ("resign", "timeout", "abandon")
    players_now = {p["username"]: p for p in doc["players"]}
    assert players_now[name]["bot"] is True and players_now[person]["bot"] is False

    # verify_game: the log replays from the revealed seed to the stored state
    check = subprocess.run(
        [sys.executable, "manage.py", "verify_game", str(game_id)],
        cwd=ROOT,
        env=site.env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert check.returncode == 0 and "verified" in check.stdout, check.stderr

    # hidden information: what the bot read never held the person's hand
    lines = [json.loads(t) for t in trace.read_text().splitlines() if t.strip()]
    seat = outcome["seat"]
    views = [m["state"] for m in lines if "state" in m and m["state"]]
    views += [m["view"] for m in lines if m.get("type") == "game.update" and m.get("view")]
    assert len(views) > 10
    for view in views:
        hidden_fields_absent(view, seat, over=view["phase"] == "over")


NAMES = iter(range(10**6))


@pytest.mark.redis
@pytest.mark.one_worker
@pytest.mark.own_stack
def test_the_reference_client_plays_two_rounds_against_a_person_over_http(site, tmp_path):
    """CI's short version (the whole game is `slow`): the person challenges the bot, which
    accepts; two rounds, then the person resigns."""
    play_against_a_person(site, tmp_path, rounds=2, by_challenge=True)


@pytest.mark.slow
@pytest.mark.redis
@pytest.mark.one_worker
@pytest.mark.own_stack
def test_the_reference_client_plays_a_whole_game_against_a_person_over_http(site, tmp_path):
    play_against_a_person(site, tmp_path)


class BrokenThenWhole:
    """An Api whose first stream breaks after two lines, the second ends the game: what the
    client asked for each time (`since`) is kept."""

    def __init__(self, first: dict, later: list[dict]):
        self.paths: list[str] = []
        self.first, self.later = first, later

    def lines(self, path: str, read_timeout: float):
        self.paths.append(path)
        yield (json.dumps(self.first) + "\n").encode()
        yield b"\n"  # a keep-alive
        if len(self.paths) == 1:
            raise TimeoutError("the connection dropped")
        for message in self.later:
            yield (json.dumps(message) + "\n").encode()


def test_the_client_resumes_a_broken_stream_with_the_last_seq_it_holds(monkeypatch):
    doc = {"id": 7, "status": "active", "seq": 12, "legal_moves": [], "your_seat": 1,
           "rules_version": "2", "state": None}  # fmt: skip
    end = {"type": "game.update", "seq": 13, "entries": [], "view": None, "legal_moves": [],
           "game": {"id": 7, "status": "finished", "seq": 13, "result": {"winners": [1]}}}  # fmt: skip
    api = BrokenThenWhole(doc, [end])
    monkeypatch.setattr(stream, "RETRY_PAUSE", 0.0)
    player = play.Player(api, "normal")  # type: ignore[arg-type]  (a stand-in Api)
    outcome = player.play(7)
    assert api.paths == ["/api/games/7/stream/", "/api/games/7/stream/?since=12"]
    assert outcome.result == {"winners": [1]} and outcome.won and outcome.seen == [12, 13]
    assert outcome.moves == 0


def test_the_client_waits_out_a_rate_limit_as_retry_after_says(monkeypatch):
    """A 429 from the token's rate limit is waited out (its retry_after), then the request
    is made again; other refusals are raised at once."""
    from bots.client import http

    answers = [
        http.ApiRefused(429, {"code": "token_rate_limited", "params": {"retry_after": 2}}),
        {"ok": True},
    ]
    slept: list[float] = []

    def answer(self, method, path, body=None):
        got = answers.pop(0)
        if isinstance(got, Exception):
            raise got
        return got

    monkeypatch.setattr(http.Api, "_call", answer)
    monkeypatch.setattr(http.time, "sleep", slept.append)
    assert http.Api("http://127.0.0.1:9", "t").post("/api/games/1/moves/") == {"ok": True}
    assert slept == [2.0]
    answers[:] = [http.ApiRefused(409, {"code": "stale_seq"})]
    with pytest.raises(http.ApiRefused):
        http.Api("http://127.0.0.1:9", "t").post("/api/games/1/moves/")
