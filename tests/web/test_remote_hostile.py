"""A friend cannot cheat through the channel (issue 30 "What must hold"): the host plays only legal
actions of the seat bound to a channel, refuses the rest with a message to that friend alone, bounds
message size and depth, and answers a flood with few words; a friend's page reads a hostile host's
message as a message, never a crash."""

from __future__ import annotations

import json
from typing import Any

import pytest
from railtable_web import remote_wire
from tests.web.remote_loop import Friend, HostPage, Loop, connect, until_seat_acts


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def table(game_id: str = "transamerica") -> tuple[Loop, HostPage, Friend, Friend, Clock]:
    loop = Loop()
    names = ["Hosta", "Bea", "Cy"]
    host = HostPage(loop, game_id, {"players": names}, 918_273_645, [None, "remote", "remote"])
    clock = Clock()
    host.host._clock = clock
    one, two = connect(loop, host, 1), connect(loop, host, 2)
    host.game.remote_changed()
    loop.run()
    return loop, host, one, two, clock


def raw(loop: Loop, friend: Friend, text: str) -> None:
    """What a hostile page can do: put any text on its channel."""
    friend.side.send(friend.guest.peer, text)
    loop.run()


def saved(host: HostPage) -> str:
    return host.game.session.match.dumps()


def refusals(friend: Friend) -> list[str]:
    return [m["why"] for m in map(json.loads, friend.inbox) if m["t"] == "refused"]


def test_every_action_offered_to_a_friend_names_their_seat() -> None:
    """The host's check ``action["player"] == the channel's seat`` refuses nothing a friend may play."""
    for game_id in ("transamerica", "trains", "stations"):
        _, host, one, _, _ = table(game_id)
        match = host.game.session.match
        for seat in (1, 2):
            for action in match.state.legal_actions(seat):
                assert action.get("player") == seat, (game_id, action)


def test_a_move_for_another_seat_is_refused_as_such() -> None:
    """A channel speaks for its seat only: friend 2, at their move, sends an action naming seat 1.
    (In a step where several seats act at once, the engine alone could not tell who sent it.)"""
    loop, host, one, two, clock = table()
    match = host.game.session.match
    until_seat_acts(loop, host, 2)
    before = saved(host)
    action = {**match.state.legal_actions(2)[0], "player": 1}
    raw(loop, two, remote_wire.write({"t": "act", "seq": two.guest.seq, "action": action}))
    assert saved(host) == before
    assert refusals(two)[-1] == "This page plays its own seat only."
    assert not refusals(one), "only the sender hears of it"


HOSTILE = [
    "not json",
    "[1, 2, 3]",
    '{"t": "boom"}',
    '{"t": "act"}',
    '{"t": "act", "seq": 1, "action": "place"}',
    '{"t": "act", "seq": 1, "action": {"type": "place_marker", "player": 1, "at": [0, 0], "extra": 1}}',
    '{"t": "act", "seq": 1, "action": {"type": "place_marker", "player": 1, "at": [999, 999]}}',
    '{"t": "act", "seq": 1, "seq": 2, "action": {}}',
    '{"t": "undo", "seq": "x"}',
    '{"t": "hello", "v": 1, "token": "00", "lang": "en"}',
    '{"t": "act", "seq": 1, "action": {"type": "place_marker", "player": 1, "at": [0, 0]}' + ", " * 3000 + "}",
    "[" * 100_000 + "]" * 100_000,
    '{"t": "act", "seq": 1, "action": ' + "[" * 50 + "]" * 50 + "}",
    "x" * 10_000_000,
]


@pytest.mark.parametrize("text", HOSTILE, ids=[f"hostile{i}" for i in range(len(HOSTILE))])
def test_hostile_messages_change_nothing_and_are_told_to_the_sender(text: str) -> None:
    loop, host, one, two, clock = table()
    before = saved(host)
    raw(loop, one, text)
    assert saved(host) == before
    assert host.host.seats[1].status == "playing", "the seat stays bound to its friend"
    assert refusals(one) or '"hello"' in text, "the sender is told why"
    assert not refusals(two)


def test_a_flood_gets_a_few_answers_a_second_and_changes_nothing() -> None:
    """Each of a person's moves gets its answer (a refused one, the table again), but 1,000 bad
    messages in a second get about ten (a burst of five, then five a second)."""
    loop, host, one, _, clock = table()
    before = saved(host)
    sent = len(one.inbox)
    for i in range(1000):
        clock.t = 10 + i / 1000  # 1,000 messages in one second
        raw(loop, one, '{"t": "act", "seq": 0, "action": {"player": 2}}')
    assert saved(host) == before
    told = len(refusals(one))
    assert 5 <= told <= 10
    assert len(one.inbox) - sent <= 2 * told, "a refusal and the table again, each time"
    clock.t = 12
    raw(loop, one, '{"t": "boom"}')
    assert len(refusals(one)) == told + 1


def test_a_channel_that_does_not_show_the_invites_token_is_closed_without_the_seat() -> None:
    """Someone who saw only a reply code (or an old invite of another seat) has no token: a channel
    whose hello does not hold it is told, closed, and the seat is not theirs."""
    loop = Loop()
    host = HostPage(loop, "transamerica", {"players": ["Hosta", "Bea"]}, 918_273_645, [None, "remote"])
    loop.run()
    friend = Friend(loop, host.host.seats[1].link or "")
    friend.guest.join()
    loop.run()
    # the stranger's reply carries the tag copied from a real reply code, but they never saw the link
    friend.guest.invite = type(friend.guest.invite)(**{**friend.guest.invite.__dict__, "token": b"\0" * 12})
    host.host.accept_reply(friend.guest.reply or "")
    loop.run()
    assert host.host.seats[1].status != "playing"
    assert friend.guest.status == "refused"
    assert "invite" in (friend.guest.problem or "")
    assert not any(json.loads(m)["t"] == "state" for m in friend.inbox), "no packet for a stranger"


def test_a_move_made_from_an_old_table_is_refused_and_the_table_sent_again() -> None:
    loop, host, one, _, _ = table()
    match = host.game.session.match
    until_seat_acts(loop, host, 1)
    seq = one.guest.seq
    before = saved(host)
    legal = match.state.legal_actions(1)
    raw(loop, one, remote_wire.write({"t": "act", "seq": seq - 1, "action": legal[0]}))
    # the seat's choices changed between packet seq-1 and seq (it was not its move): refused
    assert saved(host) == before
    assert one.guest.seq > seq, "the table is sent again"


HOST_HOSTILE: list[Any] = [
    "garbage",
    '{"t": "state", "seq": 99, "packet": {"view": 1}}',
    '{"t": "welcome", "v": 1, "game": "trains", "seat": 1, "names": ["a"], "kinds": [null]}',
    '{"t": "state", "seq": 1, "packet": {"view": {}, "public": {}, "legal": [], "to_act": [7], "over": false, "undo": false, "moves": 0}}',
    '{"t": "refused", "why": "<img src=x onerror=alert(1)>"}',
    "[" * 100_000,
]


@pytest.mark.parametrize("text", HOST_HOSTILE, ids=[f"host{i}" for i in range(len(HOST_HOSTILE))])
def test_a_friends_page_reads_a_hostile_hosts_message_as_a_message(text: str) -> None:
    loop, host, one, _, _ = table()
    seq = one.guest.seq
    one.guest.on_event("message", one.guest.peer, text)
    assert one.guest.status == "playing"
    assert one.guest.seq == seq, "nothing of it was taken as the table"
    assert one.guest.problem
