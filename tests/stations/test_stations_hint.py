"""The move hint's reason in Trains & Stations (issue 32, last bullet): from the asking seat's view,
what a train placed does for its route and Missions (rulebook Step 3 and "Missions")."""

from __future__ import annotations

from stations_helpers import fill, give_only_mission, new_game, space, to_resolve

from railtable.core.hint import Figures
from railtable.stations.hint import reason
from railtable.stations.state import StationsState

FIGURES = Figures(0.4, 0.3, 400)


def _place(route: str, index: int) -> dict:
    return {"type": "place", "player": 0, "face": "train", "bonus": False, "space": space(route, index)}


def _why(s: StationsState, action: dict) -> tuple[str, dict]:
    legal = s.legal_actions(0)
    assert action in legal, action
    return reason(s.view(0), legal, action, FIGURES)


def test_the_train_that_fills_a_routes_last_space_completes_it() -> None:
    # Step 3 then Step 4: a route whose spaces are all filled is delivered this turn (Rockies: 4 spaces)
    s = new_game(3)
    s.power_hands[0] = []
    fill(s, "rockies", [1, 1, 2])
    to_resolve(s, 0, [(False, "train")])
    assert _why(s, _place("rockies", 3)) == ("st_completes", {"route": "rockies"})


def test_a_train_on_a_route_half_full_says_how_many_spaces_are_left() -> None:
    s = new_game(3)
    s.power_hands[0] = []
    fill(s, "rockies", [1, 1])
    to_resolve(s, 0, [(False, "train")])
    assert _why(s, _place("rockies", 2)) == ("st_route", {"route": "rockies", "left": 1})


def test_a_train_on_the_route_of_a_mission_in_hand_names_the_mission() -> None:
    # Missions: Seattle-Los Angeles is scored by the West Y alone
    s = new_game(3)
    give_only_mission(s, "seattle", "los_angeles")
    fill(s, "west", [1] * 6)
    to_resolve(s, 0, [(False, "train")])
    assert _why(s, _place("west", 6)) == ("st_mission", {"a": "seattle", "b": "los_angeles"})
    s.power_hands[0] = []  # without the Mission, the route's own count
    assert _why(s, _place("west", 6)) == ("st_route", {"route": "west", "left": 4})


def test_a_building_a_reclaim_a_saved_die_a_cashed_coin_and_done_say_what_they_do() -> None:
    s = new_game(3)
    view = s.view(0)
    build = {"type": "build", "player": 0, "building": "hotel", "station": "denver"}
    assert reason(view, [build], build, FIGURES) == ("st_build", {"building": "hotel", "station": "denver"})
    reclaim = {"type": "reclaim", "player": 0}
    assert reason(view, [reclaim], reclaim, FIGURES) == ("st_reclaim", {})
    save = {"type": "save", "player": 0, "face": "hotel"}
    assert reason(view, [save, reclaim], save, FIGURES) == ("st_save", {"face": "hotel"})
    cash = {"type": "cash", "player": 0, "bonus": False}
    assert reason(view, [cash, reclaim], cash, FIGURES) == ("st_cash", {})
    done = {"type": "done", "player": 0}
    assert reason(view, [done, reclaim], done, FIGURES) == ("st_done", {})
    stop = {"type": "stop", "player": 0}
    assert reason(view, [stop, reclaim], stop, FIGURES) == ("share_vs", {"share": 40, "other": 30})


def test_no_reason_reads_another_players_power_cards_or_goods() -> None:
    # "Public Knowledge": Power and Goods cards are kept face down
    s = new_game(3)
    give_only_mission(s, "seattle", "los_angeles")
    fill(s, "west", [1] * 6)
    to_resolve(s, 0, [(False, "train")])
    legal = s.legal_actions(0)
    before = [reason(s.view(0), legal, a, FIGURES) for a in legal]
    s.power_hands[1], s.power_hands[2] = s.power_hands[2], s.power_hands[1] + [s.power_deck.pop()]
    assert [reason(s.view(0), legal, a, FIGURES) for a in legal] == before


def test_gathering_and_rolling_say_what_the_dice_do() -> None:
    """Step 1: Bonus dice rolled as well or kept; Step 2: a die chosen for the reroll or kept, the
    reroll's dice for its Coin, and stopping with two Locked Trains showing ("Strike!": a third
    Locked Train loses 3 VP)."""
    s = new_game(3)
    view = s.view(0)
    view["players"][0]["bonus_dice"] = 2
    view["pending"] = {"step": 1, "own_dice": 5, "saved": [], "bonus_min": 0, "bonus_max": 2, "can_reclaim": False}
    gather = {"type": "gather", "player": 0, "bonus": 2, "keep": {}}
    assert reason(view, [gather], gather, FIGURES) == ("st_gather_bonus", {"n": 2})
    keep = {"type": "gather", "player": 0, "bonus": 0, "keep": {}}
    assert reason(view, [keep, gather], keep, FIGURES) == ("st_gather_keep_bonus", {"n": 2})
    view["pending"]["bonus_min"] = 2  # an empty Bonus pool: all of them must be rolled, no choice
    assert reason(view, [gather], gather, FIGURES)[0] == "share_vs"
    view["pending"]["bonus_min"] = 0
    view["players"][0]["bonus_dice"] = 0
    assert reason(view, [keep], keep, FIGURES)[0] == "share_vs"
    view["tray"] = [{"bonus": False, "face": f, "selected": sel} for f, sel in
                    (("locked", False), ("locked", False), ("coin", True), ("mine", True), ("train", False))]
    select = {"type": "select", "player": 0, "face": "train", "bonus": False}
    assert reason(view, [select], select, FIGURES) == ("st_select", {"face": "train"})
    unselect = {"type": "unselect", "player": 0, "face": "mine", "bonus": False}
    assert reason(view, [unselect], unselect, FIGURES) == ("st_unselect", {"face": "mine"})
    reroll = {"type": "reroll", "player": 0}
    assert reason(view, [reroll], reroll, FIGURES) == ("st_reroll", {"n": 2})
    stop = {"type": "stop", "player": 0}
    assert reason(view, [stop, reroll], stop, FIGURES) == ("st_stop_strike", {})
    view["tray"][0]["face"] = "hotel"  # one Locked Train: no Strike in sight
    assert reason(view, [stop, reroll], stop, FIGURES)[0] == "share_vs"
