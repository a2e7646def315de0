"""API of one stored log version: the text as submitted, its verdict and hands."""

from __future__ import annotations

from rest_framework import mixins, viewsets

from games.api.serializers import (
    LogDetailSerializer,
)
from games.models import MatchLog


class MatchLogViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """One stored version of a match log: the text as submitted, its verdict and hands."""

    serializer_class = LogDetailSerializer
    lookup_value_regex = "[0-9]+"  # a non-numeric id is a 404, not a crash
    queryset = MatchLog.objects.select_related("submitted_by", "match").prefetch_related("hands")
