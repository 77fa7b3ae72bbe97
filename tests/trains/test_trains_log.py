"""The log is stored as structured events (issue 9 "Left from the last review"): kind and arguments,
rendered in words only when shown (railtable.trains.messages), never English text saved in the state."""

import json

from trains_helpers import ready, set_hand

from railtable.core import Rng
from railtable.trains import messages
from railtable.trains.bots import eager_choice
from railtable.trains.state import TrainsState


def played_game(seed: int) -> TrainsState:
    rng = Rng(seed)
    st = TrainsState.setup({"players": ["Zelda", "Yorick", "Xavier"], "board": "osaka", "kingdom": "random"}, seed)
    while not st.is_over():
        p = st.to_act()[0]
        st.apply(eager_choice(rng, st.legal_actions(p)))
    return st


def test_the_saved_log_is_events_with_no_names_and_no_sentences():
    st = played_game(4)
    templates = messages.strings()["en"]
    for entry in st.log:
        assert isinstance(entry[0], str) and f"log.{entry[0]}" in templates
        assert isinstance(entry[1], dict)
    saved = json.dumps(st.to_json()["log"])
    for name in ("Zelda", "Yorick", "Xavier", " draws ", " plays "):
        assert name not in saved
    lines = st.log_lines(None)
    assert len(lines) == len(st.log) and lines[-1].endswith("points") and "The game ends" in lines[-2]


def test_each_player_reads_their_own_draws_and_only_theirs():
    st = ready()
    set_hand(st, 0, ["Passing Station"])
    st.apply({"type": "play", "player": 0, "card": st.zones.hands[0][0]})
    drawn = st.zones.name(st.zones.hands[0][-1])
    assert st.view(0)["log"][-1] == f"P0 draws {drawn}"
    assert st.view(1)["log"][-1] == "P0 draws 1 card" == st.view(None)["log"][-1]
    assert st.log[-1][0] == "draw" and st.log[-1][2] == {"0": ["draw_seen", {"p": 0, "cards": [drawn]}]}


def test_the_end_reason_is_an_event_and_words():
    st = played_game(1)
    res = st.result()
    kind, args = res["end"]
    assert kind in ("piles", "rails", "stations")
    assert res["end_reason"] == messages.render(kind, args, "en", st.names, st.board, "end.")


def test_every_rising_sun_event_has_words():
    """Games with both sets and Route Bonus cards: every event kind has an English template and renders."""
    kinds = set()
    for seed in range(6):
        rng = Rng(seed)
        st = TrainsState.setup({"players": ["A", "B", "C"], "board": "nagoya", "sets": "both", "route_bonus": True}, seed)
        while not st.is_over():
            st.apply(eager_choice(rng, st.legal_actions(st.to_act()[0])))
        for q in (None, 0, 1, 2):
            assert len(st.log_lines(q)) == len(st.log)
        kinds |= {e[0] for e in st.log}
    assert kinds <= {k[4:] for k in messages.strings()["en"] if k.startswith("log.")}
