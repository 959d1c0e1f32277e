"""Every game stored before time controls gets `TimeControl.stored(turn_seconds)` (per turn,
no vacation, the automatic loss: the rules it was created under), and a running one its clock
at the start of the current turn; games against the computer run no clock (null)."""

from django.db import migrations

import clocks


def turn_start(Move, game):
    """The instant the current turn started as the log has it: the entry that passed the turn
    (its row was written a little before `turn_started_at` took its own now), or the start."""
    passed = (
        Move.objects.filter(game=game, created__lte=game.turn_started_at)
        .order_by("-seq")
        .values_list("created", flat=True)
        .first()
    )
    return passed or game.turn_started_at


def give_time_controls(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Move = apps.get_model("games", "Move")
    for game in Game.objects.exclude(opponent="computer").only(
        "pk", "turn_seconds", "status", "current_seat", "turn_started_at", "seq"
    ):
        control = clocks.TimeControl.stored(game.turn_seconds)
        game.time_control = control.to_json()
        game.clock_seq = game.seq  # the old log's instants were not the clock's (versioned)
        fields = ["time_control", "clock_seq"]
        if game.status == "active" and game.current_seat is not None and game.turn_started_at:
            start = clocks.to_ms(turn_start(Move, game))
            state = clocks.advance(
                clocks.start(control), clocks.TurnStarted(start, game.current_seat)
            )
            game.clock = state.to_json()
            game.deadline_at = clocks.from_ms(clocks.deadline(state))
            fields += ["clock", "deadline_at"]
        game.save(update_fields=fields)
    # The person's clock against the computer does not run (issue 23): no deadline either.
    Game.objects.filter(opponent="computer", status="active").update(deadline_at=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0005_clocks")]

    operations = [migrations.RunPython(give_time_controls, migrations.RunPython.noop)]
