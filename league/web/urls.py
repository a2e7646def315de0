"""The pages of the site: the league side here, tournaments and matches from their apps."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from league.web import health, home, leaderboards, leagues, players

urlpatterns = [
    path("", home.home, name="home"),
    path("healthz/", health.healthz, name="healthz"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("players/", players.player_list, name="player-list"),
    path("players/<int:pk>/", players.player_detail, name="player-detail"),
    path("leagues/", leagues.league_list, name="league-list"),
    path("leagues/new/", leagues.league_create, name="league-create"),
    path("leagues/<slug:slug>/", leagues.league_detail, name="league-detail"),
    path("leagues/<slug:slug>/archive/", leagues.league_archive, name="league-archive"),
    path("leagues/<slug:league>/<slug:season>/", leagues.season_detail, name="season-detail"),
    path("leaderboards/", leaderboards.leaderboard_index, name="leaderboard-index"),
    path("leaderboards/<slug:game>/", leaderboards.leaderboard, name="leaderboard"),
    path("tournaments/", include("tournaments.web.urls")),
    path("", include("games.web.urls")),
]
