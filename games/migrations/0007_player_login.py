# The login's reverse name ("user.player") comes back to the player once the league app has
# let go of its own copy (league 0004); until then the two copies may not both claim it.

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0006_player"),
        ("league", "0004_player_in_games"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="player",
                    name="user",
                    field=models.OneToOneField(blank=True, null=True,
                                               on_delete=django.db.models.deletion.SET_NULL,
                                               related_name="player",
                                               to=settings.AUTH_USER_MODEL,
                                               verbose_name="login"),
                ),
            ],
        ),
    ]
