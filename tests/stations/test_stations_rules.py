"""Rules tests for Trains & Stations, each named after its rulebook section
(docs/sources.md#trains-and-stations (the rulebook)), with the rulebook's worked examples on our board."""

from __future__ import annotations

import pytest
from stations_helpers import NAMES, ScriptedRng, counts, expected_counts, fill, new_game, space, to_resolve

from railtable.core import IllegalActionError, NotYourTurnError, get_game
from railtable.stations import scoring, step3, supply
from railtable.stations.data import board, power_cards
from railtable.stations.state import StationsState


def mission_id(a: str, b: str) -> int:
    return next(c["id"] for c in power_cards().values() if c["kind"] == "mission" and c["cities"] == [a, b])


def goods_card_id(g1: str, g2: str) -> int:
    return next(c["id"] for c in power_cards().values() if c["kind"] == "goods" and c["goods"] == [g1, g2])


# ---- Setup -------------------------------------------------------------------------
@pytest.mark.parametrize("players,total", [(3, 60), (4, 70), (5, 80)])
def test_setup_vp_cards_by_player_count(players: int, total: int) -> None:
    """Setup: 60/70/80 VP by player count; three 1 VP cards, 3 Coins and 8 dice each."""
    s = StationsState.setup({"players": NAMES[:players]}, 3)
    assert s.vp_stack + sum(s.vp) == total
    assert s.vp == [3] * players and s.coins == [3] * players
    assert s.bank == 25 - 3 * players
    assert s.dice_supply == [8] * players and s.bonus_pool == 10
    assert {bt: st["goods"] for bt, st in s.stacks.items()} == {"ranch": "cattle", "hotel": "worker", "mine": "coal"}
    assert counts(s) == expected_counts(players)


def test_setup_power_cards_deal_three_keep_two_in_secret() -> None:
    """Setup: deal 3 Power cards, keep 2, the third goes back and the deck is reshuffled;
    everyone chooses at once and nobody sees another's cards."""
    s = StationsState.setup({"players": NAMES[:3]}, 5)
    assert s.to_act() == [0, 1, 2]
    assert all(len(h) == 3 for h in s.power_hands)
    assert s.view(1)["me"]["power"] and "power" not in str(s.view(1)["players"])
    returned = s.power_hands[2][1]
    s.apply({"type": "return_power", "player": 2, "card": returned})
    assert s.to_act() == [0, 1]
    with pytest.raises(NotYourTurnError):
        s.apply({"type": "return_power", "player": 2, "card": s.power_hands[2][0]})
    s.apply({"type": "return_power", "player": 0, "card": s.power_hands[0][0]})
    s.apply({"type": "return_power", "player": 1, "card": s.power_hands[1][0]})
    assert [len(h) for h in s.power_hands] == [2, 2, 2]
    assert returned in s.power_deck and len(s.power_deck) == 20 - 6
    assert s.phase == "gather" and s.active == 0  # the Conductor starts


# ---- Step 1: Gather Dice -------------------------------------------------------------
def test_step1_saved_dice_count_first_and_at_most_five_own_dice() -> None:
    """Step 1: saved dice count first towards the 5 dice rolled."""
    s = new_game(3)
    s.saved[0] = ["hotel", "hotel"]
    s.dice_supply[0] = 6
    s.rng = ScriptedRng(["train", "train", "train"])
    s.apply({"type": "gather", "player": 0, "bonus": 0, "keep": {"hotel": 2}})
    assert sorted(d[1] for d in s.tray) == ["hotel", "hotel", "train", "train", "train"]
    assert s.dice_supply[0] == 3 and s.saved[0] == []


