"""Pages of Swiss and table rounds: pairing the next round, seating the tables."""

from django.urls import path

from tournaments import round_views

urlpatterns = [
    path("<slug:slug>/rounds/next/", round_views.tournament_round_next,
         name="tournament-round-next"),
]
