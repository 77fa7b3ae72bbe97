"""The engine contract (core.game): ``is_legal`` agrees with ``apply`` for every input, of any JSON
type, and a refused action changes nothing. Each game's own fuzz test runs core.fuzz over states of
real play; this one checks the shared envelope on the toy game."""

from __future__ import annotations

import pytest
from toy_game import ToyState

from railtable.core.fuzz import fuzz_state


@pytest.mark.parametrize(
    "action",
    [None, [], "x", 3, {}, {"player": 0}, {"type": 5, "player": 0}, {"type": "add", "player": True},
     {"type": "add", "player": 1.0}, {"type": "add", "player": 2**70}, {"type": "add", "player": "0"}],
)
def test_is_legal_is_false_and_never_raises_for_malformed_actions(action):
    st = ToyState.setup({"players": ["A", "B"]}, 1)
    assert st.is_legal(action) is False


def test_fuzz_every_field_of_every_legal_action_on_the_toy_game():
    st = ToyState.setup({"players": ["A", "B"]}, 1)
    assert fuzz_state(st) > 0
