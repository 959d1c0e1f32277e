"""The security headers on every kind of answer: the client's page (WhiteNoise), an API
answer, the API docs and the admin; HSTS in production; the same from nginx for the static
files it serves itself. And the Content-Security-Policy's report endpoint."""

from __future__ import annotations

import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.test import Client

from stacks.localstack import Stack, static_root

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]

# What a browser must see on each answer of the site (beside the policy itself).
FIXED_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}
PAGES = [
    "/",
    "/js/app.js",
    "/sw.js",
    "/manifest.webmanifest",
    "/favicon.svg",
    "/api/content/",
    "/api/docs/",
    "/admin/login/",
]


def directives(policy: str) -> dict[str, list[str]]:
    parts = (p.split() for p in policy.split(";") if p.strip())
    return {name: values for name, *values in parts}


@pytest.mark.parametrize("path", PAGES)
def test_every_answer_carries_the_policy_and_the_headers(path):
    r = Client().get(path)
    assert r.status_code == 200
    for name, value in FIXED_HEADERS.items():
        assert r[name] == value, name
    policy = directives(r["Content-Security-Policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]  # no inline script, no eval
    assert policy["style-src"] == ["'self'"]  # no inline style or style attribute
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"]
    assert policy["form-action"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["report-uri"] == ["/csp-report/"]
    assert policy["connect-src"] == ["'self'", "ws://testserver"]
    img = ["'self'", "data:"] if path == "/api/docs/" else ["'self'"]  # Swagger UI's icons
    assert policy["img-src"] == img
    permissions = r["Permissions-Policy"]
    for feature in ("camera", "microphone", "geolocation", "payment", "usb"):
        assert f"{feature}=()" in permissions
    assert "clipboard-write=(self)" in permissions  # the invite link is copied


def test_framing_is_refused_where_django_answers():
    assert Client().get("/api/content/")["X-Frame-Options"] == "DENY"


def test_the_websocket_origin_in_the_policy_follows_the_scheme():
    r = Client().get("/api/content/", secure=True, HTTP_HOST="localhost")
    assert directives(r["Content-Security-Policy"])["connect-src"] == ["'self'", "wss://localhost"]


@pytest.mark.parametrize(
    ("host", "secure"), [("testserver", False), ("localhost", True), ("not-allowed.example", False)]
)
def test_the_policy_kept_per_host_is_the_one_django_csp_builds_each_time(host, secure, settings):
    """The headers are built once per origin (security_headers.policies), and are what
    django-csp builds from the settings at each answer, report-only policy included."""
    from csp.middleware import CSPMiddleware
    from django.http import HttpResponse
    from django.test import RequestFactory

    from dwaalhof_site.security_headers import ContentSecurityPolicyMiddleware

    settings.CONTENT_SECURITY_POLICY_REPORT_ONLY = {
        "DIRECTIVES": {"default-src": ["'none'"], "report-uri": ["/csp-report/"]}
    }
    middleware = ContentSecurityPolicyMiddleware(lambda request: HttpResponse())

    def request():
        return RequestFactory().get("/api/content/", secure=secure, HTTP_HOST=host)

    kept = middleware.process_response(request(), HttpResponse())
    built = CSPMiddleware.process_response(middleware, request(), HttpResponse())  # each time
    for header in ("Content-Security-Policy", "Content-Security-Policy-Report-Only"):
        assert kept[header] == built[header], header
    assert kept["Content-Security-Policy-Report-Only"] == (
        "default-src 'none'; report-uri /csp-report/"
    )


def test_the_client_page_has_no_inline_script_style_or_data_icon():
    page = (ROOT / "frontend" / "index.html").read_text()
    assert "data:" not in page
    assert "<style" not in page and "style=" not in page
    assert "<script" in page and all(
        'src="' in tag for tag in page.split("<script")[1:]
    )  # every script is a file
    for icon in ("/favicon.svg", "/favicon.ico"):
        assert Client().get(icon).status_code == 200


def test_the_api_docs_are_served_from_the_site():
    page = Client().get("/api/docs/").content.decode()
    assert "cdn" not in page.lower() and "<style" not in page
    assert "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js" in page
    script = Client().get("/api/docs/?script=")
    assert script.status_code == 200 and script["Content-Type"].startswith("application/javascript")


PRODUCTION_PROBE = """
import django
django.setup()
from django.test import Client
r = Client().get("/api/content/", secure=True, HTTP_HOST="dwaalhof.example")
print(r.status_code, r.get("Strict-Transport-Security"), r["Content-Security-Policy"], sep="|")
"""


def test_production_answers_carry_hsts():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="dwaalhof_site.settings",
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY="a-long-production-like-secret-for-this-test-only-0123456789",
        DJANGO_ALLOWED_HOSTS="dwaalhof.example",
        DATABASE_URL=f"sqlite:///{django_settings.DATABASES['default']['NAME']}",
    )
    out = subprocess.run(
        [sys.executable, "-c", PRODUCTION_PROBE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr
    status, hsts, policy = out.stdout.strip().split("|")
    assert status == "200"
    assert hsts == "max-age=31536000; includeSubDomains; preload"
    assert "connect-src 'self' wss://dwaalhof.example" in policy


# --- nginx: the static files it serves itself ---------------------------------------------
class _Upstream(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's name)
        self.send_response(200)
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args):
        pass


@pytest.fixture
def proxy():
    """nginx with the rendered production config, a file in its static root, a stand-in
    upstream; yields its base URL."""
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(nginx).exists():
        pytest.fail("nginx is missing: `make proxy` installs it")
    # nginx's workers run as an unprivileged user: a directory they can read, as a stack's
    tmp_path = Path(tempfile.mkdtemp(prefix="dwaalhof-headers-", dir="/tmp"))
    os.chmod(tmp_path, 0o755)  # noqa: S103 — nginx's workers read the static files below it
    upstream = HTTPServer(("127.0.0.1", 0), _Upstream)
    threading.Thread(target=upstream.serve_forever, daemon=True).start()
    stack = Stack(tmp_path, web=1, database_url="postgres://x/y", redis_url="redis://x:1/0")
    stack.web_ports = [upstream.server_address[1]]
    static = static_root(tmp_path)
    (static / "games").mkdir(parents=True)
    (static / "games" / "inspect.css").write_text(".ok { color: green; }")
    conf = tmp_path / "nginx.conf"
    conf.write_text(stack.nginx_config())
    proc = subprocess.Popen([nginx, "-p", str(tmp_path), "-c", str(conf)], stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{stack.port}"
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                urllib.request.urlopen(base + "/static/games/inspect.css", timeout=1).close()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read() if proc.stderr else ""
                assert time.monotonic() < deadline, "nginx did not answer"
                time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        upstream.shutdown()
        shutil.rmtree(tmp_path, ignore_errors=True)


def test_nginx_sends_the_headers_on_the_static_files_it_serves(proxy):
    with urllib.request.urlopen(proxy + "/static/games/inspect.css", timeout=5) as r:
        headers = r.headers
    for name, value in FIXED_HEADERS.items():
        assert headers[name] == value, name
    assert headers["X-Frame-Options"] == "DENY"
    assert "public, immutable" in headers.get_all("Cache-Control")  # (still cached a year)
    policy = directives(headers["Content-Security-Policy"])
    assert policy["default-src"] == ["'none'"]  # a file opened as a page may run nothing
    assert policy["frame-ancestors"] == ["'none'"]
    django_policy = Client().get("/api/content/")["Permissions-Policy"]
    assert headers["Permissions-Policy"] == django_policy


# --- the report endpoint --------------------------------------------------------------------
REPORT = {
    "csp-report": {
        "document-uri": "https://dwaalhof.example/#/join/SECRETCODE?x=1",
        "referrer": "",
        "violated-directive": "style-src-attr",
        "effective-directive": "style-src-attr",
        "original-policy": "default-src 'self'",
        "blocked-uri": "inline",
        "status-code": 200,
        "source-file": "https://dwaalhof.example/js/board.js",
        "line-number": 157,
    }
}
REPORTS_API = [
    {
        "type": "csp-violation",
        "age": 10,
        "url": "https://dwaalhof.example/",
        "body": {
            "documentURL": "https://dwaalhof.example/?token=abc",
            "effectiveDirective": "img-src",
            "blockedURL": "https://tracker.example/pixel.gif?id=1",
            "disposition": "enforce",
        },
    },
    {"type": "deprecation", "body": {"id": "x"}},
]


@pytest.fixture
def csp_log(caplog):
    caplog.set_level(logging.INFO, logger="dwaalhof.csp")
    return lambda: [r.getMessage() for r in caplog.records if r.name == "dwaalhof.csp"]


def post(body, content_type, **extra):
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return Client().post("/csp-report/", data, content_type=content_type, **extra)


def test_a_violation_report_is_logged_as_one_line_without_query_or_fragment(csp_log):
    r = post(REPORT, "application/csp-report")
    assert r.status_code == 204 and r.content == b""
    (line,) = csp_log()
    assert "directive='style-src-attr'" in line
    assert "blocked='inline'" in line
    assert "page='https://dwaalhof.example/'" in line
    assert "source='https://dwaalhof.example/js/board.js' line='157'" in line
    assert "SECRETCODE" not in line


def test_reports_of_the_reporting_api_are_logged_too(csp_log):
    r = post(REPORTS_API, "application/reports+json")
    assert r.status_code == 204
    (line,) = csp_log()  # the deprecation report is not a policy violation
    assert "directive='img-src'" in line
    assert "blocked='https://tracker.example/pixel.gif'" in line
    assert "token" not in line


def test_a_logged_field_cannot_forge_log_lines(csp_log):
    forged = {"csp-report": {**REPORT["csp-report"], "blocked-uri": "x\nERROR forged" + "y" * 500}}
    assert post(forged, "application/csp-report").status_code == 204
    (line,) = csp_log()
    assert "\n" not in line and len(line) < 1000


@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        ("not json", "application/csp-report", 400),
        ({"report": 1}, "application/csp-report", 400),
        ([{"type": "csp-violation"}], "application/reports+json", 400),
        ([], "application/reports+json", 400),
        ("[" * 100_000, "application/csp-report", 400),  # deeper than the parser goes
        ({"csp-report": {"blocked-uri": "x" * 70_000}}, "application/csp-report", 400),
        (REPORT, "text/plain", 415),
    ],
)
def test_bad_reports_are_refused_and_not_logged(csp_log, body, content_type, status):
    r = post(body, content_type)
    assert r.status_code == status
    assert set(r.json()) >= {"code", "detail"}
    assert csp_log() == []


def test_reports_need_no_login_and_no_csrf_token_even_with_a_session(django_user_model):
    client = Client(enforce_csrf_checks=True)
    client.force_login(django_user_model.objects.create_user("anna", password="x-y-z-123"))
    r = client.post("/csp-report/", json.dumps(REPORT), content_type="application/csp-report")
    assert r.status_code == 204


def test_reports_are_throttled_per_address(settings, csp_log):
    settings.DWAALHOF_THROTTLE_RATES = {
        **settings.DWAALHOF_THROTTLE_RATES,
        "csp_report": "3/minute",
    }
    answers = [post(REPORT, "application/csp-report").status_code for _ in range(5)]
    assert answers == [204, 204, 204, 429, 429]
    assert len(csp_log()) == 3
    other = post(REPORT, "application/csp-report", REMOTE_ADDR="10.0.0.9")
    assert other.status_code == 204
