"""The search bots of Trains & Stations (issue 13): samples agree with the view, the hidden Goods
and Power cards of the real state never change a choice, the same seed plays the same moves."""

from __future__ import annotations

from railtable.core import Rng, get_game
from railtable.core.search import Budget, Level, SearchBot
from railtable.stations import sampling
from railtable.stations.bot import BaselineBot
from railtable.stations.data import GOODS
from railtable.stations.sampling import StationsAdapter
from railtable.stations.state import StationsState

SMALL = {
    "normal": Level("normal", "flat", Budget(iterations=24, samples=3, horizon=1)),
    "hard": Level("hard", "tree", Budget(iterations=30, samples=3, horizon=2)),
}


def _play_until(seed: int, actions: int, players: int = 3) -> StationsState:
    """Easy bots play ``actions`` actions, then on until the active player must place a train."""
    state = get_game("stations").setup({"players": [f"P{i}" for i in range(players)]}, seed)
    bots = [BaselineBot(s, seed) for s in range(players)]
    done = 0
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if done >= actions and state.phase == "resolve" and sum(a["type"] == "place" for a in legal) > 1:
            return state
        state.apply(bots[seat].choose(state.view(seat), legal))
        done += 1


def _held_goods(state: StationsState, q: int) -> int:
    return sum(state.hands[q].values())


def test_a_sample_shows_the_seat_exactly_its_view() -> None:
    """Public Knowledge: the others' Goods and Power cards are hidden (count and content); a sample
    keeps everything the seat sees and shares the hidden cards out at random."""
    state = _play_until(3, 150)
    seat = state.active
    view = state.view(seat)
    shares = set()
    for i in range(8):
        sample = StationsAdapter(seat).sample(view, seat, Rng(i))
        sv = sample.view(seat)
        for key in view:
            if key not in ("events", "log_size"):
                assert sv[key] == view[key], key
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        # every Goods card is somewhere: stacks, aside, traded away, or in a hand
        for g in GOODS:
            on_stacks = sum(s["count"] for s in sample.stacks.values() if s["goods"] == g)
            in_hands = sum(h[g] for h in sample.hands)
            real = sum(h[g] for h in state.hands)
            assert on_stacks + in_hands + sample.goods_aside[g] + sample.goods_removed[g] == 10
            assert in_hands == real
        assert sorted(c for h in sample.power_hands for c in h) + sorted(sample.power_deck) != []
        shares.add(tuple(_held_goods(sample, q) for q in range(3) if q != seat))
    assert len(shares) > 1  # the opponents' hidden Goods really vary


def test_hidden_cards_of_the_real_state_never_change_the_choice() -> None:
    """Two real states with the same view for the seat (the opponents' Goods and Power cards swapped,
    the Power deck reordered) give the same choice at every level."""
    state = _play_until(8, 160)
    seat = state.active
    a, b = [q for q in range(3) if q != seat]
    other = state.copy()
    other.hands[a], other.hands[b] = other.hands[b], other.hands[a]
    other.power_hands[a], other.power_hands[b] = other.power_hands[b], other.power_hands[a]
    Rng(5).shuffle(other.power_deck)
    other.rng = Rng(12345)  # the future dice differ too
    assert other.to_json() != state.to_json()
    assert other.view(seat) == state.view(seat)
    legal = state.legal_actions(seat)
    for level in ("normal", "hard"):
        wide = level == "hard"  # Hard's wider candidates, as make_level_bot gives it
        first = SearchBot(seat, 5, StationsAdapter(seat, wide), SMALL[level], BaselineBot(seat, 5))
        second = SearchBot(seat, 5, StationsAdapter(seat, wide), SMALL[level], BaselineBot(seat, 5))
        x = first.choose(state.view(seat), legal)
        y = second.choose(other.view(seat), other.legal_actions(seat))
        assert x == y and x in legal
        assert first.last is not None  # the decision was searched


