"""Which app may import which, written down once (ALLOWED, with why) and checked on every .py
file of every app, imports inside functions included. The arrows point one way: an app that
follows another subscribes to it (notifications to games.signals, chat to the game's socket
in their AppConfig.ready()), so the followed app never imports its follower.

A room is a top-level package, except `dwaalhof_site.api`: the API layer every app builds on
(the error envelope, the request's language, throttles, fast JSON, prepared reads), while the
rest of `dwaalhof_site` (settings, urls, asgi, run_all) puts the apps together on top of them."""

from __future__ import annotations

import ast
import fnmatch
import tomllib
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
API = "dwaalhof_site.api"

ALLOWED: dict[str, dict[str, str]] = {
    "engine": {},  # the rules: pure Python, no app (tests/engine/test_purity.py)
    # the site's time controls and clocks, pure Python (tests/clocks/test_purity.py); not the
    # hofreglement's rules, so the engine never imports them
    "clocks": {},
    # rows written once, never changed or deleted, and their read-only admin: imports no app
    "appendonly": {},
    API: {"engine": "a refusal's text in the request's language (engine.refusals)"},
    # the staff guard: the admin's second factor, the audit of hidden state opened there, the
    # login limits (django-axes' policy) and their lockout records
    "staffguard": {
        API: "the lockout's error envelope and language",
        "appendonly": "the audit and the lockouts are written once",
    },
    "accounts": {
        API: "its API's error envelope, language and throttles",
        "tokens": "a password login's token (POST /api/auth/token); a reset or a deleted "
        "account revokes the tokens",
        "staffguard": "a locked login's refusal (login_limits); the owner's notice follows it",
    },
    "ratings": {
        "accounts": "the display name beside a rating; bot accounts rank on their own board",
        API: "the leaderboard's query parameters and error envelope",
    },
    "games": {
        "engine": "the rules every game is played by",
        "appendonly": "the log and its clock events are written once",
        "accounts": "display names; a deleted account leaves its games (accounts.signals)",
        "ratings": "a rated game that ends updates both ratings",
        "clocks": "a game's time control and the clock it runs (the one clock model)",
        "moderation": "no game between blocked players (invitations, lobby, rematch)",
        "tokens": "a bot's socket authenticates with a personal token (ws_auth)",
        "staffguard": "the admin records who opened a game's hidden state (audit)",
        API: "the error envelope, the request's language, throttles, the sockets' JSON",
    },
    "chat": {
        "games": "a chat is a game's: who may write, and the game's socket (on_message, relayed)",
        "accounts": "the author's display name",
        "moderation": "blocked authors hidden, silenced accounts refused; reported lines",
        API: "its API's error envelope and throttle",
    },
    # blocks, reports and sanctions: a leaf the games and the chat ask (blocked_between,
    # check_may_chat); the account check reaches accounts through the API's gate
    "moderation": {
        "accounts": "the display names of blocked players; the accounts' admin, extended "
        "with the sanctions (moderation.admin)",
        API: "its API's error envelope and throttle; the account check (gate)",
    },
    "notifications": {
        "games": "follows the games: games.signals, and its socket is built on the game's",
        "accounts": "whom to mail, in which language",
        "clocks": "the 'time running low' reminders at the clock's reminder instants",
        "chat": "a chat line while the other player is away is a notice (unless muted)",
        "webpush": "the pipeline records a notice's pushes (webpush.outbox)",
        API: "its API's error envelope",
    },
    # web push: a player's devices (subscriptions), their outbox, and the worker's sender
    "webpush": {
        "accounts": "the push's text in the player's language, the opponent's name; the data export",
        "games": "the game a push is about: its round and time left",
        API: "its API's error envelope",
    },
    "players": {
        "games": "a player's games",
        "ratings": "a player's rating and its history",
        "accounts": "display names",
        API: "its API's error envelope",
        "tutorial": "a tutorial game counts in no record and no list of a player's games",
        "follows": "whether the viewer follows the player (the profile's follow button)",
    },
    # following players: follows moderation (a block ends the follows, a receiver of its
    # Block rows) and asks the notifications' presence who is online
    "follows": {
        "accounts": "display names; the players I follow in my data export (account_data)",
        "moderation": "no follow across a block; the player by name",
        "notifications": "who of the players I follow is online now (presence)",
        "ratings": "each followed player's rating",
        API: "its API's error envelope",
    },
    "tutorial": {
        "engine": "the lessons are checks on the engine's states; the seed search plays it",
        "games": "a tutorial is a game against the computer from the script's seed",
        API: "its API's error envelope",
    },
    # one player asks another for a game; accepting makes it (games), answers are notices
    "challenges": {
        "games": "an accepted challenge is a game with both seats (games.services)",
        "clocks": "a challenge's time control, as a game's",
        "moderation": "no challenge between blocked players; the player by name",
        "accounts": "display names and the recipient's language",
        "notifications": "a challenge and its answers are notices (the pipeline)",
        API: "its API's error envelope, the account check (gate) and strict fields",
    },
    "worker": {
        "challenges": "challenges past their expiry are marked expired",
        "games": "deadlines and the computer's moves",
        "notifications": "reminders, mails and stale presence rows",
        "accounts": "the account mails' outbox",
        "webpush": "the pushes' sender",
    },
    "dwaalhof_site": {
        "games": "the game's socket route and its authentication (asgi)",
        "notifications": "the notifications' socket route (asgi)",
        "streams": "the streams' HTTP routes, ahead of the Django app (asgi)",
        "worker": "`make run` runs the worker in the web process (run_all)",
        API: "the API paths' 404 and 500 in the request's language (urls)",
    },
    # personal access tokens: who a token is and what it may do (scopes), for the API's
    # authentication and the sockets
    "tokens": {API: "its API's error envelope and the token holder's language"},
    # newline-delimited JSON streams for programs, fed by the channel layer
    "streams": {
        "games": "a game's document, its socket messages and its log (games.realtime)",
        "tokens": "a stream's reader may be a personal token with its scope",
        "engine": "a refusal's language (engine.refusals)",
        "notifications": "the account's stream: the player's notices, as their bell gets them",
        API: "the error envelope, fast JSON, the gate and the reader's language",
    },
    # bot accounts (a leaf games is handed its start check by: the daily cap between two bots)
    # and the reference bot client (only the HTTP API and the engine: tests/server/test_bots.py)
    "bots": {
        "accounts": "a bot is marked on its profile; the answer is the account (Me)",
        "games": "a bot's rated games as a person; the games two bots started today",
        "engine": "the reference client chooses its moves with the engine's players",
        API: "the error envelope and strict fields",
    },
    "stacks": {},  # starts the site as processes (nginx, daphne, manage.py): imports none of it
    "bench": {
        "stacks": "the loopback topology the HTTP and load figures are taken on",
        "games": "moves and reads timed in-process",
        "engine": "the computer's moves to play",
        "dwaalhof_site": "the site's URLs served beside the bare DRF floor",
        "tokens": "the benchmark players' tokens",
    },
}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _nodes(tree: ast.AST, runtime_only: bool):
    """Every node; with runtime_only, not those under `if TYPE_CHECKING:` (types only)."""
    for node in ast.iter_child_nodes(tree):
        if runtime_only and isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING":
            yield from (n for child in node.orelse for n in _nodes(child, True))
            continue
        yield node
        yield from _nodes(node, runtime_only)


