"""Game events other apps subscribe to (notifications does, in its AppConfig.ready()), so
games need not know who listens. games.hooks sends them after the commit: receivers see the
committed rows, and a receiver that fails is logged, never turned into the player's error.
Each is sent with `game_id`; receivers must be idempotent (a hook may run twice)."""

from django.dispatch import Signal

# The seat to move changed, the game started or it ended. Sent off the request after a move.
turn_passed = Signal()
# A player took the free seat.
seat_taken = Signal()
# A rematch was offered: `game_id` is the old game or the new one.
rematch_offered = Signal()
