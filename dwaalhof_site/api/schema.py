"""The OpenAPI schema's generator: drf-spectacular's, with the answers the API's machinery
gives written into every operation, so no view can forget them:

- 401 where a token is read (a wrong token is refused before the view runs);
- 429 where a throttle counts (dwaalhof_site.api.throttles);
- a request body of several kinds (a oneOf, e.g. a new game per opponent) is required,
  as each kind requires its discriminator.

The answers are the error envelope (errors.ErrorSerializer)."""

from __future__ import annotations

from typing import Any

from drf_spectacular import openapi
from drf_spectacular.plumbing import force_instance
from drf_spectacular.utils import PolymorphicProxySerializer

from .errors import ErrorSerializer


class AutoSchema(openapi.AutoSchema):
    def get_response_serializers(self) -> Any:
        responses = super().get_response_serializers()
        if not isinstance(responses, dict):
            return responses
        machinery: dict[int, Any] = {}
        if self.view.authentication_classes:
            machinery[401] = ErrorSerializer
        if self.view.get_throttles():
            machinery[429] = ErrorSerializer
        return {**machinery, **responses}

    def _get_request_for_media_type(self, serializer: Any, direction: Any = "request") -> Any:
        schema, required = super()._get_request_for_media_type(serializer, direction)
        if isinstance(force_instance(serializer), PolymorphicProxySerializer):
            required = True
        return schema, required
