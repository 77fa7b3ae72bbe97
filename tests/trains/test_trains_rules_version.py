"""Rules versions (PLAN.md "Rules versions"): version 2 reads rulebook "Playing A Card" as written, so only
an Action card's effect may be declined; a Rail Laying or Station Expansion card applies its effect when it
can and otherwise gives only its money. Version 1 keeps the old behaviour (every effect optional)."""

import pytest
from trains_helpers import hex_id, lay, new_game, options, play, ready, set_hand

from railtable.core import ConfigError, IllegalActionError
from railtable.trains import RULES_VERSION, RULES_VERSIONS
from railtable.trains.cards import WASTE

T = "tokyo"


def plays_of(st, p, cid):
    return [a for a in st.legal_actions(p) if a["type"] == "play" and a["card"] == cid]


def test_setup_defaults_to_the_current_rules_and_refuses_unknown_versions():
    assert RULES_VERSION == 3 and RULES_VERSIONS == (1, 2, 3)
    assert new_game().rules == 3 and new_game().view(0)["rules"] == 3
    assert new_game(rules=1).rules == 1 and new_game(rules=2).rules == 2
    for bad in (0, 4, "2", 2.0, True, [2]):
        with pytest.raises(ConfigError):
            new_game(rules=bad)


def test_version_2_lay_rails_cannot_be_declined_when_it_can_be_applied():
    """Playing A Card: "If the card you played is an Action card, you may apply its effects" - Lay Rails is not."""
    st = ready()
    set_hand(st, 0, ["Lay Rails"])
    lr = st.zones.hands[0][0]
    assert plays_of(st, 0, lr) == [{"type": "play", "player": 0, "card": lr}]
    before = st.to_json()
    with pytest.raises(IllegalActionError, match="not an Action card"):
        st.apply({"type": "play", "player": 0, "card": lr, "decline": True})
    assert st.to_json() == before
    st.apply({"type": "play", "player": 0, "card": lr})
    assert st.pending["kind"] == "lay_rail"


def test_version_2_ironworks_gives_no_money_for_a_rail_not_laid():
    """The audit's case: Ironworks +2 with a declined Lay Rails gave money for no rail and no Waste."""
    st = ready(kingdom=["Ironworks"])
    set_hand(st, 0, ["Ironworks", "Lay Rails"])
    play(st, 0, "Ironworks")
    play(st, 0, "Lay Rails")
    assert st.money == 3 and st.pending["kind"] == "lay_rail"
    target = hex_id(T, 3, 5)
    assert target in options(st)
    lay(st, 0, target)
    assert 0 in st.rails[target] and st.zones.names(st.zones.gained[0]) == [WASTE]


def test_version_2_station_expansion_with_no_free_slot_gives_only_its_money():
    st = ready()
    st.station_tokens = 0
    set_hand(st, 0, ["Station Expansion"])
    sid = st.zones.hands[0][0]
    assert plays_of(st, 0, sid) == [{"type": "play", "player": 0, "card": sid}]
    assert st.effect_blocker(0, sid)["why"] == "no station token is left"
    st.apply({"type": "play", "player": 0, "card": sid})
    assert st.pending is None and st.zones.gained[0] == [] and sid in st.zones.plays[0]
    assert "its effect cannot be applied" in st.log_lines(0)[-1]


def test_version_2_action_cards_may_still_be_declined():
    st = ready(kingdom=["Passing Station"])
    set_hand(st, 0, ["Passing Station"])
    cid = st.zones.hands[0][0]
    assert {"type": "play", "player": 0, "card": cid, "decline": True} in plays_of(st, 0, cid)


def test_version_1_keeps_every_effect_optional():
    st = ready(kingdom=["Ironworks"], rules=1)
    set_hand(st, 0, ["Ironworks", "Lay Rails"])
    lr = st.zones.hands[0][1]
    play(st, 0, "Ironworks")
    assert {"type": "play", "player": 0, "card": lr, "decline": True} in plays_of(st, 0, lr)
    play(st, 0, "Lay Rails", decline=True)
    assert st.money == 3 and st.pending is None and st.zones.gained[0] == []


def test_the_engine_names_the_step_that_cannot_be_applied_and_why():
    """Playing A Card ("if some of the card's effects cannot be applied, you cannot apply any"): the engine
    says which step fails, with the numbers of the card's own data (Wagon Factory: up to 3 more)."""
    st = ready(kingdom=["Amusement Park", "Wagon Factory", "Collaboration"])
    set_hand(st, 0, ["Amusement Park", "Wagon Factory", "Tower"])
    park, wagon, tower = st.zones.hands[0]
    assert st.effect_blocker(0, park) == {"step": 0, "op": "money_of_train_in_play",
                                          "why": "you have no Train card in play yet",
                                          "say": ["why.no_train_in_play", {}]}
    assert st.effect_blocker(0, wagon)["why"] == (
        "you have no Train in hand with a Train costing up to 3 more in the supply")
    assert st.effect_blocker(0, tower) is None  # no effect: nothing blocks
    st.rails_left[0] = 0
    set_hand(st, 0, ["Collaboration"])
    assert st.effect_blocker(0, st.zones.hands[0][0]) == {"step": 1, "op": "lay_rail", "why": "you have no rails left",
                                                          "say": ["why.no_rails_left", {}]}


def test_station_crew_lists_the_choices_it_cannot_make_with_the_engines_reason():
    st = ready(kingdom=["Station Crew"])
    set_hand(st, 0, ["Station Crew"])
    play(st, 0, "Station Crew")
    pending = st.view(0)["pending"]
    assert [o["value"] for o in pending["options"]] == ["draw", "money"]
    assert pending["unavailable"] == [{"value": "return_waste", "label": "Return 1 Waste from your hand",
                                       "say": {"en": "Return 1 Waste from your hand",
                                               "fr": "Remettre 1 Ferraille de votre main"},
                                       "why": "you have no Waste in your hand", "why_say": ["why.no_waste_in_hand", {}]}]
    assert "unavailable" not in st.view(1)["pending"]
