"""Trains: Rising Sun cards in play (issue 11). Rules: the Rising Sun rulebook ("Playing A Card" examples,
"How to Buy Cards", "Attacks", "Reactions", "Terms: Reveal"); the effects the rulebook does not give are this
project's reconstruction (docs/sources.md#trains-rising-sun), tested as the card data says."""

import pytest
from trains_helpers import (
    buy,
    choose,
    hand,
    hex_id,
    lay,
    named,
    options,
    play,
    ready,
    set_deck,
    set_hand,
)

from railtable.trains.cards import WASTE, card, kingdom_names

T = "tokyo"
RS = "both"  # Tokyo's hex helpers with the cards of both boxes


def rs(kingdom, players=2, **kw):
    return ready(players, kingdom=kingdom, sets=RS, **kw)


def free_space(st):
    """A space of the pending rail choice that costs no money."""
    return next(o["value"] for o in st.pending["options"] if o["cost"] == 0)


def waste_gained(st, p):
    return st.zones.names(st.zones.gained[p]).count(WASTE)


def no_reaction(st, *seats):
    """Each attacked seat in turn answers the Reaction question with "none" (rules version 3 asks
    every attacked player, Rising Sun "Reactions")."""
    for q in seats:
        assert st.to_act() == [q] and st.pending["kind"] == "reaction"
        choose(st, q, "none")


# ---- Trains ------------------------------------------------------------------------------
def test_outdated_train_buying_it_ends_your_turn():
    """Rising Sun "How to Buy Cards": "NOTE: Buying Outdated Train ends your turn."""
    st = rs(["Outdated Train"])
    set_hand(st, 0, ["Express Train", "Express Train"])
    play(st, 0, "Express Train")
    play(st, 0, "Express Train")
    buy(st, 0, "Outdated Train")
    assert st.current == 1 and st.money == 0 and "Outdated Train" in st.zones.names(st.zones.discards[0])


def test_monorail_money_only_after_a_rail_was_laid():
    st = rs(["Monorail"])
    set_hand(st, 0, ["Monorail", "Monorail", "Lay Rails"])
    play(st, 0, "Monorail")
    assert st.money == 1
    play(st, 0, "Lay Rails")
    lay(st, 0, free_space(st))
    play(st, 0, "Monorail")
    assert st.money == 1 + 2


def test_commuter_train_counts_the_other_commuters_in_play():
    st = rs(["Commuter Train"])
    set_hand(st, 0, ["Commuter Train"] * 3)
    for _ in range(3):
        play(st, 0, "Commuter Train")
    assert st.money == 1 + (1 + 1) + (1 + 2)


def test_biofuel_train_returns_at_most_one_waste_for_one_money():
    st = rs(["BioFuel Train"])
    set_hand(st, 0, ["BioFuel Train", WASTE, WASTE])
    play(st, 0, "BioFuel Train")
    assert options(st) == [0, 1]
    choose(st, 0, 1)
    assert st.money == 3 and hand(st, 0) == [WASTE]


def test_experimental_train_its_waste_cannot_be_declined():
    st = rs(["Experimental Train"])
    set_hand(st, 0, ["Experimental Train"])
    cid = st.zones.hands[0][0]
    assert [a for a in st.legal_actions(0) if a["type"] == "play"] == [{"type": "play", "player": 0, "card": cid}]
    play(st, 0, "Experimental Train")
    assert st.money == 3 and waste_gained(st, 0) == 1


def test_mining_train_money_per_rail_on_a_mountain_at_most_three():
    st = rs(["Mining Train"], starts=[hex_id(T, 6, 1), hex_id(T, 1, 3)])  # a mountain start
    set_hand(st, 0, ["Mining Train"])
    play(st, 0, "Mining Train")
    assert st.money == 2 + 1
    st2 = rs(["Mining Train"])
    set_hand(st2, 0, ["Mining Train"])
    mountains = [hx.id for hx in st2.board.hexes if hx.terrain == "mountain"][:5]
    for h in mountains:
        st2.rails[h].append(0)
    st2.board_changed()
    play(st2, 0, "Mining Train")
    assert st2.money == 2 + 3


