"""API of the exports and the import of a whole event."""

from django.urls import path

from tournaments.api import exports

urlpatterns = [
    path("events/import/", exports.EventImportView.as_view(), name="api-event-import"),
    path("tournaments/<slug:slug>/export/", exports.EventExportView.as_view(),
         name="api-tournament-export"),
    path("tournaments/<slug:slug>/export/<str:kind>.csv", exports.TournamentCsvView.as_view(),
         name="api-tournament-csv"),
    path("exports/seasons/<slug:league>/<slug:season>/<str:kind>.csv",
         exports.SeasonCsvView.as_view(), name="api-season-csv"),
]
