"""Remote play on CPython (issue 30): whole games through the real codes and protocol, and what a
friend's page receives (docs/architecture.md "Remote play").

The friends here play with the Easy bot from their own packet (the view and legal actions their page
has), which is also how a friend's "What would Hard do?" works.
"""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest
from railtable_web import remote_seat
from tests.web.remote_loop import Friend, HostPage, Loop, connect, until_seat_acts

from railtable.core import Rng
from railtable.core.soak import _hide_private_events, scrambler

RS_KINGDOM = ["Legal Counsel", "Regulations", "Unhappy Passengers", "Politician", "Protesters",
              "Roundhouse", "Commuter Train", "Steel Bridge"]


def secret_safe_packets(host: HostPage, rng: Rng) -> None:
    """Before every packet goes out: the packet each remote seat gets is the same once what that
    seat may not see is changed at random (``hidden.scramble``: other hands, every deck's order,
    other seats' private log lines) — so no message holds another seat's secret."""
    scramble = scrambler(host.game.session.match.game_id)
    real = host.host.send_packets
    match = host.game.session.match

    def checked() -> None:
        data = match.state.to_json()
        for seat in host.host.seats:
            other = type(match.state).from_json(json.loads(json.dumps(data)))
            scramble(other, seat, rng)
            _hide_private_events(other, seat)
            fake = SimpleNamespace(state=other, game_id=match.game_id, can_undo=match.can_undo)
            moves = host.game.public_moves()
            assert remote_seat.packet(fake, seat, "en", moves) == remote_seat.packet(match, seat, "en", moves), (
                f"seat {seat}'s packet shows a secret")
        real()

    host.host.send_packets = checked  # type: ignore[method-assign]


def play_out(loop: Loop, host: HostPage, friends: dict[int, Friend], seed: int, limit: int = 20_000) -> None:
    """Each friend plays what the Easy bot chooses from their page's own view whenever it is their
    move, until the game ends on the host."""
    info = host.game.session.match.info
    for step in range(limit):
        loop.run()
        moved = False
        for seat, friend in friends.items():
            guest = friend.guest
            if guest.match is None or guest.match.state.is_over() or guest.waiting:
                continue
            state = guest.match.state
            legal = state.legal_actions(seat)
            if legal:
                bot = info.make_bot("easy", seat, seed * 7919 + step)
                guest.match.apply(bot.choose(state.view(seat), legal))
                moved = True
        if not moved:
            return
    raise AssertionError("the game did not end")


SEED = 918_273_645
"""Long enough that its digits appearing in a message would be no accident."""

GAMES = [
    ("transamerica", {"players": ["Hosta", "Bea", "Cy"]}, ["easy", "remote", "remote"]),
    ("trains", {"players": ["Hosta", "Bea", "Cy"], "board": "tokyo", "sets": "both", "kingdom": RS_KINGDOM},
     ["easy", "remote", "remote"]),
    ("stations", {"players": ["Hosta", "Bea", "Cy"]}, ["easy", "remote", "remote"]),
]


