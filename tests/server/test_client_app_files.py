"""The installable app's files as the site serves them (issue 24): the manifest with its
media type and proper icons, the service worker at the root with the policy that lets it
run and no cache of its own. The browser side: tests/e2e/test_push_client.py."""

from __future__ import annotations

import json
import re
import struct
from pathlib import Path

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def directives(policy: str) -> dict[str, list[str]]:
    parts = (p.split() for p in policy.split(";") if p.strip())
    return {name: values for name, *values in parts}


def test_the_page_links_the_manifest_and_the_apple_icon():
    page = (FRONTEND / "index.html").read_text()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in page
    assert '<link rel="apple-touch-icon" href="/apple-touch-icon.png">' in page
    icon = Client().get("/apple-touch-icon.png")
    assert icon["Content-Type"] == "image/png"
    assert png_size(b"".join(icon.streaming_content)) == (180, 180)


def test_the_manifest_is_served_as_one_with_its_icons():
    r = Client().get("/manifest.webmanifest")
    assert r.status_code == 200
    assert r["Content-Type"] == "application/manifest+json"
    manifest = json.loads(b"".join(r.streaming_content))
    assert manifest["name"] == "Dwaalhof" and manifest["short_name"]
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (
        "/",
        "/",
        "standalone",
    )
    # the site's colours (frontend/css/main.css --red and --parchment; index.html's theme-color)
    css = (FRONTEND / "css" / "main.css").read_text()
    assert f"--red: {manifest['theme_color']};" in css
    assert f"--parchment: {manifest['background_color']};" in css
    sizes = set()
    for icon in manifest["icons"]:
        got = Client().get(icon["src"])
        assert got.status_code == 200 and got["Content-Type"] == icon["type"] == "image/png"
        width, height = png_size(b"".join(got.streaming_content))
        assert f"{width}x{height}" == icon["sizes"]
        sizes.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes


def test_the_service_worker_is_served_from_the_root_under_the_policy():
    r = Client().get("/sw.js")
    assert r.status_code == 200
    assert r["Content-Type"].startswith("text/javascript")
    assert r["Cache-Control"] == "no-cache"  # a new version is seen at the next check
    policy = directives(r["Content-Security-Policy"])
    assert policy["worker-src"] == ["'self'"]
    page_policy = directives(Client().get("/")["Content-Security-Policy"])
    assert page_policy["worker-src"] == ["'self'"] and page_policy["manifest-src"] == ["'self'"]
    badge = Client().get("/icons/badge-96.png")
    assert png_size(b"".join(badge.streaming_content)) == (96, 96)


def test_the_service_worker_caches_nothing():
    """No fetch handler and no Cache Storage: a stale game can never come from the worker."""
    code = re.sub(r"//.*", "", (FRONTEND / "sw.js").read_text())  # the comments say "cache"
    assert '"fetch"' not in code and "onfetch" not in code
    assert "caches" not in code and "cache.put" not in code.lower()
