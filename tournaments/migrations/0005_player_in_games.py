# Players moved to the games app (games 0006): the entries' foreign key follows. The column
# and the table it points to stay as they are.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0006_player"),
        ("tournaments", "0004_table_seating"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="entry",
                    name="player",
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT,
                                            related_name="entries", to="games.player",
                                            verbose_name="player"),
                ),
            ],
        ),
    ]
