"""daphne's requests leave form parsing to Django (dwaalhof_site/daphne_forms.py): a POST's
body reaches the application whole, and twisted no longer parses it on the way."""

from __future__ import annotations

import types

import pytest
from daphne.http_protocol import WebRequest
from twisted.web import http
from twisted.web.test.requesthelper import DummyChannel

import dwaalhof_site.asgi  # noqa: F401  (the web process's entry point switches it off)


class Recorded(WebRequest):
    """daphne's request, recording what it would hand to the application."""

    def process(self) -> None:
        self.seen = (dict(self.args), self.content.read())


def post(content_type: bytes, body: bytes) -> tuple[dict, bytes]:
    channel = DummyChannel()
    channel.factory = types.SimpleNamespace(
        server=types.SimpleNamespace(protocol_connected=lambda _request: None)
    )
    request = Recorded(channel)
    request.requestHeaders.setRawHeaders(b"content-type", [content_type])
    request.requestHeaders.setRawHeaders(b"content-length", [str(len(body)).encode()])
    request.gotLength(len(body))
    request.handleContentChunk(body)
    request.requestReceived(b"POST", b"/api/games/1/moves/", b"HTTP/1.1")
    return request.seen


@pytest.mark.parametrize(
    ("content_type", "body"),
    [
        (b"application/x-www-form-urlencoded", b"a=1&b=2"),
        (
            b"multipart/form-data; boundary=X",
            b'--X\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--X--\r\n',
        ),
        (b"application/json", b'{"move": {"type": "end_turn"}, "expected_seq": 3}'),
    ],
)
def test_a_post_reaches_django_whole_and_unparsed(monkeypatch, content_type, body):
    parsed = []
    monkeypatch.setattr(http, "_parseContentType", lambda line: parsed.append(line) or b"")
    args, content = post(content_type, body)
    assert content == body  # Django reads and parses the body itself
    assert args == {} and parsed == []  # twisted did not parse it first
