"""Issue 15 in the browser: nothing stored or imported stops the page; storage trouble is told in
plain words until it is resolved; two tabs on one game never lose a move silently; saves from older
rules resume or start again; links with unusable values are named; the pass-the-device screen
hides everything behind it from mouse and keyboard.

Each test works on the built site (``python3 tools/build.py && python3 -m pytest e2e/<file>``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from lobby import moves, wait_moves_above
from test_transamerica import play_my_turn, start_game

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures" / "saves_rules1"
MIDGAME = json.loads((FIXTURES / "transamerica_3p_midgame.json").read_text(encoding="utf-8"))


def _record(save: Any, title: str = "Saved", updated: Any = 1.7e12) -> str:
    return json.dumps({"title": title, "updated": updated, "save": save})


DEEP = "[" * 100_000 + "]" * 100_000
HOSTILE_RECORDS = {
    "railtable.save.deep-list": DEEP,
    "railtable.save.deep-object": '{"a":' * 50_000 + "1" + "}" * 50_000,
    "railtable.save.deep-inside": _record(dict(MIDGAME, config=dict(MIDGAME["config"], x=json.loads("[" * 60 + "]" * 60)))).replace(
        "[" * 60, "[" * 3000).replace("]" * 60, "]" * 3000),
    "railtable.save.nan-date": '{"title":"NaN","updated":NaN,"save":' + json.dumps(MIDGAME) + '}',
    "railtable.save.huge-date": _record(MIDGAME, "Huge date", 1e300),
    "railtable.save.huge-seed": _record(MIDGAME, "Huge seed").replace(f'"seed": {MIDGAME["seed"]}', '"seed": 1e999'),
    "railtable.save.evil-bot": _record(dict(MIDGAME, seats=[None, "evilbot", None]), "Evil bot"),
    "railtable.save.good": _record(MIDGAME, "The good one", 1.8e12),
    "railtable.settings": '{"trains_picked": 5, "pace": 7, "lang": ["fr"]}',
}


def _store(page: Any, records: dict[str, str]) -> None:
    page.evaluate("(r) => { for (const [k, v] of Object.entries(r)) localStorage.setItem(k, v); }", records)


def test_hostile_records_never_stop_the_lobby(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    page.goto(server.url)
    wait_engine(page)  # a reload during the first boot would abort its downloads
    _store(page, HOSTILE_RECORDS)
    page.reload()
    wait_engine(page)
    rows = page.locator("#save-list li.save")
    assert rows.count() == 8
    broken = page.locator("#save-list li.broken")
    assert broken.count() == 6  # the three nestings, NaN, the 1e999 seed, the bot the game has not
    text = page.locator("#save-list").inner_text()
    assert "nested more than 64 levels" in text and "NaN" in text and "1e999" in text
    assert page.locator("#save-list li.broken [data-export]").count() == 6  # kept, exportable
    # the record with a bot the game has not: not resumable, its reason shown at once
    evil = page.locator("#save-list li:has-text('Evil bot')")
    assert "broken" in (evil.get_attribute("class") or "") and evil.locator("[data-resume]").count() == 0
    assert "seat 2 names a bot TransAmerica does not have ('evilbot')" in evil.inner_text()
    assert page.locator("#save-list li:has-text('The good one') [data-resume]").count() == 1
    # a damaged record can be deleted, the others stay
    page.once("dialog", lambda d: d.accept())
    evil.locator("[data-delete]").click()
    page.wait_for_function("() => document.querySelectorAll('#save-list li.save').length === 7")
    assert page.locator("#save-list li:has-text('Evil bot')").count() == 0
    # bad settings: choosing Trains (its lobby reads them) raises nothing
    page.click("#game-choice label:has(input[value=trains])")
    page.wait_for_selector("#game-options :is(select, input)")
    shot(page, "hostile-lobby")
    # the good one resumes; a new game starts
    page.locator("#save-list li:has-text('The good one') [data-resume]").click()
    page.wait_for_selector("#ta-board")
    assert moves(page) == 25
    page.click("[data-cmd=menu]")
    start_game(page, server, wait_engine, [("Ann", "human"), ("Ada", "easy")], seed=3)
    page.wait_for_selector("#ta-board")


def test_hostile_imports_are_refused_with_a_message(page: Any, server: Any, wait_engine: Any) -> None:
    page.goto(server.url)
    wait_engine(page)
    cases = [
        ("deep.json", DEEP.encode(), "nested more than 64 levels"),
        ("objects.json", ('{"a":' * 50_000 + "1" + "}" * 50_000).encode(), "nested more than 64 levels"),
        ("seed.json", json.dumps(MIDGAME).replace(f'"seed": {MIDGAME["seed"]}', '"seed": 1e999').encode(),
         "1e999"),
        ("evil.json", json.dumps(dict(MIDGAME, seats=[None, "evilbot", None])).encode(), "evilbot"),
        ("dup.json", json.dumps(MIDGAME).replace('"game": "transamerica"', '"game": "trains", "game": "transamerica"').encode(),
         "game"),
        ("huge.json", b" " * 6_000_000, "too large"),
        ("binary.json", bytes(range(256)) * 10, "Cannot import"),
    ]
    for name, data, expected in cases:
        page.set_input_files("#import-file", files=[{"name": name, "mimeType": "application/json", "buffer": data}])
        # the previous file's message may still be showing: wait for this file's own
        page.wait_for_function("n => !document.querySelector('#flash').hidden"
                               " && document.querySelector('#flash').textContent.includes(n)", arg=name)
        text = page.locator("#flash").inner_text()
        assert name in text and expected in text, (name, text)
        assert page.locator("#table[hidden]").count() == 1
    # the engine is alive: a new game starts
    start_game(page, server, wait_engine, [("Ann", "human"), ("Ada", "easy")], seed=3)


QUOTA_JS = """() => {
  window.__realSetItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function () {
    throw new DOMException("Failed to execute 'setItem' on 'Storage': exceeded the quota.", "QuotaExceededError");
  };
}"""


def test_full_storage_is_shown_until_resolved(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    start_game(page, server, wait_engine, [("Ann", "human"), ("Ada", "easy")], seed=5)
    page.select_option("#pace", "instant")
    play_my_turn(page)  # the start marker
    page.wait_for_selector("#turn-banner.mine")
    saved = moves(page)
    page.evaluate(QUOTA_JS)
    play_my_turn(page)
    banner = page.locator("#storage-banner")
    banner.wait_for(state="visible")
    assert "storage for this site is full" in banner.inner_text()
    assert banner.locator("[data-storage=export]").count() == 1
    assert banner.locator("[data-storage=clear]").count() == 1
    page.wait_for_timeout(4000)  # not a flash: still there
    assert banner.is_visible()
    shot(page, "storage-full")
    # the lobby's row is what is really stored, and says its last moves are not saved
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.accept()))
    page.click("[data-cmd=menu]")
    assert asked and "not saved" in asked[0]
    row = page.locator("#save-list li.save").first
    assert f"{saved} moves" in row.inner_text() or "moves" in row.inner_text()
    assert "could not be saved" in row.inner_text()
    stored = json.loads(page.evaluate("localStorage.getItem(Object.keys(localStorage).find(k => k.startsWith('railtable.save.')))"))
    assert stored["moves"][1] == saved
    # space is made: the next write succeeds and the banner goes
    page.evaluate("() => { Storage.prototype.setItem = window.__realSetItem; }")
    row.locator("[data-resume]").click()
    page.wait_for_selector("#turn-banner.mine")
    before = moves(page)
    play_my_turn(page)
    wait_moves_above(page, before)
    banner.wait_for(state="hidden")


def test_bot_speed_with_full_storage_raises_nothing(page: Any, server: Any, wait_engine: Any) -> None:
    start_game(page, server, wait_engine, [("Ann", "human"), ("Ada", "easy")], seed=5)
    page.evaluate(QUOTA_JS)
    page.select_option("#pace", "fast")
    page.wait_for_selector("#flash:not([hidden])")
    assert "setting could not be remembered" in page.locator("#flash").inner_text()


BLOCKED_JS = """Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The operation is insecure.", "SecurityError"); } });"""


