"""Trains & Stations: the game state, and the actions dispatched to the rulebook's steps.

Rulebook: docs/sources.md#trains-and-stations (the rulebook's sections are named in each module's
docstrings). The action vocabulary is documented in docs/actions-stations.md. This module holds
the state's data, setup, saving, the log, who acts and the view; each step's rules live in their
own module, which this one uses (never the reverse): :mod:`.deal` (Setup, Power cards),
:mod:`.step1` (Gather Dice), :mod:`.step2` (Roll Dice), :mod:`.step3` (Resolve Dice),
:mod:`.step4` (Delivery!), :mod:`.step5` (Goods Depletion & Upgrade, Speculation), :mod:`.turn`
(the order of a turn), :mod:`.scoring`; :mod:`.actions` (the vocabulary), :mod:`.supply`
(dice and VP).

Phases (``self.phase``) and who acts:

* ``keep``      Setup: every player at once returns 1 of the 3 Power cards dealt.
* ``gather``    Step 1: gather dice (``gather``) or reclaim your dice from the board (``reclaim``).
* ``roll``      Step 2: choose dice (``select``/``unselect``), ``reroll`` them for 1 Coin, or ``stop``.
* ``resolve``   Step 3: ``place`` trains, ``build``, ``cash`` coin dice, ``save`` dice, ``done``.
* ``order``     Step 4: the active player picks the next Delivery (``deliver``).
* ``tie``       Step 4.2: the active player breaks a majority tie (``tie``).
* ``goods``     Step 4.3: too few Goods: the active player hands them out one by one (``give_goods``).
* ``upgrade``   Step 5: the active player picks the one upgrade (``upgrade``).
* ``speculate`` Step 5, Upgrade Speculation: every player (rules version 1: every player with
  Goods) at once and in secret builds a trade (``offer_goods``, ``offer_card``, ``clear_offer``)
  and ``confirm``s it.
* ``spec_award`` Too few new Goods: the active player hands them out one by one (``award``).
* ``over``      The game has ended.

Between two actions the phase is always one of these; ``start``, ``deliver``, ``step5`` and
``turn_end`` only pass while :func:`.turn.advance` runs.
"""

from __future__ import annotations

import json
from typing import Any

from ..core import Action, GameState, Result, Rng
from ..core.errors import ConfigError
from ..core.game import events_as_read
from ..core.jsondata import copy_json
from . import deal, messages, step1, step2, step3, step4, step5, turn
from .actions import check_shape
from .data import BUILDINGS, GOODS, RULES_VERSION, RULES_VERSIONS, all_power_cards, board, cards, power_cards
from .supply import on_board, tray_count

_FIELDS = (
    "rules", "names", "reveal_count", "events", "phase", "active", "turn_number", "round", "endgame",
    "coins", "bank", "vp", "paper", "vp_stack", "vp_reserve", "vp_total", "dice_supply", "saved",
    "bonus_held", "bonus_pool", "spaces", "buildings", "buildings_left", "stacks", "goods_aside",
    "goods_removed", "hands", "power_deck", "power_hands", "power_scored", "power_removed",
    "deal_done", "tray", "struck", "rerolls", "completed", "deliver_queue", "delivery",
    "missions_this_turn", "upgrade_choices", "spec", "final",
)

LOG_TAIL = 60
"""How many log events ``view()`` carries (the whole log is in ``events_for``)."""

_LEGAL = {
    "keep": deal.legal, "gather": step1.legal, "roll": step2.legal, "resolve": step3.legal,
    "order": step4.legal_order, "tie": step4.legal_tie, "goods": step4.legal_goods,
    "upgrade": step5.legal_upgrade, "speculate": step5.legal_speculate, "spec_award": step5.legal_award,
}
"""Phase -> the step's list of legal actions."""
_CHECKS = {**deal.CHECKS, **step1.CHECKS, **step2.CHECKS, **step3.CHECKS, **step4.CHECKS, **step5.CHECKS}
_PLAYS = {**deal.PLAYS, **step1.PLAYS, **step2.PLAYS, **step3.PLAYS, **step4.PLAYS, **step5.PLAYS}


