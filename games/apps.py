from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games and matches")

    def ready(self) -> None:
        # The services enqueue the replay task by its name; the task has to be registered
        # with Celery in every process (web and worker), so its module is loaded here.
        from games import tasks  # noqa: F401
