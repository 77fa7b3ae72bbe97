"""Trains' learned evaluation (issue 33; ``trains/learned.py``): its weights file matches its features,
and it reads a position as the rulebook's Clean Up deals cards (what a player still draws)."""

from __future__ import annotations

import pytest

from railtable.core.registry import get_game
from railtable.core.simulate import default_config
from railtable.trains import learned
from railtable.trains.state import TrainsState


def midgame(seed: int = 5, moves: int = 120) -> TrainsState:
    info = get_game("trains")
    state = info.setup(default_config("trains", 2), seed)
    assert isinstance(state, TrainsState)
    bots = [info.make_bot("easy", seat, seed) for seat in range(2)]
    for _ in range(moves):
        seat = state.to_act()[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


def test_the_weights_file_names_the_features_it_was_fitted_on() -> None:
    data = learned.load_weights()
    assert list(data["features"]) == list(learned.FEATURES)
    assert len(data["weights"]) == len(learned.FEATURES) and data["temperature"] > 0


def test_nothing_is_drawn_when_no_round_is_left_and_a_hand_at_a_time_before_the_reshuffle() -> None:
    st = midgame()
    p = 0
    assert learned.drawn(st, p, 0.0) == [0.0] * 5
    z = st.zones
    front = len(z.hands[p]) + len(z.decks[p])
    one = learned.drawn(st, p, 1.0)  # one turn: 5 of the cards in hand and deck, on average
    if front >= 5:
        money = sum(learned._kinds(z.card_names[c])[0] for c in [*z.hands[p], *z.decks[p]])
        assert one[0] == pytest.approx(5.0 * money / front)


def test_the_evaluation_is_a_share_of_the_win_for_every_player() -> None:
    st = midgame()
    shares = learned.LearnedTrainsAdapter(0).evaluate(st)
    assert len(shares) == 2 and sum(shares) == pytest.approx(1.0) and all(0 < s < 1 for s in shares)
    more = learned.LearnedTrainsAdapter(0, weights={"weights": [0, 0, 0, 0, 0, 0], "temperature": 4.0})
    # with every weight 0 it is points now (and the rails' tie break) only
    now = [learned.points_now(st, p) for p in range(2)]
    proj = more.projected(st)
    assert [round(a - b, 6) >= 0 for a, b in zip(proj, now, strict=True)] == [True, True]