class StationsState(GameState):
    """The whole state of a game of Trains & Stations (plain JSON-friendly attributes)."""

    game_id = "stations"

    # ---- setup --------------------------------------------------------------
    @classmethod
    def setup(cls, config: dict[str, Any], seed: int) -> StationsState:
        """Setup (rulebook "Setup" and "Preparing to Play").

        VP cards by player count (60/70/80 VP); 3 Coins and three 1 VP cards each; 8 dice each;
        10 Bonus dice in the pool; Goods stacks Cattle on the Ranch, Worker on the Hotel, Coal on
        the Mine; 3 Power cards dealt to each player, who keeps 2. Seat 0 is the Conductor.
        """
        names = config.get("players")
        if not isinstance(names, list) or not 3 <= len(names) <= 5:
            raise ConfigError("Trains & Stations is for 3 to 5 players")
        rules = config.get("rules", RULES_VERSION)
        if type(rules) is not int or rules not in RULES_VERSIONS:
            raise ConfigError(
                f"this game uses Trains & Stations rules version {rules!r}; this version of Railtable "
                f"plays versions {', '.join(map(str, RULES_VERSIONS))}")
        c = cards()
        n = len(names)
        s = cls.__new__(cls)
        s._init_common(names, seed)
        s.rules = rules
        s.events = []
        s.phase = "keep"
        s.active = 0
        s.turn_number = 0
        s.round = 0
        s.endgame = False
        coins = c["coins"]
        s.coins = [coins["start"]] * n
        s.bank = coins["total"] - coins["start"] * n
        vp = c["vp"]
        total = vp["cards"]["1"] + 5 * (vp["cards"]["5"] - vp["remove_fives"][str(n)])
        s.vp_total = vp["cards"]["1"] + 5 * vp["cards"]["5"]
        s.vp_reserve = s.vp_total - total
        s.vp = [vp["start_each"]] * n
        s.paper = [0] * n
        s.vp_stack = total - vp["start_each"] * n
        s.dice_supply = [c["dice"]["per_player"]] * n
        s.saved = [[] for _ in range(n)]
        s.bonus_held = [0] * n
        s.bonus_pool = c["dice"]["bonus"]
        s.spaces = {}
        b = board(rules)
        s.buildings = {st: [] for st in b.station_order}
        s.buildings_left = [{t: c["buildings"]["per_player"] for t in BUILDINGS} for _ in range(n)]
        per_type = c["goods"]["per_type"]
        start = c["goods"]["start"]
        s.stacks = {bt: {"goods": start[bt], "count": per_type, "level": 0} for bt in BUILDINGS}
        s.goods_aside = {g: (0 if g in start.values() else per_type) for g in GOODS}
        s.goods_removed = {g: 0 for g in GOODS}
        s.hands = [{g: 0 for g in GOODS} for _ in range(n)]
        deck = sorted(power_cards(rules))
        s.rng.shuffle(deck)
        deal = c["power_cards"]["deal"]
        s.power_hands = [deck[i * deal:(i + 1) * deal] for i in range(n)]
        s.power_deck = deck[n * deal:]
        s.power_scored = [[] for _ in range(n)]
        s.power_removed = []
        s.deal_done = [False] * n
        turn.reset_turn(s)
        s.upgrade_choices = []
        s.spec = None
        s.final = None
        s.say("setup", {"seats": list(range(n)), "vp": total})
        for p in range(n):
            s.say("dealt", {"p": p}, {p: ("dealt_private", {"p": p, "cards": list(s.power_hands[p])})})
        return s

    # ---- saving -------------------------------------------------------------
    def reshuffle_hidden(self) -> None:
        """Rulebook "Public Knowledge": the order of the Power deck is hidden from everybody; it is
        shuffled again (during the first deal it is shuffled once every player has returned a card)."""
        if all(self.deal_done):
            self.rng.shuffle(self.power_deck)

    def to_json(self) -> dict[str, Any]:
        data = {f: getattr(self, f) for f in _FIELDS}
        data["rng"] = self.rng.to_json()
        return json.loads(json.dumps(data))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StationsState:
        return cls._from_own(copy_json(data))

    def copy(self) -> StationsState:
        """An equal, independent state (one JSON round trip: ``to_json`` already copies)."""
        return self._from_own(self.to_json())

    @classmethod
    def _from_own(cls, data: dict[str, Any]) -> StationsState:
        """A state over ``data``, which nobody else holds (no copy)."""
        s = cls.__new__(cls)
        for f in _FIELDS:
            setattr(s, f, data[f])
        s.log = []  # the base class's text log: this game stores events only
        s.rng = Rng.from_json(data["rng"])
        return s

    # ---- logging ------------------------------------------------------------
    def say(self, key: str, params: dict[str, Any],
             private: dict[int, tuple[str, dict[str, Any]]] | None = None) -> None:
        """Log one event as data, ``[key, params]`` (rendered in the reader's language only when
        shown: ``messages.render``). ``private`` gives the event some players see instead."""
        if private:
            self.events.append([key, params, {str(p): [k, v] for p, (k, v) in private.items()}])
        else:
            self.events.append([key, params])

    def events_for(self, player: int | None, start: int = 0) -> list[list[Any]]:
        """Structured events from ``start`` as ``player`` may see them: ``[key, params]``."""
        seen = events_as_read(self, self.events, player)
        return seen[start:]

    def log_in(self, player: int | None, lang: str, start: int = 0) -> list[str]:
        """The log from ``start`` as ``player`` may read it, in ``lang`` (``"en"`` or ``"fr"``)."""
        return [messages.render(k, p, lang, self.names) for k, p in self.events_for(player, start)]

    def log_lines(self, player: int | None, tail: int | None = None) -> list[str]:
        """The log in English as ``player`` may read it (the last ``tail`` lines when given),
        rendered from the events: no text is stored."""
        start = 0 if tail is None else max(0, len(self.events) - tail)
        return self.log_in(player, "en", start)

    # ---- who acts -----------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.phase == "keep":
            return [p for p in range(self.num_players) if not self.deal_done[p]]
        if self.phase == "speculate":
            return step5.waiting(self)
        return [self.active]

    def is_over(self) -> bool:
        return self.phase == "over"

    # ---- actions ------------------------------------------------------------
    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act():
            return []
        return _LEGAL[self.phase](self, player)

    def _check(self, action: Action) -> None:
        check_shape(action, self.phase)
        _CHECKS[action["type"]](self, action, action["player"])

    def _play(self, action: Action) -> None:
        _PLAYS[action["type"]](self, action, action["player"])
        turn.advance(self)

    def result(self) -> Result | None:
        return None if self.final is None else json.loads(json.dumps(self.final))

    # ---- view ---------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see: everything public, and only their own Goods, Power cards
        and speculation trade (Public Knowledge: others see neither their content nor their number)."""
        n = self.num_players
        players = []
        cards = all_power_cards()
        spaces: dict[str, dict[str, Any]] = {}
        dice = [0] * (n + 1)  # per owner (-1, a Bonus die, counts last): supply.on_board in one pass
        for s, d in self.spaces.items():
            spaces[s] = {"owner": d[0], "face": d[1]}
            dice[d[0]] += 1
        names, coins, vp, paper, scored = self.names, self.coins, self.vp, self.paper, self.power_scored
        for q in range(n):
            players.append({
                "seat": q, "name": names[q], "conductor": q == 0, "coins": coins[q],
                "vp": vp[q] + paper[q], "vp_cards": vp[q], "vp_paper": paper[q],
                "missions": [dict(cards[c]) for c in scored[q]] if scored[q] else [],
                "dice_supply": self.dice_supply[q], "dice_saved": list(self.saved[q]),
                "dice_on_board": dice[q], "bonus_dice": self.bonus_held[q],
                "buildings_left": dict(self.buildings_left[q]),
            })
        me: dict[str, Any] | None = None
        if player is not None:
            me = {"seat": player, "goods": dict(self.hands[player]),
                  "power": [dict(cards[c]) for c in self.power_hands[player]]}
        buildings: dict[str, list[dict[str, Any]]] = {}
        for st, lst in self.buildings.items():  # most Stations have none: no comprehension for them
            buildings[st] = [{"owner": o, "building": t} for o, t in lst] if lst else []
        v: dict[str, Any] = {
            "game": "stations", "rules": self.rules, "me": me, "players": players, "phase": self.phase,
            "active": self.active,
            "to_act": self.to_act(), "round": self.round, "turn": self.turn_number, "endgame": self.endgame,
            "spaces": spaces,
            "buildings": buildings,
            "stacks": {bt: dict(st) for bt, st in self.stacks.items()},
            "goods_aside": dict(self.goods_aside), "goods_removed": dict(self.goods_removed),
            "vp_stack": self.vp_stack, "vp_reserve": self.vp_reserve, "power_deck": len(self.power_deck),
            "bonus_pool": self.bonus_pool, "bank": self.bank,
            "tray": [{"bonus": d[0], "face": d[1], "selected": d[2]} for d in self.tray],
            "struck": self.struck, "rerolls": self.rerolls,
            "pending": self._pending(player),
            "log_size": len(self.events),
            "events": self.events_for(player, max(0, len(self.events) - LOG_TAIL)),
            "result": self.result(),
        }
        return v

    def _pending(self, player: int | None) -> dict[str, Any]:
        """The current step's choice, with what the UI needs to present it."""
        ph = self.phase
        p = self.active
        if ph == "keep":
            return {"step": "setup", "waiting": self.to_act()}
        if ph == "gather":
            lo, hi = step1.bonus_range(self, p)
            return {"step": 1, "own_dice": step1.own_gathered(self, p), "saved": list(self.saved[p]),
                    "bonus_min": lo, "bonus_max": hi, "can_reclaim": on_board(self, p) >= 5}
        if ph == "roll":
            return {"step": 2, "can_reroll": not self.struck and self.coins[p] >= 1,
                    "locked": tray_count(self, "locked"), "build_stations": step3.build_stations(self)}
        if ph == "resolve":
            return {"step": 3, "open_spaces": step3.open_spaces(self), "build_stations": step3.build_stations(self)}
        if ph == "order":
            return {"step": 4, "routes": list(self.deliver_queue)}
        if ph == "tie":
            return {"step": 4, "route": self.delivery["route"], "tied": list(self.delivery["tied"])}
        if ph == "goods":
            bt = self.delivery["building"]
            return {"step": 4, "route": self.delivery["route"], "building": bt,
                    "goods": self.stacks[bt]["goods"], "left": self.stacks[bt]["count"],
                    "owed": list(self.delivery["demand"])}
        if ph == "upgrade":
            return {"step": 5, "options": [list(c) for c in self.upgrade_choices]}
        if ph in ("speculate", "spec_award"):
            return step5.pending(self, player)
        return {"step": None}
