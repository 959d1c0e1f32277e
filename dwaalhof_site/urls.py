from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from . import health

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", include("accounts.urls")),
    path("api/allauth/", include("allauth.headless.urls")),
    path("api/", include("ratings.urls")),
    path("api/", include("players.urls")),
    path("api/", include("chat.urls")),
    path("api/", include("games.api.urls")),
    path("api/notifications/", include("notifications.urls")),  # realtime
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # An invite link as sent to a friend: the web client routes with the URL fragment.
    path("join/<str:code>", RedirectView.as_view(url="/#/join/%(code)s"), name="invite-link"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    # For the proxy and an orchestrator (docs/deploy.md, "Health checks").
    path("health/live/", health.live, name="health-live"),
    path("health/ready/", health.ready, name="health-ready"),
]


def _json_or_html(status: int, detail: str, default):
    """API paths answer errors as JSON like every other API error; other paths as HTML."""

    def view(request, exception=None):
        if request.path.startswith("/api/"):
            from django.http import JsonResponse

            code = "not_found" if status == 404 else "server_error"
            return JsonResponse({"code": code, "detail": detail}, status=status)
        return default(request, exception) if exception is not None else default(request)

    return view


def handler404(request, exception):  # noqa: D103
    from django.views import defaults

    return _json_or_html(404, "Not found.", defaults.page_not_found)(request, exception)


def handler500(request):  # noqa: D103
    from django.views import defaults

    return _json_or_html(500, "Server error.", defaults.server_error)(request)