def test_step1_bonus_dice_required_up_to_five_and_all_when_pool_empty() -> None:
    """Step 1, Bonus dice: optional, except to reach 5 dice, and all of them when the pool is empty."""
    s = new_game(3)
    s.bonus_held[0] = 3
    s.bonus_pool -= 3
    fill(s, "northern", [0, 0, 0, 0])  # 4 dice on the board: 4 left to gather
    gathers = [a for a in s.legal_actions(0) if a["type"] == "gather"]
    assert sorted(a["bonus"] for a in gathers) == [1, 2, 3]
    with pytest.raises(IllegalActionError, match="at least 1"):
        s.apply({"type": "gather", "player": 0, "bonus": 0, "keep": {}})
    s.bonus_pool = 0
    s.spaces.clear()
    s.dice_supply[0] = 8
    s.bonus_held[0] = 3
    assert sorted(a["bonus"] for a in s.legal_actions(0) if a["type"] == "gather") == [3]


def test_step1_reclaim_needs_five_dice_on_board_and_ends_the_turn() -> None:
    """Step 1, Reclaim Dice: with 5 or more dice on the board, take them all back and end the turn;
    Bonus dice on the board are nobody's."""
    s = new_game(3)
    fill(s, "west", [0, 0, 0, 0, -1])
    with pytest.raises(IllegalActionError, match="5 or more"):
        s.apply({"type": "reclaim", "player": 0})
    fill(s, "northern", [0])
    s.apply({"type": "reclaim", "player": 0})
    assert s.dice_supply[0] == 8 and list(s.spaces.values()) == [[-1, "train"]]
    assert s.active == 1 and s.phase == "gather"


# ---- Step 2: Roll Dice -----------------------------------------------------------------
def test_step2_reroll_costs_a_coin_and_locked_trains_stay() -> None:
    """Step 2, Rerolls: 1 Coin per reroll of any dice except Locked Trains."""
    s = new_game(3)
    s.rng = ScriptedRng(["locked", "hotel", "coin", "mine", "ranch", "train"])
    s.apply({"type": "gather", "player": 0, "bonus": 0, "keep": {}})
    with pytest.raises(IllegalActionError, match="Locked Train"):
        s.apply({"type": "select", "player": 0, "face": "locked", "bonus": False})
    with pytest.raises(IllegalActionError, match="select"):
        s.apply({"type": "reroll", "player": 0})
    s.apply({"type": "select", "player": 0, "face": "coin", "bonus": False})
    s.apply({"type": "reroll", "player": 0})
    assert s.coins[0] == 2 and s.bank == 25 - 9 + 1
    assert sorted(d[1] for d in s.tray) == ["hotel", "locked", "mine", "ranch", "train"]


def test_step2_strike_example() -> None:
    """Step 2, the rulebook's Strike! example: Eric keeps a saved Ranch, rolls Locked Train, Hotel,
    Hotel, Coin; pays a Coin to reroll the Coin and the Ranch, gets two Locked Trains: strike,
    3 VP lost (back to the stack) and no more rerolls."""
    s = new_game(3)
    s.saved[0] = ["ranch"]
    s.dice_supply[0] = 7
    s.rng = ScriptedRng(["locked", "hotel", "hotel", "coin"])
    s.apply({"type": "gather", "player": 0, "bonus": 0, "keep": {"ranch": 1}})
    assert sorted(d[1] for d in s.tray) == ["coin", "hotel", "hotel", "locked", "ranch"]
    s.rng = ScriptedRng(["locked", "locked"])
    s.apply({"type": "select", "player": 0, "face": "coin", "bonus": False})
    s.apply({"type": "select", "player": 0, "face": "ranch", "bonus": False})
    stack = s.vp_stack
    s.apply({"type": "reroll", "player": 0})
    assert s.struck and s.vp[0] == 0 and s.vp_stack == stack + 3
    assert s.phase == "resolve"  # rerolls are over; Step 3 follows
    assert not any(a["type"] == "reroll" for a in s.legal_actions(0))


def test_step2_strike_with_fewer_than_three_vp_loses_all() -> None:
    """Step 2, Strike!: with fewer than 3 VP you lose all of them."""
    s = new_game(3)
    s.vp[0] = 2
    s.vp_stack += 1
    s.rng = ScriptedRng(["locked", "locked", "locked", "train", "train"])
    s.apply({"type": "gather", "player": 0, "bonus": 0, "keep": {}})
    assert s.vp[0] == 0 and s.struck
    assert counts(s) == expected_counts(3)


