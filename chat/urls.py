from django.urls import path

from . import api

urlpatterns = [
    path("games/<int:game_id>/chat/", api.ChatView.as_view(), name="game-chat"),
    path("games/<int:game_id>/chat/mute/", api.MuteView.as_view(), name="game-chat-mute"),
]
