"""The pages of the site: the league side here, tournaments and matches from their apps."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from league.web import (
    calendars,
    head_to_head,
    health,
    home,
    leaderboards,
    leagues,
    live,
    players,
    records,
    rules,
    statistics,
    widgets,
)

urlpatterns = [
    path("", home.home, name="home"),
    path("healthz/", health.healthz, name="healthz"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("players/", players.player_list, name="player-list"),
    path("players/<int:pk>/", players.player_detail, name="player-detail"),
    path("players/<int:pk>/statistics/<slug:game>/", statistics.player_statistics_page,
         name="player-statistics"),
    path("leagues/", leagues.league_list, name="league-list"),
    path("leagues/new/", leagues.league_create, name="league-create"),
    path("leagues/<slug:slug>/", leagues.league_detail, name="league-detail"),
    path("leagues/<slug:slug>/archive/", leagues.league_archive, name="league-archive"),
    path("leagues/<slug:slug>/records/", records.league_records, name="league-records"),
    path("leagues/<slug:slug>/fixtures.ics", calendars.league_calendar, name="league-ical"),
    path("leagues/<slug:league>/<slug:season>/", leagues.season_detail, name="season-detail"),
    path("leagues/<slug:league>/<slug:season>/widget/", widgets.season_widget,
         name="season-widget"),
    path("leaderboards/", leaderboards.leaderboard_index, name="leaderboard-index"),
    path("leaderboards/<slug:game>/", leaderboards.leaderboard, name="leaderboard"),
    path("statistics/", statistics.statistics_index, name="statistics-index"),
    path("statistics/<slug:game>/", statistics.game_statistics, name="game-statistics"),
    path("statistics/<slug:game>/records/", records.game_records, name="game-records"),
    path("statistics/<slug:game>/head-to-head/", head_to_head.head_to_head_pick,
         name="head-to-head-pick"),
    path("statistics/<slug:game>/head-to-head/<int:player>/<int:opponent>/",
         head_to_head.head_to_head, name="head-to-head"),
    path("rules/", rules.rules_index, name="rules-index"),
    path("rules/<slug:game>/", rules.rules_page, name="rules"),
    # Live pages ask these what changed (league.web.live).
    path("live/home/", live.home_changed, name="live-home"),
    path("live/tournaments/<slug:slug>/", live.tournament_changed, name="live-tournament"),
    path("live/seasons/<slug:league>/<slug:season>/", live.season_changed, name="live-season"),
    path("live/matches/<int:pk>/", live.match_changed, name="live-match"),
    path("tournaments/", include("tournaments.web.urls")),
    path("", include("games.web.urls")),
]
