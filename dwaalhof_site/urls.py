from collections.abc import Callable

from django.contrib import admin
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import include, path
from django.utils import translation
from django.views import defaults
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView
from rest_framework.exceptions import APIException, NotFound

from notifications import mail_views

from . import csp_report, health
from .api.language import request_language
from .api_docs import SwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    # First: the hottest paths (a move, a game read). Django tries each "api/" include in
    # turn, and one that does not match costs a Resolver404 and its list of tried routes.
    path("api/", include("games.api.urls")),
    path("api/", include("accounts.urls")),
    path("api/", include("webpush.urls")),
    path("api/allauth/", include("allauth.headless.urls")),
    path("api/", include("ratings.urls")),
    path("api/", include("players.urls")),
    path("api/", include("chat.urls")),
    path("api/", include("moderation.urls")),
    path("api/", include("follows.urls")),
    path("api/", include("tokens.urls")),
    path("api/", include("streams.urls")),
    path("api/", include("tutorial.urls")),
    path("api/", include("challenges.urls")),
    path("api/", include("bots.urls")),
    path("api/notifications/", include("notifications.urls")),  # realtime
    # The links in a notification mail (notifications.links; docs/api.md, "One-click links").
    path("api/unsubscribe/<str:token>", mail_views.unsubscribe, name="mail-unsubscribe"),
    path("m/<str:token>", mail_views.open_game, name="mail-game-link"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # An invite link as sent to a friend: the web client routes with the URL fragment.
    path("join/<str:code>", RedirectView.as_view(url="/#/join/%(code)s"), name="invite-link"),
    path("api/docs/", SwaggerView.as_view(url_name="schema"), name="swagger-ui"),
    # Browsers post Content-Security-Policy violations here (settings.CSP_REPORT_PATH).
    path("csp-report/", csp_report.CspReportView.as_view(), name="csp-report"),
    # For the proxy and an orchestrator (docs/deploy.md, "Health checks").
    path("health/live/", health.live, name="health-live"),
    path("health/ready/", health.ready, name="health-ready"),
]


class ServerError(APIException):
    """The API's answer to an unexpected failure (DRF's text, translated)."""

    default_code = "server_error"


def _json_or_html(
    error: type[APIException], default: Callable[..., HttpResponse]
) -> Callable[..., HttpResponse]:
    """API paths answer errors as JSON like every other API error, in the request's
    language (DRF's own texts); other paths as Django's HTML page."""

    def view(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
        if request.path.startswith("/api/"):
            with translation.override(request_language(request)):
                detail = str(error.default_detail)
            body = {"code": error.default_code, "params": {}, "detail": detail}
            return JsonResponse(body, status=error.status_code)
        return default(request, exception) if exception is not None else default(request)

    return view


def handler404(request: HttpRequest, exception: Exception) -> HttpResponse:
    return _json_or_html(NotFound, defaults.page_not_found)(request, exception)


def handler500(request: HttpRequest) -> HttpResponse:
    return _json_or_html(ServerError, defaults.server_error)(request)