def imported_modules(path: Path, package: str = "", runtime_only: bool = False) -> set[str]:
    """What the file imports, at the top or inside a function. `from x import y` counts as
    `x.y` (y may be a module); a relative import is made absolute from `package`."""
    found = set()
    for node in _nodes(ast.parse(path.read_text(), filename=str(path)), runtime_only):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = ".".join(parts[: len(parts) - node.level + 1]) if node.level else ""
            module = ".".join(name for name in (base, node.module) if name)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def room_of(module: str) -> str | None:
    """The app a module belongs to; None for the standard library and third parties."""
    if module == API or module.startswith(API + "."):
        return API
    top = module.split(".")[0]
    return top if top in ALLOWED else None


def sources(room: str) -> list[Path]:
    paths = sorted((ROOT / room.split(".")[0]).rglob("*.py"))
    return [path for path in paths if room_of(module_name(path)) == room]


def imported_rooms(path: Path) -> set[str]:
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    rooms = {room_of(module) for module in imported_modules(path, package)}
    return {room for room in rooms if room is not None}


def test_every_package_is_a_room():
    """A new app has to say here what it may import."""
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")} - {"tests"}
    assert packages == {room.split(".")[0] for room in ALLOWED}


def test_each_app_imports_only_the_apps_it_may():
    offenders = {}
    for room, allowed in ALLOWED.items():
        files = sources(room)
        assert files, room
        for path in files:
            wrong = imported_rooms(path) - set(allowed) - {room}
            if wrong:
                offenders[str(path.relative_to(ROOT))] = sorted(wrong)
    assert len(sources("games")) > 20  # the scan sees the app (consumers, services, hooks, ...)
    assert offenders == {}


