"""Every game stored before time controls gets `TimeControl.stored(turn_seconds)` (per turn,
no vacation, the automatic loss: the rules it was created under), and a running one its clock
at the start of the current turn; games against the computer run no clock (null)."""

from django.db import migrations

import clocks


def give_time_controls(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.exclude(opponent="computer").only(
        "pk", "turn_seconds", "status", "current_seat", "turn_started_at"
    ):
        control = clocks.TimeControl.stored(game.turn_seconds)
        game.time_control = control.to_json()
        fields = ["time_control"]
        if game.status == "active" and game.current_seat is not None and game.turn_started_at:
            start = clocks.to_ms(game.turn_started_at)
            state = clocks.advance(
                clocks.start(control), clocks.TurnStarted(start, game.current_seat)
            )
            game.clock = state.to_json()
            fields.append("clock")
        game.save(update_fields=fields)
    # The person's clock against the computer does not run (issue 23): no deadline either.
    Game.objects.filter(opponent="computer", status="active").update(deadline_at=None)


class Migration(migrations.Migration):
    dependencies = [("games", "0005_clocks")]

    operations = [migrations.RunPython(give_time_controls, migrations.RunPython.noop)]