def test_blocked_storage_is_told_at_once(page: Any, server: Any, wait_engine: Any) -> None:
    page.add_init_script(BLOCKED_JS)
    page.goto(server.url)
    wait_engine(page)
    banner = page.locator("#storage-banner")
    banner.wait_for(state="visible")
    assert "games will not be kept" in banner.inner_text()
    start_game(page, server, wait_engine, [("Ann", "human"), ("Ada", "easy")], seed=5)
    assert page.locator("#storage-banner [data-storage=export]").count() == 1


def test_two_tabs_on_one_game_the_stale_tab_is_told(context: Any, page: Any, server: Any, wait_engine: Any,
                                                    page_problems: Any, shot: Any) -> None:
    start_game(page, server, wait_engine, [("Ann", "human"), ("Bob", "easy")], seed=9)
    page.select_option("#pace", "instant")
    play_my_turn(page)
    page.wait_for_selector("#turn-banner.mine")
    other = context.new_page()
    page_problems.attach_page(other)
    other.goto(server.url)
    wait_engine(other)
    other.locator("#save-list [data-resume]").first.click()
    other.select_option("#pace", "instant")
    other.wait_for_selector("#turn-banner.mine")
    played_a = moves(page)
    play_my_turn(other)  # the second tab plays and saves
    other.wait_for_selector("#turn-banner.mine")
    played_b = moves(other)
    assert played_b > played_a
    # the first tab hears of it at once, and refuses to play over it
    page.locator("#tab-banner").wait_for(state="visible")
    assert "another tab" in page.locator("#tab-banner").inner_text()
    shot(page, "two-tabs-stale")
    page.locator(".edge-hit").first.click()
    page.wait_for_selector("#flash:not([hidden])")
    assert moves(page) == played_a
    stored = json.loads(page.evaluate(
        "localStorage.getItem(Object.keys(localStorage).find(k => k.startsWith('railtable.save.')))"))
    assert stored["moves"][1] == played_b  # B's moves were not overwritten
    # "Keep this tab's game as a copy" keeps both
    page.click("#tab-banner [data-tabs=copy]")
    page.locator("#tab-banner").wait_for(state="hidden")
    page.click("[data-cmd=menu]")
    assert page.locator("#save-list li.save").count() == 2
    # the other tab loads the latest of its game (nothing changed there: it plays on)
    other.close()