def test_the_allowed_arrows_have_no_cycle():
    for room, allowed in ALLOWED.items():
        assert set(allowed) <= set(ALLOWED), room
    # raises graphlib.CycleError, naming the cycle, if there is one
    order = list(
        TopologicalSorter({room: set(allowed) for room, allowed in ALLOWED.items()}).static_order()
    )
    assert order.index("engine") < order.index("games") < order.index("chat")  # rules first


def reachable(room: str) -> set[str]:
    seen: set[str] = set()
    todo = [room]
    while todo:
        for target in ALLOWED[todo.pop()]:
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_the_installed_site_never_imports_the_test_and_benchmark_stacks():
    """pyproject installs the site's packages only; none of them reaches stacks or bench."""
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    include = pyproject["tool"]["setuptools"]["packages"]["find"]["include"]
    installed = {
        room for room in ALLOWED if any(fnmatch.fnmatch(room, pattern) for pattern in include)
    }
    assert {"games", "chat", "dwaalhof_site", "engine"} <= installed
    assert installed.isdisjoint({"stacks", "bench"})
    reaching = {room: reachable(room) & {"stacks", "bench"} for room in installed}
    assert {room: found for room, found in reaching.items() if found} == {}


def test_the_scan_sees_a_late_and_a_relative_import(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from notifications import services\n    from . import push\n")
    assert imported_modules(probe, "chat") == {"notifications.services", "chat.push"}
    assert {room_of(m) for m in imported_modules(probe, "chat")} == {"notifications", "chat"}


def module_graph(room: str) -> dict[str, set[str]]:
    """Each module of the room -> the modules of the same room it imports when it runs, late
    imports included (not those for the type checker only). An app's AppConfig.ready()
    (apps.py) is Django's wiring, not a call: left out."""
    names = {module_name(path): path for path in sources(room) if path.name != "apps.py"}
    graph = {}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets = set()
        for module in imported_modules(path, package, runtime_only=True):
            # `from x import y`: y is a module of x, or a name defined in x
            target = module if module in names else module.rpartition(".")[0]
            if target in names and target != name:
                targets.add(target)
        graph[name] = targets
    return graph


def test_no_room_has_an_import_cycle_inside():
    """A cycle inside an app (hooks <-> services, bots <-> its search) is resolved by the
    direction of the call, not hidden behind an import inside a function."""
    cycles = {}
    for room in ALLOWED:
        try:
            list(TopologicalSorter(module_graph(room)).static_order())
        except CycleError as error:
            cycles[room] = error.args[1]
    assert cycles == {}


def test_the_cycle_check_sees_a_late_import_back(tmp_path, monkeypatch):
    (tmp_path / "room").mkdir()
    (tmp_path / "room" / "__init__.py").write_text("")
    (tmp_path / "room" / "a.py").write_text(
        "from typing import TYPE_CHECKING\nfrom . import b\nif TYPE_CHECKING:\n    from .c import T\n"
    )
    (tmp_path / "room" / "c.py").write_text("from .a import g\n")
    (tmp_path / "room" / "b.py").write_text("def f():\n    from .a import g\n")
    monkeypatch.setitem(ALLOWED, "room", {})
    monkeypatch.setattr(f"{__name__}.ROOT", tmp_path)
    assert module_graph("room") == {
        "room": set(),
        "room.a": {"room.b"},  # not room.c: for the type checker only
        "room.b": {"room.a"},  # the late import back: a cycle
        "room.c": {"room.a"},
    }
