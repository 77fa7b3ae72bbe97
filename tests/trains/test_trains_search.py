"""The search bots of Trains (issue 13): samples agree with the view, the hidden cards of the
real state never change a choice, the same seed plays the same moves."""

from __future__ import annotations

from railtable.core import Rng, get_game
from railtable.core.search import Budget, Level, SearchBot
from railtable.trains.bots import PriorityBot
from railtable.trains.sampling import TrainsAdapter
from railtable.trains.state import TrainsState

SMALL = {
    "normal": Level("normal", "flat", Budget(iterations=20, samples=2, horizon=1)),
    "hard": Level("hard", "tree", Budget(iterations=30, samples=2, horizon=2)),
}


def _to_buy_decision(seed: int, players: int = 2, turns: int = 6) -> TrainsState:
    """Priority bots play ``turns`` turns, then until a player could buy (rulebook "How to Play")."""
    info = get_game("trains")
    state = info.setup({"players": [f"P{i}" for i in range(players)], "board": "tokyo", "kingdom": "random"}, seed)
    bots = [PriorityBot(s, seed) for s in range(players)]
    adapter = TrainsAdapter()
    while True:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if state.turn >= turns and adapter.search_here(state.view(seat), legal):
            return state
        state.apply(bots[seat].choose(state.view(seat), legal))


def test_a_sample_shows_the_seat_exactly_its_view() -> None:
    """Each collection is public (all cards are gained in the open); a sample keeps the seat's hand
    (same card ids) and discard pile, and deals the unseen cards of each player at random."""
    state = _to_buy_decision(4)
    seat = state.to_act()[0]
    view = state.view(seat)
    rng = Rng(3)
    hands = set()
    for _ in range(5):
        sample = TrainsAdapter().sample(view, seat, rng)
        sample.zones.census()  # every card in exactly one place
        sv = sample.view(seat)
        for key in ("hand", "discard", "supply", "rails", "stations", "money", "trash", "card_vp"):
            assert sv[key] == view[key], key
        assert sv["players"] == view["players"]
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        other = 1 - seat
        hands.add(tuple(sorted(sample.zones.names(sample.zones.hands[other]))))
    assert len(hands) > 1  # the opponent's hidden hand really varies


def test_hidden_cards_of_the_real_state_never_change_the_choice() -> None:
    """Two real states that differ in the opponent's hand and deck order and in the seat's own deck
    order give the same view and the same choice."""
    state = _to_buy_decision(8)
    seat = state.to_act()[0]
    other = state.copy()
    o = 1 - seat
    z = other.zones
    pool = z.hands[o] + z.decks[o]
    Rng(99).shuffle(pool)
    z.hands[o], z.decks[o] = pool[:len(z.hands[o])], pool[len(z.hands[o]):]
    Rng(98).shuffle(z.decks[seat])
    assert other.to_json() != state.to_json()
    assert other.view(seat) == state.view(seat)
    legal = state.legal_actions(seat)
    for level in ("normal", "hard"):
        a = SearchBot(seat, 5, TrainsAdapter(seat), SMALL[level], PriorityBot(seat, 5)).choose(state.view(seat), legal)
        b = SearchBot(seat, 5, TrainsAdapter(seat), SMALL[level], PriorityBot(seat, 5)).choose(
            other.view(seat), other.legal_actions(seat))
        assert a == b and a in legal


def test_levels_are_registered_and_seeded() -> None:
    info = get_game("trains")
    assert list(info.bots) == ["easy", "normal", "hard"]
    state = _to_buy_decision(6)
    seat = state.to_act()[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    picks = [SearchBot(seat, 2, TrainsAdapter(seat), SMALL["normal"], PriorityBot(seat, 2)).choose(view, legal)
             for _ in range(2)]
    assert picks[0] == picks[1]


def test_evaluation_prefers_more_points_and_better_money() -> None:
    """Winning the Game: points count; a deck richer in money earns more of them."""
    state = _to_buy_decision(2)
    adapter = TrainsAdapter()
    base = adapter.evaluate(state)
    richer = state.copy()
    richer.vp_tokens[0] += 10
    assert adapter.evaluate(richer)[0] > base[0]
    assert abs(sum(base) - 1) < 1e-9
