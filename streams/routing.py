"""The streams' HTTP routes, ahead of the Django app in dwaalhof_site.asgi: each with the
session (channels' SessionMiddlewareStack: the cookie's session; its player is read in the
stream's own first database hop, streams.auth.reader, not in one more of its own)."""

from channels.sessions import SessionMiddlewareStack
from django.urls import path

from . import consumers

http_urlpatterns = [
    path("api/games/<int:game_id>/stream/", SessionMiddlewareStack(consumers.GameStream.as_asgi())),
    path("api/stream/", SessionMiddlewareStack(consumers.AccountStream.as_asgi())),
]
