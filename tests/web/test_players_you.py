"""The players list marks the seat whose eyes the table shows "(you)" in every system (Trains did;
TransAmerica and Trains & Stations did not: noticed in issue 30's note), driven through the real
bridge and app on CPython."""

from __future__ import annotations

import re

import fresh_loop
import pytest
from fake_page import cancel_tasks, start_game, start_page
from railtable_web import app


def _rows(html: str, cls: str) -> list[str]:
    return re.findall(rf'<div class="{cls}[^"]*" data-seat="\d+">(.*?)</div>', html)


@pytest.mark.parametrize(("game", "selector", "cls", "seats"), [
    ("transamerica", "#players", "player-row", [("Ann", "human"), ("Bot", "easy")]),
    ("stations", "#st-players", "st-player", [("Bob", "easy"), ("Ann", "human"), ("Cy", "easy")]),
])
def test_the_viewers_seat_is_marked_you(game: str, selector: str, cls: str, seats: list[tuple[str, str]]) -> None:
    async def scenario() -> None:
        page = start_page()
        start_game(page, seats, game=game)
        assert page.errors() == []
        session = app.APP.session
        html = page.last(selector, "innerHTML")
        assert html, f"{selector} was not drawn"
        you = [i for i, row in enumerate(_rows(html, cls)) if "(you)" in row]
        assert you == [session.viewer] and seats[session.viewer][1] == "human"
        cancel_tasks()

    fresh_loop.run(scenario())
