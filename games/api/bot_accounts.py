"""Bots play only through the API (docs/api.md, "Bot accounts"): a bot account's request to
play (create, join, move, resign, claim, rematch, leave) or to chat must come with a personal
token that has `bot:play` (besides the endpoint's own scope, game:play). A bot's session (the
web client) may read, not play or chat, so a bot's moves and words are always a program's."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_noop
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from accounts.models import is_bot
from dwaalhof_site.api.errors import ApiError
from tokens.errors import ScopeMissing
from tokens.models import PersonalToken
from tokens.scopes import BOT_PLAY


class BotNeedsToken(ApiError):
    status = 403
    code = "bot_needs_token"
    detail = gettext_noop("Bots spelen via de API met een token, niet in de webclient.")


class BotChatsByToken(BotNeedsToken):
    """The same refusal for a chat line: a bot's words are a program's too."""

    detail = gettext_noop("Bots chatten via de API met een token, niet in de webclient.")


class BotsPlayByToken(BasePermission):
    """Lets every person through; a bot only with a token that has bot:play."""

    refusal: type[BotNeedsToken] = BotNeedsToken

    def has_permission(self, request: Request, view: Any) -> bool:
        if request.method in SAFE_METHODS or not is_bot(request.user):
            return True
        token = request.auth
        if not isinstance(token, PersonalToken):
            raise self.refusal()
        if BOT_PLAY not in token.scopes:
            raise ScopeMissing(params={"scope": BOT_PLAY})
        return True


class BotsChatByToken(BotsPlayByToken):
    """The chat's writes (a line, muting): a bot only with a token that has bot:play."""

    refusal = BotChatsByToken
