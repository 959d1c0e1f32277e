"""Two configurations: the app itself (the audit of hidden state opened in the admin, the
record of login lockouts, the staff's second factor), and the admin's, whose default site is
StaffAdminSite (staffguard.admin_site): every `admin.site.register` in the project lands on
the site that asks staff for their second factor."""

from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps


class StaffGuardConfig(AppConfig):
    default = True
    default_auto_field = "django.db.models.BigAutoField"
    name = "staffguard"
    verbose_name = "Staff guard"

    def ready(self) -> None:
        from axes.signals import user_locked_out

        from . import login_limits

        user_locked_out.connect(login_limits.on_locked_out, dispatch_uid="staffguard.locked_out")


class StaffAdminConfig(admin_apps.AdminConfig):
    """INSTALLED_APPS names this instead of "django.contrib.admin" (Django's documented way
    to replace the default admin site)."""

    default = False  # staffguard's own configuration is StaffGuardConfig
    default_site = "staffguard.admin_site.StaffAdminSite"