# ---- Rail Laying ----------------------------------------------------------------------------
def test_distant_partners_lay_waste_then_remote_locations_cost_one_less():
    """Rising Sun "Playing A Card" example 2: lay 1 rail, gain 1 Waste, then the remote discount."""
    st = rs(["Distant Partners"])
    set_hand(st, 0, ["Distant Partners", "Lay Rails"])
    play(st, 0, "Distant Partners")
    lay(st, 0, free_space(st))
    assert waste_gained(st, 0) == 1 and "remote_discount" in st.modifiers
    remote = next(hx for hx in st.board.hexes if hx.terrain == "remote")
    assert st.rail_cost(0, remote.id, st.modifiers)[0] == remote.value - 1


def test_government_subsidy_lays_a_rail_at_no_extra_cost():
    st = rs(["Government Subsidy"], starts=[hex_id(T, 6, 1), hex_id(T, 1, 3)])
    set_hand(st, 0, ["Government Subsidy"])
    play(st, 0, "Government Subsidy")  # 0 money, yet every space next to the mountain start is offered
    assert st.pending["kind"] == "lay_rail" and all(o["cost"] == 0 for o in st.pending["options"])


def test_interchange_may_lay_next_to_another_players_rail():
    st = rs(["Interchange"])
    other = hex_id(T, 1, 3)
    set_hand(st, 0, ["Interchange", "Limited Express Train"])
    play(st, 0, "Limited Express Train")
    play(st, 0, "Interchange")
    assert set(st.board.neighbours[other]) & set(options(st))


def test_trail_blazer_lays_two_rails_and_one_waste():
    st = rs(["Trail Blazer"])
    set_hand(st, 0, ["Trail Blazer"])
    play(st, 0, "Trail Blazer")
    lay(st, 0, free_space(st))
    assert st.pending["kind"] == "lay_rail"
    lay(st, 0, free_space(st))
    assert st.rails_left[0] == 20 - 3 and waste_gained(st, 0) == 1


@pytest.mark.parametrize("rules", [2, 3])
def test_trail_blazer_with_one_rail_left_cannot_be_applied_at_all(rules):
    """"Playing A Card": "If some of the card's effects cannot be applied, you cannot apply any of the
    effects." Rules 3 check both rails before the card is applied: with one rail token left it gives
    only its money, no rail and no Waste. Rules 2 (old saves) laid one rail and gained the Waste."""
    st = rs(["Trail Blazer"], rules=rules)
    set_hand(st, 0, ["Trail Blazer"])
    st.rails_left[0] = 1
    cid = st.zones.hands[0][0]
    if rules == 2:
        assert st.effect_blocker(0, cid) is None
        return
    assert st.effect_blocker(0, cid)["why"] == "you have no rails left"
    play(st, 0, "Trail Blazer")
    assert st.pending is None and st.rails_left[0] == 1 and waste_gained(st, 0) == 0


# ---- Actions -------------------------------------------------------------------------------
def test_reclamation_depot_returns_waste_from_the_discard_pile():
    st = rs(["Reclamation Depot"])
    set_hand(st, 0, ["Reclamation Depot"])
    for _ in range(2):
        st.zones.discards[0].append(st.zones.piles[WASTE].pop())
    play(st, 0, "Reclamation Depot")
    choose(st, 0, 2)
    assert WASTE not in st.zones.names(st.zones.discards[0])


def test_strategy_meeting_draws_then_puts_a_card_on_top():
    st = rs(["Strategy Meeting"])
    set_hand(st, 0, ["Strategy Meeting", "Express Train"])
    set_deck(st, 0, ["Normal Train", "Lay Rails"])
    play(st, 0, "Strategy Meeting")
    assert sorted(options(st)) == ["Express Train", "Normal Train"]
    choose(st, 0, "Express Train")
    assert st.zones.name(st.zones.decks[0][-1]) == "Express Train" and hand(st, 0) == ["Normal Train"]


def test_surveyor_rivers_and_mountains_cost_one_less():
    st = rs(["Surveyor"])
    set_hand(st, 0, ["Surveyor"])
    play(st, 0, "Surveyor")
    mountain = next(hx.id for hx in st.board.hexes if hx.terrain == "mountain")
    river = next(hx.id for hx in st.board.hexes if hx.terrain == "river")
    assert st.rail_cost(0, mountain, st.modifiers)[0] == 1 and st.rail_cost(0, river, st.modifiers)[0] == 0


