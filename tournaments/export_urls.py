"""Exports of an event: CSV, printable sheets, the JSON of a whole event."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