def test_load_the_latest_in_the_stale_tab(context: Any, page: Any, server: Any, wait_engine: Any,
                                          page_problems: Any) -> None:
    start_game(page, server, wait_engine, [("Ann", "human"), ("Bob", "easy")], seed=9)
    page.select_option("#pace", "instant")
    play_my_turn(page)
    page.wait_for_selector("#turn-banner.mine")
    other = context.new_page()
    page_problems.attach_page(other)
    other.goto(server.url)
    wait_engine(other)
    other.locator("#save-list [data-resume]").first.click()
    other.select_option("#pace", "instant")
    other.wait_for_selector("#turn-banner.mine")
    play_my_turn(other)
    other.wait_for_selector("#turn-banner.mine")
    played_b = moves(other)
    page.locator("#tab-banner").wait_for(state="visible")
    page.click("#tab-banner [data-tabs=latest]")
    page.locator("#tab-banner").wait_for(state="hidden")
    page.wait_for_function(f"Number(document.documentElement.dataset.moves) === {played_b}")
    other.close()


def test_saves_from_older_rules_resume_or_start_again(page: Any, server: Any, wait_engine: Any) -> None:
    expected = json.loads((FIXTURES / "expected.json").read_text(encoding="utf-8"))
    records = {}
    for name in expected:
        save = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
        records[f"railtable.save.{name}"] = _record(save, name)
    gone = dict(MIDGAME, config=dict(MIDGAME["config"], rules=0))
    records["railtable.save.gone"] = _record(gone, "Rules gone")
    page.goto(server.url)
    wait_engine(page)  # a reload during the first boot would abort its downloads
    _store(page, records)
    page.reload()
    wait_engine(page)
    for name in ("trains_2p_tokyo_midgame", "stations_4p_midgame"):
        page.locator(f"#save-list li:has-text('{name}') [data-resume]").click()
        page.wait_for_selector("#table:not([hidden])")
        # a bot whose turn it is may already have moved: the saved moves must come first, unchanged
        saved = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))["actions"]
        played = json.loads(page.evaluate(
            "() => window.railtable.run('__import__(\"json\").dumps(__import__(\"railtable_web.app\").app.APP.session.match.actions)')"))
        assert len(saved) == expected[name]["actions"]
        assert played[:len(saved)] == saved
        page.click("[data-cmd=menu]")
    row = page.locator("#save-list li:has-text('Rules gone')")
    assert "rules version 0" in row.inner_text()
    assert row.locator("[data-resume]").count() == 0
    row.locator("[data-restart]").click()
    page.wait_for_selector("#ta-board")
    assert "Started again" in page.locator("#flash").inner_text()
    page.click("[data-cmd=menu]")
    assert page.locator("#save-list li:has-text('Rules gone')").count() == 1  # the old one is kept


