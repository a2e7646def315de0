"""Pages of Swiss and table rounds: pairing the next round, seating the tables."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
