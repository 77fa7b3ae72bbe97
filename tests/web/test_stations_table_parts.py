"""The Trains & Stations table's pure parts on CPython: SVG drawing, the step panel, summaries, words.

Every clickable element must carry the index of a legal action (the table never builds one);
names are text, never markup; every word exists in English and French.
"""

from __future__ import annotations

import re
import xml.dom.minidom
from typing import Any

import pytest
from railtable_web import stations_panel as pn
from railtable_web import stations_svg as sv
from railtable_web import stations_text as tx

from railtable.core import Match
from railtable.stations import BaselineBot

ODD = '<img src=x onerror=z()>'


def parse(svg_inner: str) -> Any:
    """Parse as XML (catches unbalanced or malformed markup)."""
    return xml.dom.minidom.parseString(f'<svg xmlns="http://www.w3.org/2000/svg">{svg_inner}</svg>')


def bot_game(seed: int, players: int = 3, names: list[str] | None = None, stop: Any = None) -> Match:
    names = names or ["Ann", "Bea", ODD, "Dan", "Eve"][:players]
    match = Match("stations", {"players": names}, seed, [None] * players)
    bots = [BaselineBot(i, seed) for i in range(players)]
    while not match.state.is_over():
        if stop is not None and stop(match.state):
            break
        p = match.state.to_act()[0]
        match.apply(bots[p].choose(match.state.view(p), match.state.legal_actions(p)))
    return match


# ---- the die faces and the board ---------------------------------------------------------
def test_six_die_faces_are_drawn_and_distinct() -> None:
    """Rulebook, The Dice: six faces; ours are drawn here (no font or image)."""
    assert set(sv.FACE_GLYPHS) == {"coin", "hotel", "mine", "ranch", "locked", "train"}
    assert len(set(sv.FACE_GLYPHS.values())) == 6
    for face in sv.FACE_GLYPHS:
        own = sv.die_svg(face, 1, 0, 0, 40)
        white = sv.die_svg(face, -1, 0, 0, 40)
        parse(own)
        assert sv.PLAYER_COLOURS[1] in own and sv.WHITE in white  # player's colour / white Bonus die
        assert f"face-{face}" in own


def test_static_board_has_every_station_space_and_building_location() -> None:
    doc = parse(sv.board_static_svg("fr"))
    spaces = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("class") == "space"]
    slots = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("class") == "slot"]
    lay = sv.layout()
    assert {r.getAttribute("data-space") for r in spaces} == set(lay.spaces) and len(lay.spaces) == 65
    assert len(slots) == sum(int(s["slots"]) for s in lay.stations.values())
    stations = [g for g in doc.getElementsByTagName("g") if g.getAttribute("class") == "station"]
    assert len(stations) == 9
    text = doc.toxml()
    assert "La Nouvelle-Orléans" in text and "Détroit" in text  # French names from the French rules
    assert text.count('class="bonus bonus-vp"') == 3 and text.count("bonus-power") == 3
    assert text.count("bonus-bonus_die") == 3


def test_version_1_board_is_still_drawn() -> None:
    """Games of rules version 1 keep their board: 43 spaces, the first drawing."""
    doc = parse(sv.board_static_svg("en", 1))
    spaces = [r for r in doc.getElementsByTagName("rect") if r.getAttribute("class") == "space"]
    assert len(spaces) == 43 and set(sv.layout(1).spaces) != set(sv.layout(2).spaces)


@pytest.mark.parametrize("rules", [1, 2])
def test_building_locations_do_not_overlap_route_spaces(rules: int) -> None:
    """Drawing check: a Building location never sits on a route space or another location, route
    spaces never overlap, and everything is on the map."""
    lay = sv.layout(rules)
    boxes = [(sp["x"] - sv.SPACE / 2, sp["y"] - sv.SPACE / 2, sv.SPACE) for sp in lay.spaces.values()]
    slots = [(x, y, sv.SLOT) for st in lay.stations for x, y in sv.slot_positions(st, rules)]

    def overlap(a: tuple[float, float, float], b: tuple[float, float, float]) -> bool:
        return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[2] and b[1] < a[1] + a[2]

    for s in slots:
        assert not any(overlap(s, b) for b in boxes), s
        assert sum(overlap(s, o) for o in slots) == 1  # only itself
        assert 0 <= s[0] and s[0] + s[2] <= lay.width and 0 <= s[1] and s[1] + s[2] <= lay.height
    for b in boxes:
        assert sum(overlap(b, o) for o in boxes) == 1, b  # only itself
        assert 0 <= b[0] and b[0] + b[2] <= lay.width and 0 <= b[1] and b[1] + b[2] <= lay.height


