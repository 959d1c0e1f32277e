"""Game events other apps subscribe to (notifications does, in its AppConfig.ready()), so
games need not know who listens. games.hooks sends them after the commit: receivers see the
committed rows, and a receiver that fails is logged, never turned into the player's error.
Each is sent with `game_id`; receivers must be idempotent (a hook may run twice).

Presence (is a player connected right now?) is the notifications' business (no email while
connected) and its rows live there; the sockets live here. So the consumers only announce
their logged-in sockets with the three socket signals below, and notifications keeps the rows
(NotificationsConfig.ready() connects them): games never imports notifications. These are
sent from the consumer (in a database thread), not after a commit."""

from django.dispatch import Signal

# The seat to move changed, the game started or it ended. Sent off the request after a move.
turn_passed = Signal()
# A player took the free seat.
seat_taken = Signal()
# A rematch was offered: `game_id` is the old game or the new one.
rematch_offered = Signal()

# Presence. A logged-in socket opened (`user`, `channel_name`, and `game_id` for a game's socket); this process's sockets that are
# still open, every PRESENCE_REFRESH seconds (`channel_names`); a socket closed (`channel_name`).
socket_opened = Signal()
sockets_alive = Signal()
socket_closed = Signal()
PRESENCE_REFRESH = 60  # seconds between two sockets_alive of one process
