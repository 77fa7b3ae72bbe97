"""Trains for the search bots (issue 13): samples of a view, an evaluation, a fast policy.

* **Sampling** (rulebook "All Aboard!", "Clean Up", "Terms / Draw"): a seat sees the board, the
  supply, every player's collection (``owned``: all cards are gained in the open), play and
  gained areas, hand, deck and discard sizes and the top of each discard pile, and its own
  hand and discard pile. A sample deals each opponent's unseen cards at random into hand,
  discard pile (under its known top card) and deck, and shuffles the seat's own deck. Only
  decisions outside a card effect are searched (a pending effect's inner state is not in the
  view), so a sample has no effect in progress.
* **Evaluation** ("Winning the Game"): each player's points now (VP track, rails in cities and
  remote locations, VP cards) plus what his deck should still earn: the money a hand of 5 cards
  of his collection brings on average, times the rounds the game may still last (from the
  rails and station tokens left and the empty piles), at about 0.3 VP per money (a Skyscraper
  is 4 VP for 8, a Tower 2 for 5, an Apartment 1 for 3). A card's effect adds half its cost,
  but Rising Sun's cards count what they give: money that depends on the player's rails or
  cards, an Attack's harm to the others, the Waste a player may expect to return
  (``card_money``, ``TrainsAdapter.dynamic_money``). A softmax of the projections gives each
  seat a share of the win.
* **Policy** (rollouts): play every card (effects' choices by the Easy bot's rules), buy the
  dearest useful card (VP cards only late), end the turn.
* **Searched decisions**: the buys; near the end (``Endgame``: a player's last rails, the last
  station tokens, nearly empty piles) every decision of the turn outside an effect, with rollouts
  through every player's next turns, since laying one's last rail ends the game. Hard's rollouts
  near the end are played by the rule player from each player's view of the sample
  (``Endgame.rule_rollouts``: about 4x the fast policy's cost; in 200 two-player games against
  Normal it won 60.75% where Hard with the fast policy had won 56.75%; seeing the end from 9
  rails instead of 6 as well, about 67%; from 15 rails, so that every turn but the first few is
  searched whole, 75% of the same games, and at 3 and 4 players about 1.7-1.9 times the fair
  share against Normal bots, where from 9 rails it had been about 1.05-1.35). The other
  decisions are :class:`~railtable.trains.bots.PlanBot`'s (the Easy rules, a better starting rail).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from ..core import Action, Rng
from ..core.jsondata import copy_json
from ..core.search import Budget, Level, win_shares
from .bots import BUY_SCORE, PlanBot, PriorityBot
from .cards import RISING_SUN, TRAINS, WASTE, card
from .effects import money_per_rail_on
from .scoring import card_points, rail_points, rails_on_board
from .state import TrainsState
from .zones import Zones

TEMPERATURE = 4.0
VP_PER_MONEY = 0.3
EFFECT_SHARE = 0.5
"""A card with an effect (draw, rails, stations...) is worth its money plus this share of its cost."""
NO_GAIN_OPS = frozenset({"gain_waste"})
"""Effect steps that give their player nothing but a cost (a Waste): a card whose effect is nothing
else is worth its money alone. Counted as money plus half the cost, Rising Sun's Experimental Train
(3 money and a Waste: cheaper than a Limited Express Train for the Waste) was worth 5.5 against the
Limited Express Train's 3, and the buy search bought it instead (docs/bots.md, Trains). No card of
the Trains box is changed."""
CONDITIONAL_PLAYS = frozenset({"Holiday Timetable", "Landfill", "Conductor's Station", "Ironworks"})
VP_CARDS = ("Skyscraper", "Tower", "Apartment")


ATTACK_HARM = {"gain_waste": 1.0, "discard_type": 1.0, "discard_down_to": 0.5, "hand_to_deck_top": 0.5}
"""What an Attack's step costs each other player, in money of one hand (reference "What this project
designs": an Attack hurts the others about as much as a base card of its cost helps its player).
A Waste stays in the deck and a Train discarded is a Train lost for the turn; discarding the
weakest of five cards or putting a Train back on the deck costs less. In the softmax every other
player's loss is worth about as much as the attacker's own gain, so the harm is added to the
attacker's money once, whatever the number of players."""
CONDITIONAL_ATTACK = 0.5
"""Share of the harm of an Attack that hits only some players (Protesters: a rail in the city)."""
RAIL_TURN_SHARE = 0.5
"""Share of turns in which a player lays a rail (Monorail: +1 money if a rail was laid this turn)."""
DYNAMIC_OPS = frozenset({"money_per_rail_on", "money_per_in_play"})
"""Money that depends on the player's rails or cards, counted by :meth:`TrainsAdapter.deck_money`."""
WASTE_OPS = frozenset({"return_waste_any", "return_all_waste"})
"""Returning Waste (rulebook "Waste"): worth what it brings for each Waste the player may expect to
return, so it depends on his Waste. Rising Sun's cards only: the Trains box's Freight Train and
Landfill keep money plus half the cost, as measured on Tokyo."""
WASTE_RETURN = 0.5
"""Money of one hand a Waste returned is worth (a later hand holds a better card in its place)."""
SPECIFIC_OPS = DYNAMIC_OPS | {"attack", "money_if_rail_laid", "pay_for_vp", "pay_money", "choose_city"}
"""Rising Sun steps valued by what they give (no card of the Trains box has one): conditional money
(Mining, Commuter and Monorail Trains), Attacks (``ATTACK_HARM``), and steps that give nothing by
themselves (Charitable Support turns money into VP; Legal Counsel's payment; Protesters' city).
Counted as money plus half the cost, a Mining Train with no rail on a mountain was worth 5 against
a Limited Express Train's 3, and the buy search chose it (docs/bots.md, Trains)."""


