"""The dice are HMAC-SHA256(seed, "purpose:counter"): anyone with the revealed seed can
recompute every one with any HMAC implementation (docs/rules.md, fair dice)."""

import hashlib
import hmac

from hypothesis import given
from hypothesis import strategies as st

from engine import rng


def published_draw(seed: str, purpose: str, n: int) -> int:
    """The draw as a player checking a finished game computes it, with the standard library."""
    digest = hmac.new(seed.encode(), f"{purpose}:{n}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big")


@given(
    seed=st.one_of(
        st.text(alphabet="0123456789abcdef", min_size=64, max_size=64),  # the server's seeds
        st.text(min_size=1, max_size=200),  # any seed, also longer than a SHA-256 block
    ),
    purpose=st.sampled_from(["walk-dice", "board", "start-seat", "tokens", "bot:12"]),
    draws=st.integers(min_value=1, max_value=5),
)
def test_every_draw_is_the_published_hmac_of_seed_purpose_and_counter(seed, purpose, draws):
    counters: dict[str, int] = {}
    for n in range(draws):
        assert rng._draw(seed, counters, purpose) == published_draw(seed, purpose, n)
    assert counters == {purpose: draws}
