from django.urls import path

from . import history, views

urlpatterns = [
    path("content/", views.ContentView.as_view(), name="content"),
    path("games/", views.GameListView.as_view(), name="game-list"),
    path("games/open/", views.OpenGamesView.as_view(), name="game-open"),
    path("games/live/", history.LiveGamesView.as_view(), name="game-live"),
    path("games/invite/<str:code>/", views.InviteView.as_view(), name="game-invite"),
    path("games/invite/<str:code>/join/", views.InviteJoinView.as_view(), name="game-invite-join"),
    path("games/<int:game_id>/", views.GameDetailView.as_view(), name="game-detail"),
    path("games/<int:game_id>/join/", views.GameJoinView.as_view(), name="game-join"),
    path("games/<int:game_id>/leave/", views.GameLeaveView.as_view(), name="game-leave"),
    path("games/<int:game_id>/legal/", views.LegalMovesView.as_view(), name="game-legal"),
    path("games/<int:game_id>/preview/", views.PreviewView.as_view(), name="game-preview"),
    path("games/<int:game_id>/moves/", views.MovesView.as_view(), name="game-moves"),
    path("games/<int:game_id>/resign/", views.ResignView.as_view(), name="game-resign"),
    path("games/<int:game_id>/claim/", views.ClaimView.as_view(), name="game-claim"),
    path("games/<int:game_id>/rematch/", views.RematchView.as_view(), name="game-rematch"),
    path("games/<int:game_id>/export/", views.ExportView.as_view(), name="game-export"),
    # seeing the game (games/api/history.py)
    path("games/<int:game_id>/history/", history.HistoryView.as_view(), name="game-history"),
    path("games/<int:game_id>/replay/", history.ReplayStateView.as_view(), name="game-replay"),
]
