"""The games' API beside the router's viewsets (``league/api/urls.py``): checking a sheet
row by row, drafts, and results entered by players with their confirmation."""

from django.urls import path

from games.api import checks, drafts, reports

urlpatterns = [
    path("matches/<int:pk>/check/", checks.MatchCheckView.as_view(), name="api-match-check"),
    path("matches/<int:pk>/draft/", drafts.MatchDraftView.as_view(), name="api-match-draft"),
    path("matches/<int:pk>/reports/", reports.MatchReportsView.as_view(),
         name="api-match-reports"),
    path("reports/<int:pk>/", reports.ReportView.as_view(), name="api-report"),
    *(path(f"reports/<int:pk>/{action}/",
           reports.ReportActionView.as_view(action_name=action), name=f"api-report-{action}")
      for action in ("confirm", "dispute", "accept", "decline", "withdraw")),
]
