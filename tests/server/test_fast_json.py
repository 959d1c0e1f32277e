"""The API's and the sockets' JSON (orjson) says what DRF's and Django's encoders said."""

import json
from datetime import UTC, datetime

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.translation import gettext_lazy
from rest_framework.renderers import JSONRenderer as DRFRenderer

from dwaalhof_site.api import fast_json

WHEN = datetime(2026, 12, 2, 10, 59, 7, 123456, tzinfo=UTC)
DATA = {
    "when": WHEN,
    "text": gettext_lazy("Deze partij is vol."),
    "name": "Ëlsbeth\u2028van Dwaalhof",
    1: [1.5, None, True, {"seat": 0}],
}


def test_an_api_answer_means_what_drf_wrote():
    ours = fast_json.JSONRenderer().render(DATA)
    drf = DRFRenderer().render(DATA)
    assert json.loads(ours) == json.loads(drf)
    assert json.loads(ours)["when"] == "2026-12-02T10:59:07.123456Z"
    assert b"\\u2028" in ours  # still valid JavaScript, as DRF writes it


def test_a_socket_text_means_what_djangos_encoder_wrote():
    ours = fast_json.socket_text(DATA)
    django = json.dumps(DATA, cls=DjangoJSONEncoder)
    assert json.loads(ours) == json.loads(django)
    assert json.loads(ours)["when"] == "2026-12-02T10:59:07.123Z"


def test_an_indented_answer_is_left_to_drf():
    text = fast_json.JSONRenderer().render({"a": 1}, "application/json; indent=2")
    assert text == b'{\n  "a": 1\n}'
