"""What the Trains table shows, derived from the engine's view and legal actions (no DOM)."""

from __future__ import annotations

from typing import Any

from railtable_web import trains_ui

from railtable.core import Match
from railtable.trains.bots import PriorityBot
from railtable.trains.cards import card


def new_match(kingdom: Any = "random", seed: int = 2, players: int = 2) -> Match:
    return Match("trains", {"players": ["Ann", "Bob", "Cy", "Dee"][:players], "board": "tokyo", "kingdom": kingdom},
                 seed)


def start_rails(m: Match, hexes: list[int]) -> None:
    for seat, h in enumerate(hexes):
        m.apply({"type": "start_rail", "player": seat, "hex": h})


def give(m: Match, seat: int, name: str) -> int:
    cid = m.state.zones.piles[name].pop()
    m.state.zones.hands[seat].append(cid)
    return cid


def test_every_legal_action_has_exactly_one_clickable_key() -> None:
    m = new_match()
    bots = [PriorityBot(0, 1), PriorityBot(1, 2)]
    for _ in range(300):
        st = m.state
        if st.is_over():
            break
        p = st.to_act()[0]
        legal = st.legal_actions(p)
        index = trains_ui.action_index(legal)
        assert sorted(index.values()) == list(range(len(legal)))
        m.apply(bots[p].choose(st.view(p), legal))


def test_start_rail_spaces_are_targets_without_sea_or_remote_rulebook_how_to_play() -> None:
    m = new_match()
    view = m.state.view(0)
    targets, nope = trains_ui.rail_targets(m.state, view, 0)
    assert {t["hex"] for t in targets} == set(m.state.start_rail_options(0))
    assert not nope
    # not the viewer's turn: nothing to click
    assert trains_ui.rail_targets(m.state, m.state.view(1), 1) == ([], [])


def test_lay_rail_targets_match_the_engine_costs_and_say_why_others_are_not_legal() -> None:
    m = new_match()
    start_rails(m, [33, 50])  # a plain (3,4) next to plains and cities
    st = m.state
    cid = give(m, 0, "Lay Rails")
    m.apply({"type": "play", "player": 0, "card": cid})
    view = st.view(0)
    assert view["pending"]["action"] == "lay_rail"
    targets, nope = trains_ui.rail_targets(st, view, 0)
    assert targets and nope
    opts = {o["hex"]: (o["cost"], o["waste"]) for o in view["pending"]["options"]}
    assert {t["hex"]: (t["cost"], t["waste"]) for t in targets} == opts
    for n in nope:  # every space shown as not legal is too dear now
        assert "costs" in n["reason"] and n["hex"] not in opts
        cost = st.rail_cost(0, n["hex"], [])
        assert cost is not None and cost[0] > view["money"]
    index = trains_ui.action_index(st.legal_actions(0))
    for t in targets:
        assert f'hex:{t["hex"]}' in index
    for lang in ("en", "fr"):  # a space's name holds its printed cost as seen (axe: label in name)
        for t in trains_ui.rail_targets(st, view, 0, lang)[0]:
            assert t["badge"] in t["title"], t
            assert t["badge"] != "free" or lang == "en"


def test_hand_says_why_a_card_cannot_be_played_rulebook_playing_a_card() -> None:
    m = new_match(kingdom=["Amusement Park", "Pulling"])
    start_rails(m, [33, 50])
    st = m.state
    park = give(m, 0, "Amusement Park")
    waste = give(m, 0, "Waste")
    tower = give(m, 0, "Tower")
    view = st.view(0)
    index = trains_ui.action_index(st.legal_actions(0))
    entries = {e["id"]: e for e in trains_ui.hand_entries(st, view, 0, index)}
    assert entries[park]["play"] is None and entries[park]["decline"] is not None
    assert "no Train card in play" in entries[park]["reason"]
    assert entries[waste]["play"] is None and "Waste cannot be played" in entries[waste]["reason"]
    assert entries[tower]["play"] is None and "cannot be played" in entries[tower]["reason"]
    # a Normal Train in play makes Amusement Park playable with its effect
    train = next(c for c in st.zones.hands[0] if st.zones.name(c) == "Normal Train")
    m.apply({"type": "play", "player": 0, "card": train})
    index = trains_ui.action_index(st.legal_actions(0))
    entries = {e["id"]: e for e in trains_ui.hand_entries(st, st.view(0), 0, index)}
    assert entries[park]["play"] is not None and entries[park]["reason"] == ""
    # the other player sees no buttons and the general reason
    other = trains_ui.hand_entries(st, st.view(1), 1, {})
    assert all(e["play"] is None and e["general"] and e["reason"] == "wait for your turn" for e in other)


