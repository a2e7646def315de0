from django.urls import include, path
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)
from rest_framework.routers import DefaultRouter

from games.api.games import GameViewSet
from games.api.logs import MatchLogViewSet
from games.api.matches import MatchViewSet
from league.api.leaderboards import LeaderboardViewSet
from league.api.leagues import LeagueViewSet, SeasonViewSet
from league.api.players import PlayerViewSet
from league.api.statistics import (
    GamePlayersView,
    HeadToHeadView,
    PlayerStatisticsView,
    RecordsView,
    StatisticsGamesView,
)
from league.api.tokens import TokenView
from tournaments.api.tournaments import TournamentViewSet

router = DefaultRouter()
router.register("games", GameViewSet, basename="game")
router.register("players", PlayerViewSet, basename="player")
router.register("leagues", LeagueViewSet, basename="league")
router.register("seasons", SeasonViewSet, basename="season")
router.register("leaderboards", LeaderboardViewSet, basename="leaderboard")
router.register("tournaments", TournamentViewSet, basename="tournament")
router.register("matches", MatchViewSet, basename="match")
router.register("logs", MatchLogViewSet, basename="log")

urlpatterns = [
    path("", include("tournaments.api.urls")),
    path("", include("games.api.urls")),
    path("statistics/", StatisticsGamesView.as_view(), name="api-statistics"),
    path("statistics/<slug:game>/players/", GamePlayersView.as_view(),
         name="api-statistics-players"),
    path("statistics/<slug:game>/players/<int:player>/", PlayerStatisticsView.as_view(),
         name="api-statistics-player"),
    path("statistics/<slug:game>/head-to-head/<int:player>/<int:opponent>/",
         HeadToHeadView.as_view(), name="api-head-to-head"),
    path("statistics/<slug:game>/records/", RecordsView.as_view(), name="api-records"),
    path("", include(router.urls)),
    path("auth/token/", TokenView.as_view(), name="api-token"),
    path("schema/", SpectacularAPIView.as_view(), name="api-schema"),
    # The split view loads its script from a URL, not inline (the Content-Security-Policy).
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="api-schema"), name="api-docs"),
    path("redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
]
