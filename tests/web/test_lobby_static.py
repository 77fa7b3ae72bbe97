"""The lobby in index.html, before the engine arrives, is the one the engine draws (issue 14).

The page shows index.html's lobby while Pyodide boots; the worker then redraws the seats from the
game catalogue (app.render_seats). Nothing may change under the player's eyes when it does: the
static seats offer the same bot levels, named the same way, with the same ones chosen.
"""

from __future__ import annotations

import re
from pathlib import Path

from railtable_web import i18n
from railtable_web.app import CATALOGUE, DEFAULT_NAMES

INDEX = (Path(__file__).resolve().parents[2] / "index.html").read_text(encoding="utf-8")


def options(select_id: str) -> tuple[list[tuple[str, str]], str]:
    body = re.search(rf'<select id="{select_id}"[^>]*>(.*?)</select>', INDEX, re.S)
    assert body, select_id
    found = re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', body.group(1))
    chosen = [v for v, sel, _ in found if sel]
    return [(v, label) for v, _, label in found], (chosen[0] if chosen else found[0][0])


def test_static_seats_are_the_engines_seats() -> None:
    checked = re.search(r'<input type="radio" name="game" value="(\w+)" checked>', INDEX)
    assert checked and checked.group(1) == "transamerica"
    info = CATALOGUE["transamerica"]
    i18n.set_language("en")
    kinds = [("human", i18n.t("human"))] + [(b, i18n.bot_name(b)) for b in info.bots]
    count, chosen = options("player-count")
    assert count == [(str(n), i18n.t("n_players", n=n)) for n in range(info.min_players, info.max_players + 1)]
    seats = int(chosen)
    for i in range(seats):
        listed, kind = options(f"seat-kind-{i}")
        assert listed == kinds, (i, listed)
        assert kind == ("human" if i == 0 else info.default_bot)
        assert f'id="seat-name-{i}" aria-label="{i18n.t("name_of_player", n=i + 1)}" maxlength="24" value="{DEFAULT_NAMES[i]}"' in INDEX
    assert f'id="seat-kind-{seats}"' not in INDEX
    assert "greedy" not in INDEX  # the placeholder of old