def test_dynamic_board_draws_dice_buildings_and_only_legal_hit_areas() -> None:
    match = bot_game(3, stop=lambda s: len(s.spaces) >= 4 and any(s.buildings.values()))
    state = match.state
    view = state.view(None)
    index = {"west-j": 7, "gulf-1": 2}
    doc = parse(sv.board_dynamic_svg(view, index, ["denver"]))
    dice = [g for g in doc.getElementsByTagName("g") if "on-board" in g.getAttribute("class")]
    assert {g.getAttribute("data-space") for g in dice} == set(view["spaces"])
    buildings = [g for g in doc.getElementsByTagName("g") if g.getAttribute("class") == "building"]
    assert len(buildings) == sum(len(v) for v in view["buildings"].values())
    hits = {r.getAttribute("data-space"): r.getAttribute("data-act") for r in doc.getElementsByTagName("rect")
            if r.getAttribute("class") == "space-hit"}
    assert hits == {"west-j": "7", "gulf-1": "2"}
    assert len([c for c in doc.getElementsByTagName("circle") if c.getAttribute("class") == "can-build"]) == 1


def test_goods_stacks_show_goods_and_count() -> None:
    view = bot_game(1, stop=lambda s: s.phase == "gather").state.view(None)
    svg = sv.goods_stacks_svg(view, "fr")
    parse(svg.replace('<svg class="stacks-svg"', "<g").replace("</svg>", "</g>"))
    assert "Vache" in svg and "Charbon" in svg and "Mineurs" in svg and svg.count("×10") == 3


# ---- the panel: every button is a legal action --------------------------------------------
@pytest.mark.parametrize("seed", [0, 4, 7])
def test_every_button_plays_a_legal_action_and_every_legal_action_is_reachable(seed: int) -> None:
    """Over whole games: each ``data-act`` is an index into the legal list; each legal action can be
    reached from the screen (a button, a die, a space for the chosen train die, or a Step 1 choice)."""
    match = Match("stations", {"players": ["Ann", "Bea", ODD]}, seed, [None] * 3)
    bots = [BaselineBot(i, seed) for i in range(3)]
    ui = pn.PanelState()
    while not match.state.is_over():
        state = match.state
        p = state.to_act()[0]
        view, legal = state.view(p), state.legal_actions(p)
        ui.reset_for(pn.decision_key(view))
        for lang in ("en", "fr"):
            html = pn.controls_html(view, legal, ui, lang, state.names)
            acts = {int(i) for i in re.findall(r'data-act="(\d+)"', html)}
            assert all(0 <= i < len(legal) for i in acts)
            assert "<img" not in html
            reachable = set(acts)
            if view["phase"] == "resolve":
                for cls in pn.train_classes(legal):
                    reachable |= set(pn.place_index(legal, cls).values())
            if view["phase"] == "gather":
                saved = view["pending"]["saved"]
                lo, hi = view["pending"]["bonus_min"], view["pending"]["bonus_max"]
                for i, a in enumerate(legal):
                    if a["type"] == "gather":
                        assert lo <= a["bonus"] <= hi and f'data-ui="bonus:{a["bonus"]}"' in html or lo == hi
                        reachable.add(i)  # reached by the count buttons and the saved dice toggles
                assert len(re.findall(r'data-ui="keep:\d+"', html)) == len(saved)
            assert reachable == set(range(len(legal))), (view["phase"], legal)
        match.apply(bots[p].choose(view, legal))


def test_gather_choices_find_the_matching_legal_roll() -> None:
    """Step 1: the Bonus dice count and the saved dice kept pick exactly one legal ``gather``."""
    legal = [
        {"type": "gather", "player": 0, "bonus": 0, "keep": {}},
        {"type": "gather", "player": 0, "bonus": 0, "keep": {"hotel": 1}},
        {"type": "gather", "player": 0, "bonus": 1, "keep": {"hotel": 1}},
    ]
    assert pn.keep_counts(["hotel", "coin"], [True, False]) == {"hotel": 1}
    assert pn.find_gather(legal, 0, {"hotel": 1}) == 1
    assert pn.find_gather(legal, 1, {}) is None