# ---- Step 3: Resolve Dice -----------------------------------------------------------------
def test_step3_trains_go_next_to_a_station_or_a_die() -> None:
    """Step 3, Placing Trains: next to a Station or to a space already holding a die; all must be placed."""
    s = new_game(3)
    to_resolve(s, 0, [(False, "train"), (False, "locked")])
    middle = space("northern", 2)
    with pytest.raises(IllegalActionError, match="next to a Station"):
        s.apply({"type": "place", "player": 0, "face": "train", "bonus": False, "space": middle})
    with pytest.raises(IllegalActionError, match="placed first"):
        s.apply({"type": "done", "player": 0})
    s.apply({"type": "place", "player": 0, "face": "train", "bonus": False, "space": space("northern", 0)})
    s.apply({"type": "place", "player": 0, "face": "locked", "bonus": False, "space": space("northern", 1)})
    assert space("northern", 2) in step3.open_spaces(s)
    s.apply({"type": "done", "player": 0})
    assert s.active == 1


def test_step3_buildings_locations_and_levels() -> None:
    """Step 3, Erecting Buildings: 3 matching faces; a second Building only once every Station has
    one; never more than the Station's locations (San Antonio has 2)."""
    s = new_game(3)
    assert board().stations["san_antonio"].slots == 2
    s.buildings["denver"].append([1, "mine"])
    to_resolve(s, 0, [(False, "hotel")] * 3 + [(True, "hotel")] * 3)
    with pytest.raises(IllegalActionError, match="level rule"):
        s.apply({"type": "build", "player": 0, "building": "hotel", "station": "denver"})
    s.apply({"type": "build", "player": 0, "building": "hotel", "station": "boston"})
    assert s.bonus_pool == 10  # Bonus dice are used first and go back to the pool
    # Boston has 1 Building, every other Station 2: only Boston may take another now
    for st in board().station_order:
        if st != "boston":
            s.buildings[st] = [[1, "mine"], [2, "ranch"]]
    assert step3.build_stations(s) == ["boston"]
    s.buildings["boston"].append([2, "ranch"])
    # now every Station has 2: a third only where there are 3 locations (not San Antonio)
    assert "san_antonio" not in step3.build_stations(s) and "denver" in step3.build_stations(s)
    s.apply({"type": "build", "player": 0, "building": "hotel", "station": "denver"})
    assert s.buildings_left[0]["hotel"] == 1
    with pytest.raises(IllegalActionError, match="3 dice"):
        s.apply({"type": "build", "player": 0, "building": "hotel", "station": "denver"})


def test_step3_no_building_left_gives_nothing() -> None:
    """Step 3: with no such Building left in your supply you gain nothing."""
    s = new_game(3)
    s.buildings_left[0]["mine"] = 0
    to_resolve(s, 0, [(False, "mine")] * 3)
    assert not any(a["type"] == "build" for a in s.legal_actions(0))


def test_step3_coins_two_per_die_never_more_than_five() -> None:
    """Step 3, Gain Coins: 2 Coins per Coin die returned, never more than 5 held."""
    s = new_game(3)
    to_resolve(s, 0, [(False, "coin"), (True, "coin")])
    s.apply({"type": "cash", "player": 0, "bonus": False})
    assert s.coins[0] == 5
    s.apply({"type": "cash", "player": 0, "bonus": True})
    assert s.coins[0] == 5 and s.bonus_pool == 10 and s.dice_supply[0] == 8
    assert counts(s) == expected_counts(3)


def test_step3_saving_own_building_or_coin_dice_only() -> None:
    """Step 3, Saving Dice: Building or Coin faces of your colour; Bonus dice cannot be saved and
    rolled Bonus dice return to the pool."""
    s = new_game(3)
    to_resolve(s, 0, [(False, "hotel"), (True, "mine"), (False, "coin")])
    with pytest.raises(IllegalActionError, match="Bonus dice cannot be saved"):
        s.apply({"type": "save", "player": 0, "face": "mine"})
    s.apply({"type": "save", "player": 0, "face": "hotel"})
    s.apply({"type": "save", "player": 0, "face": "coin"})
    s.apply({"type": "done", "player": 0})
    assert s.saved[0] == ["hotel", "coin"] and s.bonus_pool == 10 and s.dice_supply[0] == 6


