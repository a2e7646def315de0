"""The pages."""

from django.contrib.auth import views as auth_views
from django.urls import include, path

from games import views as game_views
from league import views

urlpatterns = [
    path("", views.home, name="home"),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("players/", views.player_list, name="player-list"),
    path("players/<int:pk>/", views.player_detail, name="player-detail"),
    path("leagues/new/", views.league_create, name="league-create"),
    path("leagues/<slug:slug>/", views.league_detail, name="league-detail"),
    path("leagues/<slug:slug>/archive/", views.league_archive, name="league-archive"),
    path("leagues/<slug:league>/<slug:season>/", views.season_detail, name="season-detail"),
    path("leaderboards/", views.leaderboard_index, name="leaderboard-index"),
    path("leaderboards/<slug:game>/", views.leaderboard, name="leaderboard"),
    path("tournaments/", include("tournaments.urls")),
    path("tournaments/", include("tournaments.registration_urls")),
    path("tournaments/", include("tournaments.elimination_urls")),
    path("tournaments/", include("tournaments.round_urls")),
    path("tournaments/", include("tournaments.export_urls")),
    path("matches/<int:pk>/", game_views.match_detail, name="match-detail"),
    path("logs/<int:pk>.json", game_views.log_text, name="log-text"),
]
