"""The search bots of Trains (issue 13): samples agree with the view, the hidden cards of the
real state never change a choice, the same seed plays the same moves."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from railtable.core import Rng, get_game
from railtable.core.search import Budget, Level, SearchBot
from railtable.trains.bots import PriorityBot
from railtable.trains.sampling import ENDGAMES, TrainsAdapter
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


@pytest.mark.parametrize("near_end", [False, True])
def test_hidden_cards_of_the_real_state_never_change_the_choice(near_end: bool) -> None:
    """Two real states that differ in the opponent's hand and deck order and in the seat's own deck
    order give the same view and the same choice (also near the end, where rollouts are longer)."""
    state = _to_buy_decision(8)
    seat = state.to_act()[0]
    if near_end:
        state.rails_left[1 - seat] = 2
        assert TrainsAdapter(seat).near_end(state.view(seat))
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
        # each level's own end (Hard's rollouts near the end are the rule player's, on the views)
        a = SearchBot(seat, 5, TrainsAdapter(seat, ENDGAMES[level]), SMALL[level], PriorityBot(seat, 5)).choose(
            state.view(seat), legal)
        b = SearchBot(seat, 5, TrainsAdapter(seat, ENDGAMES[level]), SMALL[level], PriorityBot(seat, 5)).choose(
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


def test_an_effect_that_only_costs_its_player_adds_nothing_to_a_card() -> None:
    """Rising Sun's Experimental Train (3 money; when played, gain a Waste) is worth its money alone
    in the evaluation, as much as a Limited Express Train, while an effect that gives its player
    something (rails, a draw) adds a share of the card's cost."""
    from railtable.trains.sampling import card_money

    assert card_money("Experimental Train") == card_money("Limited Express Train") == 3.0
    assert card_money("Passing Station") > 1.0  # 1 money, draw a card
    assert card_money("Government Subsidy") > 0.0  # rails (and a Waste)


def test_the_trains_box_cards_keep_money_plus_half_their_cost() -> None:
    """The evaluation of the Trains box's cards is unchanged by Rising Sun's values: money, plus
    half the cost for an effect that gives its player something (so the Tokyo ladders are the same
    games)."""
    from railtable.trains.cards import TRAINS, all_cards
    from railtable.trains.sampling import EFFECT_SHARE, card_money, dynamic_steps

    base = [c for c in all_cards().values() if c.box == TRAINS and not c.vp]
    assert len(base) > 25
    for c in base:
        gains = any(step["op"] != "gain_waste" for step in c.effect)
        assert card_money(c.name) == c.money + (EFFECT_SHARE * c.cost if gains else 0.0), c.name
        assert not dynamic_steps(c.name)


def test_rising_sun_conditional_money_and_attacks_are_valued_by_what_they_do() -> None:
    """Rising Sun's card texts: an Attack hurts each other player (Politician: discard down to 4,
    the weakest card; Regulations: a Waste), a conditional Attack half as much (Protesters: only
    players with a rail in the chosen city); Monorail's +1 needs a rail laid that turn; Charitable
    Support's VP is paid for in money. None is worth its money plus half its cost, as a generic
    effect would be (Politician was valued 4.0, above a Limited Express Train's 3)."""
    from railtable.trains.sampling import card_money

    assert card_money("Politician") == 2.0 + 0.5
    assert card_money("Regulations") == card_money("Unhappy Passengers") == 1.0 + 1.0
    assert card_money("Protesters") == 1.0 + 0.5
    assert card_money("Monorail") == 1.5
    assert card_money("Charitable Support") == 1.0
    assert card_money("Politician") < card_money("Limited Express Train")


def test_a_mining_train_earns_by_its_players_rails_on_mountains() -> None:
    """Mining Train: +1 money for each of your rails on a mountain space (at most +3). With no rail
    on a mountain it brings its 2 money alone; each rail on a mountain adds 1, up to 3."""
    from railtable.trains.cards import card

    state = get_game("trains").setup({"players": ["A", "B"], "board": "kyushu", "sets": "rising_sun"}, 3)
    mining = len(state.zones.card_names)
    assert card("Mining Train").money == 2
    state.zones.card_names.append("Mining Train")
    state.zones.hands[0].append(mining)
    mountains = [hx.id for hx in state.board.hexes if hx.terrain == "mountain"]
    assert len(mountains) >= 4
    money = [TrainsAdapter.deck_money(state, 0)]
    for h in mountains[:4]:
        state.rails[h] = [*state.rails[h], 0]
        money.append(TrainsAdapter.deck_money(state, 0))
    count = sum(len(z[0]) for z in (state.zones.decks, state.zones.hands, state.zones.discards))
    steps = [round((b - a) * count / 5.0, 6) for a, b in pairwise(money)]
    assert steps == [1.0, 1.0, 1.0, 0.0]


