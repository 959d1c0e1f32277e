from django.urls import path

from . import api

urlpatterns = [
    path("blocks/", api.BlocksView.as_view(), name="blocks"),
    path("blocks/<str:username>/", api.BlockView.as_view(), name="block"),
    path("reports/", api.ReportsView.as_view(), name="reports"),
]
