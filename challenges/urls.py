from django.urls import path

from . import api

urlpatterns = [
    path("challenges/", api.ChallengeListView.as_view(), name="challenge-list"),
    path(
        "challenges/<int:challenge_id>/accept/",
        api.ChallengeAcceptView.as_view(),
        name="challenge-accept",
    ),
    path(
        "challenges/<int:challenge_id>/decline/",
        api.ChallengeDeclineView.as_view(),
        name="challenge-decline",
    ),
    path(
        "challenges/<int:challenge_id>/cancel/",
        api.ChallengeCancelView.as_view(),
        name="challenge-cancel",
    ),
]
