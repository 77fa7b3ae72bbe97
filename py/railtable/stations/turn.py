"""The order of a turn (rulebook "Playing the Game"): Steps 1 to 5, then the next player; once the
VP stack has run out, the game ends before the Conductor would start again ("The End of the Game").

Step modules never call one another across steps: they set a passing phase (``start``,
``deliver``, ``step5``, ``turn_end``) and :func:`advance` runs what follows until a player must
decide. The state calls :func:`advance` after every action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import scoring, step4, step5

if TYPE_CHECKING:
    from .state import StationsState


def advance(st: StationsState) -> None:
    """Run the automatic parts of the turn until a player must decide (or the game is over)."""
    while True:
        phase = st.phase
        if phase == "start":
            start_turn(st, st.active)
        elif phase == "deliver":
            step4.drive(st)
        elif phase == "step5":
            step5.start(st)
        elif phase == "turn_end":
            end_turn(st)
        else:
            return


def reset_turn(st: StationsState) -> None:
    """The fields that live for one turn, empty (at setup and at the start of every turn)."""
    st.tray = []
    st.struck = False
    st.rerolls = 0
    st.completed = []
    st.deliver_queue = []
    st.delivery = None
    st.missions_this_turn = []


def start_turn(st: StationsState, p: int) -> None:
    """``p``'s turn begins with Step 1; seat 0 (the Conductor) begins a round."""
    st.active = p
    if p == 0:
        st.round += 1
    st.phase = "gather"
    reset_turn(st)
    st.say("turn", {"p": p, "round": st.round})


def end_turn(st: StationsState) -> None:
    """The next player's turn, or the end of the game before the Conductor plays again once the
    VP stack has run out."""
    st.turn_number += 1
    st.upgrade_choices = []
    nxt = (st.active + 1) % st.num_players
    if st.endgame and nxt == 0:
        scoring.finish(st)
    else:
        start_turn(st, nxt)
