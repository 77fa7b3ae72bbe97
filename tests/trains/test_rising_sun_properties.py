"""Property tests for Rising Sun (issue 11): random games over all five boards, the three `sets` values,
Route Bonus on and off: nothing created or lost, saves restore equal, views hide hands and deck order,
legal_actions agrees with apply, every game ends."""

from __future__ import annotations

import json

import pytest

from railtable.core import Rng
from railtable.trains.bots import eager_choice
from railtable.trains.state import TrainsState

BOARDS = (("tokyo", 2), ("osaka", 4), ("nagoya", 3), ("nagoya", 4), ("chiba", 2), ("kyushu", 2))
MAX_ACTIONS = 5000


def config(seed: int) -> dict:
    board, n = BOARDS[seed % len(BOARDS)]
    return {"players": [f"P{i}" for i in range(n)], "board": board, "kingdom": "random",
            "sets": ("trains", "rising_sun", "both")[(seed // 6) % 3], "route_bonus": bool(seed // 18 % 2)}


def play(seed: int, check: bool) -> TrainsState:
    rng = Rng(seed)
    st = TrainsState.setup(config(seed), seed)
    total = len(st.zones.card_names)
    rails = sum(st.rails_left) + sum(len(r) for r in st.rails)
    tokens = st.station_tokens + sum(st.stations)
    count = 0
    while not st.is_over() and count < MAX_ACTIONS:
        p = st.to_act()[0]
        legal = st.legal_actions(p)
        assert legal and all(st.is_legal(a) for a in legal)
        if check:
            for q in range(st.num_players):
                if q not in st.to_act():
                    assert st.legal_actions(q) == []
            if count % 7 == 0:
                back = TrainsState.from_json(json.loads(json.dumps(st.to_json())))
                assert back == st and back.legal_actions(p) == legal
                _views_hide_secrets(st)
        st.apply(eager_choice(rng, legal))
        count += 1
        if check and count % 25 == 0:
            assert len(st.zones.census()) == total
            assert sum(st.rails_left) + sum(len(r) for r in st.rails) == rails
            assert st.station_tokens + sum(st.stations) == tokens
    assert len(st.zones.census()) == total
    return st


def _views_hide_secrets(st: TrainsState) -> None:
    """Swap another player's hand with their deck and reverse a deck: the viewer's view stays the same."""
    viewer = st.to_act()[0]
    other_seat = (viewer + 1) % st.num_players
    v1 = json.dumps(st.view(viewer))
    other = st.copy()
    z = other.zones
    k = min(len(z.hands[other_seat]), len(z.decks[other_seat]))
    z.hands[other_seat][:k], z.decks[other_seat][:k] = z.decks[other_seat][:k], z.hands[other_seat][:k]
    z.decks[viewer].reverse()
    if other.pending is None or other.pending["player"] == viewer:
        assert json.dumps(other.view(viewer)) == v1


@pytest.mark.parametrize("seed", range(36))
def test_random_games_over_every_board_set_and_route_option_end_and_conserve(seed):
    st = play(seed, check=seed < 12)
    assert st.is_over(), f"game {seed} ({config(seed)}) did not end within {MAX_ACTIONS} actions"


@pytest.mark.slow
def test_1000_random_rising_sun_games_end():
    ended = sum(play(seed, check=False).is_over() for seed in range(1000))
    assert ended >= 995
