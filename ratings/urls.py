from django.urls import path

from . import api

urlpatterns = [
    path("ratings/leaderboard/", api.LeaderboardView.as_view(), name="ratings-leaderboard"),
]
