"""Remote play's browser tests' players: pages of their own, the invite and reply steps, moves (issue 30).

Each player is a browser context of its own (own storage, own network stack). The host starts a game
with "Friend (remote)" seats, copies each invite link from its page; the friend's page opens the link,
clicks Join and shows a reply code, which the host pastes. Moves are then made on each page with its
own App (``APP.play``), chosen by the Easy bot from that page's own view (what a friend's "What would
Hard do?" sees), so whole games reach their final screen in reasonable time.

Chromium hides local addresses behind mDNS names; two contexts of one Chromium resolve each other's
(e2e/test_rtc.py checks it), so the suite's own browser serves with no launch flag.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

from e2e_settings import ACTION_TIMEOUT_MS, BOOT_TIMEOUT_MS
from lobby import choose_seats

# Kept in each page's worker: every message its Guest receives (for the secrecy scan), and one move
# of the Easy bot from the page's own view when it is this page's move.
SETUP = """
import json
from railtable_web import app as _app, remote_ui as _remote
from railtable_web.dom import now_ms as _now_ms
INBOX = []
LATENCY = []  # a move of this page to its table redrawn with the host's answer, ms
if not getattr(_app.APP, "_timed", False):
    _clicked = _app.APP._clicked
    def _timing(started, _clicked=_clicked):
        LATENCY.append(_now_ms() - started)
        _clicked(started)
    _app.APP._clicked = _timing
    _app.APP._timed = True
if _remote.GUEST is not None and not getattr(_remote.GUEST, "_recording", False):
    _real = _remote.GUEST._message
    def _recording(text, _real=_real):
        INBOX.append(text)
        _real(text)
    _remote.GUEST._message = _recording
    _remote.GUEST._recording = True
"""

STEP = """
a = _app.APP
s = a.session
out = "none"
if s is None:
    out = "closed"
elif s.match.state.is_over():
    out = "over"
elif s.viewer is not None and s.viewer in s.match.state.to_act() and not s.needs_privacy_screen():
    g = _remote.GUEST
    if g is not None and g.waiting:
        out = "waiting"
    else:
        legal = s.match.state.legal_actions(s.viewer)
        if legal:
            n = getattr(s.match, "moves", None) or len(getattr(s.match, "actions", []))
            bot = s.match.info.make_bot("easy", s.viewer, 7919 * n + s.viewer)
            a.play(bot.choose(s.match.state.view(s.viewer), legal))
            out = "moved"
out
"""


# What a stalled game looks like from each page (said when play_to_the_end gives up)
DIAGNOSE = """
a = _app.APP
s = a.session
g = _remote.GUEST
h = getattr(_remote, "HOST", None)
d = {}
if s is not None:
    st = s.match.state
    d = {"viewer": s.viewer, "to_act": list(st.to_act()), "over": st.is_over(),
         "privacy": s.needs_privacy_screen(), "moves": len(getattr(s.match, "actions", []) or [])}
if g is not None:
    d["guest"] = {"status": g.status, "seq": g.seq, "waiting": g.waiting, "problem": g.problem}
if h is not None:
    d["host"] = {seat: {"status": rs.status, "seq": rs.seq} for seat, rs in h.seats.items()}