def _attack_worth(step: dict[str, Any]) -> float:
    harm = sum(ATTACK_HARM.get(inner["op"], 0.0) for inner in step["steps"])
    conditional = "if_rail_in" in step
    return harm * (CONDITIONAL_ATTACK if conditional else 1.0)


def _waste_step(name: str, op: str) -> bool:
    """Whether this step of the card is a Rising Sun Waste return (``WASTE_OPS``)."""
    return op in WASTE_OPS and card(name).box == RISING_SUN


@cache
def card_money(name: str) -> float:
    """What a card brings to a hand in the evaluation, apart from ``DYNAMIC_OPS``: its money, what
    its ``SPECIFIC_OPS`` steps give, plus ``EFFECT_SHARE`` of its cost for any other effect that
    gives its player something (a step not in ``NO_GAIN_OPS``)."""
    c = card(name)
    worth = float(c.money)
    generic = False
    for step in c.effect:
        op = step["op"]
        if op == "attack":
            worth += _attack_worth(step)
        elif op == "money_if_rail_laid":
            worth += RAIL_TURN_SHARE * int(step["n"])
        elif op not in SPECIFIC_OPS and op not in NO_GAIN_OPS and not _waste_step(name, op):
            generic = True
    return worth + EFFECT_SHARE * c.cost if generic else worth


@cache
def dynamic_steps(name: str) -> tuple[dict[str, Any], ...]:
    """The card's steps whose money depends on its player's rails or cards (``DYNAMIC_OPS``, and
    Rising Sun's ``WASTE_OPS``)."""
    return tuple(step for step in card(name).effect if step["op"] in DYNAMIC_OPS or _waste_step(name, step["op"]))


@dataclass(frozen=True)
class Endgame:
    """When a level's search starts treating the game as nearly over, and how far it looks then."""

    rails: int = 3
    """Rails left (by any player) from which the end is near."""
    stations: int = 2
    """Station tokens left from which the end is near."""
    low_pile: int = 2
    """A pile with this many cards or fewer counts as nearly empty."""
    rounds: int = 2
    """Rollouts go through every player's next ``rounds`` turns (then the evaluation)."""
    iterations: float = 0.5
    """Share of the level's rollouts (they are longer)."""
    rule_rollouts: bool = False
    """Near the end, rollouts are played by the rule player (``PlanBot`` on each player's view)
    instead of the fast policy."""

TIE_BREAK = 0.1
"""Projected points per rail on the board (rulebook "Winning the Game": ties go to most rails)."""


