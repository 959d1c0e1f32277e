from django.urls import path

from . import api

urlpatterns = [
    path("tutorial/", api.TutorialView.as_view(), name="tutorial"),
    path("tutorial/skip/", api.TutorialSkipView.as_view(), name="tutorial-skip"),
]
