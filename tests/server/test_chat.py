"""The game's chat: the two players talk, live over the game's socket and through the REST
API; spectators of a public game read; text only (HTML comes back as the same text), a
length and a rate limit, a per-player mute; never part of the move log."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from bots.services import make_bot
from chat.models import ChatMessage
from chat.services import RATE_COUNT
from games import services
from games.models import Game, Move
from tokens import scopes

from .factories import GameFactory, UserFactory, token_for
from .realtime_support import (  # noqa: F401  (fixtures)
    communicator,
    db,
    fresh_channel_layer,
    run,
)

pytestmark = pytest.mark.django_db(transaction=True)

HOSTILE = '<img src=x onerror="alert(1)"><script>alert("hof")</script> & <b>vet</b>'


def logged_in(user) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def chat_url(game: Game) -> str:
    return f"/api/games/{game.pk}/chat/"


def test_players_talk_spectators_read_and_html_comes_back_as_the_same_text():
    anna, bram, cees = (
        UserFactory(username="anna"),
        UserFactory(username="bram"),
        UserFactory(username="cees"),
    )
    game = GameFactory(creator=anna, joiner=bram)
    r = logged_in(anna).post(chat_url(game), {"text": "  Goed spel!  "}, format="json")
    assert r.status_code == 201, r.json()
    assert (r.json()["text"], r.json()["seat"], r.json()["display_name"]) == (
        "Goed spel!",
        0,
        "anna",
    )
    assert logged_in(bram).post(chat_url(game), {"text": HOSTILE}, format="json").status_code == 201

    seen = APIClient().get(chat_url(game)).json()  # a logged-out spectator of a public game
    assert [m["text"] for m in seen["messages"]] == ["Goed spel!", HOSTILE]
    assert seen["muted"] is False
    r = logged_in(cees).post(chat_url(game), {"text": "hoi"}, format="json")
    assert r.status_code == 403 and r.json()["code"] == "not_a_player"


def test_chat_is_never_part_of_the_move_log():
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=anna, joiner=bram)
    before = (game.seq, Move.objects.filter(game=game).count())
    logged_in(anna).post(chat_url(game), {"text": "zet maar"}, format="json")
    game.refresh_from_db()
    assert (game.seq, Move.objects.filter(game=game).count()) == before
    services.game_resign(game=game, user=bram)
    export = logged_in(anna).get(f"/api/games/{game.pk}/export/").json()
    assert "zet maar" not in str(export)


def test_bad_messages_are_refused_and_change_nothing():
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=anna, joiner=bram)
    client = logged_in(anna)
    for body in ({"text": ""}, {"text": "   "}, {"text": "x" * 501}, {"text": ["a"]}, {}):
        r = client.post(chat_url(game), body, format="json")
        assert r.status_code == 400, body
        assert r.json()["code"] in ("invalid", "chat_invalid")
    assert client.get(f"{chat_url(game)}?since=-1").status_code == 400
    assert ChatMessage.objects.count() == 0


def test_chat_needs_a_human_opponent_and_private_chats_stay_private():
    anna, bram, cees = (
        UserFactory(username="anna"),
        UserFactory(username="bram"),
        UserFactory(username="cees"),
    )
    vs_computer = GameFactory(creator=anna, opponent="computer")
    r = logged_in(anna).post(chat_url(vs_computer), {"text": "hoi"}, format="json")
    assert r.status_code == 409 and r.json()["code"] == "chat_closed"
    private = GameFactory(creator=anna, joiner=bram, public=False)
    logged_in(anna).post(chat_url(private), {"text": "onder ons"}, format="json")
    assert logged_in(cees).get(chat_url(private)).status_code == 404
    assert APIClient().get(chat_url(private)).status_code == 404


def test_a_player_sending_too_fast_is_slowed_down():
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=anna, joiner=bram)
    client = logged_in(anna)
    codes = [
        client.post(chat_url(game), {"text": f"{i}"}, format="json").status_code
        for i in range(RATE_COUNT + 1)
    ]
    assert codes == [201] * RATE_COUNT + [429]
    assert ChatMessage.objects.count() == RATE_COUNT


def test_muting_the_opponent_hides_their_messages_from_me_only():
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=anna, joiner=bram)
    logged_in(bram).post(chat_url(game), {"text": "eerst"}, format="json")
    r = logged_in(anna).post(f"{chat_url(game)}mute/", {"muted": True}, format="json")
    assert r.status_code == 200 and r.json() == {"muted": True}
    logged_in(anna).post(chat_url(game), {"text": "van anna"}, format="json")
    seen_by_anna = logged_in(anna).get(chat_url(game)).json()
    assert seen_by_anna["muted"] is True
    assert [m["text"] for m in seen_by_anna["messages"]] == ["van anna"]
    seen_by_bram = logged_in(bram).get(chat_url(game)).json()
    assert [m["text"] for m in seen_by_bram["messages"]] == ["eerst", "van anna"]
    logged_in(anna).post(f"{chat_url(game)}mute/", {"muted": False}, format="json")
    assert len(logged_in(anna).get(chat_url(game)).json()["messages"]) == 2


# --- live, over the game's socket ----------------------------------------------------------------


def test_a_chat_line_sent_on_the_socket_reaches_both_players_and_spectators():
    anna, bram, cees = (
        UserFactory(username="anna"),
        UserFactory(username="bram"),
        UserFactory(username="cees"),
    )
    game = GameFactory(creator=anna, joiner=bram)
    path = f"/ws/games/{game.pk}/"
    sockets = {name: communicator(path, user) for name, user in (("anna", anna), ("bram", bram))}
    sockets["cees"] = communicator(path, cees)

    async def scenario():
        for ws in sockets.values():
            assert (await ws.connect())[0]
            assert (await ws.receive_json_from())["type"] == "game.update"
        await sockets["anna"].send_json_to({"type": "chat", "text": HOSTILE})
        for ws in sockets.values():
            got = await ws.receive_json_from()
            assert got["type"] == "chat.message"
            assert (got["message"]["text"], got["message"]["seat"]) == (HOSTILE, 0)
        await sockets["cees"].send_json_to({"type": "chat", "text": "mag ik meedoen?"})
        refused = await sockets["cees"].receive_json_from()
        assert (refused["type"], refused["code"]) == ("error", "not_a_player")
        await sockets["bram"].send_json_to({"type": "chat", "text": "x" * 501})
        refused = await sockets["bram"].receive_json_from()
        assert (refused["type"], refused["code"]) == ("error", "chat_invalid")
        # in bram's language, with the number filled in
        assert (
            refused["detail"] == f"Een bericht is hoogstens {refused['params']['max']} tekens lang."
        )
        for ws in sockets.values():
            assert await ws.receive_nothing()
            await ws.disconnect()

    run(scenario)
    assert list(ChatMessage.objects.values_list("text", flat=True)) == [HOSTILE]


def test_a_muted_opponents_socket_lines_do_not_reach_the_player_who_muted():
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=anna, joiner=bram)
    logged_in(anna).post(f"{chat_url(game)}mute/", {"muted": True}, format="json")
    path = f"/ws/games/{game.pk}/"
    ws_anna, ws_bram = communicator(path, anna), communicator(path, bram)

    async def scenario():
        for ws in (ws_anna, ws_bram):
            assert (await ws.connect())[0]
            await ws.receive_json_from()
        await ws_bram.send_json_to({"type": "chat", "text": "hallo?"})
        assert (await ws_bram.receive_json_from())["message"]["text"] == "hallo?"
        assert await ws_anna.receive_nothing()
        await ws_anna.send_json_to({"type": "chat", "text": "ik hoor je niet"})
        assert (await ws_bram.receive_json_from())["message"]["text"] == "ik hoor je niet"
        assert (await ws_anna.receive_json_from())["message"]["text"] == "ik hoor je niet"
        for ws in (ws_anna, ws_bram):
            await ws.disconnect()

    run(scenario)


def test_a_message_posted_through_the_api_is_pushed_to_the_socket():
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=anna, joiner=bram)
    ws = communicator(f"/ws/games/{game.pk}/", bram)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()
        await db(
            lambda: logged_in(anna).post(chat_url(game), {"text": "via de API"}, format="json")
        )()
        got = await ws.receive_json_from()
        assert got == {
            "type": "chat.message",
            "message": got["message"] | {"text": "via de API", "seat": 0},
        }
        await ws.disconnect()

    run(scenario)


@pytest.mark.parametrize(
    ("language", "accept", "detail"),
    [
        ("en", "nl", "Spectators only read along."),  # a logged-in spectator: the profile's
        ("", "en-GB,en;q=0.8", "Spectators only read along."),  # else the socket's request's
        ("", "", "Toeschouwers lezen alleen mee."),
        (None, "en", "Spectators only read along."),  # logged out: the request's
        (None, "fr", "Toeschouwers lezen alleen mee."),
    ],
)
def test_a_spectator_hears_on_the_socket_that_spectators_only_read_along(language, accept, detail):
    game = GameFactory()
    cees = None if language is None else UserFactory(username="cees", language=language)
    headers = [(b"accept-language", accept.encode())] if accept else []
    ws = communicator(f"/ws/games/{game.pk}/", cees, headers=headers)

    async def scenario():
        assert (await ws.connect())[0]
        await ws.receive_json_from()
        await ws.send_json_to({"type": "chat", "text": "mag ik meedoen?"})
        refused = await ws.receive_json_from()
        assert (refused["type"], refused["code"], refused["detail"]) == (
            "error",
            "not_a_player",
            detail,
        )
        await ws.disconnect()

    run(scenario)
    assert not ChatMessage.objects.exists()


# --- bots chat through their token only --------------------------------------------------------


def test_a_bots_session_cannot_chat_only_its_bot_play_token_can():
    """As for moves (test_bots): a bot's web session reads the chat but writes nothing, by REST
    or by its socket, refused with bot_needs_token in the asker's language; its bot:play token
    chats."""
    robo, anna = UserFactory(username="robo"), UserFactory(username="anna")
    make_bot(robo)
    game = GameFactory(creator=robo, joiner=anna)
    session = logged_in(robo)
    assert session.get(chat_url(game)).status_code == 200  # reading is fine
    refused = session.post(chat_url(game), {"text": "hallo"}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "bot_needs_token"
    assert (
        refused.json()["detail"] == "Bots chatten via de API met een token, niet in de webclient."
    )
    english = session.post(
        chat_url(game), {"text": "hello"}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert english.json()["code"] == "bot_needs_token"
    assert (
        english.json()["detail"] == "Bots chat through the API with a token, not in the web client."
    )
    muted = session.post(f"{chat_url(game)}mute/", {"muted": True}, format="json")
    assert muted.status_code == 403 and muted.json()["code"] == "bot_needs_token"

    token = token_for(robo, [scopes.GAME_READ, scopes.GAME_PLAY, scopes.BOT_PLAY])
    program = APIClient()
    program.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert (
        program.post(chat_url(game), {"text": "van het programma"}, format="json").status_code
        == 201
    )

    path = f"/ws/games/{game.pk}/"
    by_session = communicator(path, robo)
    by_token = communicator(f"{path}?token={token}", origin=None)

    async def scenario():
        for ws in (by_session, by_token):
            assert (await ws.connect())[0]
            assert (await ws.receive_json_from())["type"] == "game.update"
        await by_session.send_json_to({"type": "chat", "text": "via de sessie"})
        said = await by_session.receive_json_from()
        assert (said["type"], said["code"]) == ("error", "bot_needs_token")
        assert await by_token.receive_nothing()
        await by_token.send_json_to({"type": "chat", "text": "via de token"})
        for ws in (by_session, by_token):
            assert (await ws.receive_json_from())["message"]["text"] == "via de token"
            await ws.disconnect()

    run(scenario)
    assert list(ChatMessage.objects.order_by("id").values_list("text", flat=True)) == [
        "van het programma",
        "via de token",
    ]


def test_a_socket_opened_with_a_read_only_token_reads_the_chat_but_cannot_write_it():
    """A token's scopes hold on its socket as on REST: game:read reads (and watches the chat
    arrive), a chat line needs game:play, as POST chat/ does."""
    anna, bram = UserFactory(username="anna"), UserFactory(username="bram")
    game = GameFactory(creator=anna, joiner=bram)
    reader = token_for(anna, [scopes.GAME_READ])
    player = token_for(anna, [scopes.GAME_READ, scopes.GAME_PLAY])
    path = f"/ws/games/{game.pk}/"
    read_only = communicator(f"{path}?token={reader}", origin=None)
    playing = communicator(f"{path}?token={player}", origin=None)

    async def scenario():
        for ws in (read_only, playing):
            assert (await ws.connect())[0]
            assert (await ws.receive_json_from())["type"] == "game.update"
        await read_only.send_json_to({"type": "chat", "text": "alleen lezen"})
        said = await read_only.receive_json_from()
        assert (said["type"], said["code"], said["params"]) == (
            "error",
            "scope_missing",
            {"scope": "game:play"},
        )
        assert await playing.receive_nothing()
        await playing.send_json_to({"type": "chat", "text": "met game:play"})
        for ws in (read_only, playing):
            assert (await ws.receive_json_from())["message"]["text"] == "met game:play"
            await ws.disconnect()

    run(scenario)
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["met game:play"]
