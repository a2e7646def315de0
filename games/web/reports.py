"""Answers to a reported result on the match page: the other players confirm or dispute it,
an organizer counts or declines it, the player who entered it withdraws it."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.models import ResultReport
from games.services import MatchNotReady
from games.services.reports import (
    ResultRefused,
    result_report_answer,
    result_report_decide,
    result_report_withdraw,
)

_DONE = {
    "confirm": lambda: _("You confirmed the result."),
    "dispute": lambda: _("You disputed the result: an organizer decides."),
    "accept": lambda: _("The result counts."),
    "decline": lambda: _("The result is declined."),
    "withdraw": lambda: _("The result is withdrawn."),
}


@require_POST
def report_action(request: HttpRequest, pk: int, action: str) -> HttpResponse:
    report = get_object_or_404(ResultReport.objects.select_related("match"), pk=pk)
    user = request.user
    try:
        if action in ("confirm", "dispute"):
            reason = request.POST.get("reason", "").strip()
            if action == "dispute" and not reason:
                messages.error(request, _("Say what is wrong with the result, so that the "
                                          "organizer can decide."))
                return redirect(report.match)
            result_report_answer(report=report, user=user, agrees=action == "confirm",
                                 reason=reason)
        elif action in ("accept", "decline"):
            result_report_decide(report=report, user=user, accept=action == "accept")
        elif action == "withdraw":
            result_report_withdraw(report=report, user=user)
        else:
            messages.error(request, _("Unknown action."))
            return redirect(report.match)
    except (ResultRefused, MatchNotReady) as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _DONE[action]())
    return redirect(report.match)
