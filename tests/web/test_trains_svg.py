"""The Trains board and score chart drawn as SVG (pure functions; reference §4 for the boards)."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from railtable_web import trains_svg

from railtable.core import Match
from railtable.trains.board import CITY, REMOTE, load_board


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def new_match(board: str = "tokyo", players: int = 3, seed: int = 4) -> Match:
    names = ["Ann", "Bob", "<b>Cy</b>", "Dee"][:players]
    return Match("trains", {"players": names, "board": board, "kingdom": "random"}, seed)


@pytest.mark.parametrize("board_id", ["tokyo", "osaka"])
def test_board_draws_every_space_with_its_terrain_reference_4(board_id: str) -> None:
    board = load_board(board_id)
    root = parse(trains_svg.board_svg(board_id, new_match(board_id).state.view(None)))
    hexes = [e for e in root.iter() if e.tag.endswith("polygon") and "hex" in (e.get("class") or "").split()]
    assert len(hexes) == len(board) == 76
    for e, hx in zip(hexes, board.hexes, strict=True):
        assert hx.terrain in e.get("class", "")
    svg = trains_svg.board_svg(board_id, new_match(board_id).state.view(None))
    # every city and remote location is named; remote locations show their value
    for hx in board.hexes:
        if hx.terrain in (CITY, REMOTE):
            first_word = hx.name.split()[0]
            assert first_word in svg, hx.name
    remotes = [hx for hx in board.hexes if hx.terrain == REMOTE]
    values = re.findall(r'class="remote-value"[^>]*>(\d+)<', svg)
    assert sorted(map(int, values)) == sorted(hx.value for hx in remotes)


@pytest.mark.parametrize("board_id", ["tokyo", "osaka"])
def test_every_blocked_edge_is_drawn_on_the_shared_side(board_id: str) -> None:
    board = load_board(board_id)
    svg = trains_svg.board_static_svg(board_id)
    assert svg.count('class="blocked"') == len(board.data["blocked"])
    for a, b in board.data["blocked"]:
        edge = trains_svg.shared_edge(board, a, b)
        assert edge is not None, (a, b)
        (x1, y1), (x2, y2) = edge
        # a hex side is as long as the circumradius
        assert abs(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5 - trains_svg.SIZE) < 0.5


def test_station_slots_and_placed_stations_are_drawn() -> None:
    m = new_match()
    view = m.state.view(None)
    board = load_board("tokyo")
    slots = sum(hx.slots for hx in board.hexes if hx.terrain == CITY)
    dyn = trains_svg.board_dynamic_svg("tokyo", view)
    assert dyn.count('class="slot"') == slots
    city = next(hx for hx in board.hexes if hx.terrain == CITY and hx.slots == 3)
    stations = list(view["stations"])  # a view is read-only (its parts are shared): draw an edited copy
    stations[city.id] = 2
    view["stations"] = stations
    dyn = trains_svg.board_dynamic_svg("tokyo", view)
    assert dyn.count('class="slot full"') == 2
    assert dyn.count('class="slot"') == slots - 2
    assert ">4 VP<" in dyn  # 2 stations: a rail there scores 4 (rulebook "Winning the Game")


def test_rails_of_every_player_in_their_colour_and_names_escaped() -> None:
    m = new_match()
    st = m.state
    for seat, h in enumerate([30, 40, 50]):
        m.apply({"type": "start_rail", "player": seat, "hex": h})
    dyn = trains_svg.board_dynamic_svg("tokyo", st.view(None))
    for seat in range(3):
        assert f'data-seat="{seat}"' in dyn
        assert trains_svg.colour(seat) in dyn
    assert "<b>" not in dyn and "&lt;b&gt;Cy&lt;/b&gt;" in dyn
    parse(f'<svg xmlns="http://www.w3.org/2000/svg">{dyn}</svg>')


def test_legal_spaces_carry_their_full_cost_money_and_waste() -> None:
    targets = [{"hex": 5, "kind": "rail", "cost": 2, "waste": True, "title": "x"},
               {"hex": 6, "kind": "rail", "cost": 0, "waste": False, "title": "y"}]
    dyn = trains_svg.board_dynamic_svg("tokyo", new_match().state.view(None), targets)
    assert 'data-hex="5" data-cost="2" data-waste="1"' in dyn
    assert ">2+W<" in dyn and ">free<" in dyn
    assert trains_svg.cost_label(1, False) == "1"
    assert trains_svg.cost_label(0, True) == "0+W"


def test_score_chart_segments_add_up_to_each_total() -> None:
    rows = [{"cards": 6, "cities": 8, "remote": 3, "track": 1}, {"cards": 0, "cities": 2, "remote": 0, "track": 0}]
    svg = trains_svg.score_chart_svg(rows, ["Ann", "<i>Bob</i>"], [0])
    root = parse(svg)
    for seat, row in enumerate(rows):
        segs = [e for e in root.iter() if e.get("data-seat") == str(seat) and e.get("data-part")]
        assert {e.get("data-part"): int(e.get("data-value")) for e in segs} == {k: v for k, v in row.items() if v}
        total = next(e for e in root.iter() if e.get("class") == "chart-total" and e.get("data-seat") == str(seat))
        assert int(total.text) == sum(row.values())
    assert "&lt;i&gt;Bob" in svg
