"""Invariants over random legal play (hypothesis and many seeded games)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from transamerica_helpers import new_state, random_policy

from railtable.core import Action, IllegalActionError, Match, Rng
from railtable.transamerica import board
from railtable.transamerica.board import COLOURS, TRACKS_IN_SUPPLY
from railtable.transamerica.bots import GreedyBot
from railtable.transamerica.state import TransAmericaState


def _check_cheap_invariants(state: TransAmericaState, scores_before: list[int]) -> None:
    # Components: "83 Tracks", shared by all: on the board plus in the supply, always 83.
    assert state.supply + len(state.tracks) == TRACKS_IN_SUPPLY
    edges = [e for e, _seat in state.tracks]
    assert len(edges) == len(set(edges))
    # Scores only go down (Scoring of a Round)
    assert all(a <= b for a, b in zip(state.scores, scores_before, strict=True))
    # Setup: one secret city of each colour per player, all different
    dealt = [c for hand in state.hands for c in hand]
    assert len(dealt) == len(set(dealt)) == 5 * state.num_players
    for hand in state.hands:
        assert [board.CITY_BY_NAME[c]["colour"] for c in hand] == list(COLOURS)
        assert state.use_dashed or not any(board.CITY_BY_NAME[c]["dashed"] for c in hand)
    # the turn budget: 1-2 singles or 1 double
    assert (state.singles, state.doubles) in {(0, 0), (1, 0), (2, 0), (0, 1)}
    assert (state.phase == "marker") == any(m is None for m in state.markers) or state.phase == "over"


def play_random_game(seed: int, players: int, start_score: int, greedy_seat: int | None = None) -> TransAmericaState:
    """A random game; ``greedy_seat`` (if any) is played by the greedy bot, so that rounds also
    end by connected cities, not only by the supply running out."""
    state = new_state(players, seed, start_score=start_score)
    rng = Rng(seed * 31 + players)
    greedy = GreedyBot(greedy_seat, seed) if greedy_seat is not None else None
    steps = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        assert legal, "a player to act always has a legal action"
        scores = list(state.scores)
        if greedy is not None and seat == greedy_seat:
            state.apply(greedy.choose(state.view(seat), legal))
        else:
            state.apply(random_policy(rng, legal))
        _check_cheap_invariants(state, scores)
        steps += 1
        assert steps < 20_000
    for record in state.rounds:
        assert (record["reason"] == "tracks") == (record["ended_by"] is None)
        if record["reason"] == "tracks":
            assert record["tracks_placed"] == TRACKS_IN_SUPPLY and record["connected"] == []
        else:
            assert record["ended_by"] in record["connected"]
        for p in record["connected"]:
            assert record["missing"][p] == 0
    result = state.result()
    assert result is not None and min(result["scores"]) <= 0
    assert result["winners"] == [p for p, s in enumerate(result["scores"]) if s == max(result["scores"])]
    return state


CHUNKS = 10
GAMES_PER_CHUNK = 100


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_a_thousand_random_games_without_error(chunk: int) -> None:
    """1,000 random legal games, 2 to 6 players, some long (start score 40, several rounds), one in
    ten with a greedy player among the random ones."""
    rounds = 0
    reasons: set[str] = set()
    for k in range(GAMES_PER_CHUNK):
        seed = chunk * GAMES_PER_CHUNK + k
        players = 2 + seed % 5
        greedy_seat = seed % players if k % 10 == 0 else None
        state = play_random_game(seed, players, 40 if seed % 3 == 0 else 13, greedy_seat)
        rounds += len(state.rounds)
        reasons |= {r["reason"] for r in state.rounds}
    assert rounds >= GAMES_PER_CHUNK
    assert reasons == {"tracks", "connected"}


# ---- deep checks at every step ------------------------------------------------------

def _random_action(rng: Rng, players: int) -> Action:
    kind = rng.choice(["place_marker", "build", "build", "end_turn", "bogus"])
    player = rng.randbelow(players)

    def point() -> list[int]:
        return [rng.randint(-1, 20), rng.randint(-1, 13)]

    if kind == "place_marker":
        return {"type": kind, "player": player, "at": point()}
    if kind == "build":
        a = point()
        if rng.randbelow(2):
            dx, dy = rng.choice([(1, 0), (0, 1), (1, 1), (-1, 0), (0, -1), (-1, -1)])
            b = [a[0] + dx, a[1] + dy]
        else:
            b = point()
        return {"type": kind, "player": player, "edge": [a, b]}
    return {"type": kind, "player": player}


def _view_hides_other_cities(state: TransAmericaState, p: int, rng: Rng) -> None:
    """Setup: cities are secret. Giving the other players other cities changes nothing in p's view."""
    other = state.copy()
    used = set(state.hands[p])
    for q in range(state.num_players):
        if q == p:
            continue
        hand = []
        for colour in COLOURS:
            pool = [c for c in board.cities_of_colour(colour, state.use_dashed) if c not in used]
            choice = rng.choice(pool)
            used.add(choice)
            hand.append(choice)
        other.hands[q] = hand
    assert other.view(p) == state.view(p)
    # and the log shows p's own deal only
    for kind, args in state.view(p)["log"]:
        if kind == "deal_own" and args["round"] == state.round:
            assert args["cities"] == state.hands[p]