# ---- Step 4: Delivery! ------------------------------------------------------------------
def delivery_example() -> StationsState:
    """The rulebook's Delivery example on our board: Eric (0) places 3 trains completing the West Y
    (Seattle, Los Angeles, Billings) and the Northern route (Billings-Detroit) with Bryan's (1)
    trains and Bonus dice; Eric, Bryan, Sarah (2) and Ken (3) own Mines at the West Y's Stations
    and only 3 Coal are left; Sarah holds the Los Angeles-Detroit Mission."""
    s = new_game(4)
    west = board().routes["west"].spaces
    assert len(west) == 11
    fill(s, "west", [1, 1, 1, 1, -1, -1, -1, 0, 0])  # 9 of 11 spaces: 2 left for Eric
    fill(s, "northern", [1, -1, -1, -1, -1])  # 5 of 6: 1 left for Eric
    s.buildings["seattle"] = [[0, "mine"], [1, "mine"]]
    s.buildings["los_angeles"] = [[2, "mine"], [3, "mine"]]
    for p in range(4):
        s.buildings_left[p]["mine"] -= 1
    # Coal is on the Mine; 7 Coal cards are already in Ken's hand
    s.stacks["mine"]["count"] = 3
    s.hands[3]["coal"] = 7
    s.power_deck.extend(s.power_hands[2])
    s.power_hands[2] = [mission_id("los_angeles", "detroit")]
    s.power_deck.remove(s.power_hands[2][0])
    to_resolve(s, 0, [(False, "train")] * 3)
    return s


def test_step4_delivery_example_tie_and_coal_shortage() -> None:
    """Step 4, the rulebook's example: completion VPs (3 each for three cities), the tie broken by
    the active player in his own favour (all three city bonuses), 3 Coal for 4 Mines (the active
    player chooses; the one left out gets 1 VP), the Mission connected through both routes
    completed this turn, dice reclaimed."""
    s = delivery_example()
    west_left = [sp for sp in board().routes["west"].spaces if sp not in s.spaces]
    north_left = [sp for sp in board().routes["northern"].spaces if sp not in s.spaces]
    assert len(west_left) == 2 and len(north_left) == 1
    # the last two spaces of the Billings arm: one next to the junction, one next to Eric's die
    for sp in west_left + north_left:
        s.apply({"type": "place", "player": 0, "face": "train", "bonus": False, "space": sp})
    vp0 = list(s.vp)
    s.apply({"type": "done", "player": 0})
    assert s.phase == "order" and sorted(s.deliver_queue) == ["northern", "west"]
    s.apply({"type": "deliver", "player": 0, "route": "west"})
    # the Delivery's event says whose dice were on the route (the why of the Majority Bonus)
    delivery = next(ev for ev in reversed(s.events) if ev[0] == "delivery")
    assert delivery[1]["dice"] == [4, 4, 0, 0] and delivery[1]["white"] == 3
    assert s.vp[0] == vp0[0] + 3 and s.vp[1] == vp0[1] + 3 and s.vp[2] == vp0[2]
    assert s.phase == "tie" and s.delivery["tied"] == [0, 1]
    deck = len(s.power_deck)
    s.apply({"type": "tie", "player": 0, "winner": 0})
    # Seattle: a Power card; Los Angeles: +1 VP; Billings: a Bonus die
    assert len(s.power_deck) == deck - 1 and len(s.power_hands[0]) == 3
    assert s.vp[0] == vp0[0] + 3 + 1 and s.bonus_held[0] == 1
    assert s.phase == "goods" and s.delivery["demand"] == [1, 1, 1, 1]
    for q in (0, 1, 2):
        s.apply({"type": "give_goods", "player": 0, "to": q})
    assert [s.hands[q]["coal"] for q in range(4)] == [1, 1, 1, 7]
    assert s.vp[3] == vp0[3] + 1  # Ken collects 1 VP instead
    # Sarah's Los Angeles-Detroit Mission: connected through West Y and Northern
    assert power_cards()[s.power_scored[2][0]]["cities"] == ["los_angeles", "detroit"]
    # then the Northern delivery: Eric 1, Bryan 1: another tie
    assert s.phase == "tie"
    s.apply({"type": "tie", "player": 0, "winner": 1})
    assert s.bonus_held[1] == 1  # Billings
    assert not s.spaces and s.bonus_pool == 10 - 2
    assert s.dice_supply[0] == 8 and s.dice_supply[1] == 8
    assert counts(s) == expected_counts(4)
    # Step 5: the Coal ran out, so Silver comes onto the Mine and speculation starts
    assert s.stacks["mine"]["goods"] == "silver" and s.phase == "speculate"


