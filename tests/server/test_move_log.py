"""The move log is append-only: never changed or deleted, through the model, a queryset, a
cascade or the admin; the state is always rebuildable from it and checked against it."""

import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import IntegrityError, connection, transaction
from django.db.models.deletion import ProtectedError

import engine
from appendonly.models import AppendOnlyError
from games import selectors, state_cache
from games.models import Game, Move
from games.verify import check_game, verify_export
from tests.server.helpers import play, user_of

pytestmark = pytest.mark.django_db


def test_a_logged_move_cannot_be_changed(started_game):
    game = play(started_game, moves=2)
    move = Move.objects.filter(game=game).first()
    move.payload = {"type": "roll"}
    with pytest.raises(AppendOnlyError):
        move.save()
    with pytest.raises(AppendOnlyError):
        Move.objects.filter(game=game).update(payload={})
    assert Move.objects.filter(game=game).first().payload != {"type": "roll"}


def test_a_logged_move_cannot_be_deleted(started_game):
    game = play(started_game, moves=2)
    with pytest.raises(AppendOnlyError):
        Move.objects.filter(game=game).first().delete()
    with pytest.raises(AppendOnlyError):
        Move.objects.filter(game=game).delete()
    with pytest.raises(ProtectedError):
        Game.objects.get(pk=game.pk).delete()  # no cascade either
    assert Move.objects.filter(game=game).count() == game.seq


def test_two_entries_can_never_share_a_seq(started_game):
    game = play(started_game, moves=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Move.objects.create(game=game, seq=0, seat=0, payload={"type": "roll"})


def test_the_state_is_rebuilt_from_the_log_alone(started_game):
    game = play(started_game, moves=20)
    cached = selectors.game_state(game)
    state_cache.clear()
    rebuilt = selectors.game_state(game)
    assert rebuilt is not cached
    assert engine.full_state(rebuilt) == engine.full_state(cached)
    at_turn_end = selectors.state_at(game, game.snapshot_seq)
    assert 0 < game.snapshot_seq <= game.seq
    assert json.loads(json.dumps(engine.full_state(at_turn_end))) == game.snapshot


def test_the_replay_check_passes_for_an_honest_game(started_game):
    game = play(started_game, moves=30)
    report = check_game(game)
    assert report.ok, report.problem


def test_the_replay_check_names_the_first_mismatch_with_the_snapshot(started_game):
    game = play(started_game, moves=10)
    snapshot = game.snapshot
    snapshot["players"][0]["resources"]["geld"] += 5
    Game.objects.filter(pk=game.pk).update(snapshot=snapshot)
    report = check_game(Game.objects.get(pk=game.pk))
    assert not report.ok
    assert "players[0].resources.geld" in report.problem


def test_the_replay_check_names_the_first_log_entry_that_does_not_replay(started_game):
    game = play(started_game, moves=10)
    with connection.cursor() as cur:  # tampering behind the ORM's back
        cur.execute(
            "UPDATE games_move SET payload = %s WHERE game_id = %s AND seq = 3",
            [json.dumps({"type": "take_card", "slot": 3, "x": 1}), game.pk],
        )
    report = check_game(game)
    assert not report.ok and "log entry 3" in report.problem


def test_verify_game_command_on_a_finished_game(started_game, capsys):
    game = play(started_game, moves=15)
    from games import services

    services.game_resign(game=game, user=user_of(game, 0))
    call_command("verify_game", str(game.pk))
    assert f"game {game.pk}: verified" in capsys.readouterr().out


def test_verify_game_command_fails_on_a_broken_game(started_game):
    Game.objects.filter(pk=started_game.pk).update(seed_commitment="0" * 64)
    with pytest.raises(CommandError, match="commitment"):
        call_command("verify_game", str(started_game.pk))


def test_verify_export_file(started_game, client_for, tmp_path, capsys):
    from games import services

    game = play(started_game, moves=15)
    services.game_resign(game=game, user=user_of(game, 1))
    export = client_for(None).get(f"/api/games/{game.pk}/export/").json()
    path = tmp_path / "export.json"
    path.write_text(json.dumps(export))
    call_command("verify_game", "--file", str(path))
    assert "verified" in capsys.readouterr().out
    assert verify_export(export).ok


def test_a_game_created_under_older_rules_keeps_replaying_under_them(started_game):
    # An operator upgrades while games are running: a game keeps the rules it was created
    # with (Game.rules_version), so its stored log still replays and the game goes on.
    Game.objects.filter(pk=started_game.pk).update(rules_version="1")
    state_cache.clear()
    game = play(Game.objects.get(pk=started_game.pk), moves=400, until=lambda s: s.round == 2)
    state_cache.clear()
    state = selectors.game_state(game)
    assert state.rules.version == "1" and state.round == 2
    assert state.current == state.start_seat  # rules 1: the start seat opens every round
    assert check_game(game).ok
    assert engine.RULES_VERSION != "1"
    today = engine.replay(game.seed, selectors.game_log(game, upto=game.seq))
    assert today.current != state.current  # under today's rules the other seat opens round 2
