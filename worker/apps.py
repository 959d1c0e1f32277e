from django.apps import AppConfig


class WorkerConfig(AppConfig):
    """The background worker (worker.loop) and its command, `manage.py run_worker`. It sits
    above the other apps: it runs their due jobs, and none of them imports it."""

    name = "worker"
    verbose_name = "Achtergrondwerk"
