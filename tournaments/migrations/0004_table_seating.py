"""Table rounds: who deals first at each table and how many deals it plays."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0001_initial'),
        ('tournaments', '0003_rounds_belong_to_a_stage'),
    ]

    operations = [
        migrations.CreateModel(
            name='TableSeating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('first_dealer', models.PositiveSmallIntegerField(help_text='The seat (from 0) of the player who deals first.', verbose_name='first dealer')),
                ('deals', models.PositiveSmallIntegerField(blank=True, help_text='The deals (Nerts: hands) the table plays; empty: as the rules say.', null=True, verbose_name='deals')),
                ('match', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, related_name='seating', to='games.match', verbose_name='match')),
            ],
            options={
                'verbose_name': 'table seating',
                'verbose_name_plural': 'table seatings',
            },
        ),
    ]
