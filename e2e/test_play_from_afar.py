"""Remote play between real pages on this machine, through the steps players take (issue 30).

Each player is a browser context of its own; the host copies each invite link from its page, the
friend's page opens it, clicks Join and shows a reply code, which the host pastes. Moves are made on
each page by its own App, chosen by the Easy bot from that page's view. Every message a friend's page
receives is recorded by its worker (``INBOX``) and checked. Prints: link and reply-code lengths, Join
to first drawn table, and a friend's move to its table redrawn with the host's answer.
"""

from __future__ import annotations

import json
import statistics
from collections.abc import Iterator
from typing import Any

import pytest

from e2e_settings import BOOT_TIMEOUT_MS
from remote_pages import SETUP, STEP, Player, host_game, invite_link, join, people_of, play_to_the_end  # noqa: F401


@pytest.fixture
def people(browser: Any, server: Any, page_problems: Any) -> Iterator[Any]:
    yield from people_of(browser, server, page_problems)


def test_transamerica_with_two_friends_on_three_pages_to_the_final_screen(people: Any, shot: Any) -> None:
    host, bea, cy = people(), people((390, 844), blank=True), people(blank=True)
    fetched = "() => performance.getEntriesByType('resource').map((e) => e.name).filter((n) => /remote/.test(n))"
    assert host.page.evaluate(fetched) == [], "nothing of remote play loads before it is used"
    loaded = "import sys\n[m for m in sys.modules if m.startswith(('railtable_web.remote_host', 'railtable_web.remote_ui', 'railtable_web.rtc'))]"
    assert host.run(loaded) == [], "nor its Python (python-remote.zip, fetched by the worker)"
    host_game(host, "transamerica", [("Hosta", "human"), ("Bea", "remote"), ("Cy", "remote")], 4242)
    # remote.js comes with the first connection the page makes (an invite's offer), just after the panel
    host.page.wait_for_function(f"() => ({fetched})().some((n) => n.endsWith('/web/remote.js'))")
    assert "railtable_web.remote_host" in host.run(loaded)
    figures = [join(host, bea, 1), join(host, cy, 2)]
    host.page.wait_for_function("() => document.querySelector('#remote .remote-summary')?.textContent.startsWith('2 of 2')")
    assert host.page.locator("#remote-details").get_attribute("open") is None, "everyone is connected: folded away"
    bea.page.wait_for_function("() => document.querySelector('#remote').textContent.includes('Cy is here')")
    assert cy.page.locator("#pace-box").is_hidden(), "a friend's page has no bots of its own to pace"
    assert host.page.locator("#pace-box").is_visible()
    shot(host.page, "remote-ta-host")
    shot(bea.page, "remote-ta-friend-phone")
    play_to_the_end([host, bea, cy])
    for p in (host, bea, cy):
        p.page.wait_for_selector("#modal:not([hidden])")
    shot(bea.page, "remote-ta-friend-over")
    inbox = bea.run("json.dumps(INBOX)")
    messages = [json.loads(m) for m in json.loads(inbox)]
    assert messages and all(m["t"] in ("welcome", "state", "seats", "standby", "refused") for m in messages)
    latency = json.loads(bea.run("json.dumps(LATENCY)"))
    print("remote TA:", figures, f"friend's move to both pages redrawn: median {statistics.median(latency):.0f} ms, "
          f"max {max(latency):.0f} ms over {len(latency)} moves")


def host_with_bots(host: Player) -> None:
    host.page.select_option("#pace", "instant")


def inbox(friend: Player) -> list[dict[str, Any]]:
    return [json.loads(m) for m in json.loads(friend.run("json.dumps(INBOX)"))]


RS_KINGDOM = ["Legal Counsel", "Regulations", "Unhappy Passengers", "Politician", "Protesters",
              "Roundhouse", "Commuter Train", "Steel Bridge"]


def test_trains_with_rising_sun_attacks_on_a_remote_friend_to_the_final_screen(people: Any, shot: Any,
                                                                              server: Any) -> None:
    """An ATTACK reaches the friend's seat: their page is asked about a Reaction over the channel."""
    from urllib.parse import quote

    host, bea = people(blank=True), people(blank=True)
    # the lobby's own link parameters choose the cards (as a shared setup link does)
    host.goto(f"{server.url}#game=trains&players=2&sets=both&supply=pick&cards=" + quote(",".join(RS_KINGDOM)))
    host_game(host, "trains", [("Hosta", "easy"), ("Bea", "remote")], 777)
    assert "Legal Counsel" in host.run("json.dumps(_app.APP.session.match.config)")
    host.page.wait_for_selector("#remote-link-1")
    figures = join(host, bea, 1)
    play_to_the_end([host, bea], limit_s=420)
    bea.page.wait_for_selector("#modal:not([hidden])")
    shot(bea.page, "remote-trains-friend-over")
    got = inbox(bea)
    asked = [m for m in got if m["t"] == "state" and (m["packet"]["view"].get("pending") or {}).get("kind") == "reaction"]
    assert asked, "the friend's seat was asked about a Reaction"
    print("remote Trains:", figures, "reaction questions:", len(asked))


def test_trains_and_stations_speculation_with_a_remote_friend_to_the_final_screen(people: Any, shot: Any) -> None:
    host, bea = people(), people(blank=True)
    host_game(host, "stations", [("Hosta", "easy"), ("Bea", "remote"), ("Cy", "easy")], 31337)
    figures = join(host, bea, 1)
    play_to_the_end([host, bea], limit_s=420)
    bea.page.wait_for_selector("#modal:not([hidden])")
    shot(bea.page, "remote-stations-friend-over")
    got = inbox(bea)
    specs = [m for m in got if m["t"] == "state" and m["packet"]["view"].get("phase") == "speculate" and m["packet"]["legal"]]
    assert specs, "the friend took part in a speculation"
    print("remote T&S:", figures, "speculation steps:", len(specs))


