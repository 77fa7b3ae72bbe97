"""The state of a game of Trains and its turn structure (rulebook "How to Play" to "Winning").

Phases: ``start_rails`` (each player in turn order places a starting rail; rulebook "How to
Play"), then ``play`` (turns: play cards, buy cards, lay rails and stations through card
effects, return Waste by passing, end the turn), then ``over``.
"""

from __future__ import annotations

from bisect import insort
from collections import _count_elements  # type: ignore[attr-defined]  # Counter's own C counter
from typing import Any

from ..core import ConfigError, GameState, IllegalActionError, MalformedActionError, Rng
from ..core.jsondata import FrozenDict, copy_json
from . import effects, messages, routes
from .board import ALL_BOARD_IDS, CITY, MOUNTAIN, REMOTE, RIVER, SEA, Board, load_board
from .board import RISING_SUN_BOARD_IDS as RISING_SUN_BOARDS
from .cards import (
    RAIL_LAYING,
    RISING_SUN,
    TRAINS,
    WASTE,
    CardDef,
    box_data,
    card,
    costs,
    fixed_vp_names,
    kingdom_names,
    presets,
    vps,
)
from .scoring import CITY_BONUS, final_result
from .zones import Zones

RULES_VERSION = 3
"""The rules this engine plays by default. 3 (issue 34): every player an ATTACK reaches decides
whether to reveal a Reaction, holding one or not (Rising Sun rulebook "Reactions"; a hand is secret).
2: a card without the Action symbol (Rail Laying, Station Expansion) applies its effect whenever it
can (rulebook "Playing A Card": only Action cards' effects are optional); only a holder of a Reaction
was asked. 1: the rules before that reading, when every effect could be declined (old saves)."""
RULES_VERSIONS = (1, 2, 3)
"""Every rules version this engine can still play."""

HAND_SIZE = 5
PILES_EMPTY_TO_END = 4
ACTION_KEYS: dict[str, frozenset[str]] = {
    "start_rail": frozenset({"hex"}),
    "play": frozenset({"card", "decline"}),
    "buy": frozenset({"pile", "to_deck"}),
    "lay_rail": frozenset({"hex"}),
    "place_station": frozenset({"hex"}),
    "choose": frozenset({"option"}),
    "return_waste": frozenset(),
    "end_turn": frozenset(),
    "use_route": frozenset({"route"}),
}
ALLOWED_KEYS: dict[str, frozenset[str]] = {kind: keys | {"type", "player"} for kind, keys in ACTION_KEYS.items()}
"""Every field an action of each type may have."""
REQUIRED: dict[str, str] = {"start_rail": "hex", "play": "card", "buy": "pile", "lay_rail": "hex",
                            "place_station": "hex", "choose": "option", "use_route": "route"}
"""The field each action type cannot do without."""


def _field_error(key: str, value: Any) -> str | None:
    """Why ``value`` is not a well-formed ``key`` field (None if it is): ``card``/``hex`` integers (a bool is
    not one), ``pile`` a string, ``option`` a string or an integer, ``decline``/``to_deck`` only ``true``."""
    if key in ("card", "hex"):
        return None if type(value) is int else f"'{key}' must be an integer"
    if key == "pile":
        return None if type(value) is str else "'pile' must be a card name (a string)"
    if key == "route":
        return None if type(value) is str else "'route' must be a Route Bonus card id (a string)"
    if key == "option":
        return None if type(value) in (int, str) else "'option' must be a string or an integer"
    if key in ("decline", "to_deck"):
        return None if value is True else f"'{key}' may only be true (leave it out otherwise)"
    return f"unknown field {key!r}"


_FIELD_TYPES: dict[str, type] = {"card": int, "hex": int, "pile": str, "route": str, "option": str}
"""Fields well formed whenever their value has this type (the others, and an ``option`` integer,
are checked by ``_field_error``)."""


UNPLAYABLE, PLAYED, OPTIONAL = 0, 1, 2
_HOW_PLAYED: dict[int, dict[str, int]] = {}
"""Per rules version, how each card kind is played (kept by name: card data never changes): not at
all (``UNPLAYABLE``), always with its effect if it has one (``PLAYED``: no effect, or one that may not
be declined), or with an effect that may be declined (``OPTIONAL``: a play with it if it is feasible,
and one declining it)."""


SETS = (TRAINS, RISING_SUN, "both")
"""Option ``sets``: the cards of Trains, of Trains: Rising Sun, or both boxes' randomizers together."""


def supply_plan(sets: str, board_id: str) -> tuple[list[str], list[str]]:
    """The fixed supply and the randomizers of a game (rulebooks "All Aboard!" steps 4-5; Rising Sun
    "Combining Sets"). ``both``: the fixed supply is that of the board's box (Tokyo, Osaka: Trains';
    Nagoya, Chiba, Kyushu: Rising Sun's), and the randomizers are both boxes' kingdom cards plus the
    other box's three Victory Point cards (the Rising Sun box includes the Trains VP randomizers)."""
    if sets != "both":
        return list(box_data(sets)["fixed_supply"]), kingdom_names(sets)
    home = RISING_SUN if board_id in RISING_SUN_BOARDS else TRAINS
    other = TRAINS if home == RISING_SUN else RISING_SUN
    return (list(box_data(home)["fixed_supply"]),
            kingdom_names(TRAINS) + kingdom_names(RISING_SUN) + fixed_vp_names(other))


def _terrains_and_values(board: Board) -> tuple[list[str], list[int]]:
    """Each space's terrain and value by id (kept on the board)."""
    kept = board.__dict__.get("_terrains_and_values")
    if kept is None:
        kept = board.__dict__["_terrains_and_values"] = ([hx.terrain for hx in board.hexes], [hx.value for hx in board.hexes])
    return kept  # type: ignore[no-any-return]


def _cost_rules(mods: list[str]) -> tuple[int, int, bool, int, bool, bool]:
    """The rail cost table under the turn's modifiers (rulebook "Terms / Lay Rails", :meth:`TrainsState.rail_cost`):
    a river's and a mountain's extra money, whether a city costs 1 + its stations, the discount on a
    remote location's number, whether other players' rails cost 1 each and a Waste, whether the rail
    is free of extra money."""
    discount = mods.count("terrain_discount")
    return (0 if "no_river_cost" in mods else max(0, 1 - discount),
            0 if "no_mountain_cost" in mods else max(0, 2 - discount),
            "no_city_cost" not in mods,
            mods.count("remote_discount"),
            "collaboration" not in mods,
            "no_rail_cost" in mods or "free" in mods)


