import json

from django.db import connection, transaction
from django.urls import path
from rest_framework.response import Response
from rest_framework.views import APIView


class InsertView(APIView):
    """The least a move can cost: authenticate, parse, insert one row, commit, answer."""

    def post(self, request):
        with transaction.atomic(), connection.cursor() as cur:
            cur.execute(
                "INSERT INTO bench_floor (payload) VALUES (%s) RETURNING id",
                [json.dumps(request.data)],
            )
            row_id = cur.fetchone()[0]
        return Response({"id": row_id}, status=201)


class BareView(APIView):
    """The least a read can cost: authenticate, answer."""

    def get(self, request):
        return Response({"user": request.user.pk})


class HealthView(APIView):
    """Up: for the load test's proxy and its wait (no login)."""

    authentication_classes: list = []
    permission_classes: list = []

    def get(self, request):
        return Response({"up": True})


urlpatterns = [
    path("floor/insert/", InsertView.as_view()),
    path("floor/get/", BareView.as_view()),
    path("floor/health/", HealthView.as_view()),
]
