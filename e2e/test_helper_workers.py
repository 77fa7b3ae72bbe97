"""Bots' searches on several cores (issue 33, "Use every core"): helper workers beside the engine's,
each a Pyodide of its own searching a part of a decision (web/railtable_web/search_helpers.py).

This machine reports 2 cores, where the page starts no helper; the setting ``helpers`` asks for
one. A Hard decision split with one helper in the browser gives the very move and the very counts
CPython gives with the same parts (the move depends on the number of parts and the seeds only);
a game of Hard bots plays on with its helper and nothing reaches the console."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "core"))

from test_root_parallel import Inline, decide, searched_position  # noqa: E402

from railtable.core.game import action_key  # noqa: E402
from railtable.core.registry import get_game  # noqa: E402

ONE_HELPER = "localStorage.setItem('railtable.settings', JSON.stringify({helpers: '1'}))"

SPLIT_PY = """
import asyncio, json
from railtable.core.game import action_key
from railtable.core.registry import get_game
from railtable_web import search_helpers, thinking
from railtable.core.simulate import default_config

def position():
    info = get_game({game!r})
    state = info.setup(default_config({game!r}, {players}, None), {seed})
    easy = [info.make_bot("easy", s, {seed} * 31 + s) for s in range({players})]
    for _ in range(2000):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and info.make_bot("hard", seat, 5).begin(state.view(seat), legal) is not None:
            return state, seat
        state.apply(easy[seat].choose(state.view(seat), legal) if len(legal) > 1 else legal[0])

state, seat = position()
info = get_game({game!r})
pool = search_helpers.helpers({{"helpers": "1"}})
first = info.make_bot("hard", seat, 9)
pool.attach(first, {game!r})          # asks for the helper; none is up yet: alone
alone = first.parts
for _ in range(600):
    if int(pool.pool.ready()):
        break
    await asyncio.sleep(0.05)
bot = info.make_bot("hard", seat, 9)
pool.attach(bot, {game!r})
action = await thinking.think(thinking.steps_of(bot, state.view(seat), state.legal_actions(seat)), lambda: True)
json.dumps([alone, bot.parts, action_key(action), bot.last.counts, [round(x, 6) for x in bot.last.sums]])
"""


def test_a_decision_split_with_a_helper_worker_is_the_one_cpython_makes_with_two_parts(
    page: Any, server: Any, wait_engine: Any, run_python: Any
) -> None:
    page.add_init_script(ONE_HELPER)
    page.goto(server.url)
    wait_engine(page)
    for n, (game, players, seed) in enumerate((("transamerica", 2, 11), ("stations", 3, 13), ("trains", 2, 12))):
        alone, parts, key, counts, sums = json.loads(run_python(page, SPLIT_PY.format(game=game, players=players, seed=seed)))
        # the first decision asks for the helper and searches alone; once it is up, two parts
        assert (alone, parts) == (1 if n == 0 else 2, 2), (game, alone, parts)
        state, seat = searched_position(game, players, seed)
        bot = get_game(game).make_bot("hard", seat, 9)
        bot.spread, bot.parts = Inline(game), 2
        action, _ = decide(bot, state.view(seat), state.legal_actions(seat))
        assert key == action_key(action), game
        assert counts == bot.last.counts and sums == [round(x, 6) for x in bot.last.sums], game


def test_hard_bots_play_a_game_on_with_a_helper_worker(page: Any, server: Any, wait_engine: Any, run_python: Any) -> None:
    """Two Hard bots play TransAmerica at the instant pace; their decisions are split with the
    helper once it is up (it answers their parts), and the game goes on."""
    import lobby

    page.add_init_script(ONE_HELPER)
    lobby.start_game(page, server, wait_engine, "transamerica", [("Ada", "hard"), ("Brunel", "hard")], seed=21)
    page.select_option("#pace", "instant")
    answered = 0
    for _ in range(360):  # a round's summary waits for a person to read it: close it
        answered = run_python(page, "import js\nint(js.railtableHelpers.answered())")
        if answered >= 3:
            break
        if page.locator("#modal:not([hidden]) [data-close]").count():
            page.click("#modal [data-close]")
        page.wait_for_timeout(500)
    assert answered >= 3


def test_a_hint_is_searched_with_the_helper_once_it_is_up(page: Any, server: Any, wait_engine: Any,
                                                         run_python: Any) -> None:
    """"What would Hard do?" splits its search with the helper too: the first hint asks for it,
    a hint asked once it is up sends it a part; the game is untouched."""
    import lobby

    page.add_init_script(ONE_HELPER)
    lobby.start_game(page, server, wait_engine, "transamerica", [("Ann", "human"), ("Ada", "easy")], seed=5)
    page.select_option("#pace", "instant")
    page.locator(".junction-hit").first.click()  # Ann's start marker; then Ada's
    page.wait_for_function("document.documentElement.dataset.viewer === '0' && "
                           "!document.querySelector('#hint').hidden && Number(document.documentElement.dataset.moves) >= 2")
    state_code = "import json, railtable_web.app as a\njson.dumps(a.APP.session.match.state.to_json(), sort_keys=True)"
    before = run_python(page, state_code)
    page.locator("#hint").click()
    page.wait_for_function("document.documentElement.dataset.hint", timeout=60_000)
    first = page.evaluate("document.documentElement.dataset.hint")
    ready = "import js, asyncio\nfor _ in range(600):\n    if int(js.railtableHelpers.ready()):\n        break\n" \
            "    await asyncio.sleep(0.05)\nint(js.railtableHelpers.ready())"
    assert run_python(page, ready) == 1
    page.evaluate("document.documentElement.dataset.hint = ''")
    page.locator("#hint").click()
    page.wait_for_function("document.documentElement.dataset.hint", timeout=60_000)
    assert run_python(page, "import js\nint(js.railtableHelpers.answered())") >= 1
    assert run_python(page, state_code) == before
    assert first != ""
