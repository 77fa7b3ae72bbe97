"""TransAmerica: the game state and its rules.

Rulebook sections (the TransAmerica rulebook, ``docs/sources.md#transamerica``) implemented here:

* **Setup**: 2-6 players; with 2 or 3 players the 10 dashed city cards are left out; each
  colour stack is shuffled and every player gets one city of each colour, secretly.
  Project decision: every player starts at 13 points (``start_score``).
* **Game Play**: from the start player, clockwise; in each player's first turn he places
  his starting marker on any empty crossing point (cities included); that is his whole turn.
* **Network building rules**: per turn 1 or 2 tracks on single lines, or 1 track on a
  double line; each track touches the player's network (the crossings joined to his
  marker by tracks, whoever placed them); at least one track per turn.
* **End of the Round**: at once when, after a track is placed, any player's 5 cities are
  connected; exception: a first (single) track that connects only an opponent's cities
  lets the player place his second single track, and the round ends with his turn;
  "extreme case": the round ends when all 83 tracks are placed.
* **Scoring of a Round**: every player loses the fewest points still needed to connect
  his cities (1 per single line, 2 per double line, placed tracks free): see ``steiner``.
  The round's record keeps the board as it ended and, per player, the free lines of the
  cheapest tree that was counted, so the page can show why points were lost.
* **Preparation for the Next Round** and **End of the Game**: tracks and markers back,
  reshuffle and deal, the start player passes left; the game ends after a round's scoring
  leaves any player at 0 or below; the highest score wins, ties share the victory.

The log is stored as events ``[kind, args]`` and worded by ``messages`` when shown.

Actions (see ``docs/actions-transamerica.md``); every field is type-checked and a key the action
does not have is refused (``errors`` names the refusals)::

    {"type": "place_marker", "player": p, "at": [x, y]}
    {"type": "build", "player": p, "edge": [[x1, y1], [x2, y2]]}
    {"type": "end_turn", "player": p}
"""

from __future__ import annotations

from typing import Any

from ..core import (
    Action,
    ConfigError,
    GameState,
    MalformedActionError,
    Result,
    Rng,
    SaveError,
)
from ..core.game import events_as_read
from . import board, messages
from .board import COLOURS, TRACKS_IN_SUPPLY, Point
from .errors import (
    LineTakenError,
    MarkerTakenError,
    NotInNetworkError,
    NotOnBoardError,
    NoTrackYetError,
    TrackLimitError,
    WrongPhaseError,
)
from .steiner import cheapest_connection, contracted

MIN_PLAYERS = 2
MAX_PLAYERS = 6
DEFAULT_START_SCORE = 13

PHASE_MARKER = "marker"
PHASE_BUILD = "build"
PHASE_OVER = "over"

SINGLES_PER_TURN = 2
DOUBLES_PER_TURN = 1
"""Network building rules: "per turn 1 or 2 tracks on single lines, or 1 track on a double line"."""

LOG_TAIL = 80
"""How many log events a view carries (the whole log is in the state)."""

_EDGE_POINTS: list[tuple[int, int, int, int]] = [(a[0], a[1], b[0], b[1]) for a, b, _d in board.EDGES]
"""Per line: ``(x1, y1, x2, y2)`` of its ends in legal order (for building JSON quickly)."""
_EDGE_JSON: list[tuple[list[int], list[int]]] = [([x1, y1], [x2, y2]) for x1, y1, x2, y2 in _EDGE_POINTS]
"""Per line: its ends ``[x, y]`` in legal order, one list per point shared by every build action and
view that names the line (legal_actions and view are the bots' hot path): read them, never change
them. Round records and the log get lists of their own."""

_JUNCTION_JSON: list[list[int]] = [[x, y] for x, y in board.JUNCTIONS]
"""Per crossing: ``[x, y]``, one list shared by every marker action of legal_actions: read them,
never change them."""
_NODE_LINES: list[frozenset[int]] = [frozenset(e for _u, e in nbrs) for nbrs in board.ADJ]
"""Per crossing: the lines that touch it."""