def test_supply_shows_what_you_can_afford_rulebook_how_to_buy() -> None:
    m = new_match()
    start_rails(m, [33, 50])
    st = m.state
    for cid in [c for c in st.zones.hands[0] if st.zones.name(c) == "Normal Train"][:3]:
        m.apply({"type": "play", "player": 0, "card": cid})
    view = st.view(0)
    index = trains_ui.action_index(st.legal_actions(0))
    for e in trains_ui.supply_entries(view, 0, index):
        if e["name"] == "Waste":
            assert e["buy"] is None and "cannot be bought" in e["reason"]
        elif e["cost"] <= view["money"] and e["count"]:
            assert e["affordable"] and e["buy"] is not None
        else:
            assert not e["affordable"] and f"costs {e['cost']}" in e["reason"]
        assert e["cost"] == card(e["name"]).cost


def test_station_crew_lists_the_choice_it_cannot_make_with_a_reason() -> None:
    m = new_match(kingdom=["Station Crew"])
    start_rails(m, [33, 50])
    st = m.state
    for cid in [c for c in st.zones.hands[0] if st.zones.name(c) == "Waste"]:
        st.zones.hands[0].remove(cid)
        st.zones.piles["Waste"].append(cid)
    crew = give(m, 0, "Station Crew")
    m.apply({"type": "play", "player": 0, "card": crew})
    view = st.view(0)
    index = trains_ui.action_index(st.legal_actions(0))
    opts = trains_ui.prompt_options(view, index)
    legal = [o for o in opts if o["act"] is not None]
    illegal = [o for o in opts if o["act"] is None]
    assert {o["value"] for o in legal} == {"draw", "money"}
    assert [o["value"] for o in illegal] == ["return_waste"]
    assert "no Waste" in illegal[0]["reason"]


def test_score_rows_split_rails_into_cities_and_remote_locations_and_add_up() -> None:
    m = new_match(seed=9)
    bots = [PriorityBot(0, 3), PriorityBot(1, 4)]
    while not m.state.is_over():
        st = m.state
        p = st.to_act()[0]
        m.apply(bots[p].choose(st.view(p), st.legal_actions(p)))
    result = m.state.result()
    rows = trains_ui.score_rows(result)
    for seat, r in enumerate(rows):
        assert r["cards"] + r["cities"] + r["remote"] + r["track"] == r["total"] == result["scores"][seat]
        assert r["cities"] + r["remote"] == result["details"][seat]["rail_points"]


def test_points_now_count_own_cards_only_for_the_viewer() -> None:
    m = new_match()
    view = m.state.view(0)
    assert trains_ui.points_now(view, 0) == view["card_vp"] + view["players"][0]["board_points"]
    assert trains_ui.points_now(m.state.view(1), 0) == view["players"][0]["board_points"]


def test_card_html_escapes_and_marks_waste() -> None:
    html = trains_ui.card_html("Waste")
    assert "k-waste" in html and "tc-cost" not in html
    html = trains_ui.card_html("Conductor's Station", count=7)
    assert "Conductor&#x27;s Station" in html and "×7" in html and "tc-act" in html


def test_a_discard_prompt_makes_the_named_hand_cards_clickable() -> None:
    m = new_match(kingdom=["Garage"])
    start_rails(m, [33, 50])
    st = m.state
    garage = give(m, 0, "Garage")
    m.apply({"type": "play", "player": 0, "card": garage})
    view = st.view(0)
    assert view["pending"]["kind"] == "discard"
    legal = st.legal_actions(0)
    choices = trains_ui.hand_choices(view, trains_ui.action_index(legal))
    assert set(choices) == {h["name"] for h in view["hand"]}
    for name, i in choices.items():
        assert legal[i] == {"type": "choose", "player": 0, "option": name}
    # not a hand choice: nothing clickable in the hand
    assert trains_ui.hand_choices(st.view(1), {}) == {}
