"""Trains & Stations: the game state, its turn steps and its actions.

Rulebook: shared/rules/trains-and-stations.en.txt (sections named in each docstring). Board,
Power cards and readings: shared/reference/trains-and-stations.md. The action vocabulary is
documented in docs/actions-stations.md.

Phases (``self.phase``) and who acts:

* ``keep``      Setup: every player at once returns 1 of the 3 Power cards dealt.
* ``gather``    Step 1: gather dice (``gather``) or reclaim your dice from the board (``reclaim``).
* ``roll``      Step 2: choose dice (``select``/``unselect``), ``reroll`` them for 1 Coin, or ``stop``.
* ``resolve``   Step 3: ``place`` trains, ``build``, ``cash`` coin dice, ``save`` dice, ``done``.
* ``order``     Step 4: the active player picks the next Delivery (``deliver``).
* ``tie``       Step 4.2: the active player breaks a majority tie (``tie``).
* ``goods``     Step 4.3: too few Goods: the active player hands them out one by one (``give_goods``).
* ``upgrade``   Step 5: the active player picks the one upgrade (``upgrade``).
* ``speculate`` Step 5, Upgrade Speculation: every player with Goods at once and in secret builds a
  trade (``offer_goods``, ``offer_card``, ``clear_offer``) and ``confirm``s it.
* ``spec_award`` Too few new Goods: the active player hands them out one by one (``award``).
* ``over``      The game has ended.
"""

from __future__ import annotations

import json
from typing import Any

from ..core import Action, GameState, IllegalActionError, MalformedActionError, Result, Rng
from ..core.errors import ConfigError
from . import messages
from .data import (
    BUILDINGS,
    FACES,
    GOODS,
    RULES_VERSION,
    RULES_VERSIONS,
    SAVABLE_FACES,
    TRAIN_FACES,
    all_power_cards,
    board,
    cards,
    power_cards,
)
from .goods import goods_totals, monopolies, upgrade_options

_FIELDS = (
    "rules", "names", "reveal_count", "events", "phase", "active", "turn_number", "round", "endgame",
    "coins", "bank", "vp", "paper", "vp_stack", "vp_reserve", "vp_total", "dice_supply", "saved",
    "bonus_held", "bonus_pool", "spaces", "buildings", "buildings_left", "stacks", "goods_aside",
    "goods_removed", "hands", "power_deck", "power_hands", "power_scored", "power_removed",
    "deal_done", "tray", "struck", "rerolls", "completed", "deliver_queue", "delivery",
    "missions_this_turn", "upgrade_choices", "spec", "final",
)

_KEYS: dict[str, tuple[str, ...]] = {
    "return_power": ("card",),
    "gather": ("bonus", "keep"),
    "reclaim": (),
    "select": ("face", "bonus"),
    "unselect": ("face", "bonus"),
    "reroll": (),
    "stop": (),
    "place": ("face", "bonus", "space"),
    "build": ("building", "station"),
    "cash": ("bonus",),
    "save": ("face",),
    "done": (),
    "deliver": ("route",),
    "tie": ("winner",),
    "give_goods": ("to",),
    "upgrade": ("building", "goods"),
    "offer_goods": ("goods",),
    "offer_card": ("card",),
    "clear_offer": (),
    "confirm": (),
    "award": ("to",),
}

_PHASE_TYPES: dict[str, tuple[str, ...]] = {
    "keep": ("return_power",),
    "gather": ("gather", "reclaim"),
    "roll": ("select", "unselect", "reroll", "stop"),
    "resolve": ("place", "build", "cash", "save", "done"),
    "order": ("deliver",),
    "tie": ("tie",),
    "goods": ("give_goods",),
    "upgrade": ("upgrade",),
    "speculate": ("offer_goods", "offer_card", "clear_offer", "confirm"),
    "spec_award": ("award",),
    "deliver": (),
    "over": (),
}

LOG_TAIL = 60
"""How many log events ``view()`` carries (the whole log is in ``events_for``)."""


def _is_int(value: Any) -> bool:
    return type(value) is int


def _is_keep(value: Any) -> bool:
    """``gather``'s ``keep``: die face -> how many saved dice keep it (a positive int, never a bool
    or a float: JSON ``true`` and ``1.0`` are not counts)."""
    return type(value) is dict and all(
        type(f) is str and f in FACES and type(n) is int and 1 <= n <= 8 for f, n in value.items())


