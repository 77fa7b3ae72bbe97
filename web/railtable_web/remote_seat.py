"""A remote seat's share of the game: what the host sends, and the stand-in state a friend's table reads.

Remote play (docs/architecture.md "Remote play"): the host's page holds the only engine of the game.
After every move it sends each connected friend a **packet** made only of what that friend's seat may
see: ``view(seat)``, the spectator's ``view(None)``, the seat's legal actions, whose move it is, the
public result, and the few things a table asks the engine beyond the view, worked out on the host
for that seat and that friend's language (Trains: the log's lines, why a card cannot be played, the
cost to reach each rail count, what an ATTACK did). Never the seed, the full state, the action list
or another seat's cards.

On the friend's page :class:`SeatState` answers the table's questions from the latest packet, so
the very same table code (``ta_table``, ``trains_table``, ``stations_table``) draws a remote game;
:class:`GuestMatch` stands where a :class:`~railtable.core.Match` stands (its ``apply`` and
``undo`` are sent to the host by ``remote_guest``). No DOM here: it runs on CPython too.
"""

from __future__ import annotations

from typing import Any

from railtable.core import get_game

LOG_LINES = 60
"""The log lines a Trains table shows (``trains_table``: the last 60)."""


def packet(match: Any, seat: int, lang: str, moves: int) -> dict[str, Any]:
    """What the friend at ``seat`` may know now, in ``lang``; ``moves`` is the public move count."""
    state = match.state
    to_act = list(state.to_act())
    over = state.is_over()
    out: dict[str, Any] = {
        "view": state.view(seat),
        "public": state.view(None),
        "legal": state.legal_actions(seat) if seat in to_act else [],
        "to_act": to_act,
        "over": over,
        "result": state.result() if over else None,
        "undo": bool(match.can_undo(seat)),
        "moves": moves,
    }
    extra = EXTRAS.get(match.game_id)
    if extra is not None:
        out["extra"] = extra(state, seat, lang, out["view"])
    return out


def _trains_extra(state: Any, seat: int, lang: str, view: dict[str, Any]) -> dict[str, Any]:
    """Trains asks its engine more than the view (``trains_table``, ``trains_ui``): the log as the
    seat reads it, each hand card's reason it cannot be played, the rail counts within reach, and
    what the ATTACK being resolved has done so far."""
    blockers = {}
    for h in view.get("hand", []):
        blocked = state.effect_blocker(seat, h["id"])
        if blocked is not None:
            blockers[str(h["id"])] = blocked
    reach = [[n, cost, waste] for n, (cost, waste) in state.rail_reach(seat, list(view.get("modifiers", []))).items()]
    return {
        "log": state.log_lines(seat, LOG_LINES, lang),
        "log_total": len(state.log),
        "blockers": blockers,
        "reach": reach,
        "attack": {str(k): v for k, v in state.attack_outcomes(seat, lang).items()},
    }


EXTRAS = {"trains": _trains_extra}


class PacketError(ValueError):
    """A packet from the host this page cannot read (a newer release, or a hostile page)."""


def check_packet(data: Any, players: int) -> dict[str, Any]:
    """The shape a table relies on, checked before any of it is drawn (a hostile host's packet must
    give a message, never a dead page)."""
    if not isinstance(data, dict):
        raise PacketError("not an object")
    for key, kind in (("view", dict), ("public", dict), ("legal", list), ("to_act", list), ("over", bool),
                      ("undo", bool), ("moves", int)):
        if not isinstance(data.get(key), kind):
            raise PacketError(f"{key!r} is missing or of the wrong kind")
    if not all(isinstance(a, dict) for a in data["legal"]):
        raise PacketError("an action is not an object")
    if not all(type(s) is int and 0 <= s < players for s in data["to_act"]):
        raise PacketError("a seat to act is out of range")
    if data.get("result") is not None and not isinstance(data["result"], dict):
        raise PacketError("'result' is of the wrong kind")
    extra = data.get("extra", {})
    if not isinstance(extra, dict):
        raise PacketError("'extra' is of the wrong kind")
    return data


class SeatState:
    """The engine's questions a table asks, answered from the host's latest packet for one seat."""

    def __init__(self, game_id: str, seat: int, names: list[str], data: dict[str, Any]) -> None:
        self.game_id = game_id
        self.seat = seat
        self.names = list(names)
        self.data = data
        extra = data.get("extra", {})
        self.log = [None] * int(extra.get("log_total", 0))  # only its length is read
        view = data["view"]
        if game_id == "trains":
            self.board_id = str(view.get("board", "tokyo"))

    @property
    def num_players(self) -> int:
        return len(self.names)

    @property
    def board(self) -> Any:
        from railtable.trains.board import load_board

        return load_board(self.board_id)

    def to_act(self) -> list[int]:
        return list(self.data["to_act"])

    def is_over(self) -> bool:
        return bool(self.data["over"])

    def result(self) -> Any:
        return self.data.get("result")

    def view(self, player: int | None) -> dict[str, Any]:
        if player == self.seat:
            return self.data["view"]
        if player is None:
            return self.data["public"]
        raise PacketError(f"this page sees only seat {self.seat + 1}")

    def legal_actions(self, player: int) -> list[dict[str, Any]]:
        return list(self.data["legal"]) if player == self.seat else []

    # ---- Trains ----------------------------------------------------------------------
    def _extra(self, key: str, default: Any) -> Any:
        return self.data.get("extra", {}).get(key, default)

    def log_lines(self, player: int | None, tail: int | None = None, lang: str = "en") -> list[str]:
        lines = [str(line) for line in self._extra("log", [])]
        return lines[-tail:] if tail else lines

    def effect_blocker(self, player: int, cid: Any) -> Any:
        return self._extra("blockers", {}).get(str(cid))

    def rail_reach(self, player: int, mods: list[str], any_rail: bool = False) -> dict[int, tuple[int, bool]]:
        return {int(n): (int(cost), bool(waste)) for n, cost, waste in self._extra("reach", [])}

    def attack_outcomes(self, player: int | None, lang: str = "en") -> dict[int, list[str]]:
        return {int(k): [str(x) for x in v] for k, v in self._extra("attack", {}).items()}

    # ---- Trains & Stations -----------------------------------------------------------
    def events_for(self, player: int | None, start: int = 0) -> list[list[Any]]:
        """Only a hot-seat table asks again (another person at the screen): a friend's never does."""
        return []


class GuestMatch:
    """Where a friend's table reads its :class:`~railtable.core.Match`: the game's description, the
    seats, and the :class:`SeatState` of the latest packet. Moves go to the host (``remote_guest``)."""

    def __init__(self, game_id: str, seat: int, names: list[str], kinds: list[str | None],
                 data: dict[str, Any], send: Any) -> None:
        self.info = get_game(game_id)
        self.game_id = game_id
        self.seat = seat
        self.seats = list(kinds)
        self.seed = 0  # never sent: a hint's bot is seeded from what this page knows
        self.config: dict[str, Any] = {}
        self.actions: list[Any] = []
        self.state = SeatState(game_id, seat, names, data)
        self._send = send

    def update(self, data: dict[str, Any]) -> None:
        self.state = SeatState(self.game_id, self.seat, self.state.names, data)

    @property
    def moves(self) -> int:
        return int(self.state.data["moves"])

    def apply(self, action: dict[str, Any]) -> None:
        self._send({"t": "act", "action": action})

    def can_undo(self, player: int) -> bool:
        return player == self.seat and bool(self.state.data["undo"])

    def undo(self, player: int) -> None:
        self._send({"t": "undo"})
