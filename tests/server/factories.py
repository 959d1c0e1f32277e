import factory
from django.contrib.auth import get_user_model

from tests.conftest import PASSWORD


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"speler{n}")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def display_name(obj, create, extracted, **kwargs):
        if extracted:
            obj.profile.display_name = extracted
            obj.profile.save()
