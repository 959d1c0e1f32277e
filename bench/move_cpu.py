"""CPU per move in one process: moves through the ASGI application, with their pushes.

    DATABASE_URL=postgres://... [REDIS_URL=redis://...] python -m bench.move_cpu [--moves 300]
        [--profile out.prof] [--repeat 3]

Two players (personal tokens) play first-legal moves over REST (`POST .../moves/`, the
answer's legal moves give the next one) while each seat and one spectator hold the game's
socket; each socket reads every update before the next move. A finished game is replaced
by a new one and its sockets opened anew (socket opening and resync count too). Prints
`time.process_time()` per move (all threads: the request's, the loop's); the machine is
shared, so compare CPU time, not wall time. Needs a migrated database (it writes users and
games to it: use a scratch one).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import time
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dwaalhof_site.settings")
os.environ.setdefault("DWAALHOF_BOT_MOVES", "off")

from channels.testing import WebsocketCommunicator  # noqa: E402

from dwaalhof_site.asgi import application  # noqa: E402


def setup_game(tokens: list[str]) -> int:
    from django.contrib.auth.models import User

    from games import services

    users = [User.objects.get(username=f"bench-{i}") for i in range(2)]
    game = services.game_create(user=users[0], opponent="invite", public=True)
    services.game_join(game=game, user=users[1], code=game.invite_code)
    return game.pk


def setup_users() -> list[str]:
    from django.contrib.auth.models import User

    from tokens import scopes
    from tokens import services as token_services

    found = []
    for i in range(3):
        user = User.objects.filter(username=f"bench-{i}").first()
        if user is None:
            user = User.objects.create_user(f"bench-{i}", f"bench-{i}@example.test", "x" * 20)
        found.append(token_services.issue(user, "bench", scopes.ALL)[1])
    return found


async def http(method: str, path: str, token: str, body: dict | None = None) -> dict:
    from asgiref.testing import ApplicationCommunicator

    data = json.dumps(body).encode() if body is not None else b""
    headers = [(b"host", b"localhost"), (b"authorization", f"Token {token}".encode())]
    if body is not None:
        headers += [(b"content-type", b"application/json")]
        headers += [(b"content-length", str(len(data)).encode())]
    scope = {"type": "http", "method": method, "path": path, "query_string": b""}
    app = ApplicationCommunicator(application, dict(scope, headers=headers))
    await app.send_input({"type": "http.request", "body": data})
    start = await app.receive_output(20)
    chunk = await app.receive_output(20)
    await app.wait(20)
    assert start["status"] < 300, (start["status"], chunk["body"][:300])
    return json.loads(chunk["body"])


async def open_sockets(game_id: int, tokens: list[str]) -> list[WebsocketCommunicator]:
    sockets = []
    for token in tokens:
        socket = WebsocketCommunicator(application, f"/ws/games/{game_id}/?token={token}")
        connected, _ = await socket.connect(20)
        assert connected
        first = json.loads(await socket.receive_from(20))
        assert first["type"] == "game.update"
        sockets.append(socket)
    return sockets


async def drain(sockets: list[WebsocketCommunicator], seq: int) -> None:
    for i, socket in enumerate(sockets):
        got = -1
        while got < seq:
            try:
                message = json.loads(await socket.receive_from(20))
            except TimeoutError:
                raise SystemExit(f"socket {i} holds seq {got}, not {seq}") from None
            if message["type"] == "game.update":
                got = message["seq"]


async def play(moves: int, tokens: list[str]) -> tuple[float, int]:
    from asgiref.sync import sync_to_async

    played, cpu = 0, 0.0
    while played < moves:
        game_id = await sync_to_async(setup_game)(tokens)
        start = time.process_time()
        sockets = await open_sockets(game_id, tokens)
        detail = await http("GET", f"/api/games/{game_id}/", tokens[0])
        seq, current = detail["seq"], detail["current"]
        legal = await http("GET", f"/api/games/{game_id}/legal/", tokens[current])
        legal_moves = legal["moves"] if "moves" in legal else legal["legal_moves"]
        while played < moves and current is not None and legal_moves:
            body = {"move": legal_moves[0], "expected_seq": seq}
            answer = await http("POST", f"/api/games/{game_id}/moves/", tokens[current], body)
            seq, current = answer["game"]["seq"], answer["game"]["current"]
            legal_moves = answer["game"].get("legal_moves") or answer.get("legal_moves") or []
            played += 1
            await drain(sockets, seq)
            if current is not None and not legal_moves:  # the answer is the mover's; ask
                legal = await http("GET", f"/api/games/{game_id}/legal/", tokens[current])
                legal_moves = legal["moves"] if "moves" in legal else legal["legal_moves"]
        for socket in sockets:
            await socket.disconnect()
        cpu += time.process_time() - start
    return cpu, played


def profile_requests(profiler: cProfile.Profile) -> None:
    """cProfile follows one thread: also profile the thread that serves each request."""
    from dwaalhof_site.handler import OneHopASGIHandler

    original = OneHopASGIHandler.get_response

    def profiled(self: OneHopASGIHandler, request: Any) -> Any:
        profiler.enable()
        try:
            return original(self, request)
        finally:
            profiler.disable()

    OneHopASGIHandler.get_response = profiled  # type: ignore[method-assign]


async def run(args: argparse.Namespace, tokens: list[str]) -> None:
    await play(20, tokens)  # warm up: compiled SQL, caches, imports
    # CPU time of the thread it runs on (wall time would count the waits for the GIL)
    loop_profiler = cProfile.Profile(time.thread_time)
    request_profiler = cProfile.Profile(time.thread_time)
    if args.profile:
        profile_requests(request_profiler)
    for _ in range(args.repeat):
        if args.profile:
            loop_profiler.enable()
        cpu, played = await play(args.moves, tokens)
        if args.profile:
            loop_profiler.disable()
        print(f"{played} moves: {cpu / played * 1000:.2f} ms CPU per move", flush=True)
    if args.profile:
        loop_profiler.dump_stats(args.profile + ".loop")
        request_profiler.dump_stats(args.profile + ".request")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", help="write cProfile stats to PROFILE.loop, .request")
    args = parser.parse_args()
    from django.conf import settings

    settings.DWAALHOF_THROTTLE_RATES = {"auth": "100000/minute", "moves": "1000000/minute"}
    tokens = setup_users()
    asyncio.run(run(args, tokens))


if __name__ == "__main__":
    main()
