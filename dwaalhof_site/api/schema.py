"""The OpenAPI schema's generator: drf-spectacular's, with the answers the API's machinery
gives written into every operation, so no view can forget them:

- 401 where a token is read (a wrong token is refused before the view runs);
- 403 on an unsafe method where a session is read (a missing CSRF token);
- 429 where a throttle counts (dwaalhof_site.api.throttles);
- a DELETE's request body (drf-spectacular leaves it out);
- a request body of several kinds (a oneOf, e.g. a new game per opponent) is required,
  as each kind requires its discriminator.

The answers are the error envelope (errors.ErrorSerializer)."""

from __future__ import annotations

from typing import Any

from drf_spectacular import openapi
from drf_spectacular.plumbing import force_instance
from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework.authentication import SessionAuthentication
from rest_framework.permissions import SAFE_METHODS

from .errors import ErrorSerializer


class AutoSchema(openapi.AutoSchema):
    # (extend_schema subclasses this class per view, overriding get_response_serializers:
    # the machinery's answers are added where the bodies are built.)
    def _get_response_bodies(self, direction: Any = "response") -> Any:
        responses = super()._get_response_bodies(direction)
        machinery = []
        if self.view.authentication_classes:
            machinery.append("401")
        if (
            self.method not in SAFE_METHODS
            and SessionAuthentication in self.view.authentication_classes
        ):
            machinery.append("403")
        if self.view.get_throttles():
            machinery.append("429")
        for code in machinery:
            if code not in responses:
                responses[code] = self._get_response_for_code(
                    ErrorSerializer, code, None, direction
                )
        return responses

    def _get_request_body(self, direction: Any = "request") -> Any:
        if self.method != "DELETE" or self.get_request_serializer() is None:
            return super()._get_request_body(direction)
        # drf-spectacular leaves a DELETE's body out; deleting an account sends its password.
        self.method = "POST"
        try:
            return super()._get_request_body(direction)
        finally:
            self.method = "DELETE"

    def _get_request_for_media_type(self, serializer: Any, direction: Any = "request") -> Any:
        schema, required = super()._get_request_for_media_type(serializer, direction)
        if isinstance(force_instance(serializer), PolymorphicProxySerializer):
            required = True
        return schema, required