def test_step4_mission_needs_connection_and_scores_one_copy_per_turn() -> None:
    """Step 4.4: a player with two of the same Mission scores only one of them per turn; a player
    without dice on the route may still score."""
    s = new_game(3)
    mid = mission_id("seattle", "san_antonio")
    other = next(c for c in power_cards() if power_cards()[c]["cities"] == ["seattle", "san_antonio"] and c != mid)
    for c in (mid, other):
        for h in s.power_hands:
            if c in h:
                h.remove(c)
                s.power_deck.append(c)
        s.power_deck.remove(c)
    s.power_hands[2] += [mid, other]
    fill(s, "west", [1] * 10)        # the West Y (Seattle, Los Angeles, Billings) but one space
    fill(s, "southwest", [1] * 5)    # Los Angeles - San Antonio but one space
    to_resolve(s, 0, [(False, "train")] * 2)
    s.apply({"type": "place", "player": 0, "face": "train", "bonus": False, "space": space("west", 10)})
    s.apply({"type": "place", "player": 0, "face": "train", "bonus": False, "space": space("southwest", 5)})
    s.apply({"type": "done", "player": 0})
    while s.phase in ("order", "tie", "goods"):
        s.apply(s.legal_actions(0)[0])
    assert s.power_scored[2] in ([mid], [other])
    assert (mid in s.power_hands[2]) != (other in s.power_hands[2])


def test_step4_empty_goods_stack_gives_one_vp() -> None:
    """Step 4.3: when the Goods stack is empty the Building's owner collects 1 VP instead."""
    s = new_game(3)
    s.stacks["ranch"]["count"] = 0
    s.hands[1]["cattle"] = 10
    s.buildings["new_orleans"].append([2, "ranch"])
    s.buildings_left[2]["ranch"] -= 1
    fill(s, "gulf", [1, 1, 1])
    to_resolve(s, 0, [(False, "train")])
    vp2 = s.vp[2]
    s.apply({"type": "place", "player": 0, "face": "train", "bonus": False, "space": space("gulf", 3)})
    s.apply({"type": "done", "player": 0})
    while s.phase == "tie":
        s.apply({"type": "tie", "player": 0, "winner": 0})
    assert s.vp[2] == vp2 + 1


# ---- Step 5: Goods Depletion & Upgrade ----------------------------------------------------
def end_turn_with(s: StationsState) -> None:
    to_resolve(s, s.active, [])
    s.apply({"type": "done", "player": s.active})


def test_step5_ranch_skips_food_already_on_the_hotel() -> None:
    """Step 5, the rulebook's example: the Ranch's Cattle are gone; Food is already on the Hotel,
    so Gold goes on the Ranch."""
    s = new_game(3)
    s.stacks["hotel"] = {"goods": "food", "count": 4, "level": 1}
    s.goods_aside["food"] = 0
    s.goods_removed["worker"] = 10
    s.goods_removed["food"] = 6
    s.stacks["ranch"]["count"] = 0
    s.goods_removed["cattle"] = 10
    end_turn_with(s)
    assert s.stacks["ranch"] == {"goods": "gold", "count": 10, "level": 2}
    assert counts(s) == expected_counts(3)


