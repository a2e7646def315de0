"""The tournaments' API beside the router's viewset (``api/tournaments.py``): the
registration; brackets, groups, forfeits and disqualification; Swiss and table rounds and
duplicate; the exports and the import of a whole event."""

from django.urls import path

from tournaments.api import elimination, exports, registration, rounds

urlpatterns = [
    # The registration.
    path("tournaments/<slug:slug>/registration/", registration.RegistrationView.as_view(),
         name="api-tournament-registration"),
    path("tournaments/<slug:slug>/entries/", registration.EntryListView.as_view(),
         name="api-tournament-entries"),
    path("tournaments/<slug:slug>/entries/<int:player>/", registration.EntryDetailView.as_view(),
         name="api-tournament-entry"),
    path("tournaments/<slug:slug>/entries/<int:player>/check-in/",
         registration.CheckInView.as_view(), name="api-tournament-entry-check-in"),
    # Double elimination, groups and playoffs, forfeits and disqualification.
    path("tournaments/<slug:slug>/matches/<int:match>/forfeit/", elimination.ForfeitView.as_view(),
         name="api-tournament-forfeit"),
    path("tournaments/<slug:slug>/matches/<int:match>/double-forfeit/",
         elimination.DoubleForfeitView.as_view(), name="api-tournament-double-forfeit"),
    path("tournaments/<slug:slug>/disqualifications/",
         elimination.DisqualificationListView.as_view(), name="api-tournament-disqualifications"),
    path("tournaments/<slug:slug>/disqualifications/<int:player>/",
         elimination.DisqualificationDetailView.as_view(), name="api-tournament-disqualification"),
    path("tournaments/<slug:slug>/groups/", elimination.GroupsView.as_view(),
         name="api-tournament-groups"),
    path("tournaments/<slug:slug>/playoffs/", elimination.PlayoffsView.as_view(),
         name="api-tournament-playoffs"),
    path("tournaments/<slug:slug>/placings/", elimination.PlacingsView.as_view(),
         name="api-tournament-placings"),
    path("tournaments/<slug:slug>/notices/", elimination.NoticesView.as_view(),
         name="api-tournament-notices"),
    # Swiss and table rounds, duplicate.
    path("tournaments/<slug:slug>/rounds/", rounds.RoundListView.as_view(),
         name="api-tournament-rounds"),
    path("tournaments/<slug:slug>/rounds/next/", rounds.RoundNextView.as_view(),
         name="api-tournament-round-next"),
    path("tournaments/<slug:slug>/duplicate/", rounds.DuplicateView.as_view(),
         name="api-tournament-duplicate"),
    path("tournaments/<slug:slug>/duplicate/<int:match>/", rounds.DuplicateMatchView.as_view(),
         name="api-tournament-duplicate-match"),
    # The exports and the import of a whole event.
    path("events/import/", exports.EventImportView.as_view(), name="api-event-import"),
    path("tournaments/<slug:slug>/export/", exports.EventExportView.as_view(),
         name="api-tournament-export"),
    path("tournaments/<slug:slug>/export/<str:kind>.csv", exports.TournamentCsvView.as_view(),
         name="api-tournament-csv"),
    path("exports/seasons/<slug:league>/<slug:season>/<str:kind>.csv",
         exports.SeasonCsvView.as_view(), name="api-season-csv"),
]
