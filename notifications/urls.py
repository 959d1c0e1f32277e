from django.urls import path

from . import api

urlpatterns = [
    path("", api.NotificationListView.as_view(), name="notification-list"),
    path("unread/", api.UnreadCountView.as_view(), name="notification-unread"),
    path("read/", api.MarkReadView.as_view(), name="notification-read"),
    path("preferences/", api.PreferencesView.as_view(), name="notification-preferences"),
]
