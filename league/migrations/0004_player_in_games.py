# Players moved to the games app (games 0006): the league's foreign keys follow, then the
# league's own copy of the model goes. Nothing changes in the database.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0006_player"),
        ("league", "0003_season_closed_at_final_standings"),
        ("tournaments", "0005_player_in_games"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="season",
                    name="members",
                    field=models.ManyToManyField(blank=True, related_name="seasons",
                                                 to="games.player", verbose_name="members"),
                ),
                migrations.AlterField(
                    model_name="division",
                    name="members",
                    field=models.ManyToManyField(blank=True, related_name="divisions",
                                                 to="games.player", verbose_name="members"),
                ),
                migrations.AlterField(
                    model_name="rating",
                    name="player",
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                            related_name="ratings", to="games.player",
                                            verbose_name="player"),
                ),
                migrations.AlterField(
                    model_name="ratingchange",
                    name="player",
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                            related_name="rating_changes", to="games.player",
                                            verbose_name="player"),
                ),
                migrations.DeleteModel(name="Player"),
            ],
        ),
    ]
