"""Property tests for Trains & Stations over random legal play: conservation, saves, secrets,
and ``legal_actions`` agreeing exactly with ``_check``."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from stations_helpers import NAMES, counts, expected_counts, roundtrip

from railtable.core import Match, RandomBot, Rng
from railtable.core.simulate import play_game
from railtable.stations import step1, step3
from railtable.stations.actions import KEYS
from railtable.stations.bot import BaselineBot
from railtable.stations.data import BUILDINGS, FACES, GOODS, board, power_cards
from railtable.stations.state import StationsState


def random_game(seed: int, players: int, check: bool = True, stop_after: int | None = None,
                rules: int = 2) -> StationsState:
    """Play random legal actions; check conservation after every action.

    Uniform, except that a reclaim is taken only one time in ten when something else is legal:
    uniform players reclaim so often on the long board that a game lasts hundreds of rounds.
    """
    s = StationsState.setup({"players": NAMES[:players], "rules": rules}, seed)
    chooser = Rng(seed + 10_000)
    expected = expected_counts(players)
    steps = 0
    while not s.is_over():
        actor = s.to_act()[chooser.randbelow(len(s.to_act()))]
        legal = s.legal_actions(actor)
        assert legal, f"seat {actor} must act but has no legal action at {s.phase}"
        if len(legal) > 1 and chooser.randbelow(10):
            legal = [a for a in legal if a["type"] != "reclaim"]
        s.apply(chooser.choice(legal))
        steps += 1
        if check:
            assert counts(s) == expected, f"conservation broken after {steps} actions at {s.phase}"
        if stop_after is not None and steps >= stop_after:
            break
        assert steps < 20_000, "the game does not end"
    return s


@pytest.mark.slow
@pytest.mark.parametrize("rules,games", [(1, 300), (2, 40)])
def test_random_games_create_or_lose_nothing(rules: int, games: int) -> None:
    """No die, Goods card, coin, VP card, Power card or Building is created or lost in random
    games of 3 to 5 players (checked after every action), on both boards; every game ends with a result."""
    for seed in range(games):
        players = 3 + seed % 3
        s = random_game(seed, players, rules=rules)
        r = s.result()
        assert r is not None and len(r["scores"]) == players and r["winners"]
        assert s.round >= 1


def some_state(seed: int, steps: int) -> StationsState:
    return random_game(seed, 3 + seed % 3, check=False, stop_after=steps)


def candidates(s: StationsState, p: int) -> list[dict[str, Any]]:
    """A broad set of well-formed actions of every type, legal or not."""
    b = board()
    domains: dict[str, list[Any]] = {
        "card": list(power_cards()) + [99],
        "bonus": [False, True],
        "keep": step1.keep_options(s, p) + [{"train": 1}, {"hotel": 9}],
        "face": list(FACES),
        "space": list(b.space_order[::3]) + step3.open_spaces(s),
        "building": list(BUILDINGS),
        "station": list(b.station_order),
        "route": list(b.route_order),
        "winner": list(range(s.num_players)),
        "to": list(range(s.num_players)),
        "goods": list(GOODS),
    }
    out: list[dict[str, Any]] = []
    for kind, keys in KEYS.items():
        combos: list[dict[str, Any]] = [{"type": kind, "player": p}]
        for k in keys:
            values = domains[k]
            if kind == "gather" and k == "bonus":
                values = list(range(0, 12))
            combos = [dict(c, **{k: v}) for c in combos for v in values]
        out.extend(combos)
    return out


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 400))
def test_legal_actions_agree_with_check(seed: int, steps: int) -> None:
    """Every listed action is accepted, and every well-formed action is accepted only if listed."""
    s = some_state(seed, steps)
    for p in range(s.num_players):
        legal = s.legal_actions(p)
        for a in legal:
            assert s.is_legal(a), a
        for a in candidates(s, p):
            assert s.is_legal(a) == (a in legal), (s.phase, a)
        if p not in s.to_act():
            assert legal == []


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 600))
def test_saves_restore_equal_states(seed: int, steps: int) -> None:
    """A save (to_json through json.dumps, then from_json) restores an equal state that plays on
    exactly alike."""
    s = some_state(seed, steps)
    t = roundtrip(s)
    assert t == s and t.to_json() == s.to_json()
    for p in range(s.num_players):
        assert t.view(p) == s.view(p) and t.legal_actions(p) == s.legal_actions(p)
    if not s.is_over():
        actor = s.to_act()[0]
        action = s.legal_actions(actor)[-1]
        s.apply(action)
        t.apply(json.loads(json.dumps(action)))
        assert t == s


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 600))
def test_views_hide_goods_power_cards_and_trades(seed: int, steps: int) -> None:
    """Public Knowledge: another player's Goods and Power cards (content and number) and secret
    trades never show in your view: changing them leaves your view unchanged."""
    s = some_state(seed, steps)
    for p in range(s.num_players):
        before = s.view(p)
        t = s.copy()
        for q in range(s.num_players):
            if q == p:
                continue
            t.hands[q] = {g: 7 for g in GOODS}
            t.power_hands[q] = [0, 1, 2, 3, 4, 5, 6]
            if t.spec is not None and t.phase == "speculate":
                t.spec["offers"][q] = {"goods": {"gold": 4}, "cards": [19]}
        assert t.view(p) == before
        assert before["me"]["goods"] == s.hands[p]
        assert "hands" not in before and "power_hands" not in before
    spectator = s.view(None)
    assert spectator["me"] is None


def test_undo_within_a_turn_but_not_across_a_roll() -> None:
    """Undo (BGA policy): dice choices can be taken back, a roll cannot."""
    m = Match("stations", {"players": NAMES[:3]}, 4)
    for p in range(3):
        m.apply({"type": "return_power", "player": p, "card": m.state.power_hands[p][0]})
    gather = [a for a in m.state.legal_actions(0) if a["type"] == "gather"][0]
    m.apply(gather)
    assert not m.can_undo(0)
    pick = next(a for a in m.state.legal_actions(0) if a["type"] == "select")
    before = m.state.to_json()
    m.apply(pick)
    assert m.can_undo(0)
    m.undo(0)
    assert m.state.to_json() == before
    m.apply(pick)
    m.apply({"type": "reroll", "player": 0})
    assert not m.can_undo(0)


def test_match_replays_a_whole_bot_game() -> None:
    """A game is its setup, seed and action list: replaying them gives the same state."""
    m = Match("stations", {"players": NAMES[:4]}, 11, ["baseline"] * 4)
    bots = [BaselineBot(p, 11) for p in range(4)]
    while not m.state.is_over():
        p = m.state.to_act()[0]
        m.apply(bots[p].choose(m.state.view(p), m.state.legal_actions(p)))
    again = Match.from_save(m.dumps())
    assert again.state == m.state and again.state.result() == m.state.result()


def test_baseline_bot_beats_random() -> None:
    """The baseline bot, one seat against random players, wins far more than its share."""
    wins = 0.0
    games = 30
    for seed in range(games):
        n = 3 + seed % 3
        hero = seed % n
        bots = [BaselineBot(i, seed) if i == hero else RandomBot(i, seed) for i in range(n)]
        state, _ = play_game("stations", {"players": NAMES[:n]}, seed, bots=bots)
        winners = state.result()["winners"]
        wins += (hero in winners) / len(winners)
    assert wins / games > 0.6


def test_bot_only_uses_legal_actions_from_its_view() -> None:
    """The bot is given a view and the legal list; it returns one of the legal actions."""
    s = StationsState.setup({"players": NAMES[:5]}, 21)
    bots = [BaselineBot(p, 0) for p in range(5)]
    for _ in range(3000):
        if s.is_over():
            break
        p = s.to_act()[0]
        legal = s.legal_actions(p)
        action = bots[p].choose(s.view(p), legal)
        assert action in legal
        s.apply(action)
    assert s.is_over()