d["modal"] = bool(a.modal_open) if hasattr(a, "modal_open") else None
json.dumps(d, default=str)
"""


CLOSE_A_SUMMARY = """() => {
  // never the final screen's (it has "back to the lobby"): looked at and clicked in one step, as the
  // result may replace a summary between a locator's count and its click (a flake under load)
  const box = document.querySelector("#modal:not([hidden])");
  if (box && !box.querySelector("[data-newgame]")) box.querySelector("[data-close]")?.click();
}"""


class Player:
    """One player's page in a browser context of its own."""

    def __init__(self, browser: Any, url: str | None, problems: Any, size: tuple[int, int] = (1366, 768)) -> None:
        self.context = browser.new_context(viewport={"width": size[0], "height": size[1]}, bypass_csp=True)
        self.context.set_default_timeout(ACTION_TIMEOUT_MS)
        problems.attach_context(self.context)
        self.page = self.context.new_page()
        problems.attach_page(self.page)
        if url is not None:
            self.goto(url)

    def goto(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_function("document.documentElement.dataset.engine === 'ready'", timeout=BOOT_TIMEOUT_MS)

    def run(self, code: str) -> Any:
        return self.page.evaluate("async (code) => window.railtable.run(code)", code)

    def close(self) -> None:
        self.context.close()


def people_of(browser: Any, server: Any, page_problems: Any) -> Iterator[Any]:
    """The ``people`` fixture's body: ``make(size, blank)`` gives a player's page."""
    made: list[Player] = []

    def make(size: tuple[int, int] = (1366, 768), blank: bool = False) -> Player:
        """A player's browser; ``blank``: not on Railtable yet (a friend opens the invite link first)."""
        player = Player(browser, None if blank else server.url, page_problems, size)
        made.append(player)
        return player

    yield make
    for p in made:
        try:
            p.close()
        except Exception:  # noqa: BLE001 (a test closed it already)
            pass


def host_game(host: Player, game: str, seats: list[tuple[str, str]], seed: int) -> None:
    page = host.page
    choose_seats(page, game, seats)
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_selector("#table:not([hidden])")
    if page.locator("#pace").is_visible():  # (behind the Menu on a phone: the host's bots keep their pace)
        page.select_option("#pace", "instant")
    page.wait_for_selector("#remote:not([hidden])")  # remote play's modules have come (python-remote.zip)
    host.run(SETUP)


def invite_link(host: Player, seat: int) -> str:
    host.page.wait_for_selector(f"#remote-link-{seat}")
    return str(host.page.input_value(f"#remote-link-{seat}"))


def join(host: Player, friend: Player, seat: int) -> dict[str, Any]:
    """The players' steps; returns the measurements."""
    link = invite_link(host, seat)
    friend.goto(link)
    friend.page.wait_for_selector("[data-remote-join]")
    assert friend.page.locator("#remote").inner_text().count("invites you") == 1
    started = time.perf_counter()
    friend.page.click("[data-remote-join]")
    friend.page.wait_for_selector("#remote-reply-code")
    reply = str(friend.page.input_value("#remote-reply-code"))
    host.page.fill("#remote-reply", reply)
    host.page.click("#remote-connect")
    friend.page.wait_for_selector("#table:not([hidden])", timeout=20_000)
    joined = time.perf_counter() - started
    friend.run(SETUP)
    return {"link": len(link), "reply": len(reply), "join_to_table_s": joined}


def play_to_the_end(players: list[Player], limit_s: float = 420, stall_s: float = 60) -> None:
    """Each page makes its moves until every page shows the game over; gives up (saying what each
    page sees) after ``limit_s``, or after ``stall_s`` with no page able to move."""
    end = time.monotonic() + limit_s
    moved_at = time.monotonic()
    while time.monotonic() < end and time.monotonic() - moved_at < stall_s:
        states = [p.run(STEP) for p in players]
        if all(s == "over" for s in states):
            return
        for p in players:  # a person reads a round's summary and closes it (bots wait meanwhile)
            if "over" not in states:
                p.page.evaluate(CLOSE_A_SUMMARY)
        if any(s == "moved" for s in states):
            moved_at = time.monotonic()
        else:
            players[0].page.wait_for_timeout(30)
    seen = []
    for p in players:
        try:
            seen.append(p.run(DIAGNOSE) + " | " + p.page.evaluate(
                "() => [...document.querySelectorAll('#modal:not([hidden]), #remote, #turn-banner, #tr-banner, #st-banner')]"
                ".map((e) => e.id + ': ' + e.textContent.slice(0, 160)).join(' / ')"))
        except Exception as exc:  # noqa: BLE001 (a page that cannot say is itself the finding)
            seen.append(f"could not ask: {exc}")
    raise AssertionError(f"the game did not end ({limit_s} s at most, {stall_s} s with no move): {states}\n" + "\n".join(seen))