ACTION_KEYS: dict[str, frozenset[str]] = {
    "place_marker": frozenset({"type", "player", "at"}),
    "build": frozenset({"type", "player", "edge"}),
    "end_turn": frozenset({"type", "player"}),
}
"""The keys of each action type; any other key is refused."""


def _point(value: Any, what: str, action: Action) -> Point:
    """Read ``[x, y]`` (a JSON list of two integers, never booleans or floats) from an action,
    or raise ``MalformedActionError``; a point off the board raises ``NotOnBoardError``."""
    if type(value) is not list or len(value) != 2 or type(value[0]) is not int or type(value[1]) is not int:
        raise MalformedActionError(f"{what} must be a crossing point [x, y] of two integers, got {value!r}"[:200], action)
    p = (value[0], value[1])
    if p not in board.INDEX:
        raise NotOnBoardError(f"{p} is not a crossing point of the board"[:200], action)
    return p


class TransAmericaState(GameState):
    """The whole state of a game of TransAmerica (all rounds)."""

    game_id = "transamerica"

    use_dashed: bool
    start_score: int
    round: int
    start_player: int
    phase: str
    turn_player: int
    hands: list[list[str]]
    markers: list[Point | None]
    tracks: list[tuple[int, int]]
    """This round's tracks in the order placed: ``(edge index, seat who placed it)``."""
    singles: int
    doubles: int
    pending_by: int | None
    """Rulebook exception: the opponent whose cities the current player's first single track
    connected; the round ends at the end of this turn."""
    scores: list[int]
    rounds: list[dict[str, Any]]

    def reshuffle_hidden(self) -> None:
        """Nothing to shuffle: rulebook "Preparation", every city card is dealt at the start of a
        round; the deals of the rounds to come are made with the new RNG."""
        return None

    # ---- setup -----------------------------------------------------------------
    @classmethod
    def setup(cls, config: dict[str, Any], seed: int) -> TransAmericaState:
        players = config.get("players")
        if not isinstance(players, list) or not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise ConfigError(f"TransAmerica is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        n = len(players)
        dashed = config.get("dashed")
        if dashed is not None and not isinstance(dashed, bool):
            raise ConfigError("option 'dashed' must be null (follow the rule), true or false")
        # Setup: "When playing with 2 or 3 players, remove the 10 city cards with dashed borders".
        use_dashed = dashed if dashed is not None else n >= 4
        cards_per_colour = len(board.cities_of_colour(COLOURS[0], use_dashed))
        if n > cards_per_colour:
            raise ConfigError(f"{n} players need the dashed city cards (only {cards_per_colour} cards per colour without)")
        start_score = config.get("start_score", DEFAULT_START_SCORE)
        if start_score is None:
            start_score = DEFAULT_START_SCORE
        if not isinstance(start_score, int) or isinstance(start_score, bool) or start_score < 1:
            raise ConfigError("option 'start_score' must be a positive integer")
        state = cls.__new__(cls)
        state._init_common(players, seed)
        state.use_dashed = use_dashed
        state.start_score = start_score
        state.scores = [start_score] * n
        state.rounds = []
        state.round = 1
        state.start_player = 0  # "The players choose a starting player": seat 0 in round 1.
        state.hands = [[] for _ in range(n)]
        state._start_round()
        return state

    def _start_round(self) -> None:
        """Setup / Preparation for the Next Round: empty board, markers back, shuffle each
        colour stack and deal one city of each colour to every player, secretly."""
        n = self.num_players
        self.phase = PHASE_MARKER
        self.turn_player = self.start_player
        self.markers = [None] * n
        self.tracks = []
        self.singles = 0
        self.doubles = 0
        self.pending_by = None
        self.hands = [[] for _ in range(n)]
        for colour in COLOURS:
            stack = board.cities_of_colour(colour, self.use_dashed)
            self.rng.shuffle(stack)
            for i in range(n):
                self.hands[(self.start_player + i) % n].append(stack[i])
        self._rebuild()
        self.mark_revealed()
        deal = {"round": self.round, "start": self.start_player}
        self.log_event(
            "deal", deal, private={p: ["deal_own", {**deal, "cities": list(self.hands[p])}] for p in range(n)}
        )

    # ---- the log: events, worded when shown (messages) ---------------------------------
    def log_event(  # type: ignore[override]
        self, kind: str, args: dict[str, Any] | None = None, private: dict[int, list[Any]] | None = None
    ) -> None:
        """Add one event ``[kind, args]``; ``private`` gives the event some seats see instead."""
        entry: list[Any] = [kind, args or {}]
        if private:
            entry.append({str(p): ev for p, ev in private.items()})
        self.log.append(entry)

    def log_events(self, player: int | None, tail: int | None = None) -> list[list[Any]]:
        """The log as ``player`` may read it: ``[kind, args]`` events, his own secrets and
        nobody else's; the last ``tail`` only when given."""
        seen = events_as_read(self, self.log, player)
        return list(seen) if tail is None else seen[-tail:] if tail > 0 else []

    def log_lines(self, player: int | None, tail: int | None = None, lang: str = "en") -> list[str]:
        """The log worded in ``lang`` (see ``messages``)."""
        return [messages.render(ev, lang, self.names) for ev in self.log_events(player, tail)]

    # ---- derived data (rebuilt from the tracks) ----------------------------------
    @property
    def supply(self) -> int:
        """Tracks left in the common supply (83 less the tracks on the board this round)."""
        return TRACKS_IN_SUPPLY - len(self.tracks)

    def _rebuild(self) -> None:
        self._occupied: dict[int, int] = {e: seat for e, seat in self.tracks}
        # union-find over the crossings joined by tracks, with each group's members
        self._parent: list[int] = list(range(len(board.JUNCTIONS)))
        self._members: dict[int, list[int]] = {}
        # per group of two or more crossings (by its root): the lines without a track touching it
        # (a lone crossing's are all its lines, _NODE_LINES); replaced on change, never changed
        self._free_lines: dict[int, frozenset[int]] = {}
        for e, _seat in self.tracks:
            self._link(e)

    def _find(self, v: int) -> int:
        parent = self._parent
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    def _link(self, e: int) -> bool:
        """Join the crossings at the ends of line ``e`` (which now has a track); False when they
        were joined already."""
        i, j = board.EDGE_ENDS[e]
        ri, rj = self._find(i), self._find(j)
        free = self._free_lines
        if ri == rj:
            free[ri] = free[ri] - {e}
            return False
        mi = self._members.pop(ri, None) or [ri]
        mj = self._members.pop(rj, None) or [rj]
        if len(mi) < len(mj):
            ri, rj, mi, mj = rj, ri, mj, mi
        self._parent[rj] = ri
        mi.extend(mj)
        self._members[ri] = mi
        # a line with a track has both ends in one group: only ``e`` leaves the joined group's lines
        free[ri] = self._lines_of(ri).union(self._lines_of(rj)) - {e}
        free.pop(rj, None)
        return True

    def _lines_of(self, root: int) -> frozenset[int]:
        """The lines without a track that touch the group of crossings of ``root``."""
        lines = self._free_lines.get(root)
        return _NODE_LINES[root] if lines is None else lines

    def _component(self, start: int) -> list[int]:
        """The crossings joined to ``start`` by placed tracks (``start`` included)."""
        root = self._find(start)
        return self._members.get(root) or [start]

    def network(self, player: int) -> set[int]:
        """Network building rules: the junction indices of ``player``'s network, i.e. his
        starting marker and every crossing joined to it by tracks (anyone's); empty before
        the marker is placed."""
        marker = self.markers[player]
        if marker is None:
            return set()
        return set(self._component(board.INDEX[marker]))

    def cities_connected(self, player: int) -> bool:
        """Object of the Game: are ``player``'s 5 cities joined to each other by tracks?"""
        hand = self.hands[player]
        if not hand:
            return False
        find = self._find
        nodes = board.CITY_NODE
        root = find(nodes[hand[0]])
        for city in hand:
            if find(nodes[city]) != root:
                return False
        return True

    def legal_edges(self, player: int) -> list[int]:
        """Edge indices ``player`` may build on now (empty when not building), in board order.

        Network building rules: an unoccupied line touching the player's network; after one
        single track only another single line; after two singles or one double, none.
        """
        if self.phase != PHASE_BUILD or player != self.turn_player or self.supply <= 0:
            return []
        may = self.may_place()
        if not may["singles"] and not may["doubles"]:
            return []
        singles_only = not may["doubles"]
        marker = self.markers[player]
        assert marker is not None
        # the lines without a track touching the network (kept per group of crossings by _link)
        out = self._lines_of(self._find(board.INDEX[marker]))
        if singles_only:
            cost = board.BASE_COST
            return sorted(e for e in out if cost[e] == 1)
        return sorted(out)

    def may_place(self) -> dict[str, int]:
        """Network building rules: how many single-line and double-line tracks the player whose
        turn it is may still place this turn ("1 or 2 tracks on single lines, or 1 track on a
        double line"): after one single, one more single; after two singles or a double, none."""
        if self.doubles:
            return {"singles": 0, "doubles": 0}
        return {"singles": SINGLES_PER_TURN - self.singles, "doubles": DOUBLES_PER_TURN if not self.singles else 0}

    # ---- the contract ---------------------------------------------------------------
    def to_act(self) -> list[int]:
        return [] if self.phase == PHASE_OVER else [self.turn_player]

    def is_over(self) -> bool:
        return self.phase == PHASE_OVER

    def legal_actions(self, player: int) -> list[Action]:
        if self.phase == PHASE_OVER or player != self.turn_player:
            return []
        if self.phase == PHASE_MARKER:
            taken = {m for m in self.markers if m is not None}
            return [
                {"type": "place_marker", "player": player, "at": at}
                for p, at in zip(board.JUNCTIONS, _JUNCTION_JSON, strict=True)
                if p not in taken
            ]
        actions: list[Action] = [
            {"type": "build", "player": player, "edge": [a, b]}
            for e in self.legal_edges(player) for a, b in (_EDGE_JSON[e],)
        ]
        if self.singles + self.doubles > 0:
            actions.append({"type": "end_turn", "player": player})
        return actions

    def _check(self, action: Action) -> None:
        kind = action["type"]
        player = action["player"]
        keys = ACTION_KEYS.get(kind)
        if keys is None:
            raise MalformedActionError(
                f"unknown action type {kind!r}: TransAmerica has place_marker, build and end_turn"[:200], action
            )
        if action.keys() != keys:
            extra = sorted(set(action) - keys)
            raise MalformedActionError(
                f"a {kind} action has exactly the keys {sorted(keys)}"
                + (f"; {extra[0]!r} is not one of them" if extra else "")[:200],
                action,
            )
        if kind == "place_marker":
            at = _point(action["at"], "'at'", action)
            if self.phase != PHASE_MARKER:
                raise WrongPhaseError("starting markers are placed only in each player's first turn of a round", action)
            if at in self.markers:
                raise MarkerTakenError(f"there is already a starting marker on {board.place_name(at)}", action)
            return
        if kind == "build":
            edge = action["edge"]
            if type(edge) is not list or len(edge) != 2:
                raise MalformedActionError(f"'edge' must be a line [[x1, y1], [x2, y2]], got {edge!r}"[:200], action)
            a = _point(edge[0], "each end of 'edge'", action)
            b = _point(edge[1], "each end of 'edge'", action)
            if self.phase != PHASE_BUILD:
                raise WrongPhaseError("place your starting marker first: this is your first turn of the round", action)
            e = board.edge_index(a, b)
            if e is None:
                raise NotOnBoardError(f"there is no line between {a} and {b} on the board", action)
            if a > b:
                raise MalformedActionError(
                    f"give a line's ends smaller point first, as legal_actions does: [{list(b)}, {list(a)}]", action
                )
            may = self.may_place()
            if not may["singles"] and not may["doubles"]:
                raise TrackLimitError(
                    "you have placed all the tracks allowed this turn (2 single or 1 double): end your turn", action
                )
            if not may["doubles"] and board.BASE_COST[e] == 2:
                raise TrackLimitError(
                    "after a track on a single line, only a second single line may be built (a double line takes a whole turn)",
                    action,
                )
            if e in self._occupied:
                raise LineTakenError(f"the line {a}-{b} already has a track", action)
            i, j = board.EDGE_ENDS[e]
            marker = self.markers[player]
            root = self._find(board.INDEX[marker]) if marker is not None else -1
            if self._find(i) != root and self._find(j) != root:
                raise NotInNetworkError(
                    f"the line {a}-{b} does not touch your network (your starting marker and the tracks joined to it)",
                    action,
                )
            if self.supply <= 0:
                raise TrackLimitError("all the tracks are on the board", action)
            return
        # end_turn
        if self.phase != PHASE_BUILD:
            raise WrongPhaseError("place your starting marker: that is your whole first turn", action)
        if self.singles + self.doubles == 0:
            raise NoTrackYetError("you must place at least one track each turn before ending it", action)

    def _play(self, action: Action) -> None:
        kind = action["type"]
        player = action["player"]
        if kind == "place_marker":
            at = (action["at"][0], action["at"][1])
            self.markers[player] = at
            self.log_event("marker", {"p": player, "at": [at[0], at[1]]})
            self.turn_player = (player + 1) % self.num_players
            if all(m is not None for m in self.markers):
                # Every player has had his first turn: the start player builds next.
                self.phase = PHASE_BUILD
            return
        if kind == "build":
            edge = action["edge"]
            e = board.edge_index(edge[0], edge[1])
            assert e is not None
            self._place_track(player, e)
            return
        # end_turn
        if self.pending_by is not None:
            self._end_round("connected", self.pending_by)
            return
        self.singles = 0
        self.doubles = 0
        self.turn_player = (player + 1) % self.num_players

    def _place_track(self, player: int, e: int) -> None:
        a, b, double = board.EDGES[e]
        self.tracks.append((e, player))
        self._occupied[e] = player
        joined = self._link(e)
        if double:
            self.doubles += 1
        else:
            self.singles += 1
        self.log_event("build", {"p": player, "a": [a[0], a[1]], "b": [b[0], b[1]], "double": double})
        n = self.num_players
        # Before this track nobody's cities were joined unless the round's end is pending (it
        # would have ended): a track that joins no two groups of crossings joins nobody's cities.
        connected = ([q for q in ((player + k) % n for k in range(n)) if self.cities_connected(q)]
                     if joined or self.pending_by is not None else [])
        if connected:
            first_single = self.singles == 1 and self.doubles == 0
            if (
                self.pending_by is None
                and first_single
                and player not in connected
                and self.supply > 0
            ):
                # End of the Round, exception: a first flat track that connects an opponent's
                # cities lets the player place his second flat track before the round ends.
                self.pending_by = connected[0]
                self.mark_revealed()
                self.log_event("pending", {"owner": connected[0], "p": player})
                return
            if self.pending_by is not None and player not in connected and self.supply > 0:
                # the exception's second track: the round ends with this turn (end_turn)
                return
            ended_by = self.pending_by if self.pending_by is not None else connected[0]
            self._end_round("connected", ended_by)
            return
        if self.supply == 0:
            # End of the Round, "Extreme cases": all tracks have been placed.
            ended_by = self.pending_by
            self._end_round("connected" if ended_by is not None else "tracks", ended_by)

    def _end_round(self, reason: str, ended_by: int | None) -> None:
        """Scoring of a Round, then End of the Game or Preparation for the Next Round.

        The round's record keeps what the page needs to show how it ended: the tracks and
        markers as they were, and per player the free lines of the cheapest tree counted."""
        n = self.num_players
        self.mark_revealed()
        occupied = list(self._occupied)
        connected = [self.cities_connected(p) for p in range(n)]
        missing = [0] * n
        needed: list[list[list[list[int]]]] = [[] for _ in range(n)]
        merged = contracted(occupied) if not all(connected) else None
        for p in range(n):
            if connected[p]:
                continue
            missing[p], lines = cheapest_connection([board.CITY_NODE[c] for c in self.hands[p]], occupied, merged)
            needed[p] = [[list(board.EDGES[e][0]), list(board.EDGES[e][1])] for e in lines]
        for p in range(n):
            self.scores[p] -= missing[p]
        if reason == "connected" and ended_by is not None:
            self.log_event("round_connected", {"round": self.round, "p": ended_by})
        else:
            self.log_event("round_tracks", {"round": self.round, "tracks": TRACKS_IN_SUPPLY})
        for p in range(n):
            self.log_event(
                "score",
                {"p": p, "cities": list(self.hands[p]), "connected": connected[p], "missing": missing[p],
                 "score": self.scores[p]},
            )
        self.rounds.append(
            {
                "round": self.round,
                "ended_by": ended_by,
                "reason": reason,
                "cities": {str(p): list(self.hands[p]) for p in range(n)},
                "connected": [p for p in range(n) if connected[p]],
                "tracks_placed": len(self.tracks),
                "missing": missing,
                "scores": list(self.scores),
                "start_player": self.start_player,
                "tracks": self._tracks_json(),
                "markers": [None if m is None else [m[0], m[1]] for m in self.markers],
                "needed": needed,
            }
        )
        self.singles = 0
        self.doubles = 0
        self.pending_by = None
        if min(self.scores) <= 0:
            # End of the Game: a locomotive reached the red space (0 or below).
            self.phase = PHASE_OVER
            result = self.result()
            assert result is not None
            self.log_event("game_over", {"round": self.round, "winners": result["winners"]})
            return
        # Preparation for the Next Round.
        self.round += 1
        self.start_player = (self.start_player + 1) % n
        self._start_round()

    def result(self) -> Result | None:
        """End of the Game: the most points wins; several players with the most share the victory."""
        if self.phase != PHASE_OVER:
            return None
        best = max(self.scores)
        return {
            "scores": list(self.scores),
            "winners": [p for p, s in enumerate(self.scores) if s == best],
            "rounds": len(self.rounds),
            "history": [dict(r) for r in self.rounds],
        }

    # ---- views -------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see: the board, scores and past rounds, and only his own cities."""
        me = player if player is not None and 0 <= player < self.num_players else None
        return {
            "game": self.game_id,
            "you": me,
            "names": list(self.names),
            "round": self.round,
            "start_player": self.start_player,
            "phase": self.phase,
            "to_act": self.to_act(),
            "turn_player": self.turn_player,
            "placed_this_turn": {"singles": self.singles, "doubles": self.doubles},
            "may_place": self.may_place() if self.phase == PHASE_BUILD else {"singles": 0, "doubles": 0},
            "round_ends_after_turn": self.pending_by is not None,
            "tracks_left": self.supply,
            "tracks": self._tracks_json(shared=True),
            "markers": [None if m is None else [m[0], m[1]] for m in self.markers],
            "scores": list(self.scores),
            "my_cities": list(self.hands[me]) if me is not None else [],
            "cities_connected": self.cities_connected(me) if me is not None else False,
            "dashed": self.use_dashed,
            "rounds": [dict(r) for r in self.rounds],
            "result": self.result(),
            "log": self.log_events(me, LOG_TAIL),
        }

    def _tracks_json(self, shared: bool = False) -> list[list[Any]]:
        """This round's tracks as ``[[x1, y1], [x2, y2], seat]`` in the order placed (``shared``: for a
        view, entries kept between views and the points the lists of ``_EDGE_JSON``)."""
        if shared:
            # kept as the round's tracks grow, one entry per track shared by every view (read
            # them, never change them); the cache belongs to this tracks list
            tracks = self.tracks
            cache = self.__dict__.get("_seen_tracks")
            if cache is None or cache[0] is not tracks:
                cache = self.__dict__["_seen_tracks"] = (tracks, [])
            seen = cache[1]
            if len(seen) < len(tracks):
                seen.extend([a, b, seat] for e, seat in tracks[len(seen):] for a, b in (_EDGE_JSON[e],))
            return list(seen)
        ends = _EDGE_POINTS
        return [[[ends[e][0], ends[e][1]], [ends[e][2], ends[e][3]], seat] for e, seat in self.tracks]

    # ---- saving ------------------------------------------------------------------
    def copy(self) -> TransAmericaState:
        """An equal, independent state (what a JSON round trip gives, without the JSON)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = Rng(state=self.rng.state)
        other.names = list(self.names)
        other.log = list(self.log)  # entries are never changed once written
        other.hands = [list(h) for h in self.hands]
        other.markers = list(self.markers)
        other.tracks = list(self.tracks)
        other.scores = list(self.scores)
        other.rounds = list(self.rounds)  # records are never changed once written
        other._occupied = dict(self._occupied)
        other._parent = list(self._parent)
        other._members = {r: list(m) for r, m in self._members.items()}
        other._free_lines = dict(self._free_lines)  # frozensets, replaced, never changed
        return other

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_id,
            "names": list(self.names),
            "rng": self.rng.to_json(),
            "log": [list(entry) for entry in self.log],
            "reveal_count": self.reveal_count,
            "dashed": self.use_dashed,
            "start_score": self.start_score,
            "round": self.round,
            "start_player": self.start_player,
            "phase": self.phase,
            "turn_player": self.turn_player,
            "hands": [list(h) for h in self.hands],
            "markers": [None if m is None else [m[0], m[1]] for m in self.markers],
            "tracks": self._tracks_json(),
            "singles": self.singles,
            "doubles": self.doubles,
            "pending_by": self.pending_by,
            "scores": list(self.scores),
            "rounds": [dict(r) for r in self.rounds],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TransAmericaState:
        try:
            if data.get("game") != cls.game_id:
                raise SaveError("this is not a TransAmerica state")
            state = cls.__new__(cls)
            state.names = [str(n) for n in data["names"]]
            state.rng = Rng.from_json(data["rng"])
            state.log = [list(entry) for entry in data["log"]]
            state.reveal_count = int(data["reveal_count"])
            state.use_dashed = bool(data["dashed"])
            state.start_score = int(data["start_score"])
            state.round = int(data["round"])
            state.start_player = int(data["start_player"])
            state.phase = str(data["phase"])
            state.turn_player = int(data["turn_player"])
            state.hands = [[str(c) for c in h] for h in data["hands"]]
            state.markers = [None if m is None else (int(m[0]), int(m[1])) for m in data["markers"]]
            tracks: list[tuple[int, int]] = []
            for a, b, seat in data["tracks"]:
                e = board.edge_index(a, b)
                if e is None:
                    raise SaveError(f"a saved track {a}-{b} is not a line of the board")
                tracks.append((e, int(seat)))
            state.tracks = tracks
            state.singles = int(data["singles"])
            state.doubles = int(data["doubles"])
            state.pending_by = None if data["pending_by"] is None else int(data["pending_by"])
            state.scores = [int(s) for s in data["scores"]]
            state.rounds = [dict(r) for r in data["rounds"]]
            n = len(state.names)
            if not MIN_PLAYERS <= n <= MAX_PLAYERS or len(state.hands) != n or len(state.markers) != n:
                raise SaveError("a TransAmerica state needs 2 to 6 players, each with a hand and a marker slot")
            for hand in state.hands:
                for city in hand:
                    if city not in board.CITY_BY_NAME:
                        raise SaveError(f"a saved hand names an unknown city {city!r}")
            for m in state.markers:
                if m is not None and m not in board.INDEX:
                    raise SaveError(f"a saved starting marker {m} is not on a crossing point")
            if state.phase not in (PHASE_MARKER, PHASE_BUILD, PHASE_OVER) or not 0 <= state.turn_player < n:
                raise SaveError("a saved TransAmerica state has an unknown phase or turn")
        except SaveError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise SaveError(f"this TransAmerica state is damaged ({exc!r})") from None
        state._rebuild()
        return state