def test_rising_sun_waste_returns_are_worth_more_with_more_waste() -> None:
    """BioFuel Train: return 1 Waste from your hand, +1 money if you do. With no Waste it is its 2
    money alone (below a Limited Express Train's 3, which a generic effect's half cost put it
    above); each Waste in the deck makes one in the same hand likelier, up to the 1 it returns.
    The Trains box's Freight Train keeps its measured value (money plus half its cost)."""
    from railtable.trains.cards import WASTE
    from railtable.trains.sampling import card_money, dynamic_steps

    state = get_game("trains").setup({"players": ["A", "B"], "board": "kyushu", "sets": "rising_sun"}, 3)
    names = state.zones.card_names
    names.append("BioFuel Train")
    state.zones.hands[0].append(len(names) - 1)
    own = [names[c] for z in (state.zones.decks, state.zones.hands, state.zones.discards) for c in z[0]]
    count = len(own)
    starting = sum(card_money(n) for n in own)  # the starting deck and BioFuel's 2 money
    bare = TrainsAdapter.deck_money(state, 0)
    worth = []
    for _ in range(6):
        names.append(WASTE)
        state.zones.discards[0].append(len(names) - 1)
        count += 1
        worth.append(TrainsAdapter.deck_money(state, 0) * count / 5.0)
    assert card_money("BioFuel Train") == 2.0
    assert round(bare * (count - 6) / 5.0 - starting, 6) == 0.0
    assert worth == sorted(worth) and worth[-1] - worth[0] > 0.5
    assert worth[-1] <= starting + 1.0 + 0.5 + 1e-9  # at most the 1 Waste it may return
    assert not dynamic_steps("Freight Train") and card_money("Freight Train") == 1.0 + 0.5 * 4


def test_the_search_bots_start_near_remote_locations_nobody_else_is_as_near_to() -> None:
    """All Aboard! (each player places a starting rail) and Winning the Game (a rail on a remote
    location scores its number): with the first player at Kashiwa, next to Tsukuba and Narita,
    the second starts out west, nearer Chichibu, Odawara and Shonan than anyone."""
    from railtable.trains.board import load_board
    from railtable.trains.bots import PlanBot
    from railtable.trains.plan import distances

    state = get_game("trains").setup({"players": ["A", "B"], "board": "tokyo"}, 1)
    board = load_board("tokyo")
    kashiwa = next(h.id for h in board.hexes if h.name == "Kashiwa")
    state.apply({"type": "start_rail", "player": 0, "hex": kashiwa})
    pick = PlanBot(1, 0).choose(state.view(1), state.legal_actions(1))["hex"]
    mine = distances(board, [pick], state.stations)
    theirs = distances(board, [kashiwa], state.stations)
    west = [h.id for h in board.hexes if h.name in ("Chichibu", "Odawara", "Shonan")]
    assert all(mine[h] < theirs[h] for h in west)
    assert min(mine[h] for h in west) < 2.5  # a rail or two from one of them


def test_the_start_counts_the_route_bonus_cards_nobody_has_taken() -> None:
    """Rising Sun "Route Bonus Cards": the first player whose rails link a card's cities takes its
    VP. The rule player's starting rail counts each untaken card (its VP, discounted by the
    distance to its nearest city): with the cards, its pick is worth at least as much in cards as
    the pick it makes when it is shown none, and more in some games."""
    from railtable.trains.board import load_board
    from railtable.trains.bots import PlanBot
    from railtable.trains.plan import start_value
    from railtable.trains.routes import route_cards, route_hexes

    gains = []
    for board_id, seed in [("tokyo", s) for s in range(4)] + [("kyushu", s) for s in range(4)]:
        state = get_game("trains").setup({"players": ["A", "B"], "board": board_id, "route_bonus": True}, seed)
        board = load_board(board_id)
        view, legal = state.view(0), state.legal_actions(0)
        assert view["routes"] and legal[0]["type"] == "start_rail"
        routes = [(int(route_cards()[r["id"]]["vp"]), route_hexes(board, r["id"])) for r in view["routes"]]

        def cards_worth(h: int, board: Any = board, view: dict[str, Any] = view, routes: Any = routes) -> float:
            args = (board, view["rails"], view["stations"], 2, 0, h)
            return start_value(*args, routes) - start_value(*args)

        with_cards = PlanBot(0, 0).choose(view, legal)["hex"]
        without = PlanBot(0, 0).choose({**view, "routes": []}, legal)["hex"]
        gains.append(cards_worth(with_cards) - cards_worth(without))
    assert min(gains) >= 0
    assert max(gains) > 0.5