def test_dispatcher_takes_the_trains_of_the_top_two():
    st = rs(["Dispatcher"])
    set_hand(st, 0, ["Dispatcher"])
    set_deck(st, 0, ["Express Train", WASTE, "Normal Train"])
    play(st, 0, "Dispatcher")
    assert hand(st, 0) == ["Express Train"] and st.zones.name(st.zones.discards[0][-1]) == WASTE


def test_engineer_no_waste_from_rail_laying_cards_but_shared_spaces_still_give_one():
    st = rs(["Engineer"])
    target = hex_id(T, 3, 5)
    st.rails[target].append(1)
    st.board_changed()
    set_hand(st, 0, ["Engineer", "Lay Rails", "Limited Express Train"])
    play(st, 0, "Limited Express Train")
    play(st, 0, "Engineer")
    play(st, 0, "Lay Rails")
    lay(st, 0, target)
    assert waste_gained(st, 0) == 1  # the shared space's Waste, not the card's


def test_extra_laborers_next_rail_laying_card_lays_one_more():
    st = rs(["Extra Laborers"])
    set_hand(st, 0, ["Extra Laborers", "Lay Rails", "Lay Rails"])
    play(st, 0, "Extra Laborers")
    play(st, 0, "Lay Rails")
    lay(st, 0, free_space(st))
    lay(st, 0, free_space(st))
    assert st.rails_left[0] == 20 - 3 and "extra_rail_next" not in st.modifiers
    play(st, 0, "Lay Rails")
    lay(st, 0, free_space(st))
    assert st.pending is None and st.rails_left[0] == 20 - 4


def test_upgrade_needs_two_cards_to_discard_then_draws_three():
    """Rising Sun "Playing A Card" example 3: with a single card left in hand, Upgrade cannot be used."""
    st = rs(["Upgrade"])
    set_hand(st, 0, ["Upgrade", "Normal Train"])
    cid = st.zones.hands[0][0]
    assert {"type": "play", "player": 0, "card": cid} not in st.legal_actions(0)
    assert "2 other cards" in st.effect_blocker(0, cid)["why"]
    st = rs(["Upgrade"])
    set_hand(st, 0, ["Upgrade", "Normal Train", WASTE])
    play(st, 0, "Upgrade")
    choose(st, 0, WASTE)
    choose(st, 0, "Normal Train")
    assert len(st.zones.hands[0]) == 3


def test_charitable_support_pay_four_for_one_vp_or_decline():
    """Rising Sun "Playing A Card" example 1."""
    st = rs(["Charitable Support"])
    set_hand(st, 0, ["Charitable Support", "Limited Express Train"])
    cid = st.zones.hands[0][0]
    assert st.effect_blocker(0, cid) is not None  # 1 money is not enough
    play(st, 0, "Limited Express Train")
    play(st, 0, "Charitable Support")
    assert st.money == 0 and st.vp_tokens[0] == 1


def test_incinerator_reveal_walkthrough_without_waste_in_the_deck():
    """Rising Sun "Terms: Reveal": no Waste in the deck: reveal it all, shuffle the discard pile, reveal
    it all, discard everything; a discard pile and no deck are left."""
    st = rs(["Incinerator"])
    set_hand(st, 0, ["Incinerator"])
    set_deck(st, 0, ["Normal Train", "Express Train"])  # the rest of the deck went to the discard pile
    total = len(st.zones.decks[0]) + len(st.zones.discards[0])
    play(st, 0, "Incinerator")
    assert st.zones.decks[0] == [] and len(st.zones.discards[0]) == total and st.zones.trash == []


def test_incinerator_trashes_two_waste():
    st = rs(["Incinerator"])
    set_hand(st, 0, ["Incinerator"])
    set_deck(st, 0, ["Normal Train", WASTE, WASTE, "Express Train"])
    play(st, 0, "Incinerator")
    assert st.zones.names(st.zones.trash) == [WASTE, WASTE]
    assert st.zones.names(st.zones.decks[0]) == ["Express Train"]


def test_yardmaster_draws_one_per_distinct_train_in_play():
    st = rs(["Yardmaster"])
    set_hand(st, 0, ["Yardmaster", "Normal Train", "Normal Train", "Express Train"])
    for n in ("Normal Train", "Normal Train", "Express Train"):
        play(st, 0, n)
    before = len(st.zones.hands[0])
    play(st, 0, "Yardmaster")
    assert len(st.zones.hands[0]) == before - 1 + 2