def test_a_friend_closes_the_tab_a_bot_stands_in_they_rejoin_and_the_host_resumes_later(people: Any, shot: Any,
                                                                                     page_problems: Any) -> None:
    # a tab closed or reloaded while its icon still loads: the browser aborts that request
    page_problems.allow(r"railtable\.svg \(net::ERR_ABORTED\)")
    host, bea = people(), people(blank=True)
    host_game(host, "transamerica", [("Hosta", "human"), ("Bea", "remote")], 99)
    join(host, bea, 1)
    for _ in range(6):
        for p in (host, bea):
            p.run(STEP)
    # the friend closes the tab (their browser, with its storage, stays)
    bea.page.close()
    host.page.wait_for_selector('.remote-status[data-status="left"]', timeout=40_000)
    shot(host.page, "remote-host-friend-left")
    host.page.click("[data-remote-bot='1']")
    before = int(host.run("len(_app.APP.session.match.actions)"))
    for _ in range(20):
        host.run(STEP)
    assert int(host.run("len(_app.APP.session.match.actions)")) > before + 2, "the bot plays Bea's seat"
    # Bea opens Railtable again: the lobby lists the game hosted by Hosta
    bea.page = bea.context.new_page()
    bea.goto(host.page.url.split("#")[0])
    bea.page.click("[data-rejoin]")
    bea.page.click("[data-remote-join]")
    bea.page.wait_for_selector("#remote-reply-code")
    host.page.fill("#remote-reply", bea.page.input_value("#remote-reply-code"))
    host.page.click("#remote-connect")
    bea.page.wait_for_selector("#table:not([hidden])", timeout=20_000)
    assert host.run("1 in _app.APP.session.stand_ins") is False, "the bot hands the seat back"
    # the host reloads: the friend is told; the host resumes with new codes
    host.page.reload()
    host.page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS)
    bea.page.wait_for_selector('.remote-guest[data-status="left"], .remote-guest[data-status="paused"], '
                               '.remote-guest[data-status="replied"]', timeout=40_000)
    host.page.click("[data-resume]")
    link = invite_link(host, 1)
    bea.page.goto(link)  # in the tab already on Railtable: only the hash changes, and the page loads it
    bea.page.wait_for_selector("[data-remote-join]", timeout=BOOT_TIMEOUT_MS)
    bea.page.click("[data-remote-join]")
    bea.page.wait_for_selector("#remote-reply-code")
    host.page.fill("#remote-reply", bea.page.input_value("#remote-reply-code"))
    host.page.click("#remote-connect")
    bea.page.wait_for_selector("#table:not([hidden])", timeout=20_000)
    shot(bea.page, "remote-friend-back")


def test_a_reply_code_scanned_by_the_hosts_phone_connects_the_hosting_tab(people: Any, shot: Any) -> None:
    """The reply's QR code holds a link: the host's camera opens it in a new tab of the same browser,
    which hands the code to the tab hosting the game (a storage event) and says so."""
    host, bea = people((390, 844)), people(blank=True)
    host_game(host, "transamerica", [("Hosta", "human"), ("Bea", "remote")], 2024)
    bea.goto(invite_link(host, 1))
    bea.page.click("[data-remote-join]")
    bea.page.wait_for_selector("#remote-reply-code")
    bea.page.click("[data-remote-qr-reply]")
    bea.page.wait_for_selector("#modal .qr svg")
    shot(bea.page, "remote-reply-qr")
    bea.run(SETUP)
    link = bea.run("_remote.reply_link(_remote.GUEST.reply)")
    scanned = host.context.new_page()
    scanned.goto(link)
    scanned.wait_for_selector("#link-notice:not([hidden])", timeout=BOOT_TIMEOUT_MS)
    assert "handed to the tab" in scanned.inner_text("#link-notice")
    bea.page.wait_for_selector("#table:not([hidden])", timeout=20_000)
    assert host.run("_remote.HOST.seats[1].status") == "playing"
    scanned.close()


def test_remote_play_screens_pass_axe(people: Any) -> None:
    """axe-core on the host's panel (waiting, then everyone connected), the friend's join screen,
    their reply screen and their table (issue 30: every screen, phone size for the friend)."""
    from test_axe import assert_clean

    host, bea = people(), people((390, 844), blank=True)
    host_game(host, "transamerica", [("Hosta", "human"), ("Bea", "remote")], 8080)
    invite_link(host, 1)
    assert_clean(host.page, "on the host's panel, waiting for a friend")
    bea.goto(invite_link(host, 1))
    bea.page.wait_for_selector("[data-remote-join]")
    assert_clean(bea.page, "on the friend's join screen")
    bea.page.click("[data-remote-join]")
    bea.page.wait_for_selector("#remote-reply-code")
    assert_clean(bea.page, "on the friend's reply screen")
    host.page.fill("#remote-reply", bea.page.input_value("#remote-reply-code"))
    host.page.click("#remote-connect")
    bea.page.wait_for_selector("#table:not([hidden])", timeout=20_000)
    bea.page.wait_for_selector(".remote-guest.compact")
    assert bea.page.locator("#remote-details").count() == 0, "a friend's page hosts nothing"
    assert bea.run("__import__('railtable_web.remote_ui').remote_ui.HOST is None")
    assert_clean(bea.page, "on the friend's table")
    host.page.wait_for_function("() => document.querySelector('#remote .remote-summary')?.textContent.startsWith('1 of 1')")
    assert_clean(host.page, "on the host's panel, everyone connected")