def test_a_link_with_unusable_values_says_so(page: Any, server: Any, wait_engine: Any) -> None:
    page.goto(server.url + "#game=chess&players=99&seed=abc")
    wait_engine(page)
    notice = page.locator("#link-notice")
    notice.wait_for(state="visible")
    text = notice.inner_text()
    assert "(chess)" in text and "99 players; TransAmerica takes 2-6" in text and "(abc)" in text
    assert page.input_value("#seed").isdigit()
    page.goto(server.url + "?again#game=trains&players=9&seed=12")  # a new document, not a hash change
    wait_engine(page)
    assert "9 players; Trains takes 2-4" in page.locator("#link-notice").inner_text()
    assert page.input_value("#seed") == "12"


def test_nothing_behind_the_privacy_screen_is_reachable(page: Any, server: Any, wait_engine: Any) -> None:
    start_game(page, server, wait_engine, [("Ann", "human"), ("Bob", "human")], seed=4)
    page.click("#privacy-reveal")
    play_my_turn(page)  # Ann's marker: the device goes to Bob
    page.wait_for_selector("#privacy:not([hidden])")
    for _ in range(12):
        page.keyboard.press("Tab")
        inside = page.evaluate("() => !!document.activeElement.closest('#privacy') || document.activeElement === document.body")
        assert inside
    page.keyboard.press("Shift+Tab")
    assert page.evaluate("() => !document.activeElement.closest('#topbar-actions')")
    # the mouse cannot reach Export either (inert), and no download starts
    assert page.evaluate("() => document.getElementById('screen').inert && document.querySelector('.topbar').inert")
    page.click("#privacy-reveal")
    assert page.evaluate("() => !document.getElementById('screen').inert")


def test_export_of_a_game_with_secrets_warns(page: Any, server: Any, wait_engine: Any) -> None:
    start_game(page, server, wait_engine, [("Ann", "human"), ("Ada", "easy")], seed=8)
    warning = page.get_attribute("[data-cmd=export]", "data-confirm") or ""
    assert "every player's hand" in warning
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.click("[data-cmd=export]")
    assert asked and "every player's hand" in asked[0]
