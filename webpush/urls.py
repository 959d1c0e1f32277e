from django.urls import path

from . import api

urlpatterns = [
    path("account/push/", api.PushDevicesView.as_view(), name="account-push"),
    path("account/push/<int:device_id>/", api.PushDeviceView.as_view(), name="account-push-device"),
]
