"""An ATTACK tells nobody who holds a Reaction (issue 34; rules version 3).

Rising Sun rulebook "Reactions": a Reaction (Legal Counsel) is the only card played in another
player's turn; "Attacks": the effects are resolved from the active player clockwise. A hand is
secret (Trains rulebook "Terms"), so every attacked player decides "reveal a Reaction or not" in
turn, holding one or not: the other seats' views (the log with them), the legal actions and the
number of moves are the same whether a player holds a Reaction or not. Rules versions 1 and 2 asked
only the holder (kept for old saves).
"""

from __future__ import annotations

from typing import Any

import pytest
from trains_helpers import named, play, ready, set_hand

from railtable.core import Rng
from railtable.trains.cards import WASTE, card, kingdom_names
from railtable.trains.hidden import scramble
from railtable.trains.state import TrainsState

LEGAL_COUNSEL = "Legal Counsel"
ATTACKS = [n for n in kingdom_names("rising_sun") if card(n).is_attack and n != LEGAL_COUNSEL]
SEAT_2_HAND = [LEGAL_COUNSEL, "Normal Train", "Express Train", "Normal Train", "Lay Rails"]


def attacked_table(name: str, rules: int | None = None) -> TrainsState:
    """Seat 0 holds ``name``; seat 2 holds Legal Counsel among five cards; seat 1 five Normal Trains."""
    st = ready(3, kingdom=[name, LEGAL_COUNSEL], sets="both", rules=rules)
    set_hand(st, 0, [name, "Normal Train"])
    set_hand(st, 1, ["Normal Train"] * 5)
    set_hand(st, 2, SEAT_2_HAND)
    if name == "Protesters":  # a city with a station where both victims have a rail
        city = named("tokyo", "Yokohama")
        st.stations[city] = 1
        st.rails[city] += [1, 2]
        st.board_changed()
    return st


def without_reaction(st: TrainsState) -> TrainsState:
    """The same table with seat 2's Legal Counsel swapped with a card of their deck (what each
    player owns is public: only where the card lies differs)."""
    other = st.copy()
    z = other.zones
    lc = z.find(z.hands[2], LEGAL_COUNSEL)
    j = next(i for i, c in enumerate(z.decks[2]) if z.name(c) != LEGAL_COUNSEL)
    i = z.hands[2].index(lc)
    z.hands[2][i], z.decks[2][j] = z.decks[2][j], z.hands[2][i]
    assert LEGAL_COUNSEL not in z.names(z.hands[2])
    return other


def public(st: TrainsState) -> list[Any]:
    """What seats 0 and 1 and a spectator see (views with their logs), who acts, the legal actions
    of everyone but seat 2."""
    return [st.view(0), st.view(1), st.view(None), st.to_act(), st.legal_actions(0), st.legal_actions(1)]


def attack_until_seat_2_answers(st: TrainsState, name: str) -> list[Any]:
    """Seat 0 plays ``name`` (Protesters: names the city); every choice is the first option that is
    not a Reaction, until seat 2 has answered its Reaction question. Returns what the others saw
    at every step."""
    seen = []
    play(st, 0, name)
    if name == "Protesters":
        st.apply({"type": "choose", "player": 0, "option": named("tokyo", "Yokohama")})
    while True:
        seen.append(public(st))
        q = st.to_act()[0]
        pd = st.pending
        assert pd is not None, "the ATTACK ended before seat 2 was asked"
        if pd["kind"] == "reaction":
            st.apply({"type": "choose", "player": q, "option": "none"})
            if q == 2:
                seen.append([st.view(0)["log"], st.view(None)["log"], st.view(0)["pending"], len(seen)])
                return seen
        else:
            st.apply(st.legal_actions(q)[0])


@pytest.mark.parametrize("name", ATTACKS)
def test_others_cannot_tell_a_holder_of_a_reaction_who_declines(name: str) -> None:
    """"Reactions": seat 2, Legal Counsel in hand or not, is asked the same way; declining shows nothing."""
    holder = attacked_table(name)
    empty = without_reaction(holder)
    assert holder.view(0) == empty.view(0)  # the same table for the others before the ATTACK
    assert attack_until_seat_2_answers(holder, name) == attack_until_seat_2_answers(empty, name)


@pytest.mark.parametrize("name", ATTACKS)
def test_a_player_without_a_reaction_has_only_no_reaction(name: str) -> None:
    st = without_reaction(attacked_table(name))
    play(st, 0, name)
    if name == "Protesters":
        st.apply({"type": "choose", "player": 0, "option": named("tokyo", "Yokohama")})
    assert st.pending["kind"] == "reaction" and st.to_act() == [1]
    assert st.legal_actions(1) == [{"type": "choose", "player": 1, "option": "none"}]
    assert st.view(1)["pending"]["options"][0]["label"] == "no Reaction: carry on"
    assert st.view(0)["pending"] == st.view(2)["pending"] == {"kind": "reaction", "player": 1}


def test_a_revealed_reaction_is_told_and_a_declined_one_is_not() -> None:
    """"Reactions": revealing Legal Counsel is public; not revealing leaves no trace in the log."""
    st = attacked_table("Regulations")
    play(st, 0, "Regulations")
    st.apply({"type": "choose", "player": 1, "option": "none"})
    before = st.log_lines(None)
    st.apply({"type": "choose", "player": 2, "option": LEGAL_COUNSEL})
    assert st.log_lines(None)[len(before):] == ["P2 reveals Legal Counsel: the ATTACK does not affect them"]
    assert st.zones.names(st.zones.gained[2]).count(WASTE) == 0 and st.to_act() == [0]


def test_rules_version_2_still_asks_only_the_holder() -> None:
    """Old saves replay as they were played: under rules 2 seat 1 (no Reaction) is not asked."""
    st = attacked_table("Regulations", rules=2)
    play(st, 0, "Regulations")
    assert st.to_act() == [2] and st.zones.names(st.zones.gained[1]) == [WASTE]
    assert without_reaction(attacked_table("Regulations", rules=2)).zones.hands[2]  # swap helper works on v2 too
    empty = without_reaction(attacked_table("Regulations", rules=2))
    play(empty, 0, "Regulations")
    assert empty.pending is None and empty.to_act() == [0]


@pytest.mark.parametrize("seed", range(12))
def test_scrambled_hands_give_the_attacker_the_same_regulations(seed: int) -> None:
    """The soak's secrecy check, through an ATTACK: ``hidden.scramble`` shares the victims' hands
    and decks out again at random (Legal Counsel in hand or not), and the attacker's view, the
    spectator's and the number of moves stay the same when every victim declines."""
    st = ready(3, kingdom=["Regulations", LEGAL_COUNSEL], sets="both", seed=seed)
    set_hand(st, 0, ["Regulations"])
    for q in (1, 2):
        z = st.zones
        z.decks[q].append(z.piles[LEGAL_COUNSEL].pop())  # each victim owns a Legal Counsel
    other = st.copy()
    scramble(other, 0, Rng(seed))
    other.zones.decks[0] = list(st.zones.decks[0])  # the attacker's own deck as it was: only the others' hands differ

    def run(s: TrainsState) -> list[Any]:
        seen = [s.view(0), s.view(None)]
        play(s, 0, "Regulations")
        moves = 0
        while s.pending is not None:
            seen += [s.view(0), s.view(None), s.to_act()]
            s.apply({"type": "choose", "player": s.to_act()[0], "option": "none"})
            moves += 1
        return [*seen, s.view(0), s.view(None), moves]

    assert run(st) == run(other)