class TrainsState(GameState):
    """A game of Trains (base game; Tokyo or Osaka)."""

    game_id = "trains"

    zones: Zones
    board_id: str
    rules: int
    sets: str
    s_start: bool
    routes: list[dict[str, Any]]
    kingdom: list[str]
    vp_tokens: list[int]
    rails_left: list[int]
    rails: list[list[int]]
    stations: list[int]
    station_tokens: int
    phase: str
    current: int
    turn: int
    money: int
    modifiers: list[str]
    acted: bool
    laid: int
    stack: list[dict[str, Any]]
    pending: dict[str, Any] | None
    final: dict[str, Any] | None

    @property
    def board(self) -> Board:
        b = self.__dict__.get("_board")
        if b is None or b.id != self.board_id:
            b = self.__dict__["_board"] = load_board(self.board_id)
        return b

    # ---- setup (rulebook "All Aboard!") ------------------------------------------
    @classmethod
    def setup(cls, config: dict[str, Any], seed: int) -> TrainsState:
        names = config["players"]
        if not 2 <= len(names) <= 4:
            raise ConfigError(f"Trains is for 2 to 4 players, not {len(names)}")
        rules = config.get("rules", RULES_VERSION)
        if type(rules) is not int or rules not in RULES_VERSIONS:
            raise ConfigError(f"this version of Railtable plays Trains rules versions "
                              f"{', '.join(map(str, RULES_VERSIONS))}, not {rules!r}")
        st = cls.__new__(cls)
        st._init_common(names, seed)
        st.rules = rules
        n = len(names)
        board_id = str(config.get("board", "tokyo")).lower()
        if board_id not in ALL_BOARD_IDS:
            raise ConfigError(f"unknown board {board_id!r}; boards: {', '.join(ALL_BOARD_IDS)}")
        st.board_id = board_id
        board = st.board
        lo, hi = board.players
        if not lo <= n <= hi:
            span = f"{lo} players" if lo == hi else f"{lo} to {hi} players"
            raise ConfigError(f"the {board.name} board is for {span}, not {n}")
        sets = config.get("sets", TRAINS)
        if sets not in SETS:
            raise ConfigError(f"unknown sets {sets!r}; sets: {', '.join(SETS)}")
        st.sets = sets
        s_start = config.get("s_start", False)
        if type(s_start) is not bool or (s_start and not board.s_cities):
            raise ConfigError("s_start (start on the \"S\" cities) is an option of the Chiba board only")
        st.s_start = s_start
        route_bonus = config.get("route_bonus", False)
        if type(route_bonus) is not bool:
            raise ConfigError("route_bonus must be true or false")
        st.routes = []
        if route_bonus:  # "Route Bonus Cards" setup: shuffle the board's 5, deal one per player face up
            deck = routes.board_routes(board_id)
            st.rng.shuffle(deck)
            st.routes = [{"id": r, "owner": None, "used": False, "taken_turn": -1} for r in deck[:n]]
        fixed, randomizers = supply_plan(sets, board_id)
        st.kingdom = cls._pick_kingdom(config.get("kingdom", "random"), st.rng, randomizers)
        z = st.zones = Zones(n)
        start = box_data(TRAINS)["starting_deck"]
        size = board.supply_pile_size
        for name in fixed + st.kingdom:
            count = card(name).pile if size is None or name == WASTE else size
            z.piles[name] = z.new_cards(name, count)
        for p in range(n):
            for name, count in start.items():
                if size is None and name in z.piles:  # Lay Rails, Station Expansion: out of their box piles
                    take = z.piles[name][-count:]
                    del z.piles[name][-count:]
                else:  # Normal Train (only in starting decks), or piles cut to the board's size
                    take = z.new_cards(name, count)
                z.decks[p].extend(take)
            st.rng.shuffle(z.decks[p])
            z.unseen[p] = len(z.decks[p])
        st.vp_tokens = [0] * n
        st.rails_left = [board.rails_per_player] * n
        st.rails = [[] for _ in range(len(board))]
        st.stations = [0] * len(board)
        for h, count in board.printed_stations.items():
            st.stations[h] = count
        st.station_tokens = board.station_tokens
        st.phase = "start_rails"
        st.current = 0
        st.turn = 0
        st.money = 0
        st.modifiers = []
        st.acted = False
        st.laid = 0
        st.stack = []
        st.pending = None
        st.final = None
        st.event("setup", board=board.id, kingdom=list(st.kingdom))
        for p in range(n):
            z.draw(p, HAND_SIZE, st.rng)
        st.event("setup_draw", n=HAND_SIZE, p=0)
        return st

    @staticmethod
    def _pick_kingdom(spec: Any, rng: Rng, all_k: list[str]) -> list[str]:
        """The 8 randomized piles: random, a preset name, or a list of up to 8 names (rulebook step 5)."""
        if spec in (None, "random"):
            return sorted(rng.sample(all_k, 8))
        if isinstance(spec, str):
            if spec not in presets(None):
                raise ConfigError(f"unknown kingdom preset {spec!r}; presets: {', '.join(presets(None))}")
            cards = list(presets(None)[spec]["cards"])
            if not set(cards) <= set(all_k):
                raise ConfigError(f"the preset {spec!r} is not of these sets")
            return cards
        if isinstance(spec, list):
            chosen = [str(s) for s in spec]
            bad = [s for s in chosen if s not in all_k]
            if bad:
                raise ConfigError(f"not randomized cards of these sets: {', '.join(bad)}")
            if len(set(chosen)) != len(chosen):
                raise ConfigError("the kingdom lists a card twice")
            if len(chosen) > 8:
                raise ConfigError("the kingdom has 8 piles")
            rest = [k for k in all_k if k not in chosen]
            return chosen + sorted(rng.sample(rest, 8 - len(chosen)))
        raise ConfigError("kingdom must be 'random', a preset name or a list of card names")

    # ---- queries -----------------------------------------------------------------
    def to_act(self) -> list[int]:
        if self.phase == "over":
            return []
        if self.pending is not None:
            return [self.pending["player"]]
        return [self.current]

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> dict[str, Any] | None:
        return self.final

    def hex_label(self, h: int) -> str:
        return self.board.label(h)

    # ---- the log (structured events, rendered when shown) ------------------------------
    def event(self, kind: str, private: dict[int, tuple[str, dict[str, Any]]] | None = None, **args: Any) -> None:
        """Log one event as data (see :mod:`railtable.trains.messages`); ``private`` gives some seats
        an event of their own instead (the cards they drew)."""
        entry: list[Any] = [kind, args]
        if private:
            seats: dict[str, list[Any]] = {}
            for q, (k, a) in private.items():
                seats[str(q)] = [k, a]
            entry.append(seats)
        self.log.append(entry)

    def log_lines(self, player: int | None, tail: int | None = None, lang: str = "en") -> list[str]:
        """The log as ``player`` may read it, in ``lang`` (the last ``tail`` lines when given)."""
        log = self.log
        n = len(log)
        if tail is None:
            start = 0
        elif tail > 0:
            start = n - tail if n > tail else 0
        else:
            start = n
        # Rendered lines are kept per language (the log only grows; a restored state starts afresh):
        # the public line of each entry from ``first`` on, shared by every reader, and each seat's
        # own list of lines from ``first`` on (its private line where an entry has one for it, the
        # cards it drew, else the public one), extended by the entries added since it last read.
        caches = self.__dict__.get("_lines")
        if caches is None:
            caches = self.__dict__["_lines"] = {}
        # ``private``: the indexes of the entries from ``first`` on that have private lines.
        cache = caches.get(lang)
        if cache is None or start < cache[0]:
            cache = caches[lang] = (start, [], {}, [])
        first, public, readers, private = cache
        if first + len(public) < n:
            names, board = self.names, self.board
            render = messages.render
            for i in range(first + len(public), n):
                entry = log[i]
                public.append(render(entry[0], entry[1], lang, names, board))
                if len(entry) > 2:
                    private.append(i)
        if player is None:
            return public[start - first:]
        mine = readers.get(player)
        if mine is None:
            mine = readers[player] = []
        done = first + len(mine)
        if done < n:
            mine += public[done - first:]
            if private and private[-1] >= done:
                seat = str(player)
                names, board = self.names, self.board
                for i in reversed(private):
                    if i < done:
                        break
                    entry = log[i]
                    if seat in entry[2]:
                        mine[i - first] = messages.line(entry, player, lang, names, board)
        return mine[start - first:]

    def attack_outcomes(self, player: int | None, lang: str = "en") -> dict[int, list[str]]:
        """What the ATTACK being resolved has done so far to each player it reaches (Rising Sun
        rulebook "Attacks": each player in turn), as ``player`` may read the log, in ``lang``."""
        attack = effects.attack_view(self)
        start = attack.get("log_from") if attack else None
        if attack is None or not isinstance(start, int):
            return {}
        out: dict[int, list[str]] = {}
        for entry in self.log[start:]:
            seat = entry[1].get("p")
            if type(seat) is int and seat in attack["order"]:
                out.setdefault(seat, []).append(messages.line(entry, player, lang, self.names, self.board))
        return out

    def reshuffle_hidden(self) -> None:
        """Rulebook "Terms": the order of every deck is hidden, even from its owner. Each deck's
        cards nobody has seen the order of (``Zones.unseen``: its bottom part, since its last
        shuffle) are shuffled again; a card put on top or looked at stays where it is."""
        z = self.zones
        for p, deck in enumerate(z.decks):
            unseen = min(z.unseen[p], len(deck))
            bottom = deck[:unseen]
            self.rng.shuffle(bottom)
            deck[:unseen] = bottom

    def names_in_game(self) -> list[str]:
        """Every card name present in this game (for Command Central's "name a card")."""
        return sorted(set(self.zones.card_names))

    def rail_cost(self, p: int, h: int, mods: list[str]) -> tuple[int, bool] | None:
        """Extra money and Waste to lay ``p``'s rail on ``h`` (rulebook "Terms / Lay Rails" table).

        Field 0, river 1, mountain 2, city 1 + its stations, remote location its number,
        +1 per other player's rail there and 1 Waste; sea impossible. Modifiers: Steel Bridge
        (rivers), Tunnel (mountains), Viaduct (cities), Subway Excavation (all money),
        Collaboration (other players' rails: no money, no Waste). Rising Sun: Surveyor
        (``terrain_discount``: rivers and mountains 1 less per copy), Distant Partners
        (``remote_discount``: remote locations 1 less per copy), Government Subsidy's rail
        (``free``: no extra money of any kind; a shared space's Waste still comes).
        """
        hx = self.board.hexes[h]
        t = hx.terrain
        if t == SEA:
            return None
        river, mountain, city, remote, shared, free = _cost_rules(mods)
        cost = (river if t == RIVER else mountain if t == MOUNTAIN else (1 + self.stations[h] if city else 0)
                if t == CITY else max(0, hx.value - remote) if t == REMOTE else 0)
        rails_here = self.rails[h]
        others = len(rails_here) - (p in rails_here)
        waste = False
        if others and shared:
            cost += others
            waste = True
        return (0 if free else cost), waste

    def rail_reach(self, p: int, mods: list[str], any_rail: bool = False) -> dict[int, tuple[int, bool]]:
        """Spaces next to ``p``'s rails (not across a blocked edge, not the sea, none holding a
        rail of ``p``'s yet), each with its cost whether or not ``p`` can pay it (rulebook "Terms /
        Lay Rails"). The table uses it to say why a nearby space is not a legal choice. ``any_rail``:
        next to any player's rail (Rising Sun's Interchange)."""
        rails_key = self._rails_key()
        cached = self.__dict__.get("_reach")
        if cached is None or cached[0] != rails_key:  # kept with the rails, per player and modifiers
            cached = self.__dict__["_reach"] = (rails_key, {})
        key = (p, tuple(mods), any_rail)
        known = cached[1].get(key)
        if known is not None:
            return dict(known)
        board = self.board
        nb = board.neighbours
        terrains, values = _terrains_and_values(board)
        rails, stations = self.rails, self.stations
        # rail_cost's rules, read once for these modifiers, and its sum written out per space (a space
        # holding p's rail is never offered, so every rail on it is another player's;
        # tests/trains/test_trains_rail_reach.py holds the two to the same costs)
        river, mountain, city, remote, shared, free = _cost_rules(mods)
        out: dict[int, tuple[int, bool]] = {}
        for h, here in enumerate(rails):
            if not here or (p not in here and not any_rail):
                continue
            for n in nb[h]:
                if n in out:
                    continue
                there = rails[n]
                if p in there:
                    continue
                t = terrains[n]
                if t == SEA:
                    continue
                cost = (river if t == RIVER else mountain if t == MOUNTAIN else (1 + stations[n] if city else 0)
                        if t == CITY else max(0, values[n] - remote) if t == REMOTE else 0)
                waste = False
                if there and shared:
                    cost += len(there)
                    waste = True
                out[n] = (0 if free else cost, waste)
        cached[1][key] = out
        return dict(out)

    def rail_options(self, p: int, money: int, mods: list[str], any_rail: bool = False) -> dict[int, tuple[int, bool]]:
        """Spaces where ``p`` may lay a rail now, with cost (rulebook "Terms / Lay Rails"): within
        reach (:meth:`rail_reach`), with a rail left to lay, and only if ``p`` can pay the extra cost."""
        if self.rails_left[p] <= 0:
            return {}
        return {h: c for h, c in self.rail_reach(p, mods, any_rail).items() if c[0] <= money}

    def station_options(self) -> list[int]:
        """Cities with a free station slot, if a station token is left (rulebook "Station Expansion")."""
        if self.station_tokens <= 0:
            return []
        board = self.board
        cities = board.__dict__.get("_city_slots")
        if cities is None:  # each city's id and slots, in the board's order
            cities = board.__dict__["_city_slots"] = [(hx.id, hx.slots) for hx in board.hexes if hx.terrain == CITY]
        stations = self.stations
        return [h for h, slots in cities if stations[h] < slots]

    def start_rail_options(self, p: int) -> list[int]:
        """Starting spaces: not sea, not a remote location, not where another player started (with
        Chiba's ``s_start``: only the free "S" cities, Rising Sun "2-Player Maps")."""
        if self.s_start:
            return [h for h in self.board.s_cities if not self.rails[h]]
        return [hx.id for hx in self.board.hexes if hx.terrain not in (SEA, REMOTE) and not self.rails[hx.id]]

    # ---- changes used by effects ---------------------------------------------------
    def draw(self, p: int, n: int) -> list[int]:
        before = len(self.zones.discards[p])
        had_deck = len(self.zones.decks[p])
        drawn = self.zones.draw(p, n, self.rng)
        if drawn or before:
            self.mark_revealed()
        if len(drawn) > had_deck:
            self.event("reshuffle", p=p)
        if n:
            self.event("draw", {p: ("draw_seen", {"p": p, "cards": self.zones.names(drawn)})}, p=p, n=len(drawn))
        return drawn

    def gain_waste(self, p: int) -> None:
        """Gain 1 Waste into the gained-cards area, unless Dump Site is on or the pile is empty."""
        if p == self.current and "no_waste" in self.modifiers:
            self.event("waste_dump_site", p=p)
            return
        pile = self.zones.piles[WASTE]
        if not pile:
            self.event("waste_empty", p=p)
            return
        self.zones.gained[p].append(pile.pop())
        self.event("gain_waste", p=p)

    def return_waste(self, p: int, n: int) -> None:
        z = self.zones
        done = 0
        for _ in range(n):
            cid = z.find(z.hands[p], WASTE)
            if cid is None:
                break
            z.hands[p].remove(cid)
            z.piles[WASTE].append(cid)
            done += 1
        if done:
            self.event("return_waste", p=p, n=done)

    def discard_from_hand(self, p: int, name: str) -> None:
        z = self.zones
        z.move(z.hands[p], z.discards[p], name)
        self.event("discard", p=p, card=name)

    def gain_from_supply(self, p: int, name: str, to: str) -> None:
        pile = self.zones.piles[name]
        if not pile:
            return
        cid = pile.pop()
        {"gained": self.zones.gained, "hand": self.zones.hands, "deck": self.zones.decks}[to][p].append(cid)
        self.event({"gained": "gain", "hand": "gain_hand", "deck": "gain_deck"}[to], p=p, card=name)

    def lay_rail(self, p: int, h: int, cost: int, waste: bool) -> None:
        self.money -= cost
        self.rails[h].append(p)
        self._board_changes += 1
        self.rails_left[p] -= 1
        self.laid += 1
        self.event("lay_rail", p=p, hex=h, cost=cost)
        if self.routes:
            routes.check_routes(self, p, self.routes)
        if waste:
            self.gain_waste(p)

    def place_station(self, p: int, h: int) -> None:
        self.stations[h] += 1
        self._board_changes += 1
        self.station_tokens -= 1
        self.event("place_station", p=p, hex=h)

    # ---- legal actions -------------------------------------------------------------
    def legal_actions(self, player: int) -> list[dict[str, Any]]:
        if self.phase == "over":
            return []
        pending = self.pending
        if player != (self.current if pending is None else pending["player"]):  # not in to_act()
            return []
        if pending is not None:
            return effects.pending_actions(self)
        if self.phase == "start_rails":
            return [{"type": "start_rail", "player": player, "hex": h} for h in self.start_rail_options(player)]
        return self._turn_actions(player)

    def _turn_actions(self, p: int, kind: str | None = None, only: Any = None) -> list[dict[str, Any]]:
        """Every legal turn action, or only those of type ``kind`` (and card or pile ``only``)."""
        z = self.zones
        out: list[dict[str, Any]] = []
        hand_ids = z.hands[p]
        hand_names = list(map(z.card_names.__getitem__, hand_ids))  # z.names(hand_ids)
        if kind is None or kind == "play":
            seen: dict[str, bool] = {}
            how_played = _HOW_PLAYED.get(self.rules)
            if how_played is None:
                how_played = _HOW_PLAYED[self.rules] = {}
            for i, cid in enumerate(hand_ids):
                if only is not None and cid != only:
                    continue
                name = hand_names[i]
                how = how_played.get(name)
                if how is None:
                    c = card(name)
                    how = how_played[name] = (UNPLAYABLE if not c.playable else PLAYED if not c.effect
                                              or not self.effect_optional(c) else OPTIONAL)
                if how == PLAYED:  # no effect, or one applied if it can be, else money only: always playable
                    out.append({"type": "play", "player": p, "card": cid})
                    continue
                if how == UNPLAYABLE:
                    continue
                if name not in seen:
                    seen[name] = self._effect_feasible(p, i, hand_names)
                if seen[name]:
                    out.append({"type": "play", "player": p, "card": cid})
                out.append({"type": "play", "player": p, "card": cid, "decline": True})
        if kind is None or kind == "buy":
            to_deck = "buy_to_deck" in self.modifiers
            money = self.money
            cost = costs()
            piles = z.piles
            chosen = piles.items() if only is None else [(only, piles[only])] if only in piles else []
            for name, pile in chosen:
                if cost[name] > money or not pile or name == WASTE:
                    continue
                out.append({"type": "buy", "player": p, "pile": name})
                if to_deck:
                    out.append({"type": "buy", "player": p, "pile": name, "to_deck": True})
        if (kind is None or kind == "return_waste") and not self.acted and WASTE in hand_names:
            out.append({"type": "return_waste", "player": p})
        if (kind is None or kind == "use_route") and self.routes:
            for rid in routes.usable(self, p, self.routes):
                ability = list(routes.route_cards()[rid]["ability"])
                if effects.feasible(self, ability, p, self.money, hand_names):
                    out.append({"type": "use_route", "player": p, "route": rid})
        if kind is None or kind == "end_turn":
            out.append({"type": "end_turn", "player": p})
        return out

    def _effect_feasible(self, p: int, index: int, hand_names: list[str]) -> bool:
        return self._blocker(p, index, hand_names) is None

    def _blocker(self, p: int, index: int, hand_names: list[str]) -> effects.Blocker | None:
        name = hand_names[index]
        if not effects.card_may_block(name):  # every step of its effect can always be applied
            return None
        c = card(name)
        rest = hand_names[:index] + hand_names[index + 1:]
        return effects.blocker(self, list(c.effect), p, self.money + self.play_money(c), rest)

    def effect_blocker(self, p: int, cid: int) -> effects.Blocker | None:
        """Why the effect of card ``cid`` in ``p``'s hand cannot be applied now, naming the failing
        step (``{"step", "op", "why"}``), or None if it can (rulebook "Playing A Card")."""
        hand_ids = self.zones.hands[p]
        if cid not in hand_ids:
            return None
        return self._blocker(p, hand_ids.index(cid), self.zones.names(hand_ids))

    def effect_optional(self, c: CardDef) -> bool:
        """May the effect of ``c`` be declined? Rulebook "Playing A Card": only an Action card's effect
        is optional; a Rail Laying or Station Expansion card applies its effect when it can (rules
        version 2; version 1 let every effect be declined)."""
        return (self.rules == 1 or c.is_action) and not c.mandatory

    def play_money(self, c: CardDef) -> int:
        """Money card ``c`` gives if played now: its value, +2 per Ironworks played if it is a Rail Laying card."""
        if not self.modifiers:
            return c.money
        return c.money + (2 * self.modifiers.count("rail_laying_money") if c.is_(RAIL_LAYING) else 0)

    # ---- checking ------------------------------------------------------------------
    def _check_envelope(self, action: Any) -> None:
        """:meth:`GameState._check_envelope`, with a fast path for the usual action: a plain dict whose
        ``type`` is a string and whose ``player`` is the seat to act (any other goes through the full check)."""
        if type(action) is dict:
            player = action.get("player")
            if type(player) is int and type(action.get("type")) is str and self.phase != "over":
                pd = self.pending
                if player == (self.current if pd is None else pd["player"]) and 0 <= player < len(self.names):
                    return
        super()._check_envelope(action)

    def _check(self, action: dict[str, Any]) -> None:
        kind = action["type"]
        fields = ACTION_KEYS.get(kind)
        if fields is None:
            raise MalformedActionError(f"unknown action type {kind!r}; Trains actions: {', '.join(ACTION_KEYS)}", action)
        if not ALLOWED_KEYS[kind].issuperset(action):
            extra = set(action) - ALLOWED_KEYS[kind]
            raise MalformedActionError(f"a {kind} action has no field {', '.join(sorted(extra))}", action)
        need = REQUIRED.get(kind)
        if need is not None and need not in action:
            raise MalformedActionError(f"a {kind} action needs '{need}'", action)
        for key in action:
            if key in fields:
                value = action[key]
                if type(value) is _FIELD_TYPES.get(key):  # the usual well-formed field
                    continue
                why = _field_error(key, value)
                if why:
                    raise MalformedActionError(why, action)
        if action in self._candidates(action):
            return
        raise IllegalActionError(self._why_illegal(action), action)

    def _candidates(self, a: dict[str, Any]) -> list[dict[str, Any]]:
        """The legal actions that could equal ``a`` (the same generator as legal_actions, filtered)."""
        p = a["player"]
        if self.pending is not None or self.phase != "play":
            return self.legal_actions(p)
        kind = a["type"]
        if kind == "end_turn":  # always legal in a turn
            return [{"type": "end_turn", "player": p}]
        only = a.get("card") if kind == "play" else a.get("pile") if kind == "buy" else None
        return self._turn_actions(p, kind, only)

    def _why_illegal(self, a: dict[str, Any]) -> str:
        kind, p = a["type"], a["player"]
        z = self.zones
        if self.pending is not None:
            pd = self.pending
            if kind != pd["action"]:
                return f"first finish the card effect: {pd['prompt']}"
            allowed = ", ".join(str(o["value"]) for o in pd["options"])
            return f"{a.get('option', a.get('hex'))!r} is not one of the options ({allowed})"
        if self.phase == "start_rails":
            if kind != "start_rail":
                return "each player must first place a starting rail"
            h = a.get("hex")
            if not isinstance(h, int) or not 0 <= h < len(self.rails):
                return f"there is no space {h!r} on this board"
            if self.rails[h]:
                return f"another player already started on {self.hex_label(h)}"
            return f"a starting rail may not go on a sea space or a remote location ({self.hex_label(h)})"
        if kind in ("start_rail", "lay_rail", "place_station", "choose"):
            return f"no {kind} is expected now (rails and stations come from playing cards)"
        if kind == "play":
            cid = a.get("card")
            if cid not in z.hands[p]:
                return f"card {cid!r} is not in your hand"
            c = card(z.card_names[cid])
            if not c.playable:
                return f"{c.name} cannot be played"
            if a.get("decline") and not c.effect:
                return f"{c.name} has no effect to decline"
            if a.get("decline"):
                return (f"{c.name} is not an Action card: its effect is applied when it can be "
                        "(rulebook \"Playing A Card\")")
            return f"the effect of {c.name} cannot be applied in full now (play it with decline: true)"
        if kind == "buy":
            name = a.get("pile")
            if name == WASTE:
                return "Waste cannot be bought"
            if name not in z.piles:
                return f"there is no {name!r} pile in the supply"
            if not z.piles[name]:
                return f"the {name} pile is empty"
            if card(name).cost > self.money:
                return f"{name} costs {card(name).cost}; you have {self.money} money"
            return "you may put a bought card on top of your deck only after playing Early Train"
        if kind == "use_route":
            mine = [r["id"] for r in self.routes if r["owner"] == p and not r["used"]]
            if a.get("route") not in mine:
                return f"you hold no unused Route Bonus card {a.get('route')!r}"
            if self.rules < routes.SAME_TURN_ABILITY:
                return "a Route Bonus ability may be used in a later turn than the one you took it, when it can be applied"
            return "a Route Bonus ability may be used in your turn, with no choice pending, when it can be applied"
        if kind == "return_waste":
            if self.acted:
                return "you may return your Waste only by passing your whole turn (you already played or bought)"
            return "you have no Waste in your hand"
        return "this action is not legal now"

    # ---- playing -------------------------------------------------------------------
    def _play(self, action: dict[str, Any]) -> None:
        kind = action["type"]
        p = action["player"]
        if self.pending is not None:
            effects.resolve(self, action["hex"] if kind != "choose" else action["option"])
        elif kind == "start_rail":
            self._start_rail(p, action["hex"])
        elif kind == "play":
            apply_effect = not action.get("decline", False)
            c = card(self.zones.card_names[action["card"]])
            if apply_effect and c.effect and not self.effect_optional(c) and self.effect_blocker(p, action["card"]) is not None:
                apply_effect = False  # a card whose effect is not optional but cannot be applied: money only
            self._play_card(p, action["card"], apply_effect)
        elif kind == "buy":
            self._buy(p, action["pile"], bool(action.get("to_deck")))
        elif kind == "return_waste":
            self.acted = True
            self.return_waste(p, self.zones.names(self.zones.hands[p]).count(WASTE))
            self._end_turn(p)
        elif kind == "end_turn":
            self._end_turn(p)
        elif kind == "use_route":
            self._use_route(p, action["route"])

    def _start_rail(self, p: int, h: int) -> None:
        self.rails[h].append(p)
        self._board_changes += 1
        self.rails_left[p] -= 1
        self.event("start_rail", p=p, hex=h)
        if p + 1 < self.num_players:
            self.current = p + 1
        else:
            self.phase = "play"
            self.current = 0
            self.event("turn", n=1, p=0)

    def _play_card(self, p: int, cid: int, apply_effect: bool) -> None:
        """Rulebook "Playing A Card": to the play area, gain its money, optionally apply its effect."""
        z = self.zones
        z.hands[p].remove(cid)
        z.plays[p].append(cid)
        c = card(z.card_names[cid])
        self.acted = True
        gain = self.play_money(c)
        self.money += gain
        kind = "play"
        if c.effect and not apply_effect:
            kind = "play_declined" if self.effect_optional(c) else "play_blocked"
        self.event(kind, p=p, card=c.name, gain=gain)
        if apply_effect and c.effect:
            steps = list(c.effect)
            if c.is_(RAIL_LAYING) and "extra_rail_next" in self.modifiers:
                # Extra Laborers: the next Rail Laying card lays one more rail (then the modifier is used up)
                self.modifiers.remove("extra_rail_next")
                at = next((i for i, step in enumerate(steps) if step["op"] == "lay_rail"), None)
                if at is not None:
                    steps.insert(at + 1, dict(steps[at]))
            effects.push(self, steps, p, cid)
            effects.run(self)

    def _buy(self, p: int, name: str, to_deck: bool) -> None:
        """Rulebook "How to Buy Cards": pay its cost, put it in the gained-cards area (Early Train: deck)."""
        c = card(name)
        self.money -= c.cost
        self.acted = True
        cid = self.zones.piles[name].pop()
        (self.zones.decks if to_deck else self.zones.gained)[p].append(cid)
        self.event("buy_deck" if to_deck else "buy", p=p, card=name)
        if c.on_buy:
            effects.push(self, list(c.on_buy), p, cid)
            effects.run(self)
        if c.buy_ends_turn and self.pending is None and self.phase == "play":
            # Rising Sun "How to Buy Cards": "Buying Outdated Train ends your turn."
            self.event("turn_ends_on_buy", p=p, card=name)
            self._end_turn(p)

    def _use_route(self, p: int, rid: str) -> None:
        """Rising Sun "Route Bonus Cards": the special ability, once; then the card leaves the game."""
        r = next(r for r in self.routes if r["id"] == rid)
        r["used"] = True
        self.event("route_used", p=p, route=rid)
        effects.push(self, list(routes.route_cards()[rid]["ability"]), p, None)
        effects.run(self)

    def _end_turn(self, p: int) -> None:
        """Rulebook "Clean Up" then "Winning the Game": discard everything, draw 5, check the end."""
        z = self.zones
        z.discards[p].extend(z.plays[p])
        z.discards[p].extend(z.gained[p])
        z.discards[p].extend(z.hands[p])
        z.plays[p], z.gained[p], z.hands[p] = [], [], []
        self.draw(p, HAND_SIZE)
        self.money = 0
        self.modifiers = []
        self.acted = False
        self.laid = 0
        self.turn += 1
        reason = self.end_reason()
        if reason:
            self.phase = "over"
            self.final = final_result(self)
            self.final["end"] = reason
            self.final["end_reason"] = messages.render(reason[0], reason[1], "en", self.names, self.board, "end.")
            self.event("game_end", end=reason)
            self.event("winners", winners=list(self.final["winners"]), points=max(self.final["scores"]))
            return
        self.current = (p + 1) % self.num_players
        self.event("turn", n=self.turn + 1, p=self.current)

    def end_reason(self) -> messages.Event | None:
        """Why the game ends now, as an event (rulebook "Winning the Game"), or None."""
        empty = [n for n, pile in self.zones.piles.items() if n != WASTE and not pile]
        if len(empty) >= PILES_EMPTY_TO_END:
            return ["piles", {"n": len(empty), "piles": empty}]
        for q in range(self.num_players):
            if self.rails_left[q] <= 0:
                return ["rails", {"p": q}]
        if self.station_tokens <= 0:
            return ["stations", {}]
        return None

    # ---- views ---------------------------------------------------------------------
    def view(self, player: int | None, log_tail: int = 60) -> dict[str, Any]:
        """What ``player`` may see; the log's last ``log_tail`` lines (a search's rollouts ask for
        none: nobody reads them)."""
        # view() is the bots' hot path (one per decision): the parts that did not change since the
        # last view are taken from caches kept on this state, each with the exact inputs it was
        # built from. A part shared between views is immutable (tuples: JSON writes them as lists),
        # so a caller who changes his view changes no other; every other container is his own.
        z = self.zones
        me = player if player is not None and 0 <= player < len(self.names) else None
        pending = self.pending
        to_act = [] if self.phase == "over" else [self.current] if pending is None else [pending["player"]]  # to_act()
        rails_key = self._rails_key()
        summary = self.__dict__.get("_rail_counts")  # _board_summary(rails_key), read here when it is current
        rails_view, stations_view, on_board, board_points = (
            summary[1] if summary is not None and summary[0] == rails_key else self._board_summary(rails_key))
        card_names = z.card_names
        name_of = card_names.__getitem__
        players = self._players_view(on_board, board_points)
        v: dict[str, Any] = {
            "game": "trains", "rules": self.rules, "sets": self.sets, "board": self.board_id, "phase": self.phase, "turn": self.turn + 1,
            "current": self.current, "to_act": to_act, "you": me,
            "players": players,
            "rails": rails_view, "stations": stations_view,
            "station_tokens": self.station_tokens,
            "supply": self._supply_view(),
            "kingdom": list(self.kingdom), "trash": list(map(name_of, z.trash)),
            "routes": self._routes_view(me, rails_key) if self.routes else [],
            "attack": None if pending is None else effects.attack_view(self),
            "revealed": list(map(name_of, z.revealed)),
            "money": self.money, "modifiers": list(self.modifiers),
            "pending": None, "log": self.log_lines(me, log_tail) if log_tail else [],
            "result": None if self.final is None else copy_json(self.final),
        }
        if self.pending is not None:
            pd = self.pending
            if me == pd["player"]:
                # a copy: the prompt's words and options are the state's own lists and dicts
                v["pending"] = copy_json({k: pd[k] for k in ("kind", "player", "prompt", "say", "action", "options")
                                          if k in pd})
                if "unavailable" in pd:
                    v["pending"]["unavailable"] = copy_json(pd["unavailable"])
                v["pending"]["source"] = z.name(pd["source"]) if pd["source"] is not None else None
            else:
                v["pending"] = {"kind": pd["kind"], "player": pd["player"]}
        if me is not None:
            entries = self.__dict__.get("_card_entry_list")  # _card_entries(), read here when it is current
            if entries is None or entries[0] is not card_names or len(entries[1]) != len(card_names):
                entries = (card_names, self._card_entries())
            v["hand"] = list(map(entries[1].__getitem__, z.hands[me]))
            # the discard pile's names, kept per reader with the pile they were read from (it changes
            # at the end of a turn, not with every card played); the view gets a copy
            discard = z.discards[me]
            kept = self.__dict__.get("_discard_names")
            if kept is None:
                kept = self.__dict__["_discard_names"] = {}
            known = kept.get(me)
            if known is None or known[0] != discard:
                known = kept[me] = (discard.copy(), list(map(name_of, discard)))
            v["discard"] = known[1].copy()
            v["card_vp"] = players[me]["card_vp"]
            if self.phase == "start_rails" and self.current == me:
                v["start_options"] = self.start_rail_options(me)
        return v

    def _card_entries(self) -> list[FrozenDict]:
        """``{"id", "name"}`` of every card by id, read-only (a hand in a view lists them). A card's
        name never changes during a game and ids are only added, so they are kept with the list of
        names they were made from and its length."""
        card_names = self.zones.card_names
        cached = self.__dict__.get("_card_entry_list")
        if cached is None or cached[0] is not card_names or len(cached[1]) != len(card_names):
            entries = [FrozenDict(id=cid, name=name) for cid, name in enumerate(card_names)]
            cached = self.__dict__["_card_entry_list"] = (card_names, entries)
        return cached[1]  # type: ignore[no-any-return]

    _board_changes = 0
    """How many times this state changed its rails or stations (:meth:`board_changed`); not saved."""

    def board_changed(self) -> None:
        """Say that the rails or the stations changed. The state's own moves (a starting rail, a rail
        laid, a station placed) call it; code that changes ``rails`` or ``stations`` by hand (tests)
        must call it too, or views and legal actions may be built from the rails as they were."""
        self._board_changes += 1

    def _rails_key(self) -> int:
        """A number for the board, the rails and the stations on it now: what the counts, the Route
        Bonus progress and the spaces within reach are kept with. The same number means the same
        rails and stations: the same lists (objects) as when it was given, changed by none of the
        state's moves since (:meth:`board_changed`), on the same board; else the next number."""
        seen = self.__dict__.get("_rails_seen")
        changes, rails, stations = self._board_changes, self.rails, self.stations
        if seen is not None and seen[0] == changes and seen[1] is rails and seen[2] is stations and seen[3] == self.board_id:
            return seen[4]  # type: ignore[no-any-return]
        number = 0 if seen is None else seen[4] + 1
        self.__dict__["_rails_seen"] = (changes, rails, stations, self.board_id, number)
        return number

    def _board_summary(self, key: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], list[int], list[int]]:
        """``view.rails`` and ``view.stations`` (tuples, shared by every view: no caller can change
        them; JSON writes them as the lists they were) and, per player, in one pass over the board,
        the spaces with his rail and their points (the same counts as ``scoring.rails_on_board``
        and ``scoring.rail_points``); all kept with the rails and stations (``key``) they were made for."""
        cached = self.__dict__.get("_rail_counts")
        if cached is not None and cached[0] == key:
            return cached[1]  # type: ignore[no-any-return]
        on_board, points = self._count_rails()
        summary = (tuple(map(tuple, self.rails)), tuple(self.stations), on_board, points)
        self.__dict__["_rail_counts"] = (key, summary)
        return summary

    def _count_rails(self) -> tuple[list[int], list[int]]:
        n = self.num_players
        on_board = [0] * n
        points = [0] * n
        board = self.board
        kinds = board.__dict__.get("_worth_kinds")
        if kinds is None:  # per hex: -1 a city (its worth follows its stations), else its fixed worth
            kinds = [-1 if hx.terrain == CITY else hx.value if hx.terrain == REMOTE else 0 for hx in board.hexes]
            board.__dict__["_worth_kinds"] = kinds
        stations = self.stations
        bonus = CITY_BONUS
        for h, here in enumerate(self.rails):
            if not here:
                continue
            worth = kinds[h]
            if worth < 0:
                worth = bonus[stations[h] if stations[h] < 3 else 3]
            if len(here) == 1:
                q = here[0]
                on_board[q] += 1
                points[q] += worth
                continue
            for q in set(here):
                on_board[q] += 1
                points[q] += worth
        return on_board, points

    def _players_view(self, on_board: list[int], board_points: list[int]) -> list[FrozenDict]:
        """``view.players`` (a list of its own), all public. Each entry is read-only (a
        :class:`FrozenDict`, its lists tuples), kept with what it was built from (the player's zones,
        each list as it was, and his name, rails, VP track and board counts) and shared by every
        view until one of those changes: a player who did not act is shown from it."""
        z = self.zones
        caches = self.__dict__.get("_player_views")
        if caches is None:
            caches = self.__dict__["_player_views"] = {}
        names, rails_left, vp_tokens = self.names, self.rails_left, self.vp_tokens
        decks, hands, discards, plays, gained = z.decks, z.hands, z.discards, z.plays, z.gained
        out = []
        for q in range(len(names)):
            zones = (decks[q], hands[q], discards[q], plays[q], gained[q])
            inputs = (names[q], rails_left[q], vp_tokens[q], on_board[q], board_points[q])
            cached = caches.get(q)
            if cached is None or cached[1] != inputs or cached[0] != zones:
                entry = self._player_entry(q, zones, inputs, cached)
                cached = caches[q] = (tuple(map(list.copy, zones)), inputs, entry)
            out.append(cached[2])
        return out

    def _player_entry(self, q: int, zones: tuple[list[int], ...], inputs: tuple[Any, ...],
                      before: tuple[tuple[list[int], ...], Any, FrozenDict] | None = None) -> FrozenDict:
        """``view.players[q]`` from ``q``'s zones (deck, hand, discard, play, gained) and ``inputs``
        (name, rails left, VP track, rails on the board, their points). ``before``: the zones (copies)
        and the entry last shown; when only cards between hand and play area moved since (the same
        deck, discard and gained cards, the same cards in hand and play together), his cards are
        those counted then."""
        deck, hand, discard, plays, gained = zones
        if (before is not None and before[0][0] == deck and before[0][2] == discard and before[0][4] == gained
                and sorted(hand + plays) == sorted(before[0][1] + before[0][3])):
            owned, card_vp = before[2]["owned"], before[2]["card_vp"]
        else:
            owned, card_vp = self._owned_and_vp(q)
        card_names = self.zones.card_names
        return FrozenDict({
            "name": inputs[0], "hand_size": len(hand), "deck_size": len(deck),
            "discard_size": len(discard),
            "discard_top": card_names[discard[-1]] if discard else None,
            "play": tuple([card_names[i] for i in plays]), "gained": tuple([card_names[i] for i in gained]),
            "rails_left": inputs[1], "rails_on_board": inputs[3],
            "vp_track": inputs[2], "board_points": inputs[4],
            # VP cards are bought in the open and only leave a deck by a public trash, so
            # their total is public knowledge (as Dominion Online's VP counter shows it).
            "card_vp": card_vp,
            # Every card a player owns came from the supply in the open (or the starting
            # deck) and leaves only by a public trash or return: the collection is public
            # to a player with perfect memory (the search bots' sampling reads it).
            "owned": owned,
        })

    def _owned_and_vp(self, q: int) -> tuple[FrozenDict, int]:
        """``q``'s cards counted by name (sorted by name; read-only, shared by the views) and their VP.
        Kept with the cards of ``q``'s zones they were counted for: the same cards in the same order
        (a player who did not act), else the same cards in any order (cards moved between ``q``'s zones); one card more than then
        (a gain) updates that count by its name."""
        z = self.zones
        ids = z.decks[q] + z.hands[q] + z.discards[q] + z.plays[q] + z.gained[q]
        caches = self.__dict__.get("_owned")
        if caches is None:
            caches = self.__dict__["_owned"] = {}
        cached = caches.get(q)
        if cached is not None:
            if cached[0] == ids:
                return cached[2], cached[3]
            ordered = sorted(ids)
            before = cached[1]
            if before == ordered:
                caches[q] = (ids, ordered, cached[2], cached[3])
                return cached[2], cached[3]
            if len(ordered) == len(before) + 1:  # one card more (a gain)? then counted from the last count
                added = sum(ordered) - sum(before)
                check = before.copy()
                insort(check, added)
                if check == ordered:
                    name = z.card_names[added]
                    owned = cached[2]
                    if name in owned:
                        counts = dict(owned)
                        counts[name] += 1
                        owned = FrozenDict(counts)
                    else:
                        owned = FrozenDict(sorted([*owned.items(), (name, 1)]))
                    card_vp = cached[3] + vps()[name]
                    caches[q] = (ids, ordered, owned, card_vp)
                    return owned, card_vp
        else:
            ordered = sorted(ids)
        counts = {}
        _count_elements(counts, map(z.card_names.__getitem__, ids))
        owned = FrozenDict(sorted(counts.items()))
        vp = vps()
        card_vp = sum([vp[name] * count for name, count in owned.items()])
        caches[q] = (ids, ordered, owned, card_vp)
        return owned, card_vp

    def _supply_view(self) -> tuple[FrozenDict, ...]:
        """``view.supply``: each pile's name, count and cost, read-only (a tuple of :class:`FrozenDict`),
        kept with the piles' names and sizes it was built for and shared by every view till then."""
        piles = self.zones.piles
        sizes = [*map(len, piles.values())]
        cached = self.__dict__.get("_supply")
        if cached is None or cached[0] != sizes or cached[3] != [*piles]:
            known = {} if cached is None else cached[2]  # each pile's entry by name and count
            entries = []
            for name, pile in piles.items():
                entry = known.get((name, len(pile)))
                if entry is None:
                    entry = known[name, len(pile)] = FrozenDict(name=name, count=len(pile), cost=card(name).cost)
                entries.append(entry)
            cached = self.__dict__["_supply"] = (sizes, tuple(entries), known, [*piles])
        return cached[1]  # type: ignore[no-any-return]

    def _routes_view(self, me: int | None, rails_key: int) -> list[dict[str, Any]]:
        """``view.routes`` (:func:`routes.route_view`), kept per reader with the rails and the cards'
        state it was built for; each view gets copies."""
        key = (rails_key, [tuple(r.items()) for r in self.routes])
        caches = self.__dict__.get("_route_views")
        if caches is None:
            caches = self.__dict__["_route_views"] = {}
        cached = caches.get(me)
        if cached is None or cached[0] != key:
            cached = caches[me] = (key, routes.route_view(self, self.routes, me))
        return [{k: (list(v) if type(v) is list else v) for k, v in r.items()} for r in cached[1]]

    # ---- saving --------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "names": self.names, "rng": self.rng.to_json(), "log": self.log, "reveal_count": self.reveal_count,
            "board": self.board_id, "rules": self.rules, "sets": self.sets, "s_start": self.s_start, "routes": self.routes, "kingdom": self.kingdom, "zones": self.zones.to_json(),
            "vp_tokens": self.vp_tokens, "rails_left": self.rails_left, "rails": self.rails,
            "stations": self.stations, "station_tokens": self.station_tokens, "phase": self.phase,
            "current": self.current, "turn": self.turn, "money": self.money, "modifiers": self.modifiers,
            "acted": self.acted, "laid": self.laid, "stack": self.stack, "pending": self.pending, "final": self.final,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrainsState:
        data = copy_json(data)  # never share lists with the caller
        st = cls.__new__(cls)
        st.names = [str(n) for n in data["names"]]
        st.rng = Rng.from_json(data["rng"])
        st.log = data["log"]
        st.reveal_count = int(data["reveal_count"])
        st.board_id = data["board"]
        st.rules = int(data.get("rules", 1))
        st.sets = str(data.get("sets", TRAINS))
        st.s_start = bool(data.get("s_start", False))
        st.routes = list(data.get("routes", []))
        load_board(st.board_id)
        st.kingdom = list(data["kingdom"])
        st.zones = Zones.from_json(data["zones"])
        st.vp_tokens = [int(x) for x in data["vp_tokens"]]
        st.rails_left = [int(x) for x in data["rails_left"]]
        st.rails = [[int(q) for q in r] for r in data["rails"]]
        st.stations = [int(x) for x in data["stations"]]
        st.station_tokens = int(data["station_tokens"])
        st.phase = data["phase"]
        st.current = int(data["current"])
        st.turn = int(data["turn"])
        st.money = int(data["money"])
        st.modifiers = list(data["modifiers"])
        st.acted = bool(data["acted"])
        st.laid = int(data.get("laid", 0))
        st.stack = data["stack"]
        st.pending = data["pending"]
        st.final = data["final"]
        return st


__all__ = ["RULES_VERSION", "RULES_VERSIONS", "TrainsState"]
