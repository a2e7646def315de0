"""Pages of a match: its score sheet and log history, and a stored log as submitted."""

from django.urls import path

from games.web import matches

urlpatterns = [
    path("matches/", matches.match_list, name="match-list"),
    path("matches/<int:pk>/", matches.match_detail, name="match-detail"),
    path("logs/<int:pk>.json", matches.log_text, name="log-text"),
]
