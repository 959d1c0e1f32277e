"""The streams' HTTP routes, ahead of the Django app in dwaalhof_site.asgi: each with the
session (channels' AuthMiddlewareStack: the cookie's player, as the site's pages have it)."""

from channels.auth import AuthMiddlewareStack
from django.urls import path

from . import consumers

http_urlpatterns = [
    path("api/games/<int:game_id>/stream/", AuthMiddlewareStack(consumers.GameStream.as_asgi())),
    path("api/stream/", AuthMiddlewareStack(consumers.AccountStream.as_asgi())),
]
