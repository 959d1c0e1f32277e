"""The API's Swagger UI (/api/docs/) under the site's Content-Security-Policy.

drf-spectacular's split view: the page loads its start-up script from the same URL
(`?script`) instead of an inline <script>, and Swagger UI's files come from the site's
static files (drf-spectacular-sidecar, SWAGGER_UI_DIST = "SIDECAR"), not a CDN. The page's
template drops the inline <style> (frontend/css/api-docs.css has its rules). Swagger UI's
stylesheet draws its icons as data: images, so this page alone also allows images from
data: URLs.
"""

from __future__ import annotations

from csp.decorators import csp_update
from django.utils.decorators import method_decorator
from drf_spectacular.views import SpectacularSwaggerSplitView


@method_decorator(csp_update({"img-src": ["data:"]}), name="get")
class SwaggerView(SpectacularSwaggerSplitView):
    template_name = "api_docs/swagger_ui.html"