def test_on_chiba_the_rule_player_starts_as_the_easy_bot() -> None:
    """On Chiba the potential start lost to the Easy bot's (docs/bots.md, Trains), so the rule
    player takes the Easy bot's starting rail there; on Tokyo it does not."""
    from railtable.trains.bots import PlanBot

    differ = {"chiba": 0, "tokyo": 0}
    for board_id in differ:
        for seed in range(4):
            state = get_game("trains").setup({"players": ["A", "B"], "board": board_id}, seed)
            for seat in (0, 1):
                view, legal = state.view(seat), state.legal_actions(seat)
                easy = PriorityBot(seat, seed).choose(view, legal)
                differ[board_id] += PlanBot(seat, seed).choose(view, legal) != easy
                state.apply(easy)
    assert differ["chiba"] == 0
    assert differ["tokyo"] > 0


def test_near_the_end_every_decision_of_the_turn_is_searched() -> None:
    """Winning the Game: a player laying his last rail ends the game, so near the end the search
    weighs playing each card against stopping, with rollouts through every player's next turn."""
    state = _to_buy_decision(3)
    seat = state.to_act()[0]
    adapter = TrainsAdapter(seat)
    view = state.view(seat)
    assert not adapter.near_end(view)
    state.rails_left[1 - seat] = 2
    view = state.view(seat)
    assert adapter.near_end(view)
    budget = adapter.budget_for(Budget(iterations=100, samples=4, horizon=1), view)
    assert budget.horizon == 5 and budget.iterations < 100
    state.zones.hands[seat].extend(state.zones.decks[seat][:2])  # cards still to play
    del state.zones.decks[seat][:2]
    view, legal = state.view(seat), state.legal_actions(seat)
    assert any(a["type"] == "play" for a in legal)
    assert adapter.search_here(view, legal)
    kinds = {a["type"] for a in adapter.candidates(view, seat, legal)}
    assert {"play", "end_turn"} <= kinds


def test_hard_rolls_out_the_end_with_the_rule_player_on_each_players_view() -> None:
    """Near the end Hard's rollouts are played by the rule player (``PlanBot``) from each
    player's own view of the sampled state, as its opponents decide; away from the end, and for
    Normal, by the fast policy."""
    from railtable.trains.bots import PlanBot

    state = _to_buy_decision(3, turns=0)  # the first buy: Hard sees no end yet
    seat = state.to_act()[0]
    hard, normal = TrainsAdapter(seat, ENDGAMES["hard"]), TrainsAdapter(seat, ENDGAMES["normal"])
    base = Budget(iterations=100, samples=4, horizon=1)
    hard.budget_for(base, state.view(seat))
    assert not hard.rule_rollouts  # not near the end yet
    state.rails_left[1 - seat] = 5  # Hard sees the end from 15 rails, Normal from 3
    view = state.view(seat)
    hard.budget_for(base, view)
    normal.budget_for(base, view)
    assert hard.rule_rollouts and not normal.rule_rollouts
    sample = hard.sample(view, seat, Rng(4))
    differ = 0
    for _ in range(60):  # a rollout's decisions, each player's in turn
        if sample.is_over():
            break
        p = sample.to_act()[0]
        legal = sample.legal_actions(p)
        rule = PlanBot(p, 0).choose(sample.view(p), legal)
        assert hard.policy(sample, p, legal, Rng(1)) == rule
        differ += normal.policy(sample, p, legal, Rng(1)) != rule
        sample.apply(rule)
    assert differ  # the fast policy plays otherwise somewhere: the test tells the two apart
    # the rollouts' views leave out the log (nobody reads it); the rest is the view
    full, bare = sample.view(seat), sample.view(seat, log_tail=0)
    assert full["log"] and bare["log"] == [] and {**full, "log": []} == bare


