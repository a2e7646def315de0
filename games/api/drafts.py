"""A person's draft of a match's result, kept as it is typed (``games.services.drafts``).

``GET``/``PUT``/``DELETE /api/matches/{id}/draft/``: the signed-in person's own draft only.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import NotFound, PermissionDenied, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.models import Match
from games.selectors.results import draft_of, may_enter_result
from games.services.drafts import DraftInvalid, sheet_draft_discard, sheet_draft_save


class MatchDraftView(APIView):
    """Your draft of the match's result: saved as you type, gone once you submit."""

    permission_classes = [permissions.IsAuthenticated]

    def _match(self, request: Request, pk: int) -> Match:
        match = get_object_or_404(Match, pk=pk)
        if not may_enter_result(request.user, match):
            raise PermissionDenied(gettext("Only the organizers and the match's players may "
                                           "enter its result."))
        return match

    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="Your draft")
    def get(self, request: Request, pk: int) -> Response:
        draft = draft_of(request.user, self._match(request, pk))
        if draft is None:
            raise NotFound(gettext("You have no draft of this match."))
        return Response({"data": draft.data, "updated_at": draft.updated_at})

    @extend_schema(request={"application/json": OpenApiTypes.OBJECT},
                   responses={200: OpenApiTypes.OBJECT}, summary="Save your draft")
    def put(self, request: Request, pk: int) -> Response:
        match = self._match(request, pk)
        try:
            draft = sheet_draft_save(user=request.user, match=match, data=request.data)
        except DraftInvalid as error:
            raise ValidationError({"data": [str(error)]}) from None
        return Response({"data": draft.data, "updated_at": draft.updated_at})

    @extend_schema(responses={204: None}, summary="Throw your draft away")
    def delete(self, request: Request, pk: int) -> Response:
        sheet_draft_discard(user=request.user, match=self._match(request, pk))
        return Response(status=status.HTTP_204_NO_CONTENT)
