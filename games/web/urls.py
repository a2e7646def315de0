"""Pages of matches: the match page and entering its result, the paper sheet, answers to a
reported result, the results waiting on somebody, invitations."""

from django.urls import path

from games.web import invitations, matches, printing, reports, waiting

urlpatterns = [
    path("matches/", matches.match_list, name="match-list"),
    path("matches/<int:pk>/", matches.match_detail, name="match-detail"),
    path("matches/<int:pk>/sheet/print/", printing.sheet_print, name="match-sheet-print"),
    path("logs/<int:pk>.json", matches.log_text, name="log-text"),
    path("reports/<int:pk>.json", matches.report_text, name="report-text"),
    path("reports/<int:pk>/<str:action>/", reports.report_action, name="report-action"),
    path("results/waiting/", waiting.waiting_page, name="results-waiting"),
    path("players/<int:pk>/invite/", invitations.invitation_new, name="invitation-new"),
    path("invitations/<str:token>/", invitations.invitation_accept_page,
         name="invitation-accept"),
]
