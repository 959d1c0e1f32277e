from django.urls import path

from . import api

urlpatterns = [
    path("auth/csrf", api.CsrfView.as_view(), name="auth-csrf"),
    path("auth/signup", api.SignupView.as_view(), name="auth-signup"),
    path("auth/login", api.LoginView.as_view(), name="auth-login"),
    path("auth/logout", api.LogoutView.as_view(), name="auth-logout"),
    path("auth/me", api.MeView.as_view(), name="auth-me"),
    path("account/vacation/", api.VacationView.as_view(), name="account-vacation"),
    path("auth/password", api.PasswordView.as_view(), name="auth-password"),
    path("auth/token", api.TokenView.as_view(), name="auth-token"),
    path("account/data/", api.AccountDataView.as_view(), name="account-data"),
]
