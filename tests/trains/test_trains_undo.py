"""Undo follows Board Game Arena's policy (CONTRIBUTING.md): laying a rail can be taken back in
your turn; drawing cards cannot be crossed."""

import pytest
from trains_helpers import set_hand

from railtable.core import Match, UndoError
from railtable.core import match as match_module


def test_rail_laying_is_undoable_drawing_is_a_barrier(monkeypatch):
    # The test sets a hand by hand, outside any action: undo must restore a checkpoint taken after
    # that (one at every barrier), not replay from an earlier one.
    monkeypatch.setattr(match_module, "CHECKPOINT_EVERY", 0)
    m = Match("trains", {"players": ["A", "B"], "kingdom": "beginner_tokyo"}, 2)
    m.apply({"type": "start_rail", "player": 0, "hex": 43})
    m.apply({"type": "start_rail", "player": 1, "hex": 13})
    st = m.state
    set_hand(st, 0, ["Lay Rails", "Passing Station", "Normal Train"])
    lr = st.zones.find(st.zones.hands[0], "Lay Rails")
    m.apply({"type": "play", "player": 0, "card": lr})
    m.apply({"type": "lay_rail", "player": 0, "hex": 33})
    assert 0 in m.state.rails[33]
    m.undo(0)
    assert 0 not in m.state.rails[33] and m.state.pending["kind"] == "lay_rail"
    m.apply({"type": "lay_rail", "player": 0, "hex": 33})
    ps = m.state.zones.find(m.state.zones.hands[0], "Passing Station")
    m.apply({"type": "play", "player": 0, "card": ps})  # draws a card: a barrier
    assert not m.can_undo(0)
    with pytest.raises(UndoError):
        m.undo(0)
