"""The two links a notification mail carries (notifications.links; docs/api.md,
"One-click links"): the game link, which opens one game without a password, and RFC 8058's
one-click unsubscribe. Plain Django views: neither is part of the JSON API a client or a
token uses, and the unsubscribe is posted by mail programs, with no CSRF token."""

from __future__ import annotations

from django.contrib.auth import get_user_model, login
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.utils import timezone, translation
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from accounts.models import Profile, language_of
from accounts.services import profile_update

from . import limited, links

LOGIN_PAGE = "/#/inloggen"
# A session opened by a game link lasts a working day at most, not the usual weeks.
LIMITED_SESSION_SECONDS = 12 * 3600


def _game_page(game_id: int) -> str:
    return f"/#/spel/{game_id}"


@csrf_exempt  # the signed, one-use token is the authority, as a password would be
@require_http_methods(["GET", "POST"])
def open_game(request: HttpRequest, token: str) -> HttpResponse:
    """`GET /m/<token>`: a page with one button that opens the game (a GET uses nothing up:
    mail scanners follow links, and would spend a one-use link); `POST`: the game, for the
    player the link was sent to. A bad, expired or used link goes to the login page; the
    session it makes reaches that game only."""
    try:
        user_id, game_id = links.peek(token)
        if request.user.pk == user_id and limited.game_of(request) is None:
            # That player's full session already: nothing to open; the link stays unused.
            return HttpResponseRedirect(_game_page(game_id))
        if request.method == "GET":
            links.check_unused(token)
            user = get_user_model().objects.filter(pk=user_id).first()
            with translation.override(language_of(user) if user else None):
                title = _("Partij %(game)s openen") % {"game": game_id}
                text = _("Deze link opent alleen deze partij, één keer, zonder wachtwoord.")
                return _page(title, text, _("Open de partij"), field=None)
        opened = links.open_game_link(token, timezone.now())
    except links.BadLink:
        return HttpResponseRedirect(LOGIN_PAGE)
    login(request, opened.user, backend="accounts.backends.ModelBackend")
    limited.limit_to(request, opened.game_id)  # after login(): a login clears any limit
    request.session.set_expiry(LIMITED_SESSION_SECONDS)
    return HttpResponseRedirect(_game_page(opened.game_id))


ONE_CLICK = ("List-Unsubscribe", "One-Click")  # RFC 8058's body: List-Unsubscribe=One-Click


def _page(
    title: str, text: str, button: str | None, field: tuple[str, str] | None = ONE_CLICK
) -> HttpResponse:
    """A small page (no style, no script: the site's content security policy holds), with a
    button that posts back to the same address (`field`: its one hidden field)."""
    hidden = format_html('<input type="hidden" name="{}" value="{}">', *field) if field else ""
    form = (
        format_html(
            '<form method="post">{}<button type="submit">{}</button></form>', hidden, button
        )
        if button
        else ""
    )
    return HttpResponse(
        format_html(
            '<!doctype html><html><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width">'
            "<title>{}</title></head><body><h1>{}</h1><p>{}</p>{}</body></html>",
            title,
            title,
            text,
            form,
        )
    )


@csrf_exempt  # posted by mail programs (RFC 8058), which have no CSRF token; signed instead
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """`GET`: a page with the button (a GET changes nothing: mail scanners follow links).
    `POST` with `List-Unsubscribe=One-Click`: the player's notification mail is off."""
    user = links.unsubscribe_user(token)
    if user is None:
        body = {"code": "bad_link", "params": {}, "detail": "This link is not valid."}
        return JsonResponse(body, status=400)
    wants_html = "text/html" in request.headers.get("Accept", "")
    with translation.override(language_of(user)):
        title = _("Afmelden voor meldingen per e-mail")
        if request.method == "GET":
            if Profile.objects.filter(user=user, notify=Profile.Notify.OFF).exists():
                return _page(title, _("Je krijgt al geen meldingen per e-mail."), None)
            text = _("Geen meldingen van Dwaalhof meer per e-mail? Eén klik:")
            return _page(title, text, _("Afmelden"))
        if request.POST.get(ONE_CLICK[0]) != ONE_CLICK[1]:
            body = {
                "code": "invalid",
                "params": {},
                "detail": "The body must be List-Unsubscribe=One-Click.",
            }
            return JsonResponse(body, status=400)
        profile_update(user=user, notify=Profile.Notify.OFF)  # twice is the same
        done = _("Je krijgt geen meldingen meer per e-mail. Aanzetten kan bij je account.")
        if wants_html:
            return _page(title, done, None)
    return JsonResponse({"unsubscribed": True, "mail": Profile.Notify.OFF})
