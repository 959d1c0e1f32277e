"""Django's messages (the admin's, allauth's pages') are kept as before; a request that sets
or reads none, every API request, makes no message storage (dwaalhof_site.lazy_messages)."""

from __future__ import annotations

import pytest
from django.contrib import messages
from django.contrib.messages import storage
from django.contrib.sessions.middleware import SessionMiddleware
from django.http import HttpResponse
from django.test import Client, RequestFactory

from dwaalhof_site.lazy_messages import LazyMessageMiddleware

from .factories import token_for

pytestmark = pytest.mark.django_db


def test_a_message_set_on_one_request_is_read_on_the_next():
    def set_one(request):
        messages.info(request, "Partij opgeslagen")
        return HttpResponse()

    def read(request):
        return HttpResponse(" | ".join(str(m) for m in messages.get_messages(request)))

    def serve(view, cookies=None):
        request = RequestFactory().get("/admin/")
        request.COOKIES.update(cookies or {})
        SessionMiddleware(lambda r: None).process_request(request)
        return LazyMessageMiddleware(view)(request)

    first = serve(set_one)
    assert "messages" in first.cookies
    second = serve(read, {"messages": first.cookies["messages"].value})
    assert second.content.decode() == "Partij opgeslagen"
    assert second.cookies["messages"].value == ""  # read: cleared


def test_an_api_request_makes_no_message_storage(make_user, monkeypatch):
    made = []
    real = storage.default_storage
    monkeypatch.setattr(
        "dwaalhof_site.lazy_messages.default_storage", lambda r: made.append(r) or real(r)
    )
    client = Client(HTTP_AUTHORIZATION=f"Token {token_for(make_user('anna'))}")
    r = client.get("/api/auth/me")
    assert r.status_code == 200 and "messages" not in r.cookies
    assert made == []
