# Players move from the league app to games, the bottom app, where every match seat names one.
# Only Django's picture of the models changes: the table keeps its name (league_player) and
# every row, and the foreign keys of the other apps follow in their own migrations.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def content_type_to_games(apps, schema_editor):
    """Keep the admin's history and permissions of players: their content type moves too."""
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="league", model="player").update(app_label="games")


def content_type_to_league(apps, schema_editor):
    content_types = apps.get_model("contenttypes", "ContentType")
    content_types.objects.filter(app_label="games", model="player").update(app_label="league")


class Migration(migrations.Migration):

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("games", "0005_forfeit_reasons"),
        ("league", "0003_season_closed_at_final_standings"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Player",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                                   serialize=False, verbose_name="ID")),
                        ("name", models.CharField(
                            help_text="As it appears in standings and in match logs.",
                            max_length=80, unique=True, verbose_name="name")),
                        ("created_at", models.DateTimeField(auto_now_add=True,
                                                           verbose_name="created")),
                        ("user", models.OneToOneField(
                            blank=True, null=True,
                            on_delete=django.db.models.deletion.SET_NULL,
                            related_name="+", to=settings.AUTH_USER_MODEL,
                            verbose_name="login")),
                    ],
                    options={
                        "verbose_name": "player",
                        "verbose_name_plural": "players",
                        "db_table": "league_player",
                        "ordering": ["name"],
                    },
                ),
                migrations.AlterField(
                    model_name="seat",
                    name="player",
                    field=models.ForeignKey(blank=True, null=True,
                                            on_delete=django.db.models.deletion.PROTECT,
                                            related_name="seats", to="games.player",
                                            verbose_name="player"),
                ),
            ],
        ),
        migrations.RunPython(content_type_to_games, content_type_to_league),
    ]