def test_the_strike_is_announced() -> None:
    """Step 2, Strike!: three Locked Trains: shown in the panel in both languages."""
    view = {"phase": "resolve", "struck": True, "tray": [], "active": 0, "pending": {"step": 3}}
    assert "Grève !" in pn.controls_html(view, [], pn.PanelState(), "fr", ["A"])
    assert "Strike!" in pn.controls_html(view, [], pn.PanelState(), "en", ["A"])


def test_names_are_escaped_in_players_hand_summary_and_result() -> None:
    match = bot_game(2)
    state = match.state
    view = state.view(2)
    bots = [True, True, False]
    assert ODD not in pn.players_html(view, bots, "en") and "&lt;img" in pn.players_html(view, bots, "en")
    result = pn.result_html(state.result(), state.names, "fr")
    assert ODD not in result and "Total" in result and 'id="final-result"' in result


# ---- deliveries step by step -------------------------------------------------------------
def test_delivery_summary_explains_who_gets_what_and_why() -> None:
    """Step 4: each Delivery in its steps: Completion VPs, Majority (with the dice counts), Goods."""
    events = [
        ["turn", {"p": 0, "round": 1}],
        ["delivery", {"route": "rockies", "stations": ["billings", "denver"], "dice": [1, 1], "white": 2}],
        ["completion_vp", {"p": 0, "n": 2}],
        ["completion_vp", {"p": 1, "n": 2}],
    ]
    sections = pn.summary_sections(events)
    assert len(sections) == 1 and sections[0]["counts"] == {0: 1, 1: 1, -1: 2}
    # the tie is decided in a later action: its events continue the same Delivery
    later = [["tie", {"p": 0, "winner": 1}], ["majority", {"p": 1}], ["bonus_vp", {"p": 1, "n": 1, "station": "denver"}],
             ["goods", {"p": 0, "building": "ranch"}], ["upgrade", {"building": "ranch", "goods": "food"}]]
    pn.summary_sections(later, sections)
    assert len(sections) == 1
    html = pn.summary_html(sections, ["Ann", ODD], "fr")
    assert "Livraison : ligne Rocheuses" in html
    assert "dés Bonus blancs : 2" in html
    assert "Ann : 1 dé sur la Ligne" in html and "&lt;img" in html and ODD not in html
    assert html.index("PV pour la Ligne complétée") < html.index("Bonus de majorité") < html.index("Marchandises :")
    assert "marque 1 PV supplémentaire à Denver" in html


def test_speculation_summary_lists_the_revealed_trades() -> None:
    events = [["spec_ready", {"p": 0}], ["spec_trade", {"p": 0, "offer": {"goods": {"cattle": 2}, "cards": []},
                                                         "n": 1, "goods": "food"}], ["spec_get", {"p": 0, "goods": "food"}]]
    sections = pn.summary_sections(events)
    assert [s["kind"] for s in sections] == ["spec"]
    html = pn.summary_html(sections, ["Ann"], "en")
    assert "Speculation revealed" in html and "Ann trades in 2 Cattle for 1 Food." in html


# ---- words -------------------------------------------------------------------------------
def test_every_table_word_exists_in_english_and_french() -> None:
    assert set(tx.UI["en"]) == set(tx.UI["fr"])
    for key in tx.UI["en"]:
        for lang in ("en", "fr"):
            fields = set(re.findall(r"{(\w+)}", tx.UI[lang][key]))
            assert fields == set(re.findall(r"{(\w+)}", tx.UI["en"][key])), key
    assert tx.ui("your_turn", "fr") == "À vous de jouer"
    assert tx.term("face.locked", "fr") == "Train bloqué"


def test_help_says_the_board_and_power_cards_are_this_projects_design() -> None:
    assert "this project's design" in tx.help_html("en")
    assert "création de ce projet" in tx.help_html("fr")


def test_button_labels_follow_the_language() -> None:
    names = ["Ann", "Bea"]
    a = {"type": "save", "player": 0, "face": "coin"}
    assert tx.action_label(a, "fr", names) == "Sauvegarder le dé : Argent"
    assert tx.action_label(a, "en", names) == "Save die: Coin"
    assert tx.action_label({"type": "tie", "player": 0, "winner": 1}, "fr", names).endswith("Bea")
    assert tx.action_label({"type": "upgrade", "player": 0, "building": "hotel", "goods": "food"}, "fr", names) \
        == "Hôtel → Nourriture"
