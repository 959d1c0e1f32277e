from django.urls import path

from . import api

urlpatterns = [
    path("account/bot/", api.BotAccountView.as_view(), name="account-bot"),
]