def test_step5_hotel_choice_is_the_active_players_and_one_upgrade_per_turn() -> None:
    """Step 5: with several stacks depleted only one upgrades this turn; the Hotel's upgrade is
    Silver or Food, the active player's choice."""
    s = new_game(3)
    for h in s.power_hands:  # no two-Goods Power cards: nobody has anything to trade
        s.power_deck.extend(h)
        h.clear()
    for bt, g in (("hotel", "worker"), ("mine", "coal")):
        s.stacks[bt]["count"] = 0
        s.goods_removed[g] = 10
    end_turn_with(s)
    assert s.phase == "upgrade"
    assert sorted(map(tuple, s.upgrade_choices)) == [("hotel", "food"), ("hotel", "silver"), ("mine", "silver")]
    s.apply({"type": "upgrade", "player": 0, "building": "hotel", "goods": "food"})
    assert s.stacks["hotel"]["goods"] == "food" and s.stacks["mine"]["count"] == 0
    # speculation even though nobody holds Goods (who holds what stays secret): all confirm nothing
    assert s.phase == "speculate"
    for p in range(3):
        s.apply({"type": "confirm", "player": p})
    assert s.active == 1
    end_turn_with(s)
    assert s.stacks["mine"]["goods"] == "silver" and s.phase == "speculate"
    for p in range(3):
        s.apply({"type": "confirm", "player": p})
    assert s.active == 2


def test_step5_no_upgrade_left_leaves_the_building_empty() -> None:
    """Step 5: when Gold is already placed, the depleted Building space stays empty for good."""
    s = new_game(3)
    s.stacks["ranch"] = {"goods": "food", "count": 0, "level": 1}
    s.stacks["hotel"] = {"goods": "gold", "count": 5, "level": 2}
    s.goods_aside.update(food=0, gold=0)
    s.goods_removed.update(cattle=10, food=10, worker=10, gold=5)
    end_turn_with(s)
    assert s.stacks["ranch"]["goods"] is None and s.active == 1
    assert counts(s) == expected_counts(3)


def speculation_example() -> StationsState:
    """The rulebook's Speculation example: Eric (0) 6 Cattle, Sarah (2) 3, Bryan (1) 1; the Cattle
    run out and Food comes onto the Ranch."""
    s = new_game(3)
    s.hands[0].update(cattle=6, worker=2)
    s.hands[1].update(cattle=1, coal=1)
    s.hands[2].update(cattle=3, worker=2, coal=2)
    s.stacks["ranch"]["count"] = 0
    s.goods_removed["cattle"] = 0
    s.stacks["hotel"]["count"] -= 4
    s.stacks["mine"]["count"] -= 3
    for p in range(3):
        s.power_deck.extend(c for c in s.power_hands[p] if power_cards()[c]["kind"] == "goods")
        s.power_hands[p] = [c for c in s.power_hands[p] if power_cards()[c]["kind"] != "goods"]
    end_turn_with(s)
    return s


def offer(s: StationsState, p: int, **goods: int) -> None:
    for g, n in goods.items():
        for _ in range(n):
            s.apply({"type": "offer_goods", "player": p, "goods": g})
    s.apply({"type": "confirm", "player": p})


