from django.urls import path

from . import views

# Served by streams.routing (before the Django app); here for their names and the schema.
urlpatterns = [
    path("games/<int:game_id>/stream/", views.GameStreamSchema.as_view(), name="game-stream"),
    path("stream/", views.AccountStreamSchema.as_view(), name="account-stream"),
]
