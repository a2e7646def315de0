"""Pages of tournaments: the list, creating one, its page and start; the projector view, the
widget and the QR code; the registration;
brackets, groups, forfeits and disqualification; the next round of Swiss and table rounds;
the exports (CSV, printable sheets, the event as JSON and its import; a league season's CSV
lives here too, under ``exports/seasons/``, since the exports are one concern)."""

from django.urls import path

from tournaments.web import (
    elimination,
    exports,
    projector,
    registration,
    rounds,
    sign_up,
    tournaments,
)

urlpatterns = [
    path("", tournaments.tournament_list, name="tournament-list"),
    path("new/", tournaments.tournament_create, name="tournament-create"),
    path("<slug:slug>/", tournaments.tournament_detail, name="tournament-detail"),
    path("<slug:slug>/start/", tournaments.tournament_start, name="tournament-start"),
    # On a screen: the projector view, the embeddable standings, the QR code to the page.
    path("<slug:slug>/projector/", projector.projector, name="tournament-projector"),
    path("<slug:slug>/widget/", projector.widget, name="tournament-widget"),
    path("<slug:slug>/qr.svg", projector.tournament_qr, name="tournament-qr"),
    # The registration: entries, the waiting list, check-in, seeds, withdrawals.
    path("<slug:slug>/entries/", registration.entries_page, name="tournament-entries"),
    # The same address takes the entry form (POST); the name is the form's target.
    path("<slug:slug>/entries/", registration.entries_page, name="tournament-entry-add"),
    path("<slug:slug>/sign-up/", sign_up.sign_up, name="tournament-sign-up"),
    path("<slug:slug>/entries/<int:player>/withdraw/", registration.entry_withdraw,
         name="tournament-entry-withdraw"),
    path("<slug:slug>/entries/<int:player>/check-in/", registration.entry_check_in,
         name="tournament-entry-check-in"),
    path("<slug:slug>/entries/<int:player>/check-in/undo/", registration.entry_check_in_undo,
         name="tournament-entry-check-in-undo"),
    path("<slug:slug>/entries/<int:player>/seed/", registration.entry_seed,
         name="tournament-entry-seed"),
    # Brackets, groups, then playoffs, forfeits and disqualification.
    path("<slug:slug>/forfeits/", elimination.forfeits_page, name="tournament-forfeits"),
    path("<slug:slug>/matches/<int:match>/forfeit/", elimination.match_forfeit,
         name="tournament-match-forfeit"),
    path("<slug:slug>/matches/<int:match>/double-forfeit/", elimination.match_double_forfeit,
         name="tournament-match-double-forfeit"),
    path("<slug:slug>/matches/<int:match>/forfeit/cancel/", elimination.match_forfeit_cancel,
         name="tournament-match-forfeit-cancel"),
    path("<slug:slug>/disqualify/", elimination.entry_disqualify, name="tournament-disqualify"),
    path("<slug:slug>/reinstate/", elimination.entry_reinstate, name="tournament-reinstate"),
    path("<slug:slug>/playoffs/draw/", elimination.playoffs_draw_view,
         name="tournament-playoffs-draw"),
    # Swiss and table rounds: drawing the next round.
    path("<slug:slug>/rounds/next/", rounds.tournament_round_next,
         name="tournament-round-next"),
    # Exports.
    path("events/import/", exports.event_import, name="event-import"),
    path("exports/seasons/<slug:league>/<slug:season>/<str:kind>.csv", exports.season_csv,
         name="season-csv"),
    path("<slug:slug>/export/<str:kind>.csv", exports.tournament_csv, name="tournament-csv"),
    path("<slug:slug>/export/event.json", exports.event_download, name="tournament-event-json"),
    path("<slug:slug>/rounds.ics", exports.tournament_calendar, name="tournament-ical"),
    path("<slug:slug>/print/rounds/<int:number>/", exports.round_sheet,
         name="tournament-round-sheet"),
    path("<slug:slug>/print/rounds/<int:number>/lists/", exports.round_lists,
         name="tournament-round-lists"),
    path("<slug:slug>/print/rounds/<int:number>/tables/<int:table>/", exports.table_list,
         name="tournament-table-list"),
]
