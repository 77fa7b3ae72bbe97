"""TransAmerica drawn on CPython: the round summary shows the board as the round ended and the
engine's tree of missing lines per player (Scoring of a Round); names are text, never markup."""

from __future__ import annotations

import re

from railtable_web import ta_svg

from railtable.transamerica.bots import GreedyBot
from railtable.transamerica.state import TransAmericaState


def _first_round(players: int = 3, seed: int = 4) -> tuple[dict, list[str]]:
    names = ["<b>Ann</b>", "Bob", "Cy", "Di", "Ed", "Flo"][:players]
    state = TransAmericaState.setup({"players": names}, seed)
    bots = [GreedyBot(s, seed) for s in range(players)]
    while not state.rounds:
        seat = state.to_act()[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    return state.view(None)["rounds"][0], names


def test_round_board_draws_the_final_tracks_and_each_players_counted_tree() -> None:
    record, names = _first_round()
    svg = ta_svg.round_board_svg(record, names, selected=1)
    assert svg.count('class="track-stripe"') == len(record["tracks"])
    groups = re.findall(r'<g class="rs-needed" data-rs-seat="(\d)"( display="none")?>(.*?)</g>', svg)
    assert [int(g[0]) for g in groups] == [0, 1, 2]
    for seat, hidden, body in groups:
        assert (hidden == "") == (int(seat) == 1)
        assert body.count('class="need ') == len(record["needed"][int(seat)])
        assert body.count('class="rs-city"') == 5
    assert "<b>Ann</b>" not in svg and "&lt;b&gt;Ann&lt;/b&gt;" in svg


def test_score_track_is_html_text_with_each_player_on_their_space() -> None:
    """Rulebook "Scoring": locomotives start on 13 and move down; at 0 or below the game ends.
    HTML text (not a scaled drawing): its numbers keep the page's size on a phone (issue 14)."""
    html = ta_svg.score_track_html([13, 9, -2], ["Ann", "Bob", "Cy"], "en")
    labels = re.findall(r'<span class="cell-label">(-?\d+)</span>', html)
    assert labels == [str(v) for v in range(13, -3, -1)]
    assert 'aria-label="Score track: Ann 13, Bob 9, Cy -2"' in html
    for seat, score in ((0, 13), (1, 9), (2, -2)):
        cell = re.search(rf'<span class="cell[^"]*"><span class="cell-label">{score}</span>(.*?)</span>(?=<span class="cell|</div>)', html)
        assert cell and f'data-seat="{seat}"' in cell.group(1), (seat, score)
    assert '<svg class="swatch"' in html  # colour and shape, not colour alone
    assert '<text' not in html
