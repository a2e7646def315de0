"""Every tournament so far had one format: give it a main stage and put its rounds in it."""

from django.db import migrations, models
import django.db.models.deletion


def main_stages(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    Stage = apps.get_model("tournaments", "Stage")
    Round = apps.get_model("tournaments", "Round")
    status = {"registration": "pending", "running": "running", "finished": "finished"}
    for tournament in Tournament.objects.all():
        if not Round.objects.filter(tournament=tournament).exists():
            continue
        stage = Stage.objects.create(tournament=tournament, number=1, kind="main",
                                     format=tournament.format,
                                     status=status[tournament.status])
        Round.objects.filter(tournament=tournament).update(stage=stage)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0002_entry_checked_in_at_entry_group_entry_joined_round_and_more"),
    ]

    operations = [
        migrations.RunPython(main_stages, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="round",
            name="stage",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE,
                                    related_name="rounds", to="tournaments.stage",
                                    verbose_name="stage"),
        ),
    ]