def test_step5_speculation_example_secret_and_simultaneous() -> None:
    """Upgrade Speculation, the rulebook's example: Eric trades 4 Cattle and 2 Workers for 3 Food,
    Bryan 1 Cattle and 1 Coal for 1 Food, Sarah 2 Workers and 2 Coal for 2 Food; nobody sees a
    trade before all have chosen; traded Goods leave the game."""
    s = speculation_example()
    assert s.phase == "speculate" and s.stacks["ranch"]["goods"] == "food"
    assert s.to_act() == [0, 1, 2]
    offer(s, 0, cattle=4, worker=2)
    assert "my_offer" not in s.view(1)["pending"] or s.view(1)["pending"]["my_offer"] == {"goods": {}, "cards": []}
    assert "cattle" not in str(s.view(2)["events"][-3:]) and s.view(0)["pending"]["my_offer"]["goods"] == {
        "cattle": 4, "worker": 2}
    with pytest.raises(NotYourTurnError):
        s.apply({"type": "clear_offer", "player": 0})
    s.apply({"type": "offer_goods", "player": 2, "goods": "worker"})
    with pytest.raises(IllegalActionError, match="2 for 1"):
        s.apply({"type": "confirm", "player": 2})
    s.apply({"type": "clear_offer", "player": 2})
    offer(s, 2, worker=2, coal=2)
    reveals = s.reveal_count
    offer(s, 1, cattle=1, coal=1)
    assert s.reveal_count > reveals
    assert [s.hands[q]["cattle"] for q in range(3)] == [2, 0, 3]
    assert [s.hands[q]["food"] for q in range(3)] == [3, 1, 2]
    assert s.stacks["ranch"]["count"] == 10 - 6 and s.goods_removed["cattle"] == 5
    assert s.active == 1 and counts(s) == expected_counts(3)


def secret_speculation(bryan_card: int, rules: int = 2) -> StationsState:
    """The Cattle run out at the end of Eric's turn; Bryan (1) holds no Goods card and one Power
    card (``bryan_card``), Sarah (2) holds nothing, Ken (3) holds 2 Cattle."""
    s = StationsState.setup({"players": NAMES[:4], "rules": rules}, 1)
    for p in range(4):
        s.apply({"type": "return_power", "player": p, "card": s.power_hands[p][0]})
    for h in s.power_hands:
        s.power_deck.extend(h)
        h.clear()
    s.power_deck.remove(bryan_card)
    s.power_hands[1].append(bryan_card)
    s.power_deck.sort()
    s.hands[3]["cattle"] = 2
    s.stacks["ranch"]["count"] = 0
    s.goods_removed["cattle"] = 8
    end_turn_with(s)
    return s


def test_step5_speculation_everyone_takes_part_so_nobody_learns_who_can_trade() -> None:
    """Upgrade Speculation ("All players have the chance to speculate"; trades are secret): every
    player takes part, those with nothing to trade confirm "nothing", so nobody learns from the
    views who holds Goods or a two-Goods Power card."""
    with_goods_card = secret_speculation(goods_card_id("gold", "silver"))
    with_mission = secret_speculation(mission_id("seattle", "boston"))
    for s in (with_goods_card, with_mission):
        assert s.phase == "speculate" and s.to_act() == [0, 1, 2, 3]
        assert s.legal_actions(2) == [{"type": "confirm", "player": 2}]  # nothing to trade
    assert with_mission.legal_actions(1) == [{"type": "confirm", "player": 1}]
    assert {a["type"] for a in with_goods_card.legal_actions(1)} == {"offer_card", "confirm"}
    for viewer in (0, 2, 3, None):
        assert with_goods_card.view(viewer) == with_mission.view(viewer)
        assert "eligible" not in with_goods_card.view(viewer)["pending"]
    # everyone confirms, in any order; the views stay alike until the trades are revealed
    for p in (2, 1, 0):
        for s in (with_goods_card, with_mission):
            s.apply({"type": "confirm", "player": p})
        assert with_goods_card.view(3) == with_mission.view(3)
    offer(with_mission, 3, cattle=2)
    assert with_mission.hands[3]["food"] == 1 and with_mission.active == 1


def test_step5_speculation_rules_version_1_asks_only_those_who_can_trade() -> None:
    """Rules version 1 (games begun before version 2) keeps its speculation step as it was played:
    only players holding Goods or a two-Goods Power card take part."""
    s = secret_speculation(goods_card_id("gold", "silver"), rules=1)
    assert s.to_act() == [1, 3] and s.view(0)["pending"]["eligible"] == [False, True, False, True]