def test_hard_searches_whole_turns_from_early_on() -> None:
    """Hard's end is near from 15 rails left, 10 station tokens, piles of 6 (about a tenth into
    the game: every later turn is searched whole, which won more games against Normal bots at 2,
    3 and 4 players than from 9 rails, docs/bots.md); Normal's from 3 rails."""
    hard_from = 15
    for players in (2, 3, 4):
        state = _to_buy_decision(5, players=players, turns=2 * players)
        seat = state.to_act()[0]
        hard, normal = TrainsAdapter(seat, ENDGAMES["hard"]), TrainsAdapter(seat, ENDGAMES["normal"])
        other = (seat + 1) % players
        for left, hard_near, normal_near in ((hard_from + 1, False, False), (hard_from, True, False), (3, True, True)):
            state.rails_left[other] = left
            view = state.view(seat)
            assert min(p["rails_left"] for p in view["players"]) == left
            assert (hard.near_end(view), normal.near_end(view)) == (hard_near, normal_near), (players, left)
            budget = hard.budget_for(Budget(iterations=400, samples=16, horizon=1), view)
            assert hard.rule_rollouts == hard_near
            assert budget.horizon == (3 * players + 1 if hard_near else 1)


def test_the_learned_evaluation_counts_a_card_from_the_reshuffle_on() -> None:
    """Clean Up: a card bought now goes to the discard pile and is drawn only after the deck runs
    out. With 2 rounds left and 10 cards still to draw, a Limited Express and a Waste in the
    discard pile are not drawn; once the deck is drawn, each turn draws 5 of the whole collection."""
    from railtable.trains.learned import drawn

    state = _to_buy_decision(5)
    z = state.zones
    p = 0
    cards = z.hands[p] + z.decks[p] + z.discards[p] + z.plays[p] + z.gained[p]
    z.hands[p], z.decks[p], z.discards[p], z.plays[p], z.gained[p] = [], [], [], [], []
    normals = [c for c in cards if z.card_names[c] == "Normal Train"][:7]
    lay = [c for c in cards if z.card_names[c] == "Lay Rails"][:1]
    lim = z.piles["Limited Express Train"].pop()
    z.hands[p] = normals[:5]
    z.decks[p] = normals[5:7] + lay + z.piles["Express Train"][-2:]
    del z.piles["Express Train"][-2:]
    front = 5 * 1 + 2 * 1 + 2 * 2  # money of the 10 cards to draw
    z.discards[p] = [lim, z.piles["Waste"].pop()]
    assert drawn(state, p, 2.0) == [front, 1, 0, 0, 0]
    z.decks[p] = [lim] + z.decks[p]
    z.discards[p] = z.discards[p][1:]
    money, _r, _s, _a, waste = drawn(state, p, 2.2)  # 11 cards to draw: exactly 2.2 turns
    assert money == pytest.approx(front + 3) and waste == 0
    money, rails, _s, _a, waste = drawn(state, p, 3.2)  # then a turn from all 12 cards
    assert money == pytest.approx(front + 3 + 5 * (front + 3) / 12)
    assert waste == pytest.approx(5 / 12) and rails == pytest.approx(1 + 5 / 12)


def test_normal_searches_as_hard_does_when_rising_suns_cards_are_in_play() -> None:
    """With Rising Sun's cards Normal sees the end coming as early as Hard (whole turns searched
    from about a tenth into the game, rule-player rollouts); with the Trains box's cards it keeps its
    own late end search (docs/bots.md, Trains)."""
    from railtable.trains.sampling import ENDGAMES_RISING_SUN

    info = get_game("trains")
    for sets, expected in (("trains", ENDGAMES["normal"]), ("rising_sun", ENDGAMES["hard"])):
        state = info.setup({"players": ["A", "B"], "board": "chiba", "sets": sets}, 4)
        bot = info.make_bot("normal", 0, 4)
        view = state.view(0)
        assert bot.adapter.endgame_for(view) == expected
        # a fresh game with 20 rails each: near the end for Hard's thresholds only from 15 rails
        state.rails_left[0] = 14
        assert bot.adapter.near_end(state.view(0)) is (sets == "rising_sun")
    assert ENDGAMES_RISING_SUN["normal"] is ENDGAMES["hard"]
    assert info.make_bot("hard", 0, 4).adapter.endgame_for(view) == ENDGAMES["hard"]
