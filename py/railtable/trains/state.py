"""The state of a game of Trains and its turn structure (rulebook "How to Play" to "Winning").

Phases: ``start_rails`` (each player in turn order places a starting rail; rulebook "How to
Play"), then ``play`` (turns: play cards, buy cards, lay rails and stations through card
effects, return Waste by passing, end the turn), then ``over``.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from ..core import ConfigError, GameState, IllegalActionError, MalformedActionError, Rng
from . import effects
from .board import BOARD_IDS, CITY, MOUNTAIN, REMOTE, RIVER, SEA, Board, load_board
from .cards import RAIL_LAYING, WASTE, CardDef, card, card_data, kingdom_names, presets
from .scoring import CITY_BONUS, final_result
from .zones import Zones

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
}


class TrainsState(GameState):
    """A game of Trains (base game; Tokyo or Osaka)."""

    game_id = "trains"

    zones: Zones
    board_id: str
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
        st = cls.__new__(cls)
        st._init_common(names, seed)
        n = len(names)
        board_id = str(config.get("board", "tokyo")).lower()
        if board_id not in BOARD_IDS:
            raise ConfigError(f"unknown board {board_id!r}; boards: {', '.join(BOARD_IDS)}")
        st.board_id = board_id
        st.kingdom = cls._pick_kingdom(config.get("kingdom", "random"), st.rng)
        board = st.board
        z = st.zones = Zones(n)
        data = card_data()
        start = data["starting_deck"]
        for name in data["fixed_supply"] + st.kingdom:
            size = card(name).pile
            z.piles[name] = z.new_cards(name, size)
        for p in range(n):
            for name, count in start.items():
                if name in z.piles:  # Lay Rails and Station Expansion come out of their box piles
                    take = z.piles[name][-count:]
                    del z.piles[name][-count:]
                else:  # Normal Train: only in starting decks (unused ones go back to the box)
                    take = z.new_cards(name, count)
                z.decks[p].extend(take)
            st.rng.shuffle(z.decks[p])
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
        st.stack = []
        st.pending = None
        st.final = None
        st.log_event(f"Trains on the {board.name} board; supply piles: {', '.join(st.kingdom)}")
        for p in range(n):
            z.draw(p, HAND_SIZE, st.rng)
        st.log_event(f"Each player draws {HAND_SIZE} cards; {st.names[0]} places a starting rail first")
        return st

    @staticmethod
    def _pick_kingdom(spec: Any, rng: Rng) -> list[str]:
        """The 8 randomized piles: random, a preset name, or a list of 8 names (rulebook step 5)."""
        all_k = kingdom_names()
        if spec in (None, "random"):
            return sorted(rng.sample(all_k, 8))
        if isinstance(spec, str):
            if spec not in presets():
                raise ConfigError(f"unknown kingdom preset {spec!r}; presets: {', '.join(presets())}")
            return list(presets()[spec]["cards"])
        if isinstance(spec, list):
            chosen = [str(s) for s in spec]
            bad = [s for s in chosen if s not in all_k]
            if bad:
                raise ConfigError(f"not randomized Trains cards: {', '.join(bad)}")
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

    def names_in_game(self) -> list[str]:
        """Every card name present in this game (for Command Central's "name a card")."""
        return sorted(set(self.zones.card_names))

    def rail_cost(self, p: int, h: int, mods: list[str]) -> tuple[int, bool] | None:
        """Extra money and Waste to lay ``p``'s rail on ``h`` (rulebook "Terms / Lay Rails" table).

        Field 0, river 1, mountain 2, city 1 + its stations, remote location its number,
        +1 per other player's rail there and 1 Waste; sea impossible. Modifiers: Steel Bridge
        (rivers), Tunnel (mountains), Viaduct (cities), Subway Excavation (all money),
        Collaboration (other players' rails: no money, no Waste).
        """
        hx = self.board.hexes[h]
        t = hx.terrain
        rails_here = self.rails[h]
        if t == SEA:
            return None
        cost = 0
        if t == RIVER and "no_river_cost" not in mods:
            cost = 1
        elif t == MOUNTAIN and "no_mountain_cost" not in mods:
            cost = 2
        elif t == CITY and "no_city_cost" not in mods:
            cost = 1 + self.stations[h]
        elif t == REMOTE:
            cost = hx.value
        others = len(rails_here) - (p in rails_here)
        waste = False
        if others and "collaboration" not in mods:
            cost += others
            waste = True
        if "no_rail_cost" in mods:
            cost = 0
        return cost, waste

    def rail_reach(self, p: int, mods: list[str]) -> dict[int, tuple[int, bool]]:
        """Spaces next to ``p``'s rails (not across a blocked edge, not the sea, none holding a
        rail of ``p``'s yet), each with its cost whether or not ``p`` can pay it (rulebook "Terms /
        Lay Rails"). The table uses it to say why a nearby space is not a legal choice."""
        nb = self.board.neighbours
        rails = self.rails
        out: dict[int, tuple[int, bool]] = {}
        for h, here in enumerate(rails):
            if p not in here:
                continue
            for n in nb[h]:
                if n in out or p in rails[n]:
                    continue
                c = self.rail_cost(p, n, mods)
                if c is not None:
                    out[n] = c
        return out

    def rail_options(self, p: int, money: int, mods: list[str]) -> dict[int, tuple[int, bool]]:
        """Spaces where ``p`` may lay a rail now, with cost (rulebook "Terms / Lay Rails"): within
        reach (:meth:`rail_reach`), with a rail left to lay, and only if ``p`` can pay the extra cost."""
        if self.rails_left[p] <= 0:
            return {}
        return {h: c for h, c in self.rail_reach(p, mods).items() if c[0] <= money}

    def station_options(self) -> list[int]:
        """Cities with a free station slot, if a station token is left (rulebook "Station Expansion")."""
        if self.station_tokens <= 0:
            return []
        return [hx.id for hx in self.board.hexes if hx.terrain == CITY and self.stations[hx.id] < hx.slots]

    def start_rail_options(self, p: int) -> list[int]:
        """Starting spaces: not sea, not a remote location, not where another player started."""
        return [hx.id for hx in self.board.hexes if hx.terrain not in (SEA, REMOTE) and not self.rails[hx.id]]

    # ---- changes used by effects ---------------------------------------------------
    def draw(self, p: int, n: int) -> list[int]:
        before = len(self.zones.discards[p])
        had_deck = len(self.zones.decks[p])
        drawn = self.zones.draw(p, n, self.rng)
        if drawn or before:
            self.mark_revealed()
        if len(drawn) > had_deck:
            self.log_event(f"{self.names[p]} shuffles their discard pile into a new deck")
        if n:
            self.log_event(
                f"{self.names[p]} draws {len(drawn)} card(s)",
                private={p: f"{self.names[p]} draws {', '.join(self.zones.names(drawn)) or 'nothing'}"},
            )
        return drawn

    def gain_waste(self, p: int) -> None:
        """Gain 1 Waste into the gained-cards area, unless Dump Site is on or the pile is empty."""
        if p == self.current and "no_waste" in self.modifiers:
            self.log_event(f"{self.names[p]} gains no Waste (Dump Site)")
            return
        pile = self.zones.piles[WASTE]
        if not pile:
            self.log_event(f"the Waste pile is empty: {self.names[p]} gains none")
            return
        self.zones.gained[p].append(pile.pop())
        self.log_event(f"{self.names[p]} gains a Waste")

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
            self.log_event(f"{self.names[p]} returns {done} Waste to the supply")

    def discard_from_hand(self, p: int, name: str) -> None:
        z = self.zones
        z.move(z.hands[p], z.discards[p], name)
        self.log_event(f"{self.names[p]} discards {name}")

    def gain_from_supply(self, p: int, name: str, to: str) -> None:
        pile = self.zones.piles[name]
        if not pile:
            return
        cid = pile.pop()
        {"gained": self.zones.gained, "hand": self.zones.hands, "deck": self.zones.decks}[to][p].append(cid)
        self.log_event(f"{self.names[p]} gains {name}" + {"gained": "", "hand": " into their hand",
                                                            "deck": " on top of their deck"}[to])

    def lay_rail(self, p: int, h: int, cost: int, waste: bool) -> None:
        self.money -= cost
        self.rails[h].append(p)
        self.rails_left[p] -= 1
        self.log_event(f"{self.names[p]} lays a rail on {self.hex_label(h)} for {cost} money")
        if waste:
            self.gain_waste(p)

    def place_station(self, p: int, h: int) -> None:
        self.stations[h] += 1
        self.station_tokens -= 1
        self.log_event(f"{self.names[p]} places a station on {self.hex_label(h)}")

    # ---- legal actions -------------------------------------------------------------
    def legal_actions(self, player: int) -> list[dict[str, Any]]:
        if self.phase == "over" or player not in self.to_act():
            return []
        if self.pending is not None:
            return effects.pending_actions(self)
        if self.phase == "start_rails":
            return [{"type": "start_rail", "player": player, "hex": h} for h in self.start_rail_options(player)]
        return self._turn_actions(player)

    def _turn_actions(self, p: int, kind: str | None = None, only: Any = None) -> list[dict[str, Any]]:
        """Every legal turn action, or only those of type ``kind`` (and card or pile ``only``)."""
        z = self.zones
        out: list[dict[str, Any]] = []
        hand_ids = z.hands[p]
        hand_names = z.names(hand_ids)
        if kind in (None, "play"):
            seen: dict[str, bool] = {}
            for i, cid in enumerate(hand_ids):
                if only is not None and cid != only:
                    continue
                name = hand_names[i]
                c = card(name)
                if not c.playable:
                    continue
                if not c.effect:
                    out.append({"type": "play", "player": p, "card": cid})
                    continue
                if name not in seen:
                    seen[name] = self._effect_feasible(p, i, hand_names)
                if seen[name]:
                    out.append({"type": "play", "player": p, "card": cid})
                out.append({"type": "play", "player": p, "card": cid, "decline": True})
        if kind in (None, "buy"):
            to_deck = "buy_to_deck" in self.modifiers
            for name, pile in z.piles.items():
                if name == WASTE or not pile or card(name).cost > self.money or (only is not None and name != only):
                    continue
                out.append({"type": "buy", "player": p, "pile": name})
                if to_deck:
                    out.append({"type": "buy", "player": p, "pile": name, "to_deck": True})
        if kind in (None, "return_waste") and not self.acted and WASTE in hand_names:
            out.append({"type": "return_waste", "player": p})
        if kind in (None, "end_turn"):
            out.append({"type": "end_turn", "player": p})
        return out

    def _effect_feasible(self, p: int, index: int, hand_names: list[str]) -> bool:
        name = hand_names[index]
        c = card(name)
        rest = hand_names[:index] + hand_names[index + 1:]
        return effects.feasible(self, list(c.effect), p, self.money + self.play_money(c), rest)

    def play_money(self, c: CardDef) -> int:
        """Money card ``c`` gives if played now: its value, +2 per Ironworks played if it is a Rail Laying card."""
        return c.money + (2 * self.modifiers.count("rail_laying_money") if c.is_(RAIL_LAYING) else 0)

    # ---- checking ------------------------------------------------------------------
    def _check(self, action: dict[str, Any]) -> None:
        kind = action["type"]
        if kind not in ACTION_KEYS:
            raise MalformedActionError(f"unknown action type {kind!r}; Trains actions: {', '.join(ACTION_KEYS)}", action)
        extra = set(action) - {"type", "player"} - ACTION_KEYS[kind]
        if extra:
            raise MalformedActionError(f"a {kind} action has no field {', '.join(sorted(extra))}", action)
        for key in ("card", "hex"):
            if key in action and (not isinstance(action[key], int) or isinstance(action[key], bool)):
                raise MalformedActionError(f"'{key}' must be an integer", action)
        for key in ("decline", "to_deck"):
            if key in action and action[key] is not True:
                raise MalformedActionError(f"'{key}' may only be true (leave it out otherwise)", action)
        if "option" in action and (isinstance(action["option"], bool)
                                   or not isinstance(action["option"], (int, str))):
            raise MalformedActionError("'option' must be a string or an integer", action)
        if action in self._candidates(action):
            return
        raise IllegalActionError(self._why_illegal(action), action)

    def _candidates(self, a: dict[str, Any]) -> list[dict[str, Any]]:
        """The legal actions that could equal ``a`` (the same generator as legal_actions, filtered)."""
        p = a["player"]
        if self.pending is not None or self.phase != "play":
            return self.legal_actions(p)
        only = a.get("card") if a["type"] == "play" else a.get("pile") if a["type"] == "buy" else None
        if a["type"] in ("play", "buy") and only is None:
            return []
        if not isinstance(only, (int, str, type(None))) or isinstance(only, bool):
            return []
        return self._turn_actions(p, a["type"], only)

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
            c = card(z.name(cid))
            if not c.playable:
                return f"{c.name} cannot be played"
            if a.get("decline") and not c.effect:
                return f"{c.name} has no effect to decline"
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
            self._play_card(p, action["card"], not action.get("decline", False))
        elif kind == "buy":
            self._buy(p, action["pile"], bool(action.get("to_deck")))
        elif kind == "return_waste":
            self.acted = True
            self.return_waste(p, self.zones.names(self.zones.hands[p]).count(WASTE))
            self._end_turn(p)
        elif kind == "end_turn":
            self._end_turn(p)

    def _start_rail(self, p: int, h: int) -> None:
        self.rails[h].append(p)
        self.rails_left[p] -= 1
        self.log_event(f"{self.names[p]} places their starting rail on {self.hex_label(h)}")
        if p + 1 < self.num_players:
            self.current = p + 1
        else:
            self.phase = "play"
            self.current = 0
            self.log_event(f"Turn 1: {self.names[0]}")

    def _play_card(self, p: int, cid: int, apply_effect: bool) -> None:
        """Rulebook "Playing A Card": to the play area, gain its money, optionally apply its effect."""
        z = self.zones
        z.hands[p].remove(cid)
        z.plays[p].append(cid)
        c = card(z.name(cid))
        self.acted = True
        gain = self.play_money(c)
        self.money += gain
        declined = " (effect declined)" if c.effect and not apply_effect else ""
        self.log_event(f"{self.names[p]} plays {c.name}" + (f": +{gain} money" if gain else "") + declined)
        if apply_effect and c.effect:
            effects.push(self, list(c.effect), p, cid)
            effects.run(self)

    def _buy(self, p: int, name: str, to_deck: bool) -> None:
        """Rulebook "How to Buy Cards": pay its cost, put it in the gained-cards area (Early Train: deck)."""
        c = card(name)
        self.money -= c.cost
        self.acted = True
        cid = self.zones.piles[name].pop()
        (self.zones.decks if to_deck else self.zones.gained)[p].append(cid)
        self.log_event(f"{self.names[p]} buys {name}" + (" onto their deck" if to_deck else ""))
        if c.on_buy:
            effects.push(self, list(c.on_buy), p, cid)
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
        self.turn += 1
        reason = self.end_reason()
        if reason:
            self.phase = "over"
            self.final = final_result(self)
            self.final["end_reason"] = reason
            self.log_event(f"The game ends: {reason}")
            winners = " and ".join(self.names[w] for w in self.final["winners"])
            self.log_event(f"{winners} win(s) with {max(self.final['scores'])} points")
            return
        self.current = (p + 1) % self.num_players
        self.log_event(f"Turn {self.turn + 1}: {self.names[self.current]}")

    def end_reason(self) -> str | None:
        empty = [n for n, pile in self.zones.piles.items() if n != WASTE and not pile]
        if len(empty) >= PILES_EMPTY_TO_END:
            return f"{len(empty)} supply piles are empty ({', '.join(empty)})"
        for q in range(self.num_players):
            if self.rails_left[q] <= 0:
                return f"{self.names[q]} has laid all their rails"
        if self.station_tokens <= 0:
            return "all station tokens are on the board"
        return None

    # ---- views ---------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        z = self.zones
        me = player if player is not None and 0 <= player < self.num_players else None
        players = []
        on_board, board_points = self._rail_summary()
        for q in range(self.num_players):
            owned = self._owned_counts(q)
            entry: dict[str, Any] = {
                "name": self.names[q], "hand_size": len(z.hands[q]), "deck_size": len(z.decks[q]),
                "discard_size": len(z.discards[q]),
                "discard_top": z.name(z.discards[q][-1]) if z.discards[q] else None,
                "play": z.names(z.plays[q]), "gained": z.names(z.gained[q]),
                "rails_left": self.rails_left[q], "rails_on_board": on_board[q],
                "vp_track": self.vp_tokens[q], "board_points": board_points[q],
                # VP cards are bought in the open and only leave a deck by a public trash, so
                # their total is public knowledge (as Dominion Online's VP counter shows it).
                "card_vp": sum(card(name).vp * count for name, count in owned.items()),
                # Every card a player owns came from the supply in the open (or the starting
                # deck) and leaves only by a public trash or return: the collection is public
                # to a player with perfect memory (the search bots' sampling reads it).
                "owned": owned,
            }
            players.append(entry)
        v: dict[str, Any] = {
            "game": "trains", "board": self.board_id, "phase": self.phase, "turn": self.turn + 1,
            "current": self.current, "to_act": self.to_act(), "you": me,
            "players": players,
            "rails": [list(r) for r in self.rails], "stations": list(self.stations),
            "station_tokens": self.station_tokens,
            "supply": [{"name": n, "count": len(pile), "cost": card(n).cost} for n, pile in z.piles.items()],
            "kingdom": list(self.kingdom), "trash": z.names(z.trash),
            "revealed": z.names(z.revealed),
            "money": self.money, "modifiers": list(self.modifiers),
            "pending": None, "log": self.log_lines(me, 60), "result": self.final,
        }
        if self.pending is not None:
            pd = self.pending
            if me == pd["player"]:
                v["pending"] = {k: pd[k] for k in ("kind", "player", "prompt", "action", "options")}
                v["pending"]["source"] = z.name(pd["source"]) if pd["source"] is not None else None
            else:
                v["pending"] = {"kind": pd["kind"], "player": pd["player"]}
        if me is not None:
            v["hand"] = [{"id": cid, "name": z.name(cid)} for cid in z.hands[me]]
            v["discard"] = z.names(z.discards[me])
            v["card_vp"] = players[me]["card_vp"]
            if self.phase == "start_rails" and self.current == me:
                v["start_options"] = self.start_rail_options(me)
        return v

    def _rail_summary(self) -> tuple[list[int], list[int]]:
        """Per player, in one pass over the board: spaces with his rail and their points (the
        same counts as ``scoring.rails_on_board`` and ``scoring.rail_points``; view() is the
        bots' hot path)."""
        n = self.num_players
        on_board = [0] * n
        points = [0] * n
        hexes = self.board.hexes
        stations = self.stations
        for h, here in enumerate(self.rails):
            if not here:
                continue
            hx = hexes[h]
            worth = CITY_BONUS[min(stations[h], 3)] if hx.terrain == CITY else hx.value if hx.terrain == REMOTE else 0
            for q in set(here):
                on_board[q] += 1
                points[q] += worth
        return on_board, points

    def _owned_counts(self, q: int) -> dict[str, int]:
        z = self.zones
        ids = z.decks[q] + z.hands[q] + z.discards[q] + z.plays[q] + z.gained[q]
        return dict(sorted(Counter(map(z.card_names.__getitem__, ids)).items()))

    # ---- saving --------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "names": self.names, "rng": self.rng.to_json(), "log": self.log, "reveal_count": self.reveal_count,
            "board": self.board_id, "kingdom": self.kingdom, "zones": self.zones.to_json(),
            "vp_tokens": self.vp_tokens, "rails_left": self.rails_left, "rails": self.rails,
            "stations": self.stations, "station_tokens": self.station_tokens, "phase": self.phase,
            "current": self.current, "turn": self.turn, "money": self.money, "modifiers": self.modifiers,
            "acted": self.acted, "stack": self.stack, "pending": self.pending, "final": self.final,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TrainsState:
        data = json.loads(json.dumps(data))  # never share lists with the caller
        st = cls.__new__(cls)
        st.names = [str(n) for n in data["names"]]
        st.rng = Rng.from_json(data["rng"])
        st.log = data["log"]
        st.reveal_count = int(data["reveal_count"])
        st.board_id = data["board"]
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
        st.stack = data["stack"]
        st.pending = data["pending"]
        st.final = data["final"]
        return st


__all__ = ["TrainsState"]
