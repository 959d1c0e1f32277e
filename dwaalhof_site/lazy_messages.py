"""Django's MessageMiddleware, with the message storage made when it is first used.

Django's makes the storage for every request, and its cookie part builds a signer from the
secret key each time (about a tenth of a millisecond): the API never sets a message, only
the admin and allauth's pages do. Untouched, the storage's update at the answer does
nothing (nothing read, nothing added), so it is skipped; touched, it runs as in Django.
"""

from __future__ import annotations

from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.http import HttpRequest, HttpResponse
from django.utils.functional import SimpleLazyObject, empty


class LazyMessageMiddleware(MessageMiddleware):
    def process_request(self, request: HttpRequest) -> None:
        request._messages = SimpleLazyObject(lambda: default_storage(request))  # type: ignore[attr-defined]

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        storage = getattr(request, "_messages", None)
        if isinstance(storage, SimpleLazyObject) and storage._wrapped is empty:
            return response  # never made: nothing to store
        return super().process_response(request, response)
