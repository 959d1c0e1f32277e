from django.urls import path

from . import api

urlpatterns = [
    path("players/<str:username>/", api.PlayerView.as_view(), name="player-detail"),
    path("players/<str:username>/games/", api.PlayerGamesView.as_view(), name="player-games"),
]