def test_levels_are_registered_and_the_same_seed_plays_the_same_moves() -> None:
    info = get_game("stations")
    assert list(info.bots) == ["easy", "normal", "hard"]

    def moves(seed: int) -> list[dict]:
        state = info.setup({"players": ["A", "B", "C"]}, 11)
        bots = [SearchBot(0, seed, StationsAdapter(0), SMALL["normal"], BaselineBot(0, seed)),
                BaselineBot(1, seed), BaselineBot(2, seed)]
        out = []
        for _ in range(120):
            seat = state.to_act()[0]
            action = bots[seat].choose(state.view(seat), state.legal_actions(seat))
            out.append(action)
            state.apply(action)
        return out

    assert moves(4) == moves(4)


def test_evaluation_prefers_more_points() -> None:
    """Scoring: VP count; the values are shares of the win."""
    state = _play_until(2, 100)
    adapter = StationsAdapter()
    base = adapter.evaluate(state)
    richer = state.copy()
    richer.vp[1] += 10
    assert adapter.evaluate(richer)[1] > base[1]
    assert abs(sum(base) - 1) < 1e-9


def _feature(state: StationsState, name: str) -> list[float]:
    i = sampling.FEATURES.index(name)
    return [row[i] for row in sampling.features(state)]


def test_the_soft_monopoly_follows_the_lead_and_scores_ties_in_full() -> None:
    """Scoring: the most of a Goods scores its Monopoly, ties all score; the evaluation counts a
    lead as likelier to last when few cards of that Goods are left to collect."""
    state = _play_until(2, 100)
    for q in range(3):
        state.hands[q] = {g: 0 for g in GOODS}
        state.power_hands[q] = [c for c in state.power_hands[q] if sampling.all_power_cards()[c]["kind"] == "mission"]
    gone = state.copy()
    for stack in gone.stacks.values():
        stack["count"] = 0  # no Goods left to collect: the counts now are the final ones
    for st in (state, gone):
        st.hands[0]["coal"] = 3
        st.hands[1]["coal"] = 3
        st.hands[2]["coal"] = 1
    tie = _feature(gone, "monopoly_soft")
    assert tie[0] == tie[1] and tie[0] > 0.95 * 6 and tie[2] < 0.05 * 6  # Coal's Monopoly is 6
    open_tie = _feature(state, "monopoly_soft")
    state.hands[0]["coal"] += 1
    lead = _feature(state, "monopoly_soft")
    assert lead[0] > open_tie[0] and lead[1] < open_tie[1]


def test_a_building_counts_the_routes_of_its_station_while_its_stack_gives_goods() -> None:
    """Step 4 "Collect Goods": a Building collects one Goods each time a route at its Station is
    delivered; once its stack is gone for good it collects nothing (Step 5)."""
    state = _play_until(2, 100)
    b = sampling.board(state.rules)
    busy = max(b.station_order, key=lambda c: len(b.station_routes[c]))
    quiet = min(b.station_order, key=lambda c: len(b.station_routes[c]))
    assert len(b.station_routes[busy]) > len(b.station_routes[quiet])
    flows = []
    for where in (busy, quiet):
        st = state.copy()
        st.buildings = {c: [] for c in st.buildings}
        st.buildings[where] = [[0, "mine"]]
        flows.append(_feature(st, "building_flow")[0])
        st.stacks["mine"]["goods"] = None
        assert _feature(st, "building_flow")[0] == 0
    assert flows[0] > flows[1] > 0


def test_hard_weighs_rerolling_the_dice_selected_so_far() -> None:
    """Step 2 "Rerolls": any number of dice may be rerolled; Hard (``wide``) also weighs rerolling
    the dice the Easy bot selected so far, Normal only the Easy bot's next step or stopping."""
    state = get_game("stations").setup({"players": ["A", "B", "C"]}, 4)
    bots = [BaselineBot(s, 4) for s in range(3)]
    for _ in range(3000):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        kinds = {a["type"] for a in legal}
        if state.phase == "roll" and "reroll" in kinds:
            easy = bots[seat].choose(state.view(seat), legal)
            if easy["type"] == "select":
                break
        state.apply(bots[seat].choose(state.view(seat), legal))
    else:
        raise AssertionError("no roll with a die selected and more to select")
    view = state.view(seat)
    normal = StationsAdapter(seat).candidates(view, seat, legal)
    hard = StationsAdapter(seat, wide=True).candidates(view, seat, legal)
    assert [a["type"] for a in normal] == ["select", "stop"]
    assert [a["type"] for a in hard] == ["select", "stop", "reroll"]
