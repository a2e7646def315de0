from django.contrib import admin
from django.urls import include, path, re_path
from django.views.generic import RedirectView

urlpatterns = [
    # Players moved to the games app; bookmarks of their admin pages keep working.
    re_path(r"^admin/league/player/(?P<rest>.*)$",
            RedirectView.as_view(url="/admin/games/player/%(rest)s", permanent=True)),
    path("admin/", admin.site.urls),
    path("api/", include("league.api.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("", include("league.web.urls")),
]

# Under /api/ a wrong address or a crash answers in the API's error shape, never a page.
handler404 = "league.api.errors.not_found"
handler500 = "league.api.errors.server_error"