def _deep_check(state: TransAmericaState, rng: Rng) -> None:
    # saves: a JSON round trip restores an equal state
    data = json.loads(json.dumps(state.to_json()))
    restored = TransAmericaState.from_json(data)
    assert restored == state and restored.to_json() == state.to_json()
    assert restored.legal_actions(state.turn_player) == state.legal_actions(state.turn_player)
    if state.is_over():
        return
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    # every legal action passes the check
    for action in legal:
        assert state.is_legal(action), action
    for q in range(state.num_players):
        if q != seat:
            assert state.legal_actions(q) == []
    # random other actions: legal exactly when listed; an illegal one changes nothing
    before = state.to_json()
    for _ in range(6):
        action = _random_action(rng, state.num_players)
        # the contract: accepted exactly when listed, JSON-equal (a line's ends in legal order)
        if action in legal:
            assert state.is_legal(action)
        else:
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert state.to_json() == before
    # views: only one's own cities during a round
    _view_hides_other_cities(state, rng.randbelow(state.num_players), rng)
    spectator = state.view(None)
    assert spectator["my_cities"] == []


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6), players=st.integers(2, 6), start_score=st.sampled_from([13, 30]),
    with_greedy=st.booleans(),
)
def test_every_state_saves_replays_and_hides_secrets(seed: int, players: int, start_score: int, with_greedy: bool) -> None:
    """Saves restore equal states; Match.replay of the actions gives the same game; legal_actions
    and the checks agree; no view shows another player's cities during a round."""
    config: dict[str, Any] = {"players": [f"P{i}" for i in range(players)], "start_score": start_score}
    match = Match("transamerica", config, seed)
    rng = Rng(seed)
    greedy = GreedyBot(0, seed) if with_greedy else None
    steps = 0
    while not match.state.is_over():
        state = match.state
        assert isinstance(state, TransAmericaState)
        if steps % 3 == 0 or state.phase == "marker":
            _deep_check(state, rng)
        seat = state.to_act()[0]
        if greedy is not None and seat == 0:
            match.apply(greedy.choose(state.view(0), state.legal_actions(0)))
        else:
            match.apply(random_policy(rng, state.legal_actions(seat)))
        steps += 1
    _deep_check(match.state, rng)  # type: ignore[arg-type]
    replayed = Match.replay("transamerica", config, seed, match.actions)
    assert replayed.state == match.state
    loaded = Match.from_save(match.dumps())
    assert loaded.state == match.state


def test_undo_within_a_turn_but_not_across_it() -> None:
    """Undo (BGA policy): a track may be taken back before end_turn; the turn passing, a deal or a
    round end are barriers."""
    config = {"players": ["A", "B"]}
    match = Match("transamerica", config, 11)
    match.apply({"type": "place_marker", "player": 0, "at": [9, 6]})
    assert not match.can_undo(0)  # the marker is the whole first turn
    match.apply({"type": "place_marker", "player": 1, "at": [3, 3]})
    before = match.state.to_json()
    match.apply({"type": "build", "player": 0, "edge": [[9, 6], [10, 6]]})
    match.apply({"type": "build", "player": 0, "edge": [[9, 6], [9, 7]]})
    assert match.can_undo(0)
    match.undo(0)
    match.undo(0)
    assert match.state.to_json() == before
    match.apply({"type": "build", "player": 0, "edge": [[9, 6], [10, 6]]})
    match.apply({"type": "end_turn", "player": 0})
    assert not match.can_undo(0) and not match.can_undo(1)


def test_bot_games_replay_identically() -> None:
    """A game is its setup, its seed and its action list (greedy bots, 4 players)."""
    from railtable.core import get_game

    info = get_game("transamerica")
    config = {"players": ["a", "b", "c", "d"]}
    match = Match("transamerica", config, 5)
    bots = [info.make_bot(None, seat, 5) for seat in range(4)]
    while not match.state.is_over():
        seat = match.state.to_act()[0]
        match.apply(bots[seat].choose(match.state.view(seat), match.state.legal_actions(seat)))
    assert Match.replay("transamerica", config, 5, match.actions).state == match.state


def test_damaged_states_raise_save_error() -> None:
    """Bad input gets a clear message: a damaged state raises SaveError, never a crash elsewhere."""
    from railtable.core import SaveError

    good = new_state(3, 2).to_json()
    damages = [
        lambda d: d.pop("hands"),
        lambda d: d["hands"][0].__setitem__(0, "Atlantis"),
        lambda d: d.__setitem__("markers", [[99, 99], None, None]),
        lambda d: d.__setitem__("tracks", [[[0, 0], [5, 5], 0]]),
        lambda d: d.__setitem__("phase", "dancing"),
        lambda d: d.__setitem__("game", "trains"),
        lambda d: d.__setitem__("scores", "lots"),
    ]
    for damage in damages:
        data = json.loads(json.dumps(good))
        damage(data)
        with pytest.raises(SaveError):
            TransAmericaState.from_json(data)
