"""The search bots of TransAmerica (issue 13): samples agree with the view, the hidden cities of
the real state never change a choice, the same seed plays the same moves."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from railtable.core import Rng, get_game
from railtable.core.search import Budget, Level, SearchBot
from railtable.transamerica import board
from railtable.transamerica.bots import GreedyBot
from railtable.transamerica.sampling import Closer, TransAmericaAdapter, join_cost, steiner_layers
from railtable.transamerica.state import TransAmericaState
from railtable.transamerica.steiner import board_adjacency, board_adjacency_with_edges, layers_and_tree, steiner_tree

SMALL = {
    "normal": Level("normal", "flat", Budget(iterations=24, samples=2, horizon=1)),
    "hard": Level("hard", "tree", Budget(iterations=30, samples=2, horizon=2)),
}


def _midgame(seed: int, players: int = 3, builds: int = 12) -> TransAmericaState:
    """Greedy bots play until ``builds`` tracks are on the board (rulebook "Game Play")."""
    info = get_game("transamerica")
    state = info.setup({"players": [f"P{i}" for i in range(players)]}, seed)
    bots = [GreedyBot(s, seed) for s in range(players)]
    while len(state.tracks) < builds or state.singles or state.doubles:
        seat = state.turn_player
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state


def _bot(level: str, seat: int, seed: int) -> SearchBot:
    return SearchBot(seat, seed, TransAmericaAdapter(), SMALL[level], GreedyBot(seat, seed))


def test_a_sample_shows_the_seat_exactly_its_view() -> None:
    """Setup: each player holds one city of each colour; the seat's own are kept, the others'
    are drawn from the cities it does not hold."""
    state = _midgame(3)
    seat = state.turn_player
    view = state.view(seat)
    adapter = TransAmericaAdapter()
    from railtable.core import Rng

    rng = Rng(5)
    seen_other_hands = set()
    for _ in range(6):
        sample = adapter.sample(view, seat, rng)
        sv = sample.view(seat)
        for key in ("tracks", "markers", "scores", "my_cities", "phase", "turn_player", "placed_this_turn",
                    "tracks_left", "round"):
            assert sv[key] == view[key], key
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        for p, hand in enumerate(sample.hands):
            assert sorted(board.CITY_BY_NAME[c]["colour"] for c in hand) == sorted(board.COLOURS)
            if p != seat:
                assert not set(hand) & set(view["my_cities"])
                seen_other_hands.add(tuple(hand))
    assert len(seen_other_hands) > 2  # the hidden cities really vary between samples


def test_hidden_cities_of_the_real_state_never_change_the_choice() -> None:
    """Bots see only view(seat): two real states that differ only in the opponents' secret
    cities give the same view, hence the same choice at every level."""
    state = _midgame(7, players=3)
    seat = state.turn_player
    other = state.copy()
    for p in range(state.num_players):
        if p != seat:
            # swap the two opponents' hands: different secrets, the same public board
            pass
    opponents = [p for p in range(3) if p != seat]
    other.hands[opponents[0]], other.hands[opponents[1]] = state.hands[opponents[1]], state.hands[opponents[0]]
    assert other.hands != state.hands
    view = state.view(seat)
    assert other.view(seat) == view
    legal = state.legal_actions(seat)
    for level in ("normal", "hard"):
        a = _bot(level, seat, 11).choose(view, legal)
        b = _bot(level, seat, 11).choose(other.view(seat), other.legal_actions(seat))
        assert a == b and a in legal


def test_same_seed_same_moves_and_levels_registered() -> None:
    info = get_game("transamerica")
    assert set(info.bots) == {"easy", "normal", "hard"}
    state = _midgame(5, players=2)
    seat = state.turn_player
    view, legal = state.view(seat), state.legal_actions(seat)
    first = [_bot("normal", seat, s).choose(view, legal) for s in (1, 1)]
    assert first[0] == first[1]
    assert isinstance(info.make_bot("normal", 0, 1), SearchBot)


def test_candidates_are_lines_that_bring_the_cities_closer() -> None:
    """Scoring of a Round: a line is worth building when it lowers the seat's missing count."""
    from railtable.transamerica.steiner import missing_points

    state = _midgame(9, players=2, builds=6)
    seat = state.turn_player
    view, legal = state.view(seat), state.legal_actions(seat)
    cands = TransAmericaAdapter().candidates(view, seat, legal)
    assert 0 < len(cands) < len(legal)
    occupied = list(state._occupied)
    for a in cands:
        if a["type"] == "build":
            e = board.edge_index(a["edge"][0], a["edge"][1])
            # building it never makes the cities' count worse, and the network grows toward them
            assert missing_points(state.hands[seat], occupied + [e]) <= missing_points(state.hands[seat], occupied)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 6), st.integers(0, 40), st.integers(1, 12))
def test_closer_agrees_with_join_cost_at_every_crossing(seed: int, cities: int, tracks: int, spread: int) -> None:
    """The searches keep a line only if it lowers the exact cost of joining the seat's cities
    (``join_cost``); ``Closer`` answers that without a split per crossing. Random cities, random
    occupied lines and a random network (possibly empty): the same answer at every crossing."""
    rng = Rng(seed)
    nodes = list(range(len(board.ADJ)))
    terminals = sorted({rng.choice(nodes) for _ in range(cities)})
    occupied = frozenset(rng.randbelow(len(board.EDGE_ENDS)) for _ in range(tracks))
    layers = steiner_layers(board_adjacency(occupied), terminals)
    network = {rng.choice(nodes) for _ in range(rng.randbelow(spread))}
    closer = Closer(layers, network)
    now = join_cost(layers, network)
    assert closer.now == now
    for v in nodes:
        assert closer.lowers(v) == (join_cost(layers, network | {v}) < now), v


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 6), st.integers(0, 60))
def test_one_programme_gives_the_layers_and_the_tree_of_two(seed: int, cities: int, tracks: int) -> None:
    """A sample's plan takes the Dreyfus-Wagner layers over a player's cities and a cheapest
    tree from his network's crossing from one programme: the very same layers, cost and edges
    (ties included) as the two separate calls."""
    rng = Rng(seed)
    nodes = list(range(len(board.ADJ)))
    terminals = sorted({rng.choice(nodes) for _ in range(cities)})
    root = rng.choice([v for v in nodes if v not in terminals])
    occupied = frozenset(rng.randbelow(len(board.EDGE_ENDS)) for _ in range(tracks))
    layers, cost, edges = layers_and_tree(board_adjacency_with_edges(occupied), terminals, root)
    assert layers == steiner_layers(board_adjacency(occupied), terminals)
    assert (cost, edges) == steiner_tree(board_adjacency_with_edges(occupied), [root, *terminals])
