"""API of Swiss and table rounds."""

from django.urls import path

from tournaments.api import rounds

urlpatterns = [
    path("tournaments/<slug:slug>/rounds/", rounds.RoundListView.as_view(),
         name="api-tournament-rounds"),
    path("tournaments/<slug:slug>/rounds/next/", rounds.RoundNextView.as_view(),
         name="api-tournament-round-next"),
    path("tournaments/<slug:slug>/duplicate/", rounds.DuplicateView.as_view(),
         name="api-tournament-duplicate"),
    path("tournaments/<slug:slug>/duplicate/<int:match>/", rounds.DuplicateMatchView.as_view(),
         name="api-tournament-duplicate-match"),
]
