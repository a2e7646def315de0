"""API of double elimination, groups and playoffs, forfeits and disqualification."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
