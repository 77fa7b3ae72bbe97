"""A match at the table: seats (human or bot), whose screen is shown, bot moves.

No DOM here, so the table's logic is tested on CPython. Bots are given only
``state.view(seat)`` and the legal actions, never the state.
"""

from __future__ import annotations

from typing import Any

from railtable.core import Action, Bot, Match
from railtable.core.bot import decision_seed
from railtable.core.savefile import REMOTE_SEAT

from .markup import isolate

PLAYER_COLOURS = ["#6a3fb5", "#0d8a8a", "#c2185b", "#6d4c41", "#3c4f5c", "#8a8a10"]


class Session:
    """One match plus the table's knowledge of who is sitting where."""

    def __init__(self, match: Match, slot: str) -> None:
        self.match = match
        self.slot = slot
        self._bots: dict[int, tuple[int, Bot]] = {}
        self.stand_ins: dict[int, str] = {}
        """Remote seats a bot of the named level plays until their person comes back (``remote_host``)."""
        humans = self.humans
        # The seat whose secrets are on screen; None = nobody's (spectator).
        self.viewer: int | None = humans[0] if len(humans) == 1 else None

    # ---- seats -------------------------------------------------------------
    @property
    def seats(self) -> list[str | None]:
        return self.match.seats

    @property
    def names(self) -> list[str]:
        """The players' names as shown (``markup.isolate``: bidi characters reorder nothing else)."""
        return [isolate(name) for name in self.match.state.names]

    @property
    def humans(self) -> list[int]:
        """The seats of the people at this screen."""
        return [i for i, kind in enumerate(self.seats) if kind is None]

    @property
    def remote(self) -> list[int]:
        """The seats of people playing from another page (remote play)."""
        return [i for i, kind in enumerate(self.seats) if kind == REMOTE_SEAT]

    def is_bot(self, seat: int) -> bool:
        kind = self.seats[seat]
        return seat in self.stand_ins if kind == REMOTE_SEAT else kind is not None

    def bot_level(self, seat: int) -> str:
        """The level of the bot that plays ``seat`` (a remote seat's stand-in)."""
        kind = self.seats[seat]
        return self.stand_ins[seat] if kind == REMOTE_SEAT else str(kind)

    def is_person_here(self, seat: int) -> bool:
        return self.seats[seat] is None

    # ---- whose turn, whose screen ------------------------------------------
    def bot_to_act(self) -> int | None:
        """A bot seat that may act now (the people at this screen first in simultaneous steps, so the
        device is passed once; a person on another page does not hold the bots up), else None."""
        acting = self.match.state.to_act()
        if any(self.is_person_here(s) for s in acting):
            return None
        return next((s for s in acting if self.is_bot(s)), None)

    def human_to_act(self) -> int | None:
        """A person at this screen who may act now."""
        return next((s for s in self.match.state.to_act() if self.is_person_here(s)), None)

    def wanted_viewer(self) -> int | None:
        """The human who should be looking at the screen now."""
        humans = self.humans
        if len(humans) == 1:
            return humans[0]
        acting = self.human_to_act()
        return acting if acting is not None else self.viewer

    def needs_privacy_screen(self) -> bool:
        """Hot-seat: the device must be passed to another person before showing their secrets."""
        if len(self.humans) < 2 or self.match.state.is_over():
            return False
        wanted = self.wanted_viewer()
        return wanted is not None and wanted != self.viewer

    def reveal_to(self, seat: int) -> None:
        """The person at ``seat`` has taken the device."""
        self.viewer = seat

    def hide(self) -> None:
        self.viewer = None

    # ---- moves -------------------------------------------------------------
    def bot(self, seat: int) -> Bot:
        """The bot for ``seat``'s next decision: a new one for every decision, seeded by
        :func:`decision_seed` (the game's seed, the seat, the actions played so far). A bot's choice
        then depends only on that and what it sees, never on what this page did before: a game
        resumed after a reload, or after a person's undo, plays on exactly as it would have without
        (issue 13: the same game, seed and levels play the same moves)."""
        n = len(self.match.actions)
        made = self._bots.get(seat)
        if made is None or made[0] != n:
            made = (n, self.match.info.make_bot(self.bot_level(seat), seat, decision_seed(self.match.seed, seat, n)))
            self._bots[seat] = made
        return made[1]

    def bot_move(self) -> Action | None:
        """Let the bot whose turn it is choose and play; return its action."""
        seat = self.bot_to_act()
        if seat is None:
            return None
        state = self.match.state
        action = self.bot(seat).choose(state.view(seat), state.legal_actions(seat))
        self.match.apply(action)
        return action

    def legal_actions(self) -> list[Action]:
        """The viewer's legal actions now (none when nobody is at the screen or it is not their move)."""
        state = self.match.state
        viewer = self.viewer
        return state.legal_actions(viewer) if viewer is not None and viewer in state.to_act() else []

    def view(self) -> dict[str, Any]:
        return self.match.state.view(self.viewer)

    def title(self) -> str:
        info = self.match.info
        return f"{info.title} · " + ", ".join(self.names)
