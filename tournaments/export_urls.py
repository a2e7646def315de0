"""Exports of an event: CSV, printable sheets, the JSON of a whole event and its import.

Included under ``/tournaments/``; a league season's CSV lives here too (under
``exports/seasons/``), since the exports are one concern.
"""

from django.urls import path

from tournaments import export_views as views

urlpatterns = [
    path("events/import/", views.event_import, name="event-import"),
    path("exports/seasons/<slug:league>/<slug:season>/<str:kind>.csv", views.season_csv,
         name="season-csv"),
    path("<slug:slug>/export/<str:kind>.csv", views.tournament_csv, name="tournament-csv"),
    path("<slug:slug>/export/event.json", views.event_download, name="tournament-event-json"),
    path("<slug:slug>/print/rounds/<int:number>/", views.round_sheet,
         name="tournament-round-sheet"),
    path("<slug:slug>/print/rounds/<int:number>/lists/", views.round_lists,
         name="tournament-round-lists"),
    path("<slug:slug>/print/rounds/<int:number>/tables/<int:table>/", views.table_list,
         name="tournament-table-list"),
]