def test_limited_partnership_each_other_player_draws_one():
    st = rs(["Limited Partnership"], players=3)
    set_hand(st, 0, ["Limited Partnership"])
    sizes = [len(h) for h in st.zones.hands]
    play(st, 0, "Limited Partnership")
    assert st.money == 2 and [len(h) for h in st.zones.hands] == [sizes[0], sizes[1] + 1, sizes[2] + 1]


def test_junkyard_trashes_up_to_two_for_a_money_each():
    st = rs(["Junkyard"])
    set_hand(st, 0, ["Junkyard", WASTE, "Normal Train", "Normal Train"])
    play(st, 0, "Junkyard")
    choose(st, 0, WASTE)
    choose(st, 0, "Normal Train")
    assert st.pending is None and st.money == 2 and st.zones.names(st.zones.trash) == [WASTE, "Normal Train"]


def test_recycling_center_returns_every_waste_and_draws_as_many():
    st = rs(["Recycling Center"])
    set_hand(st, 0, ["Recycling Center", WASTE, WASTE])
    play(st, 0, "Recycling Center")
    assert WASTE not in hand(st, 0) and len(st.zones.hands[0]) == 2


def test_legal_counsel_pays_one_to_draw_two():
    st = rs(["Legal Counsel"])
    set_hand(st, 0, ["Legal Counsel", "Normal Train"])
    cid = st.zones.hands[0][0]
    assert st.effect_blocker(0, cid)["op"] == "pay_money"
    play(st, 0, "Normal Train")
    play(st, 0, "Legal Counsel")
    assert st.money == 0 and len(st.zones.hands[0]) == 2


# ---- Attacks and Reactions ---------------------------------------------------------------------
def test_regulations_each_other_player_gains_a_waste_clockwise():
    st = rs(["Regulations"], players=3)
    set_hand(st, 0, ["Regulations"])
    play(st, 0, "Regulations")
    no_reaction(st, 1, 2)
    assert [waste_gained(st, q) for q in range(3)] == [0, 1, 1]
    assert st.log_lines(None)[-2:] == ["P1 gains a Waste", "P2 gains a Waste"]


@pytest.mark.parametrize("reveal", [True, False])
def test_legal_counsel_reaction_is_asked_of_its_holder_out_of_turn(reveal):
    """Rising Sun "Reactions": the only cards playable in another player's turn (every attacked
    player is asked, rules version 3: seat 1, without one, only says "no Reaction")."""
    st = rs(["Regulations", "Legal Counsel"], players=3)
    set_hand(st, 0, ["Regulations"])
    set_hand(st, 2, ["Legal Counsel", "Normal Train"])
    play(st, 0, "Regulations")
    assert st.legal_actions(1) == [{"type": "choose", "player": 1, "option": "none"}]
    no_reaction(st, 1)
    assert waste_gained(st, 1) == 1 and st.to_act() == [2]
    assert st.legal_actions(2) == [{"type": "choose", "player": 2, "option": "Legal Counsel"},
                                   {"type": "choose", "player": 2, "option": "none"}]
    assert st.legal_actions(0) == [] and st.view(0)["pending"] == {"kind": "reaction", "player": 2}
    choose(st, 2, "Legal Counsel" if reveal else "none")
    assert waste_gained(st, 2) == (0 if reveal else 1)
    assert st.to_act() == [0] and "Legal Counsel" in hand(st, 2)


def test_politician_two_victims_decide_in_order_and_to_act_names_each():
    st = rs(["Politician"], players=3)
    set_hand(st, 0, ["Politician"])
    set_hand(st, 1, ["Normal Train"] * 5)
    set_hand(st, 2, ["Normal Train", "Normal Train", "Express Train", "Lay Rails", "Lay Rails", WASTE])
    play(st, 0, "Politician")
    assert st.to_act() == [1] and st.money == 2
    no_reaction(st, 1)
    assert st.view(2)["pending"] == {"kind": "discard_down", "player": 1}
    choose(st, 1, "Normal Train")
    assert st.to_act() == [2]
    no_reaction(st, 2)
    choose(st, 2, WASTE)
    assert st.to_act() == [2]
    choose(st, 2, "Lay Rails")
    assert st.to_act() == [0] and [len(h) for h in st.zones.hands[1:]] == [4, 4]


