"""The replay viewer's "continue from here" (issue 31): which kind each seat is offered first."""

from __future__ import annotations

import pytest
import railtable_web.app  # noqa: F401  (registers the games)
from railtable_web.replay_ui import _offered_kind

from railtable.core.registry import available_games


@pytest.mark.parametrize("info", available_games(), ids=lambda i: i.id)
def test_a_seat_is_offered_its_own_kind_and_an_outside_bot_the_strongest_level(info) -> None:  # type: ignore[no-untyped-def]
    assert _offered_kind(info, None) == "human"
    for level in info.bots:
        assert _offered_kind(info, level) == level
    for old, level in info.bot_aliases.items():
        assert _offered_kind(info, old) == level
    # a bench or test bot the lobby does not offer: a bot still, not a person (it was Human)
    assert _offered_kind(info, "oracle") == "hard"
    for extra in info.extra_bots:
        assert _offered_kind(info, extra) == "hard"
