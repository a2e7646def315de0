"""API of Swiss and table rounds."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
