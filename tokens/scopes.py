"""What a token may do: the scopes, and for every API endpoint and method the scope a token
needs there. One table, read by the token authentication (tokens.auth) on every request and
by the schema; an endpoint or method missing here is closed to tokens (session only).

`None`: public, any valid token may call it (it could as well send none)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

_ = gettext_noop

ACCOUNT_READ = "account:read"
ACCOUNT_WRITE = "account:write"
GAME_READ = "game:read"
GAME_PLAY = "game:play"
CHALLENGE_WRITE = "challenge:write"
# A bot account plays with a token that has bot:play beside game:play (games.api.bots), and
# bot:play turns an account into a bot (bots.api).
BOT_PLAY = "bot:play"

# Each scope with what it allows, in the account page's language (msgids; locale/en).
SCOPES: dict[str, str] = {
    GAME_READ: _("partijen, zetten, geschiedenis en chat lezen"),
    GAME_PLAY: _("partijen maken en meedoen, zetten doen, opgeven, chatten"),
    ACCOUNT_READ: _("je profiel en meldingen lezen"),
    ACCOUNT_WRITE: _("je profiel wijzigen en meldingen als gelezen markeren"),
    CHALLENGE_WRITE: _("uitdagingen sturen en beantwoorden"),
    BOT_PLAY: _("als bot spelen, en je account in een bot veranderen"),
}
ALL = tuple(SCOPES)

PUBLIC = None

# url name -> method -> scope (HEAD is read as GET, OPTIONS needs none).
ENDPOINTS: dict[str, dict[str, str | None]] = {
    "auth-csrf": {"GET": PUBLIC},
    "auth-me": {"GET": ACCOUNT_READ, "PATCH": ACCOUNT_WRITE},  # DELETE: session only
    "account-bot": {"POST": BOT_PLAY},
    "account-vacation": {"GET": ACCOUNT_READ, "POST": ACCOUNT_WRITE, "DELETE": ACCOUNT_WRITE},
    # Web push devices: a script may list, add, rename and revoke them like the account page.
    "account-push": {"GET": ACCOUNT_READ, "POST": ACCOUNT_WRITE},
    "account-push-device": {"PATCH": ACCOUNT_WRITE, "DELETE": ACCOUNT_WRITE},
    "content": {"GET": PUBLIC},
    "schema": {"GET": PUBLIC},
    "swagger-ui": {"GET": PUBLIC},
    "ratings-leaderboard": {"GET": PUBLIC},
    "player-detail": {"GET": PUBLIC},
    "player-games": {"GET": PUBLIC},
    "game-list": {"GET": GAME_READ, "POST": GAME_PLAY},
    "game-open": {"GET": GAME_READ},
    "game-live": {"GET": GAME_READ},
    "game-invite": {"GET": GAME_READ},
    "game-invite-join": {"POST": GAME_PLAY},
    "game-detail": {"GET": GAME_READ},
    "game-join": {"POST": GAME_PLAY},
    "game-leave": {"POST": GAME_PLAY},
    "game-legal": {"GET": GAME_READ},
    "game-preview": {"POST": GAME_READ},  # a preview changes nothing
    "game-moves": {"GET": GAME_READ, "POST": GAME_PLAY},
    "game-resign": {"POST": GAME_PLAY},
    "game-claim": {"POST": GAME_PLAY},
    "game-rematch": {"POST": GAME_PLAY},
    "game-export": {"GET": GAME_READ},
    "game-stream": {"GET": GAME_READ},
    "account-stream": {"GET": ACCOUNT_READ},  # the account's event stream (streams/)
    "game-history": {"GET": GAME_READ},
    "game-replay": {"GET": GAME_READ},
    "game-chat": {"GET": GAME_READ, "POST": GAME_PLAY},
    "game-chat-mute": {"POST": GAME_PLAY},
    "blocks": {"GET": ACCOUNT_READ, "POST": ACCOUNT_WRITE},  # moderation: my blocks
    "block": {"DELETE": ACCOUNT_WRITE},
    "reports": {"POST": ACCOUNT_WRITE},
    "follows": {"GET": ACCOUNT_READ},  # the players I follow
    "follow": {"PUT": ACCOUNT_WRITE, "DELETE": ACCOUNT_WRITE},
    "tutorial": {"GET": GAME_READ, "POST": GAME_PLAY},
    "tutorial-skip": {"POST": GAME_PLAY},
    "notification-list": {"GET": ACCOUNT_READ},
    "notification-unread": {"GET": ACCOUNT_READ},
    "notification-read": {"POST": ACCOUNT_WRITE},
    "notification-preferences": {"GET": ACCOUNT_READ, "PATCH": ACCOUNT_WRITE},
    # challenges: reading them is account:read (the bell's notices already tell them)
    "challenge-list": {"GET": ACCOUNT_READ, "POST": CHALLENGE_WRITE},
    "challenge-accept": {"POST": CHALLENGE_WRITE},
    "challenge-decline": {"POST": CHALLENGE_WRITE},
    "challenge-cancel": {"POST": CHALLENGE_WRITE},
}

# The websockets: watching a game or the bell over a socket reads.
SOCKET_SCOPE = GAME_READ

CLOSED = object()  # the endpoint or method is not open to tokens


def needed(url_name: str | None, method: str) -> str | None | object:
    """The scope a token needs for `method` on the endpoint `url_name`: a scope, PUBLIC
    (None), or CLOSED."""
    if method == "OPTIONS":
        return PUBLIC
    methods = ENDPOINTS.get(url_name or "")
    if methods is None:
        return CLOSED
    return methods.get("GET" if method == "HEAD" else method, CLOSED)
