from django.urls import path

from . import api

urlpatterns = [
    path("follows/", api.FollowsView.as_view(), name="follows"),
    path("follows/<str:username>/", api.FollowView.as_view(), name="follow"),
]
