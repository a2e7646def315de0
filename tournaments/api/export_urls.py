"""API of the exports and the import of a whole event."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
