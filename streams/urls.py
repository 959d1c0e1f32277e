from django.urls import path

from . import views

urlpatterns = [
    path("games/<int:game_id>/stream/", views.game_stream, name="game-stream"),
]
