from django.urls import path

from . import api

urlpatterns = [
    path("tokens/", api.TokenListView.as_view(), name="token-list"),
    path("tokens/<int:token_id>/", api.TokenDetailView.as_view(), name="token-detail"),
]