def test_unhappy_passengers_only_hands_of_five_and_a_hand_without_train_is_shown():
    st = rs(["Unhappy Passengers"], players=3)
    set_hand(st, 0, ["Unhappy Passengers"])
    set_hand(st, 1, ["Lay Rails"] * 2 + [WASTE] * 3)
    set_hand(st, 2, ["Normal Train"] * 4)
    play(st, 0, "Unhappy Passengers")
    no_reaction(st, 1)  # seat 2's hand of 4 is left out by the card (public: a hand's size)
    assert st.pending is None and len(st.zones.hands[1]) == 5 and len(st.zones.hands[2]) == 4
    assert "P1 reveals their hand" in st.log_lines(None)[-1]


def test_protesters_each_other_player_with_a_rail_in_the_city_gains_waste():
    st = rs(["Protesters"], players=3)
    city = named(T, "Yokohama")
    st.stations[city] = 1
    st.rails[city] += [1]
    st.board_changed()
    set_hand(st, 0, ["Protesters"])
    play(st, 0, "Protesters")
    assert options(st) == [city]
    choose(st, 0, city)
    no_reaction(st, 1)  # seat 2 has no rail in the city: left out
    assert st.pending is None and [waste_gained(st, q) for q in range(3)] == [0, 1, 0]


def test_roundhouse_victims_put_a_train_on_their_deck():
    st = rs(["Roundhouse"])
    set_hand(st, 0, ["Roundhouse"])
    set_hand(st, 1, ["Express Train", "Lay Rails"])
    play(st, 0, "Roundhouse")
    no_reaction(st, 1)
    assert st.to_act() == [1] and options(st) == ["Express Train"]
    choose(st, 1, "Express Train")
    assert st.zones.name(st.zones.decks[1][-1]) == "Express Train" and st.to_act() == [0]


def test_an_attack_with_each_player_includes_the_attacker_first():
    from railtable.trains import effects

    st = rs(["Regulations"], players=3)
    st.current = 1
    assert effects._seats(st, "each") == [1, 2, 0] and effects._seats(st, "each_other") == [2, 0]


# ---- every card: declined, impossible, empty deck, no Waste left ------------------------------------
RS_EFFECT_CARDS = [n for n in kingdom_names("rising_sun") if card(n).effect]


def _finish(st):
    """Answer every pending choice with its first option (any player's), until the turn is back."""
    for _ in range(50):
        if st.pending is None:
            return
        q = st.to_act()[0]
        st.apply(st.legal_actions(q)[0])
    raise AssertionError("the effect never finished")


@pytest.mark.parametrize("name", RS_EFFECT_CARDS)
def test_each_card_with_an_empty_deck_and_no_waste_left(name):
    """Terms "Draw" / "Waste": with no cards to draw and no Waste left, the effect still runs (or is
    impossible and not offered) and no card is created or lost."""
    st = rs([name], players=3)
    z = st.zones
    set_hand(st, 0, [name, "Normal Train", "Express Train"])
    for q in range(3):
        z.trash.extend(z.decks[q] + z.discards[q])
        z.decks[q], z.discards[q] = [], []
    z.trash.extend(z.piles[WASTE])
    z.piles[WASTE] = []
    total = len(z.census())
    cid = z.hands[0][0]
    plays = [a for a in st.legal_actions(0) if a["type"] == "play" and a["card"] == cid]
    assert plays, f"{name} can always be played (for its money at least)"
    st.apply(plays[0])
    _finish(st)
    assert len(z.census()) == total and st.to_act() == [0] and sum(waste_gained(st, q) for q in range(3)) == 0


@pytest.mark.parametrize("name", [n for n in RS_EFFECT_CARDS if card(n).is_action and not card(n).mandatory])
def test_each_action_card_declined_gives_only_its_money(name):
    """"Playing A Card": "If you choose not to apply its effects, you still gain the money from the card.\""""
    st = rs([name], players=3)
    set_hand(st, 0, [name, "Normal Train"])
    before = st.copy()
    cid = st.zones.hands[0][0]
    st.apply({"type": "play", "player": 0, "card": cid, "decline": True})
    assert st.money == card(name).money and st.pending is None and st.to_act() == [0]
    assert [len(h) for h in st.zones.hands] == [1, len(before.zones.hands[1]), len(before.zones.hands[2])]
    assert st.zones.gained == before.zones.gained and st.vp_tokens == before.vp_tokens