def test_step5_speculation_shortfall_shared_by_active_player_and_power_card_counts_two() -> None:
    """Upgrade Speculation: a two-Goods Power card counts as 2 Goods; with too few new Goods the
    active player shares them out; each player left short gets 1 VP per 2 Goods traded in."""
    s = new_game(3)
    s.hands[0].update(worker=10)
    s.hands[1].update(coal=10)
    s.stacks["hotel"]["count"] = 0
    s.stacks["mine"]["count"] = 0
    s.stacks["ranch"]["count"] = 0
    s.hands[2]["cattle"] = 10
    for h in s.power_hands:
        s.power_deck.extend(h)
        h.clear()
    card = goods_card_id("cattle", "coal")
    s.power_deck.remove(card)
    s.power_hands[1].append(card)
    end_turn_with(s)
    s.apply({"type": "upgrade", "player": 0, "building": "ranch", "goods": "food"})
    offer(s, 0, worker=10)                                   # 5 Food
    s.apply({"type": "offer_card", "player": 1, "card": card})
    offer(s, 1, coal=6)                                      # 8 Goods: 4 Food
    offer(s, 2, cattle=6)                                    # 3 Food: 12 asked, 10 left
    assert s.phase == "spec_award" and s.to_act() == [0] and s.spec["award"] == [5, 4, 3]
    vp = list(s.vp)
    for q in (2, 2, 2, 1, 1, 1, 1, 0, 0, 0):
        s.apply({"type": "award", "player": 0, "to": q})
    assert [s.hands[q]["food"] for q in range(3)] == [3, 4, 3]
    assert [s.vp[q] - vp[q] for q in range(3)] == [2, 0, 0]
    assert card in s.power_removed and counts(s) == expected_counts(3)


# ---- The end of the game and scoring ---------------------------------------------------------
def test_end_when_vp_stack_runs_out_equal_turns_then_scoring() -> None:
    """The End of the Game: once the VP stack is empty, play on until the Conductor would start
    again; everyone has had the same number of turns. Scoring: VP cards, Missions, Monopolies
    (ties all score), most Gold breaks a tie, else a shared victory."""
    s = new_game(3)
    s.active = 1
    s.vp[1] += s.vp_stack - 1
    s.vp_stack = 1
    supply.gain_vp(s, 1, 3)  # the stack runs out; 2 VP come from the cards left out at setup
    assert s.endgame and s.vp_reserve == 18
    end_turn_with(s)  # seat 1's turn ends; seat 2 still plays
    assert s.active == 2 and not s.is_over()
    s.hands[0].update(gold=2, worker=1)
    s.hands[1].update(worker=1)
    s.hands[2].update(gold=1)
    for h in s.power_hands:
        s.power_deck.extend(h)
        h.clear()
    end_turn_with(s)
    assert s.is_over() and s.to_act() == []
    r = s.result()
    assert r["breakdown"][0]["monopolies"] == {"worker": 4, "gold": 9}
    assert r["breakdown"][1]["monopolies"] == {"worker": 4}
    assert r["scores"][0] == s.vp[0] + 13


def test_scoring_tie_broken_by_gold_then_shared() -> None:
    """Scoring: in a tie the most Gold wins; still tied, the victory is shared."""
    s = new_game(3)
    for h in s.power_hands:
        s.power_deck.extend(h)
        h.clear()
    s.vp = [10, 10, 4]
    s.vp_stack = 80 - 20 - 24
    s.hands[0]["gold"] = 0
    scoring.finish(s)
    assert s.result()["winners"] == [0, 1]
    s.phase = "resolve"
    s.vp = [10, 1, 4]
    s.hands[0]["worker"] = 1
    s.hands[1]["gold"] = 1
    s.vp[1] = 10 + 4 - 9
    scoring.finish(s)
    assert s.result()["scores"][:2] == [14, 14] and s.result()["winners"] == [1]


def test_registered_with_easy_default_bot_and_the_old_baseline_name_kept() -> None:
    info = get_game("stations")
    assert info.min_players == 3 and info.max_players == 5 and info.default_bot == "easy"
    assert info.bot_aliases == {"baseline": "easy"}  # saves made before the levels still load