def _counts(names: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for n in names:
        out[n] = out.get(n, 0) + 1
    return out


def _minus(bag: dict[str, int], names: list[str]) -> None:
    for n in names:
        bag[n] = bag.get(n, 0) - 1


def _expand(bag: dict[str, int]) -> list[str]:
    out: list[str] = []
    for n in sorted(bag):
        if bag[n] < 0:
            raise ValueError(f"the view is inconsistent: {bag[n]} {n}")
        out.extend([n] * bag[n])
    return out


class TrainsAdapter:
    """The search's view of Trains (see the module docstring)."""

    def __init__(self, seat: int = 0, endgame: Endgame | None = None,
                 rising_sun: Endgame | None = None) -> None:
        self.rules = PriorityBot(seat, 0)
        self.endgame = endgame or Endgame()
        self.rising_sun = rising_sun
        """The ``Endgame`` when Rising Sun's cards are in play (``view["sets"]``), if not the same."""
        self.players: list[PlanBot] = []
        """The rule player of each seat, made when a rule rollout first asks for it."""
        self.rule_rollouts = False
        """Whether ``policy`` is the rule player for the decision being searched (``budget_for``)."""

    # ---- sampling ------------------------------------------------------------------
    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> TrainsState:
        players = view["players"]
        n = len(players)
        hand = view["hand"]
        fixed = {c["id"]: c["name"] for c in hand}
        # every card of the game, by where it is known to be
        pile_names = [(s["name"], s["count"]) for s in view["supply"]]
        total = sum(c for _n, c in pile_names) + sum(sum(p["owned"].values()) for p in players)
        total += len(view["trash"]) + len(view["revealed"])
        free = iter(i for i in range(total) if i not in fixed)
        names: list[str | None] = [None] * total
        for cid, name in fixed.items():
            names[cid] = name

        def make(name_list: list[str]) -> list[int]:
            ids = []
            for nm in name_list:
                i = next(free)
                names[i] = nm
                ids.append(i)
            return ids

        z = Zones(n)
        z.piles = {name: make([name] * count) for name, count in pile_names}
        z.trash = make(list(view["trash"]))
        z.revealed = make(list(view["revealed"]))
        for q in range(n):
            pq = players[q]
            z.plays[q] = make(list(pq["play"]))
            z.gained[q] = make(list(pq["gained"]))
            bag = dict(pq["owned"])
            _minus(bag, pq["play"])
            _minus(bag, pq["gained"])
            if q == seat:
                _minus(bag, [c["name"] for c in hand])
                _minus(bag, view["discard"])
                z.hands[q] = [c["id"] for c in hand]
                z.discards[q] = make(list(view["discard"]))
                deck = _expand(bag)
                rng.shuffle(deck)
                z.decks[q] = make(deck)
                continue
            top = pq["discard_top"]
            if top is not None:
                _minus(bag, [top])
            unseen = _expand(bag)
            rng.shuffle(unseen)
            h, d = pq["hand_size"], pq["discard_size"] - (1 if top is not None else 0)
            z.hands[q] = make(unseen[:h])
            z.discards[q] = make(unseen[h:h + d] + ([top] if top is not None else []))
            z.decks[q] = make(unseen[h + d:])
        if any(nm is None for nm in names):
            raise ValueError("the view's card counts do not add up")
        z.card_names = [str(nm) for nm in names]
        st = TrainsState.__new__(TrainsState)
        st.names = [p["name"] for p in players]
        st.rng = Rng(rng.next_u64())
        st.log = []
        st.reveal_count = 0
        st.board_id = view["board"]
        st.rules = view["rules"]
        st.sets = view["sets"]
        st.s_start = False  # only matters for the starting rails, which Easy chooses
        st.routes = [dict(r) for r in view.get("routes", [])]
        st.laid = 0  # rails laid this turn are not in the view; Monorail's bonus is undercounted
        st.kingdom = list(view["kingdom"])
        st.zones = z
        st.vp_tokens = [p["vp_track"] for p in players]
        st.rails_left = [p["rails_left"] for p in players]
        st.rails = [list(r) for r in view["rails"]]
        st.stations = list(view["stations"])
        st.station_tokens = view["station_tokens"]
        st.phase = view["phase"]
        st.current = view["current"]
        st.turn = view["turn"] - 1
        st.money = view["money"]
        st.modifiers = list(view["modifiers"])
        cur = players[st.current]
        # "acted" (may the Waste still be returned by passing?) is not shown: a card played or
        # bought this turn, or money counted, says the player has acted
        st.acted = bool(cur["play"] or cur["gained"] or st.money)
        st.stack = []
        st.pending = None
        st.final = None
        return st

    def clone(self, st: TrainsState) -> TrainsState:  # type: ignore[override]
        c = TrainsState.__new__(TrainsState)
        z = st.zones
        cz = Zones.__new__(Zones)
        cz.card_names = z.card_names  # never changes during a game
        cz.piles = {k: list(v) for k, v in z.piles.items()}
        cz.decks = [list(x) for x in z.decks]
        cz.hands = [list(x) for x in z.hands]
        cz.discards = [list(x) for x in z.discards]
        cz.plays = [list(x) for x in z.plays]
        cz.gained = [list(x) for x in z.gained]
        cz.revealed = list(z.revealed)
        cz.trash = list(z.trash)
        cz.unseen = list(z.unseen)
        c.__dict__.update({
            "names": st.names, "rng": Rng(state=st.rng.state), "log": [], "reveal_count": st.reveal_count,
            "board_id": st.board_id, "rules": st.rules, "sets": st.sets, "s_start": st.s_start,
            "routes": [dict(r) for r in st.routes], "laid": st.laid, "kingdom": st.kingdom, "zones": cz, "vp_tokens": list(st.vp_tokens),
            "rails_left": list(st.rails_left), "rails": [list(r) for r in st.rails], "stations": list(st.stations),
            "station_tokens": st.station_tokens, "phase": st.phase, "current": st.current, "turn": st.turn,
            "money": st.money, "modifiers": list(st.modifiers), "acted": st.acted,
            "stack": [dict(f) for f in st.stack], "pending": st.pending, "final": st.final,
        })
        if st.stack or st.pending is not None:
            c.stack = copy_json(st.stack)
            c.pending = copy_json(st.pending)
        return c

    # ---- evaluation --------------------------------------------------------------------
    @staticmethod
    def rounds_left(st: TrainsState) -> float:
        """A rough count of the rounds still to play (rulebook "Winning the Game": 4 empty piles,
        a player's last rail, the last station token)."""
        n = st.num_players
        empty = sum(1 for k, pile in st.zones.piles.items() if k != WASTE and not pile)
        low = sum(1 for k, pile in st.zones.piles.items() if k != WASTE and 0 < len(pile) <= 3)
        by_piles = 3.0 * max(0, 4 - empty) + 6.0 - 1.5 * min(low, 4)
        by_rails = 1.5 * min(st.rails_left)
        by_stations = 2.0 * st.station_tokens / max(1, n - 1)
        return max(0.5, min(by_piles + 6.0, by_rails, by_stations, 40.0))

    @staticmethod
    def deck_money(st: TrainsState, p: int) -> float:
        """Money a hand of 5 brings on average (cards with an effect add what it gives: ``card_money``
        and, for money that depends on the player's rails or cards, ``dynamic_money``)."""
        z = st.zones
        cn = z.card_names
        total = 0.0
        count = 0
        waste = 0
        dynamic: list[str] = []
        for zone in (z.decks[p], z.hands[p], z.discards[p], z.plays[p], z.gained[p]):
            for cid in zone:
                c = card(cn[cid])
                count += 1
                if c.name == WASTE:
                    waste += 1
                if c.vp or c.name == WASTE:
                    continue
                total += card_money(c.name)
                if dynamic_steps(c.name):
                    dynamic.append(c.name)
        if dynamic:
            total += TrainsAdapter.dynamic_money(st, p, dynamic, count, waste, total / max(1, count))
        return 5.0 * total / max(1, count)

    @staticmethod
    def dynamic_money(st: TrainsState, p: int, names: list[str], count: int, waste: int, per_card: float) -> float:
        """The money of the dynamic steps (``dynamic_steps``) of player ``p``'s cards ``names``, of
        ``count`` cards with ``waste`` Waste and ``per_card`` money a card: Mining Train +1 a rail of
        his on a mountain now (at most 3); Commuter Train +1 for each other Commuter Train expected
        in the same hand of 5; returning Waste, for each Waste expected in the same hand (or half
        his Waste, from the discard pile), its money (BioFuel Train +1), its draw (Recycling Center:
        a card) and ``WASTE_RETURN``."""
        total = 0.0
        in_hand = 4.0 * waste / max(1, count - 1)
        for name in names:
            for step in dynamic_steps(name):
                op = step["op"]
                if op == "money_per_rail_on":
                    total += money_per_rail_on(st, p, step)  # the engine's own count, as if played now
                elif op == "money_per_in_play":
                    others = names.count(step["name"]) - 1
                    total += int(step["n"]) * 4.0 * others / max(1, count - 1)
                else:  # WASTE_OPS
                    returned = 0.5 * waste if step.get("from") == "discard" else in_hand
                    returned = min(returned, float(step.get("up_to", returned)))
                    each = int(step.get("money_each", 0)) + int(step.get("draw_each", 0)) * per_card + WASTE_RETURN
                    total += returned * each
        return total

    def projected(self, st: TrainsState) -> list[float]:
        left = self.rounds_left(st)
        return [
            st.vp_tokens[p] + rail_points(st, p) + card_points(st, p) + left * VP_PER_MONEY * self.deck_money(st, p)
            + TIE_BREAK * rails_on_board(st, p)
            for p in range(st.num_players)
        ]

    def evaluate(self, st: TrainsState) -> list[float]:  # type: ignore[override]
        return win_shares(self.projected(st), TEMPERATURE)

    # ---- the fast policy -----------------------------------------------------------
    def policy(self, st: TrainsState, player: int, legal: list[Action], rng: Rng) -> Action:  # type: ignore[override]
        if self.rule_rollouts:
            while len(self.players) <= player:
                self.players.append(PlanBot(len(self.players), 0))
            return self.players[player].choose(st.view(player, log_tail=0), legal)
        kind = legal[0]["type"]
        if st.pending is not None:
            self.rules.seat = player
            light = {"board": st.board_id, "rails": st.rails, "stations": st.stations,
                     "hand": [{"id": c, "name": st.zones.card_names[c]} for c in st.zones.hands[player]]}
            try:
                return self.rules._choice(light, st.pending, legal)
            except (KeyError, ValueError, TypeError):
                return legal[0]
        if kind == "start_rail":
            return rng.choice(legal)
        cn = st.zones.card_names
        buys = []
        end = None
        for a in legal:
            t = a["type"]
            if t == "play" and not a.get("decline") and cn[a["card"]] not in CONDITIONAL_PLAYS:
                return a
            if t == "buy" and not a.get("to_deck"):
                buys.append(a)
            elif t == "end_turn":
                end = a
        if buys and st.acted or buys and not any(a["type"] == "return_waste" for a in legal):
            late = self.rounds_left(st) < 5
            best, best_score = None, 0.0
            for a in buys:
                name = a["pile"]
                c = card(name)
                if c.vp:
                    score = (c.cost + 2.0) if late else -1.0
                else:
                    score = BUY_SCORE.get(name, (3.0, 1))[0] - (4.0 if late else 0.0) + 0.1 * c.cost
                if score > best_score:
                    best, best_score = a, score
            if best is not None and not any(g for g in st.zones.gained[player]):
                return best
        ret = next((a for a in legal if a["type"] == "return_waste"), None)
        if ret is not None and not st.acted:
            hand = [cn[c] for c in st.zones.hands[player]]
            if hand.count(WASTE) >= 2:
                return ret
        return end if end is not None else legal[-1]

    def turn(self, st: TrainsState) -> Any:  # type: ignore[override]
        return st.turn

    # ---- what to search --------------------------------------------------------------
    def endgame_for(self, view: dict[str, Any]) -> Endgame:
        """The level's ``Endgame`` for this game's cards (``ENDGAMES_RISING_SUN``)."""
        if self.rising_sun is not None and view.get("sets", TRAINS) != TRAINS:
            return self.rising_sun
        return self.endgame

    def near_end(self, view: dict[str, Any]) -> bool:
        """Whether the game may end soon (rulebook "Winning the Game": a player with few rails
        left, piles nearly empty, few station tokens); how soon is the level's ``Endgame``."""
        e = self.endgame_for(view)
        empty = sum(1 for s in view["supply"] if s["count"] == 0 and s["name"] != WASTE)
        low = sum(1 for s in view["supply"] if s["name"] != WASTE and 0 < s["count"] <= e.low_pile)
        return (min(p["rails_left"] for p in view["players"]) <= e.rails or empty >= 3
                or (empty >= 2 and empty + low >= 4) or view["station_tokens"] <= e.stations)

    def budget_for(self, budget: Budget, view: dict[str, Any]) -> Budget:
        """Near the end the rollouts go on through every player's next turns (the game's end, a
        tie broken by rails, is seen by the search itself), with fewer, longer rollouts (fewer
        still with more players). It also sets who plays this decision's rollouts
        (``rule_rollouts``: the rule player near the end when the level's ``Endgame`` says so,
        else the fast policy); ``SearchBot.begin`` asks it before every search."""
        self.rule_rollouts = False
        if not self.near_end(view):
            return budget
        n = len(view["players"])
        e = self.endgame_for(view)
        self.rule_rollouts = e.rule_rollouts
        # a rollout through every player's turns costs about n times a 2-player one: fewer of them
        # keep the time per decision about that of 2 players (docs/bots.md, budgets)
        return replace(budget, horizon=max(budget.horizon, e.rounds * n + 1),
                       iterations=max(24, int(budget.iterations * e.iterations * 2 / max(2, n))))

    def search_here(self, view: dict[str, Any], legal: list[Action]) -> bool:
        """The buying decision (after the Easy bot would have played its cards) is searched, and
        near the end every decision of the turn (which card to play, or to stop: laying one's
        last rail ends the game); card effects' choices and the starting rail are the rule bot's."""
        if view.get("pending") or view["phase"] != "play":
            return False
        if self.near_end(view):
            return True
        if not any(a["type"] == "buy" for a in legal):
            return False
        names = {c["id"]: c["name"] for c in view["hand"]}
        return not any(
            a["type"] == "play" and not a.get("decline") and names.get(a["card"]) not in CONDITIONAL_PLAYS
            for a in legal
        )

    def candidates(self, view: dict[str, Any], seat: int, legal: list[Action]) -> list[Action]:
        """Every card that may be bought (once: not also onto the deck), and ending the turn; near
        the end also playing each card in hand (its effect applied), returning the Waste, a Route
        Bonus ability."""
        if self.near_end(view):
            seen: set[str] = set()
            names = {c["id"]: c["name"] for c in view["hand"]}
            out = []
            for a in legal:
                t = a["type"]
                if t == "play":
                    name = names.get(a["card"], "")
                    if a.get("decline") or name in seen:
                        continue
                    seen.add(name)
                    out.append(a)
                elif (t == "buy" and not a.get("to_deck")) or t in ("end_turn", "return_waste", "use_route"):
                    out.append(a)
            return out
        return [a for a in legal if (a["type"] == "buy" and not a.get("to_deck")) or a["type"] == "end_turn"]


LEVELS = {
    # CPython iterations standing for the browser budgets (Pyodide about 2x slower): docs/bots.md
    "normal": Level("normal", "flat", Budget(iterations=120, samples=6, horizon=1, prior_bonus=0.05)),
    # The tree search (ISMCTS, 300 iterations, 10 samples, 3 turns) lost 14 of 20 games to Normal
    # (docs/bots.md): Hard is the flat search with more samples, seeing the end sooner and
    # further (ENDGAMES).
    "hard": Level("hard", "flat", Budget(iterations=400, samples=16, horizon=1, prior_bonus=0.05)),
}
ENDGAMES = {
    "normal": Endgame(),
    # Hard sees the end coming from early on (15 rails, 10 station tokens, piles of 6: about a
    # tenth into the game, so every later turn is searched whole) and looks further (three turns
    # of every player), its rollouts played by the rule player (docs/bots.md, Trains, stop 29)
    "hard": Endgame(rails=15, stations=10, low_pile=6, rounds=3, iterations=0.5, rule_rollouts=True),
}
ENDGAMES_RISING_SUN = {
    # With Rising Sun's cards, Normal's buy search and late whole-turn search were level with the
    # Easy bot (48.1% of 400 on Chiba); Hard's way of searching at Normal's budget won 60.75% of 400
    # paired games (docs/bots.md, Trains). With the Trains box's cards Normal is kept as it
    # is, 66% against Easy, and Hard's edge over it comes from this very way of searching.
    "normal": ENDGAMES["hard"],
}


def make_level_bot(level: str) -> Any:
    """``factory(seat, seed)`` for a search level, with the Easy bot for unsearched decisions."""
    from ..core.search import SearchBot

    def factory(seat: int, seed: int) -> SearchBot:
        return SearchBot(seat, seed, TrainsAdapter(seat, ENDGAMES[level], ENDGAMES_RISING_SUN.get(level)),
                         LEVELS[level], PlanBot(seat, seed))

    return factory