@pytest.mark.parametrize(("game_id", "config", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_whole_game_with_two_friends_shows_no_other_seats_secret(game_id: str, config: dict[str, Any],
                                                                   seats: list[str | None]) -> None:
    loop = Loop()
    host = HostPage(loop, game_id, config, SEED, seats)
    secret_safe_packets(host, Rng(5))
    friends = {1: connect(loop, host, 1), 2: connect(loop, host, 2, lang="fr")}
    host.game.remote_changed()
    play_out(loop, host, friends, SEED)
    state = host.game.session.match.state
    assert state.is_over()
    for friend in friends.values():
        assert friend.guest.status == "playing"
        assert friend.guest.match.state.is_over()
        assert friend.guest.match.state.result() == json.loads(json.dumps(state.result()))
        text = "\n".join(friend.inbox)
        assert '"rng"' not in text and str(host.game.session.match.seed) not in text
        assert '"actions"' not in text


def test_rising_sun_attacks_reach_a_remote_seat_that_answers_its_reaction_question() -> None:
    """Rising Sun "Attacks" and "Reactions" (rules version 3: every attacked player is asked): the
    game above asks the remote seats about Reactions over the channel."""
    loop = Loop()
    host = HostPage(loop, "trains", GAMES[1][1], SEED, GAMES[1][2])
    friends = {1: connect(loop, host, 1), 2: connect(loop, host, 2)}
    host.game.remote_changed()
    play_out(loop, host, friends, SEED)
    asked = [json.loads(t) for f in friends.values() for t in f.inbox]
    reactions = [m for m in asked if m["t"] == "state" and any(a.get("option") == "none" and a.get("type") == "choose"
                                                                  for a in m["packet"]["legal"])]
    assert reactions, "a remote seat was asked about a Reaction"


def test_a_friend_whose_tab_closed_comes_back_to_the_same_seat_with_one_reply_code() -> None:
    """Issue 30: a friend who closes the tab comes back with the same invite (no new game). While
    they played, the host's page sent theirs a standby invite; the reopened page answers it, and only
    the reply code goes back to the host."""
    loop = Loop()
    host = HostPage(loop, "transamerica", {"players": ["Hosta", "Bea"]}, SEED, [None, "remote"])
    friend = connect(loop, host, 1)
    host.game.remote_changed()
    loop.run()
    standby = friend.guest.standby
    assert standby is not None, "the friend's page keeps the next invite"
    friend.side.close(friend.guest.peer)  # the tab is closed
    loop.run()
    assert host.host.seats[1].status == "left"
    assert host.host.seats[1].link == standby, "the host waits on the very invite the friend holds"
    moves = len(host.game.session.match.actions)
    again = Friend(loop, standby)  # the reopened page, from its lobby entry
    again.guest.join()
    loop.run()
    host.host.accept_reply(again.guest.reply or "")
    loop.run()
    assert again.guest.status == "playing"
    assert host.host.seats[1].status == "playing"
    assert len(host.game.session.match.actions) == moves, "the same game goes on"
    assert again.guest.match is not None and again.guest.match.state.view(1)["you"] == 1


def test_a_lost_network_makes_the_friends_page_answer_the_standby_invite_by_itself() -> None:
    loop = Loop()
    host = HostPage(loop, "transamerica", {"players": ["Hosta", "Bea"]}, SEED, [None, "remote"])
    friend = connect(loop, host, 1)
    loop.run()
    loop.cut(host.side, host.host.seats[1].peer or "")  # the network drops
    loop.run()
    assert friend.guest.status == "replied" and friend.guest.rejoining
    host.host.accept_reply(friend.guest.reply or "")
    loop.run()
    assert friend.guest.status == "playing"


def test_a_bot_plays_a_seat_whose_friend_left_and_hands_it_back_when_they_return() -> None:
    """Board Game Arena's replacement of a player who left: the host hands the seat to a bot, and the
    friend's return takes it back."""
    loop = Loop()
    host = HostPage(loop, "transamerica", {"players": ["Hosta", "Bea", "Cy"]}, SEED, ["easy", "remote", "easy"])
    friend = connect(loop, host, 1)
    host.game.remote_changed()
    loop.run()
    standby = friend.guest.standby
    friend.side.close(friend.guest.peer)
    loop.run()
    before = len(host.game.session.match.actions)
    host.host.stand_in(1, "easy")
    loop.run()
    assert len(host.game.session.match.actions) > before + 3, "the bot plays seat 1"
    assert 1 in host.game.session.stand_ins
    again = Friend(loop, standby or "")
    again.guest.join()
    loop.run()
    host.host.accept_reply(again.guest.reply or "")
    loop.run()
    assert 1 not in host.game.session.stand_ins
    assert again.guest.status == "playing"


def test_the_host_leaving_pauses_every_friend() -> None:
    loop = Loop()
    host = HostPage(loop, "transamerica", {"players": ["Hosta", "Bea"]}, SEED, [None, "remote"])
    friend = connect(loop, host, 1)
    host.host.pause()
    loop.run()
    assert friend.guest.status == "paused"


def test_each_friend_hears_who_else_is_connected_and_who_a_bot_stands_in_for() -> None:
    """Issue 30: both pages show who is connected."""
    loop = Loop()
    host = HostPage(loop, "transamerica", {"players": ["Hosta", "Bea", "Cy"]}, SEED, [None, "remote", "remote"])
    bea, cy = connect(loop, host, 1), connect(loop, host, 2)
    loop.run()
    assert bea.guest.connected[2] == {"on": True, "bot": None}
    cy.side.close(cy.guest.peer)
    loop.run()
    assert bea.guest.connected[2] == {"on": False, "bot": None}
    host.host.stand_in(2, "easy")
    loop.run()
    assert bea.guest.connected[2] == {"on": False, "bot": "easy"}


@pytest.mark.parametrize(("game_id", "config", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_a_friends_hint_is_computed_on_their_page_from_their_seats_packet_only(game_id: str, config: dict[str, Any],
                                                                              seats: list[str | None]) -> None:
    """Issue 30: "What would Hard do?" from the friend's own view: the hint's search runs on the
    friend's page over what its packet holds (no seed, no other seat's cards), and answers with one
    of the seat's legal actions; asked twice at one moment, it answers the same."""
    from railtable_web import thinking

    loop = Loop()
    host = HostPage(loop, game_id, config, SEED, seats)
    friend = connect(loop, host, 1)
    host.game.remote_changed()
    loop.run()
    until_seat_acts(loop, host, 1)
    match = friend.guest.match
    assert match is not None and 1 in match.state.to_act()

    def hint() -> Any:
        steps = thinking.hint_steps(match, 1)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    first, again = hint(), hint()
    assert first is not None and first.action in match.state.legal_actions(1)
    assert first.action == again.action
    assert match.seed == 0, "the friend's page never holds the game's seed"


def test_a_friends_undo_within_their_turn_is_played_on_the_host_and_both_pages_agree() -> None:
    """Undo follows the table's policy over the channel: a friend's track placed and taken back
    within their turn (TransAmerica, no draw between) leaves both pages as before."""
    loop = Loop()
    host = HostPage(loop, "transamerica", {"players": ["Hosta", "Bea"]}, SEED, ["easy", "remote"])
    friend = connect(loop, host, 1)
    host.game.remote_changed()
    loop.run()
    until_seat_acts(loop, host, 1)
    match = host.game.session.match
    while match.state.view(1)["phase"] != "build" or 1 not in match.state.to_act():
        guest = friend.guest.match
        guest.apply(guest.state.legal_actions(1)[0])
        loop.run()
        until_seat_acts(loop, host, 1)
    before = len(match.actions)
    guest = friend.guest.match
    place = next(a for a in guest.state.legal_actions(1) if a["type"] == "build")
    guest.apply(place)
    loop.run()
    assert len(match.actions) == before + 1 and guest.can_undo(1)
    guest.undo(1)
    loop.run()
    assert len(match.actions) == before, "the host took the track back"
    assert guest.state.view(1)["tracks"] == match.state.view(1)["tracks"]