_FIELD_OK: dict[Any, Any] = {
    "card": _is_int,
    "keep": _is_keep,
    ("gather", "bonus"): _is_int,
    "bonus": lambda v: type(v) is bool,
    "face": lambda v: type(v) is str,
    "space": lambda v: type(v) is str,
    "building": lambda v: type(v) is str,
    "station": lambda v: type(v) is str,
    "route": lambda v: type(v) is str,
    "goods": lambda v: type(v) is str,
    "winner": _is_int,
    "to": _is_int,
}
"""The JSON type of every action field (checked before anything else: docs/actions-stations.md)."""
_FIELD_WHAT: dict[Any, str] = {
    "card": "a Power card id (an integer)", "keep": "an object of die face -> count (a positive integer)",
    ("gather", "bonus"): "a number of Bonus dice (an integer)", "bonus": "true or false",
    "face": "a die face (a string)", "space": "a route space id (a string)", "building": "a Building (a string)",
    "station": "a Station id (a string)", "route": "a route id (a string)", "goods": "a Goods type (a string)",
    "winner": "a seat number (an integer)", "to": "a seat number (an integer)",
}


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
        s._reset_turn()
        s.upgrade_choices = []
        s.spec = None
        s.final = None
        s._say("setup", {"seats": list(range(n)), "vp": total})
        for p in range(n):
            s._say("dealt", {"p": p}, {p: ("dealt_private", {"p": p, "cards": list(s.power_hands[p])})})
        return s

    # ---- saving -------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data = {f: getattr(self, f) for f in _FIELDS}
        data["rng"] = self.rng.to_json()
        return json.loads(json.dumps(data))

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> StationsState:
        return cls._from_own(json.loads(json.dumps(data)))

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
    def _say(self, key: str, params: dict[str, Any],
             private: dict[int, tuple[str, dict[str, Any]]] | None = None) -> None:
        """Log one event as data, ``[key, params]`` (rendered in the reader's language only when
        shown: ``messages.render``). ``private`` gives the event some players see instead."""
        if private:
            self.events.append([key, params, {str(p): [k, v] for p, (k, v) in private.items()}])
        else:
            self.events.append([key, params])

    def events_for(self, player: int | None, start: int = 0) -> list[list[Any]]:
        """Structured events from ``start`` as ``player`` may see them: ``[key, params]``."""
        key = None if player is None else str(player)
        out = []
        for ev in self.events[start:]:
            if len(ev) > 2:
                out.append(ev[2][key] if key in ev[2] else [ev[0], ev[1]])
            else:
                out.append([ev[0], ev[1]])
        return out

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
            spec = self.spec
            return [p for p in range(self.num_players) if spec["eligible"][p] and not spec["confirmed"][p]]
        return [self.active]

    def is_over(self) -> bool:
        return self.phase == "over"

    # ---- small helpers ------------------------------------------------------
    def _on_board(self, p: int) -> int:
        return sum(1 for d in self.spaces.values() if d[0] == p)

    def _own_gathered(self, p: int) -> int:
        """Step 1: saved dice count first, then dice from the supply, up to 5."""
        return min(cards()["dice"]["gather_max"], len(self.saved[p]) + self.dice_supply[p])

    def _bonus_range(self, p: int) -> tuple[int, int]:
        """Step 1, Bonus dice: the least and most Bonus dice ``p`` may roll.

        Optional, except: fewer than 5 own dice means Bonus dice up to 5 dice in all; an empty
        Bonus pool at the start of the turn means all of them.
        """
        held = self.bonus_held[p]
        if self.bonus_pool == 0:
            return held, held
        own = self._own_gathered(p)
        return min(held, max(0, cards()["dice"]["gather_max"] - own)), held

    def _open_spaces(self) -> list[str]:
        """Step 3, Placing Trains: empty spaces next to a Station or to a space holding a die."""
        occ = self.spaces
        return [sid for sid, touches, nxt in board(self.rules).space_links
                if sid not in occ and (touches or not occ.keys().isdisjoint(nxt))]

    def _build_stations(self) -> list[str]:
        """Step 3, Erecting Buildings: Stations with a free location, within the level rule.

        A Station may not have more Buildings than locations; a second Building needs every
        Station to have one, a third needs every Station to have two.
        """
        b = board(self.rules)
        counts = {st: len(self.buildings[st]) for st in b.station_order}
        low = min(counts.values())
        return [st for st in b.station_order if counts[st] < b.stations[st].slots and counts[st] <= low]

    def _tray_count(self, face: str, bonus: bool | None = None, selected: bool | None = None) -> int:
        return sum(
            1 for d in self.tray
            if d[1] == face and (bonus is None or d[0] == bonus) and (selected is None or d[2] == selected)
        )

    def _tray_take(self, face: str, bonus: bool) -> None:
        for i, d in enumerate(self.tray):
            if d[1] == face and d[0] == bonus:
                del self.tray[i]
                return
        raise AssertionError("no such die in the tray")

    def _return_die(self, p: int, bonus: bool) -> None:
        if bonus:
            self.bonus_pool += 1
        else:
            self.dice_supply[p] += 1

    def _gain_vp(self, p: int, n: int) -> None:
        """Take ``n`` VP from the board's stack; when it is empty, from the cards left out at setup,
        then on paper ("The End of the Game")."""
        for _ in range(n):
            if self.vp_stack > 0:
                self.vp_stack -= 1
                self.vp[p] += 1
                if self.vp_stack == 0 and not self.endgame:
                    self.endgame = True
                    self._say("endgame", {})
            elif self.vp_reserve > 0:
                self.vp_reserve -= 1
                self.vp[p] += 1
            else:
                self.paper[p] += 1

    def _lose_vp(self, p: int, n: int) -> int:
        """Lose ``n`` VP, or all if fewer; lost VP cards go back to the board's stack (reading)."""
        lost = 0
        while lost < n and self.paper[p] > 0:
            self.paper[p] -= 1
            lost += 1
        while lost < n and self.vp[p] > 0:
            self.vp[p] -= 1
            self.vp_stack += 1
            lost += 1
        return lost

    def _spec_units(self, p: int) -> int:
        offer = self.spec["offers"][p]
        return sum(offer["goods"].values()) + 2 * len(offer["cards"])

    def _power_goods_cards(self, p: int) -> list[int]:
        table = all_power_cards()
        return [c for c in self.power_hands[p] if table[c]["kind"] == "goods"]

    # ---- legal actions ------------------------------------------------------
    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.to_act():
            return []
        p = player
        ph = self.phase
        out: list[Action] = []
        if ph == "keep":
            out = [{"type": "return_power", "player": p, "card": c} for c in self.power_hands[p]]
        elif ph == "gather":
            if self._on_board(p) >= 5:
                out.append({"type": "reclaim", "player": p})
            lo, hi = self._bonus_range(p)
            own = self._own_gathered(p)
            keeps = self._keep_options(p)
            for k in range(lo, hi + 1):
                if own + k == 0:
                    continue
                for keep in keeps:
                    out.append({"type": "gather", "player": p, "bonus": k, "keep": keep})
        elif ph == "roll":
            seen = set()
            can_pay = self.coins[p] >= 1
            for bonus, face, sel in self.tray:
                if face == "locked" or (face, bonus, sel) in seen or not (sel or can_pay):
                    continue
                seen.add((face, bonus, sel))
                out.append({"type": "unselect" if sel else "select", "player": p, "face": face, "bonus": bonus})
            out.sort(key=lambda a: (a["type"], FACES.index(a["face"]), a["bonus"]))
            if not self.struck and self.coins[p] >= 1 and any(d[2] for d in self.tray):
                out.append({"type": "reroll", "player": p})
            out.append({"type": "stop", "player": p})
        elif ph == "resolve":
            classes = sorted({(d[1], d[0]) for d in self.tray}, key=lambda fb: (FACES.index(fb[0]), fb[1]))
            spaces = self._open_spaces()
            for face, bonus in classes:
                if face in TRAIN_FACES:
                    out.extend({"type": "place", "player": p, "face": face, "bonus": bonus, "space": sid}
                               for sid in spaces)
            stations = self._build_stations()
            for bt in BUILDINGS:
                if self._tray_count(bt) >= 3 and self.buildings_left[p][bt] > 0:
                    out.extend({"type": "build", "player": p, "building": bt, "station": st} for st in stations)
            for face, bonus in classes:
                if face == "coin":
                    out.append({"type": "cash", "player": p, "bonus": bonus})
            for face, bonus in classes:
                if face in SAVABLE_FACES and not bonus:
                    out.append({"type": "save", "player": p, "face": face})
            if not spaces or not any(d[1] in TRAIN_FACES for d in self.tray):
                out.append({"type": "done", "player": p})
        elif ph == "order":
            out = [{"type": "deliver", "player": p, "route": r} for r in self.deliver_queue]
        elif ph == "tie":
            out = [{"type": "tie", "player": p, "winner": w} for w in self.delivery["tied"]]
        elif ph == "goods":
            out = [{"type": "give_goods", "player": p, "to": q}
                   for q, n in enumerate(self.delivery["demand"]) if n > 0]
        elif ph == "upgrade":
            out = [{"type": "upgrade", "player": p, "building": b, "goods": g} for b, g in self.upgrade_choices]
        elif ph == "speculate":
            offer = self.spec["offers"][p]
            for g in GOODS:
                if self.hands[p][g] > offer["goods"].get(g, 0):
                    out.append({"type": "offer_goods", "player": p, "goods": g})
            for c in self._power_goods_cards(p):
                if c not in offer["cards"]:
                    out.append({"type": "offer_card", "player": p, "card": c})
            if self._spec_units(p) > 0:
                out.append({"type": "clear_offer", "player": p})
            if self._spec_units(p) % 2 == 0:
                out.append({"type": "confirm", "player": p})
        elif ph == "spec_award":
            out = [{"type": "award", "player": p, "to": q} for q, n in enumerate(self.spec["award"]) if n > 0]
        return out

    def _keep_options(self, p: int) -> list[dict[str, int]]:
        """Step 2: each saved die may keep its face or be rolled; the choices as face counts."""
        counts: dict[str, int] = {}
        for f in self.saved[p]:
            counts[f] = counts.get(f, 0) + 1
        options: list[dict[str, int]] = [{}]
        for f in FACES:
            if f not in counts:
                continue
            options = [dict(o, **({f: k} if k else {})) for o in options for k in range(counts[f] + 1)]
        return options

    # ---- checking -----------------------------------------------------------
    def _check(self, action: Action) -> None:
        kind = action["type"]
        if kind not in _KEYS:
            raise MalformedActionError(f"unknown action type {kind!r}; known: {sorted(_KEYS)}", action)
        extra = set(action) - {"type", "player", *_KEYS[kind]}
        missing = [k for k in _KEYS[kind] if k not in action]
        if extra or missing:
            raise MalformedActionError(
                f"a {kind!r} action has the fields {['type', 'player', *_KEYS[kind]]}"
                + (f"; missing {missing}" if missing else "") + (f"; unexpected {sorted(extra)}" if extra else ""),
                action,
            )
        for field in _KEYS[kind]:
            if not _FIELD_OK[(kind, field) if (kind, field) in _FIELD_OK else field](action[field]):
                raise MalformedActionError(
                    f"a {kind!r} action's {field!r} must be {_FIELD_WHAT.get((kind, field), _FIELD_WHAT.get(field))}, "
                    f"not {action[field]!r}"[:300], action)
        if kind not in _PHASE_TYPES[self.phase]:
            raise IllegalActionError(
                f"{kind!r} is not possible now: the game is at {self.phase!r}, where the actions are "
                f"{list(_PHASE_TYPES[self.phase])}", action)
        getattr(self, f"_check_{kind}")(action, action["player"])

    def _check_return_power(self, a: Action, p: int) -> None:
        if not _is_int(a["card"]) or a["card"] not in self.power_hands[p]:
            raise IllegalActionError("return one of the 3 Power cards you were dealt", a)

    def _check_gather(self, a: Action, p: int) -> None:
        k, keep = a["bonus"], a["keep"]
        lo, hi = self._bonus_range(p)
        if not _is_int(k) or not lo <= k <= hi:
            why = "all of them, as the Bonus pool is empty" if self.bonus_pool == 0 else (
                f"at least {lo} to roll 5 dice" if lo else "as many as you like")
            raise IllegalActionError(f"you hold {self.bonus_held[p]} Bonus dice: roll from {lo} to {hi} ({why})", a)
        if self._own_gathered(p) + k == 0:
            raise IllegalActionError("you have no dice to roll: reclaim your dice from the board", a)
        if not isinstance(keep, dict) or keep not in self._keep_options(p):
            raise IllegalActionError(f"'keep' counts saved dice kept on their face, among your saved dice {self.saved[p]}", a)

    def _check_reclaim(self, a: Action, p: int) -> None:
        if self._on_board(p) < 5:
            raise IllegalActionError(f"you may reclaim your dice only with 5 or more on the board (you have {self._on_board(p)})", a)

    def _check_die_class(self, a: Action) -> tuple[str, bool]:
        face, bonus = a["face"], a["bonus"]
        if face not in FACES or not isinstance(bonus, bool):
            raise IllegalActionError(f"'face' is one of {list(FACES)} and 'bonus' is true or false", a)
        return face, bonus

    def _check_select(self, a: Action, p: int) -> None:
        face, bonus = self._check_die_class(a)
        if face == "locked":
            raise IllegalActionError("Locked Train dice may not be rerolled", a)
        if self.coins[p] < 1:
            raise IllegalActionError("a reroll costs 1 Coin and you have none", a)
        if self._tray_count(face, bonus, False) == 0:
            raise IllegalActionError("you have no such unselected die", a)

    def _check_unselect(self, a: Action, p: int) -> None:
        face, bonus = self._check_die_class(a)
        if self._tray_count(face, bonus, True) == 0:
            raise IllegalActionError("you have no such selected die", a)

    def _check_reroll(self, a: Action, p: int) -> None:
        if self.struck:
            raise IllegalActionError("your workers are on strike: no more rerolls", a)
        if self.coins[p] < 1:
            raise IllegalActionError("a reroll costs 1 Coin and you have none", a)
        if not any(d[2] for d in self.tray):
            raise IllegalActionError("select the dice to reroll first", a)

    def _check_stop(self, a: Action, p: int) -> None:
        return None

    def _check_place(self, a: Action, p: int) -> None:
        face, bonus = self._check_die_class(a)
        if face not in TRAIN_FACES:
            raise IllegalActionError("only Train and Locked Train dice are placed on routes", a)
        if self._tray_count(face, bonus) == 0:
            raise IllegalActionError("you have no such die to place", a)
        if a["space"] not in self._open_spaces():
            raise IllegalActionError("a train goes on an empty route space next to a Station or to a space holding a die", a)

    def _check_build(self, a: Action, p: int) -> None:
        bt, st = a["building"], a["station"]
        if bt not in BUILDINGS:
            raise IllegalActionError(f"'building' is one of {list(BUILDINGS)}", a)
        if self._tray_count(bt) < 3:
            raise IllegalActionError(f"erecting a {bt} needs 3 dice showing it", a)
        if self.buildings_left[p][bt] < 1:
            raise IllegalActionError(f"you have no {bt} left in your supply", a)
        if st not in self._build_stations():
            raise IllegalActionError("that Station has no free location, or the level rule forbids it "
                       "(every Station needs one Building before any gets a second)", a)

    def _check_cash(self, a: Action, p: int) -> None:
        if not isinstance(a["bonus"], bool) or self._tray_count("coin", a["bonus"]) == 0:
            raise IllegalActionError("you have no such die showing a Coin", a)

    def _check_save(self, a: Action, p: int) -> None:
        face = a["face"]
        if face not in SAVABLE_FACES:
            raise IllegalActionError("only dice showing a Building or a Coin may be saved", a)
        if self._tray_count(face, False) == 0:
            raise IllegalActionError("you have no such die of your own colour (Bonus dice cannot be saved)", a)

    def _check_done(self, a: Action, p: int) -> None:
        if any(d[1] in TRAIN_FACES for d in self.tray) and self._open_spaces():
            raise IllegalActionError("every Train and Locked Train die must be placed first", a)

    def _check_deliver(self, a: Action, p: int) -> None:
        if a["route"] not in self.deliver_queue:
            raise IllegalActionError(f"choose one of the Deliveries still to score: {self.deliver_queue}", a)

    def _check_tie(self, a: Action, p: int) -> None:
        if a["winner"] not in self.delivery["tied"] or not _is_int(a["winner"]):
            raise IllegalActionError(f"the tie is between seats {self.delivery['tied']}", a)

    def _check_give_goods(self, a: Action, p: int) -> None:
        q = a["to"]
        if not _is_int(q) or not 0 <= q < self.num_players or self.delivery["demand"][q] <= 0:
            raise IllegalActionError("give the Goods card to a player who is still owed one", a)

    def _check_upgrade(self, a: Action, p: int) -> None:
        if [a["building"], a["goods"]] not in self.upgrade_choices:
            raise IllegalActionError(f"the possible upgrades are {self.upgrade_choices}", a)

    def _check_offer_goods(self, a: Action, p: int) -> None:
        g = a["goods"]
        if g not in GOODS or self.hands[p][g] <= self.spec["offers"][p]["goods"].get(g, 0):
            raise IllegalActionError("you have no more Goods of that type to trade", a)

    def _check_offer_card(self, a: Action, p: int) -> None:
        c = a["card"]
        if not _is_int(c) or c not in self._power_goods_cards(p) or c in self.spec["offers"][p]["cards"]:
            raise IllegalActionError("offer a two-Goods Power card of yours not offered yet", a)

    def _check_clear_offer(self, a: Action, p: int) -> None:
        if self._spec_units(p) == 0:
            raise IllegalActionError("your trade is already empty", a)

    def _check_confirm(self, a: Action, p: int) -> None:
        if self._spec_units(p) % 2:
            raise IllegalActionError("Goods are traded 2 for 1: offer an even number of Goods", a)

    def _check_award(self, a: Action, p: int) -> None:
        q = a["to"]
        if not _is_int(q) or not 0 <= q < self.num_players or self.spec["award"][q] <= 0:
            raise IllegalActionError("award the card to a player still owed one", a)

    # ---- playing ------------------------------------------------------------
    def _play(self, action: Action) -> None:
        getattr(self, f"_play_{action['type']}")(action, action["player"])

    def _play_return_power(self, a: Action, p: int) -> None:
        """Setup: keep 2 of the 3 Power cards; returned cards are shuffled back into the deck."""
        self.power_hands[p].remove(a["card"])
        self.power_deck.append(a["card"])
        self.deal_done[p] = True
        self._say("kept_power", {"p": p})
        if all(self.deal_done):
            self.rng.shuffle(self.power_deck)
            self._start_turn(0)

    def _start_turn(self, p: int) -> None:
        self.active = p
        if p == 0:
            self.round += 1
        self.phase = "gather"
        self._reset_turn()
        self._say("turn", {"p": p, "round": self.round})

    def _reset_turn(self) -> None:
        """The fields that live for one turn, empty (at setup and at the start of every turn)."""
        self.tray = []
        self.struck = False
        self.rerolls = 0
        self.completed = []
        self.deliver_queue = []
        self.delivery = None
        self.missions_this_turn = []

    def _play_reclaim(self, a: Action, p: int) -> None:
        """Step 1, Reclaim Dice: take all your dice back from the board and end the turn."""
        n = 0
        for sid in [s for s, d in self.spaces.items() if d[0] == p]:
            del self.spaces[sid]
            n += 1
        self.dice_supply[p] += n
        self._say("reclaim", {"p": p, "n": n})
        self._step5()

    def _play_gather(self, a: Action, p: int) -> None:
        """Step 1 then the roll of Step 2: saved dice first, then supply dice up to 5, then Bonus dice."""
        keep = dict(a["keep"])
        own = self._own_gathered(p)
        tray: list[list[Any]] = []
        for f in self.saved[p]:
            if keep.get(f, 0) > 0:
                keep[f] -= 1
                tray.append([False, f, False])
            else:
                tray.append([False, None, True])
        from_supply = own - len(self.saved[p])
        self.dice_supply[p] -= from_supply
        tray.extend([False, None, True] for _ in range(from_supply))
        k = a["bonus"]
        self.bonus_held[p] -= k
        tray.extend([True, None, True] for _ in range(k))
        self.saved[p] = []
        self.tray = tray
        self.phase = "roll"
        self._roll()
        self._say("roll", {"p": p, "faces": [d[1] for d in self.tray], "bonus": k})
        self._strike_check(p)

    def _roll(self) -> None:
        for d in self.tray:
            if d[2]:
                d[1] = FACES[self.rng.randbelow(6)]
                d[2] = False

    def _strike_check(self, p: int) -> None:
        """Step 2, Strike!: three or more Locked Trains end rerolls and cost 3 VP (all, if fewer)."""
        if self._tray_count("locked") >= 3:
            self.struck = True
            lost = self._lose_vp(p, cards()["vp"]["strike_loss"])
            self._say("strike", {"p": p, "n": lost})
            self._to_resolve()

    def _to_resolve(self) -> None:
        for d in self.tray:
            d[2] = False
        self.phase = "resolve"

    def _play_select(self, a: Action, p: int) -> None:
        self._mark(a["face"], a["bonus"], True)

    def _play_unselect(self, a: Action, p: int) -> None:
        self._mark(a["face"], a["bonus"], False)

    def _mark(self, face: str, bonus: bool, selected: bool) -> None:
        """Step 2: (un)choose one die of the class for the next reroll."""
        for d in self.tray:
            if d[1] == face and d[0] == bonus and d[2] != selected:
                d[2] = selected
                return

    def _play_reroll(self, a: Action, p: int) -> None:
        """Step 2, Rerolls: 1 Coin to reroll any chosen dice except Locked Trains."""
        self.coins[p] -= 1
        self.bank += 1
        self.rerolls += 1
        n = sum(1 for d in self.tray if d[2])
        self._roll()
        self._say("reroll", {"p": p, "n": n, "faces": [d[1] for d in self.tray]})
        self._strike_check(p)

    def _play_stop(self, a: Action, p: int) -> None:
        self._to_resolve()

    def _play_place(self, a: Action, p: int) -> None:
        """Step 3, Placing Trains (Bonus dice on the board belong to nobody: owner -1)."""
        self._tray_take(a["face"], a["bonus"])
        self.spaces[a["space"]] = [-1 if a["bonus"] else p, a["face"]]
        self._say("place_bonus" if a["bonus"] else "place",
                  {"p": p, "face": a["face"], "route": board(self.rules).space_route[a["space"]], "space": a["space"]})

    def _play_build(self, a: Action, p: int) -> None:
        """Step 3, Erecting Buildings: 3 matching dice return to the pool (Bonus dice used first)."""
        bt = a["building"]
        for _ in range(3):
            bonus = self._tray_count(bt, True) > 0
            self._tray_take(bt, bonus)
            self._return_die(p, bonus)
        self.buildings_left[p][bt] -= 1
        self.buildings[a["station"]].append([p, bt])
        self._say("build", {"p": p, "building": bt, "station": a["station"]})

    def _play_cash(self, a: Action, p: int) -> None:
        """Step 3, Gain Coins: 2 Coins per Coin die returned, never more than 5 held."""
        self._tray_take("coin", a["bonus"])
        self._return_die(p, a["bonus"])
        gain = min(cards()["coins"]["per_die"], cards()["coins"]["max"] - self.coins[p], self.bank)
        gain = max(0, gain)
        self.coins[p] += gain
        self.bank -= gain
        self._say("cash", {"p": p, "n": gain})

    def _play_save(self, a: Action, p: int) -> None:
        """Step 3, Saving Dice: a die of your colour showing a Building or Coin waits for next turn."""
        self._tray_take(a["face"], False)
        self.saved[p].append(a["face"])
        self._say("save", {"p": p, "face": a["face"]})

    def _play_done(self, a: Action, p: int) -> None:
        """End of Step 3: unused dice go back (rolled Bonus dice to the pool); then Step 4."""
        for bonus, _face, _sel in self.tray:
            self._return_die(p, bonus)
        self.tray = []
        b = board(self.rules)
        self.completed = [r for r in b.route_order if all(s in self.spaces for s in b.routes[r].spaces)]
        self.deliver_queue = list(self.completed)
        self._drive()

    # ---- Step 4: deliveries --------------------------------------------------
    def _drive(self) -> None:
        """Run the automatic parts of Step 4 and Step 5 until a player must decide."""
        while True:
            if self.delivery is not None:
                if not self._advance_delivery():
                    return
                self.delivery = None
                continue
            if self.deliver_queue:
                if len(self.deliver_queue) == 1:
                    self._begin_delivery(self.deliver_queue.pop())
                    continue
                self.phase = "order"
                return
            self._step5()
            return

    def _play_deliver(self, a: Action, p: int) -> None:
        """Step 4: with several Deliveries, the active player chooses the order."""
        self.deliver_queue.remove(a["route"])
        self._begin_delivery(a["route"])
        self._drive()

    def _begin_delivery(self, r: str) -> None:
        """Step 4.1, Completion VPs: 1 VP per connected city to each player with dice on the route."""
        route = board(self.rules).routes[r]
        self.phase = "deliver"
        dice = [0] * self.num_players
        white = 0
        for s in route.spaces:
            owner = self.spaces[s][0]
            if owner < 0:
                white += 1
            else:
                dice[owner] += 1
        self._say("delivery", {"route": r, "stations": list(route.stations), "dice": dice, "white": white})
        owners = [q for q in range(self.num_players) if dice[q]]
        for q in owners:
            self._gain_vp(q, len(route.stations))
            self._say("completion_vp", {"p": q, "n": len(route.stations)})
        self.delivery = {"route": r, "stage": "majority", "tied": [], "winner": None,
                         "goods_queue": list(BUILDINGS), "building": None, "demand": [0] * self.num_players}

    def _advance_delivery(self) -> bool:
        """Continue the Delivery in progress; False when a decision is awaited."""
        d = self.delivery
        route = board(self.rules).routes[d["route"]]
        if d["stage"] == "majority":
            if d["winner"] is None:
                counts = [0] * self.num_players
                for s in route.spaces:
                    owner = self.spaces[s][0]
                    if owner >= 0:
                        counts[owner] += 1
                top = max(counts)
                if top > 0:
                    tied = [q for q in range(self.num_players) if counts[q] == top]
                    if len(tied) > 1:
                        d["tied"] = tied
                        self.phase = "tie"
                        return False
                    d["winner"] = tied[0]
            if d["winner"] is not None:
                self._majority_bonus(d["winner"], route.stations)
            d["stage"] = "goods"
        if d["stage"] == "goods":
            if not self._deliver_goods(route.stations):
                return False
            d["stage"] = "missions"
        self._complete_missions(d["route"])
        self._reclaim_route(d["route"])
        self.phase = "deliver"
        return True

    def _majority_bonus(self, w: int, stations: tuple[str, ...]) -> None:
        """Step 4.2, Majority Bonus: the city bonuses of every connected city; nothing if none left."""
        b = board(self.rules)
        self._say("majority", {"p": w})
        for st in stations:
            info = b.stations[st]
            if info.bonus_kind == "vp":
                self._gain_vp(w, info.bonus_amount)
                self._say("bonus_vp", {"p": w, "n": info.bonus_amount, "station": st})
            elif info.bonus_kind == "bonus_die":
                n = min(info.bonus_amount, self.bonus_pool)
                self.bonus_pool -= n
                self.bonus_held[w] += n
                self._say("bonus_die", {"p": w, "n": n, "station": st})
            else:
                for _ in range(info.bonus_amount):
                    if self.power_deck:
                        c = self.power_deck.pop()
                        self.power_hands[w].append(c)
                        self.mark_revealed()
                        self._say("draw_power", {"p": w, "station": st},
                                  {w: ("draw_power_private", {"p": w, "station": st, "card": c})})
                    else:
                        self._say("no_power", {"p": w, "station": st})

    def _goods_demand(self, bt: str, stations: tuple[str, ...]) -> list[int]:
        demand = [0] * self.num_players
        for st in stations:
            for owner, kind in self.buildings[st]:
                if kind == bt:
                    demand[owner] += 1
        return demand

    def _deliver_goods(self, stations: tuple[str, ...]) -> bool:
        """Step 4.3, Collect Goods: a card per Building at the connected Stations, or 1 VP when the
        stack is empty; when too few, the active player decides who gets them (``give_goods``)."""
        d = self.delivery
        while d["building"] is not None or d["goods_queue"]:
            if d["building"] is None:
                bt = d["goods_queue"].pop(0)
                demand = self._goods_demand(bt, stations)
                total = sum(demand)
                if total == 0:
                    continue
                stack = self.stacks[bt]
                claimants = [q for q in range(self.num_players) if demand[q]]
                if stack["count"] >= total or len(claimants) == 1:
                    for q in claimants:
                        for _ in range(demand[q]):
                            self._take_goods(q, bt)
                    continue
                if stack["count"] == 0:
                    for q in claimants:
                        self._goods_vp(q, bt, demand[q])
                    continue
                d["building"] = bt
                d["demand"] = demand
            self.phase = "goods"  # waiting for give_goods
            return False
        return True

    def _take_goods(self, q: int, bt: str) -> None:
        stack = self.stacks[bt]
        if stack["count"] > 0:
            stack["count"] -= 1
            self.hands[q][stack["goods"]] += 1
            self._say("goods", {"p": q, "building": bt},
                      {q: ("goods_private", {"p": q, "building": bt, "goods": stack["goods"]})})
        else:
            self._goods_vp(q, bt, 1)

    def _goods_vp(self, q: int, bt: str, n: int) -> None:
        self._gain_vp(q, n)
        self._say("goods_vp", {"p": q, "building": bt, "n": n})

    def _play_give_goods(self, a: Action, p: int) -> None:
        d = self.delivery
        bt = d["building"]
        q = a["to"]
        d["demand"][q] -= 1
        self._take_goods(q, bt)
        if self.stacks[bt]["count"] == 0:
            for r in range(self.num_players):
                if d["demand"][r]:
                    self._goods_vp(r, bt, d["demand"][r])
            d["building"] = None
            d["demand"] = [0] * self.num_players
        self.phase = "deliver"
        self._drive()

    def _play_tie(self, a: Action, p: int) -> None:
        """Step 4.2: the active player breaks every majority tie (even one they are in)."""
        self.delivery["winner"] = a["winner"]
        self.delivery["tied"] = []
        self._say("tie", {"p": p, "winner": a["winner"]})
        self.phase = "deliver"
        self._drive()

    def _connected_cities(self, r: str) -> set[str]:
        """Cities linked to route ``r`` through routes completed this turn (project reading)."""
        b = board(self.rules)
        group = set(b.routes[r].stations)
        grew = True
        while grew:
            grew = False
            for other in self.completed:
                st = set(b.routes[other].stations)
                if st & group and not st <= group:
                    group |= st
                    grew = True
        return group

    def _complete_missions(self, r: str) -> None:
        """Step 4.4, Completing Missions: a Mission whose two cities are now connected scores its VP
        (revealed, face up); one copy of the same Mission per turn."""
        cities = self._connected_cities(r)
        table = all_power_cards()
        for q in range(self.num_players):
            for c in list(self.power_hands[q]):
                card = table[c]
                if card["kind"] != "mission":
                    continue
                key = "-".join(card["cities"])
                a, b = card["cities"]
                if a in cities and b in cities and [q, key] not in self.missions_this_turn:
                    self.missions_this_turn.append([q, key])
                    self.power_hands[q].remove(c)
                    self.power_scored[q].append(c)
                    self.mark_revealed()
                    self._say("mission", {"p": q, "card": c, "n": card["vp"]})

    def _reclaim_route(self, r: str) -> None:
        """Step 4.5, Reclaim Dice: player dice back to their owners, Bonus dice to the pool."""
        for s in board(self.rules).routes[r].spaces:
            owner = self.spaces.pop(s)[0]
            self._return_die(owner, owner < 0)

    # ---- Step 5: upgrade and speculation ----------------------------------------
    def _placed_goods(self) -> list[str]:
        return [g for g in GOODS if self.goods_aside[g] == 0]

    def _step5(self) -> None:
        """Step 5, Goods Depletion & Upgrade: one depleted stack upgrades per turn, by the chart;
        a stack with no upgrade left stays empty for good."""
        self.phase = "upgrade"
        choices: list[list[str]] = []
        for bt in BUILDINGS:
            stack = self.stacks[bt]
            if stack["goods"] is None or stack["count"] > 0:
                continue
            _level, options = upgrade_options(bt, stack["level"], self._placed_goods())
            if not options:
                stack["goods"] = None
                self._say("exhausted", {"building": bt})
                continue
            choices.extend([bt, g] for g in options)
        self.upgrade_choices = choices
        if not choices:
            self._end_turn()
        elif len(choices) == 1:
            self._do_upgrade(*choices[0])

    def _play_upgrade(self, a: Action, p: int) -> None:
        self._do_upgrade(a["building"], a["goods"])

    def _do_upgrade(self, bt: str, g: str) -> None:
        level, _options = upgrade_options(bt, self.stacks[bt]["level"], self._placed_goods())
        self.stacks[bt] = {"goods": g, "count": self.goods_aside[g], "level": level}
        self.goods_aside[g] = 0
        self.upgrade_choices = []
        self._say("upgrade", {"building": bt, "goods": g})
        if self.rules >= 2:
            # everyone takes part, those with nothing to trade confirm "nothing": who may trade
            # (who holds Goods or a two-Goods Power card) stays secret (issue 9)
            eligible = [True] * self.num_players
        else:  # rules version 1: only players with something to trade (kept for old games' replays)
            eligible = [any(self.hands[q].values()) or bool(self._power_goods_cards(q))
                        for q in range(self.num_players)]
            if not any(eligible):
                self._end_turn()
                return
        self.spec = {"building": bt, "goods": g, "eligible": eligible, "confirmed": [False] * self.num_players,
                     "offers": [{"goods": {}, "cards": []} for _ in range(self.num_players)],
                     "award": [0] * self.num_players}
        self.phase = "speculate"

    def _play_offer_goods(self, a: Action, p: int) -> None:
        goods = self.spec["offers"][p]["goods"]
        goods[a["goods"]] = goods.get(a["goods"], 0) + 1

    def _play_offer_card(self, a: Action, p: int) -> None:
        self.spec["offers"][p]["cards"].append(a["card"])

    def _play_clear_offer(self, a: Action, p: int) -> None:
        self.spec["offers"][p] = {"goods": {}, "cards": []}

    def _play_confirm(self, a: Action, p: int) -> None:
        """Upgrade Speculation: trades are secret until every player has chosen."""
        self.spec["confirmed"][p] = True
        self._say("spec_ready", {"p": p})
        if not self.to_act():
            self._resolve_speculation()

    def _resolve_speculation(self) -> None:
        """Upgrade Speculation: traded Goods are shown and removed from the game; 1 new Goods per 2
        traded. Too few: the active player shares them out; each card missed is worth 1 VP."""
        spec = self.spec
        self.mark_revealed()
        g = spec["goods"]
        stack = self.stacks[spec["building"]]
        requests = [0] * self.num_players
        for q in range(self.num_players):
            offer = spec["offers"][q]
            for kind, n in offer["goods"].items():
                self.hands[q][kind] -= n
                self.goods_removed[kind] += n
            for c in offer["cards"]:
                self.power_hands[q].remove(c)
                self.power_removed.append(c)
            requests[q] = self._spec_units(q) // 2
            if any(offer["goods"].values()) or offer["cards"]:
                self._say("spec_trade", {"p": q, "offer": offer, "n": requests[q], "goods": g})
        claimants = [q for q in range(self.num_players) if requests[q]]
        if sum(requests) <= stack["count"] or len(claimants) <= 1:
            for q in claimants:
                for _ in range(requests[q]):
                    self._spec_give(q)
                requests[q] = 0
            self._spec_shortfall(requests)
            return
        spec["award"] = requests
        self.phase = "spec_award"

    def _spec_give(self, q: int) -> bool:
        stack = self.stacks[self.spec["building"]]
        if stack["count"] <= 0:
            return False
        stack["count"] -= 1
        self.hands[q][stack["goods"]] += 1
        self._say("spec_get", {"p": q, "goods": stack["goods"]})
        return True

    def _spec_shortfall(self, missed: list[int]) -> None:
        for q, n in enumerate(missed):
            if n:
                self._gain_vp(q, n)
                self._say("spec_vp", {"p": q, "n": n})
        self.spec = None
        self._end_turn()

    def _play_award(self, a: Action, p: int) -> None:
        award = self.spec["award"]
        award[a["to"]] -= 1
        self._spec_give(a["to"])
        if self.stacks[self.spec["building"]]["count"] == 0 or not any(award):
            self._spec_shortfall(list(award))

    # ---- end of turn and of the game ---------------------------------------------
    def _end_turn(self) -> None:
        """The next player's turn; once the VP stack has run out, the game ends before the
        Conductor (seat 0) would start again ("The End of the Game")."""
        self.turn_number += 1
        self.upgrade_choices = []
        nxt = (self.active + 1) % self.num_players
        if self.endgame and nxt == 0:
            self._finish()
        else:
            self._start_turn(nxt)

    def _finish(self) -> None:
        """Scoring: VP cards, scored Missions, Monopolies (ties all score); then most Gold."""
        self.phase = "over"
        self.mark_revealed()
        table = all_power_cards()
        totals = [goods_totals(self.hands[q], self.power_hands[q]) for q in range(self.num_players)]
        monos = monopolies(totals)
        rows = []
        for q in range(self.num_players):
            missions = sum(table[c]["vp"] for c in self.power_scored[q])
            mono = sum(monos[q].values())
            total = self.vp[q] + self.paper[q] + missions + mono
            rows.append({"vp_cards": self.vp[q], "paper": self.paper[q], "missions": missions,
                         "monopolies": monos[q], "goods": totals[q], "total": total})
        scores = [r["total"] for r in rows]
        best = max(scores)
        tied = [q for q in range(self.num_players) if scores[q] == best]
        gold = max(totals[q]["gold"] for q in tied)
        winners = [q for q in tied if totals[q]["gold"] == gold]
        self.final = {"scores": scores, "winners": winners, "rounds": self.round, "breakdown": rows}
        self._say("game_over", {"seats": winners, "scores": list(scores)})

    def result(self) -> Result | None:
        return None if self.final is None else json.loads(json.dumps(self.final))

    # ---- view ---------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see: everything public, and only their own Goods, Power cards
        and speculation trade (Public Knowledge: others see neither their content nor their number)."""
        n = self.num_players
        players = []
        for q in range(n):
            players.append({
                "seat": q, "name": self.names[q], "conductor": q == 0, "coins": self.coins[q],
                "vp": self.vp[q] + self.paper[q], "vp_cards": self.vp[q], "vp_paper": self.paper[q],
                "missions": [dict(all_power_cards()[c]) for c in self.power_scored[q]],
                "dice_supply": self.dice_supply[q], "dice_saved": list(self.saved[q]),
                "dice_on_board": self._on_board(q), "bonus_dice": self.bonus_held[q],
                "buildings_left": dict(self.buildings_left[q]),
            })
        me: dict[str, Any] | None = None
        if player is not None:
            me = {"seat": player, "goods": dict(self.hands[player]),
                  "power": [dict(all_power_cards()[c]) for c in self.power_hands[player]]}
        v: dict[str, Any] = {
            "game": "stations", "rules": self.rules, "me": me, "players": players, "phase": self.phase, "active": self.active,
            "to_act": self.to_act(), "round": self.round, "turn": self.turn_number, "endgame": self.endgame,
            "spaces": {s: {"owner": d[0], "face": d[1]} for s, d in self.spaces.items()},
            "buildings": {st: [{"owner": o, "building": t} for o, t in lst] for st, lst in self.buildings.items()},
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
            lo, hi = self._bonus_range(p)
            return {"step": 1, "own_dice": self._own_gathered(p), "saved": list(self.saved[p]),
                    "bonus_min": lo, "bonus_max": hi, "can_reclaim": self._on_board(p) >= 5}
        if ph == "roll":
            return {"step": 2, "can_reroll": not self.struck and self.coins[p] >= 1,
                    "locked": self._tray_count("locked"), "build_stations": self._build_stations()}
        if ph == "resolve":
            return {"step": 3, "open_spaces": self._open_spaces(), "build_stations": self._build_stations()}
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
            spec = self.spec
            out: dict[str, Any] = {"step": 5, "building": spec["building"], "goods": spec["goods"],
                                   "left": self.stacks[spec["building"]]["count"],
                                   "confirmed": list(spec["confirmed"])}
            if self.rules < 2:
                out["eligible"] = list(spec["eligible"])
            if ph == "spec_award":
                out["owed"] = list(spec["award"])
            elif player is not None:
                out["my_offer"] = json.loads(json.dumps(spec["offers"][player]))
            return out
        return {"step": None}
