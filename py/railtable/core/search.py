"""Game-independent search for the Normal and Hard bots (issue 13 "Computer opponents worth playing").

A bot never sees the real state. It sees ``view(seat)`` and the legal actions; a game's
:class:`Adapter` *samples* full states consistent with that view (the hidden parts drawn at
random from what the seat cannot see) and the search plays on those samples only.

Two searches share one shape, step-able in slices so that a caller in a browser (main thread
or Web Worker) can yield between slices: ``search.step(n)`` runs at most ``n`` iterations and
says whether the budget is spent, ``search.best()`` is the action to play so far.

* :class:`FlatSearch` ("normal"): determinized flat Monte Carlo. It draws ``samples`` states
  from the view and, on each, plays every candidate action followed by a short rollout with
  the game's fast policy (common random numbers: every action meets the same samples and the
  same rollout seeds), then scores the end position with the game's evaluation. The best
  mean wins.
* :class:`TreeSearch` ("hard"): single-observer information-set MCTS (Cowling, Powley and
  Whitehouse, 2012). One tree over action sequences from the bot's own information set; each
  iteration takes the next of ``samples`` sampled states (drawn once), descends by UCB1 among the children legal in that sample
  (availability counts), adds one node, rolls out with the fast policy to a horizon and backs
  up the evaluation of every seat (each node is scored for the seat that acted there).

Every random choice comes from one :class:`~railtable.core.rng.Rng` given by the caller (the
bot derives it from its seed), so the same game with the same seeds and levels plays the same
moves. Budgets are iteration counts (deterministic); a time budget is a caller's choice.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from typing import Any, Protocol

from .game import Action, GameState, action_key
from .rng import Rng

View = dict[str, Any]


class Adapter(Protocol):
    """What a game gives the search (one per game, in ``<game>/sampling.py``)."""

    def sample(self, view: View, seat: int, rng: Rng) -> GameState:
        """A full state consistent with ``view`` (seat's own view); hidden parts drawn with ``rng``."""
        ...

    def policy(self, state: GameState, player: int, legal: list[Action], rng: Rng) -> Action:
        """The fast rollout policy: one of ``legal`` for ``player`` in the (sampled) full state."""
        ...

    def evaluate(self, state: GameState) -> list[float]:
        """Every seat's value of ``state`` in [0, 1] (about a chance to win; 1 for a sure win)."""
        ...

    def turn(self, state: GameState) -> Any:
        """Whose turn it is, as any value that changes when the turn passes (rollouts stop after
        it changed ``horizon`` times)."""
        ...

    def clone(self, state: GameState) -> GameState:
        """An independent copy of a sampled state."""
        ...


def fast_apply(state: GameState, action: Action) -> None:
    """Play an action known to be one of ``legal_actions``: skip the legality check."""
    state._play(action)


def rollout(adapter: Adapter, state: GameState, rng: Rng, horizon: int, max_steps: int) -> GameState:
    """Play the fast policy from ``state`` (in place) until the game ends, the turn has passed
    ``horizon`` times or ``max_steps`` actions were played; return ``state``."""
    steps = 0
    turn = adapter.turn(state)
    while not state.is_over() and steps < max_steps:
        now = adapter.turn(state)
        if now != turn:
            turn = now
            horizon -= 1
        if horizon <= 0:
            break
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        if not legal:
            break
        fast_apply(state, adapter.policy(state, player, legal, rng) if len(legal) > 1 else legal[0])
        steps += 1
    return state


def win_shares(projected: list[float], temperature: float) -> list[float]:
    """Each seat's share of the win from projected final scores: a softmax at ``temperature``
    points (a seat ``temperature`` points behind the leader weighs 1/e of it)."""
    top = max(projected)
    weights = [math.exp((x - top) / temperature) for x in projected]
    total = sum(weights)
    return [w / total for w in weights]


def terminal_values(state: GameState) -> list[float]:
    """1 for a winner (shared among tied winners), 0 for the others."""
    result = state.result() or {}
    winners = result.get("winners") or []
    return [1.0 / len(winners) if p in winners else 0.0 for p in range(state.num_players)]


def values_of(adapter: Adapter, state: GameState) -> list[float]:
    return terminal_values(state) if state.is_over() else adapter.evaluate(state)


@dataclass(frozen=True)
class Budget:
    """How much a level searches: iterations (rollouts), samples of the hidden state, horizon."""

    iterations: int
    samples: int = 8
    horizon: int = 1
    max_steps: int = 400
    exploration: float = 0.7
    prior_bonus: float = 0.0
    """Added to the mean value of the Easy bot's own choice: the search overrules the rule bot
    only when another action looks better by more than this (0: no prior)."""


class FlatSearch:
    """Determinized flat Monte Carlo over the candidate actions (module docstring)."""

    def __init__(self, adapter: Adapter, view: View, seat: int, candidates: list[Action], rng: Rng,
                 budget: Budget) -> None:
        self.adapter = adapter
        self.view = view
        self.seat = seat
        self.arms = list(candidates)
        self.budget = budget
        self.rng = rng
        self.sums = [0.0] * len(self.arms)
        self.counts = [0] * len(self.arms)
        self.done_iterations = 0
        per_sample = max(1, budget.iterations // max(1, len(self.arms)))
        self.samples = max(1, min(budget.samples, per_sample))
        self._sample: GameState | None = None
        self._sample_seed = 0
        self._next = (0, 0)  # (sample number, arm index)
        self.prior: int | None = None

    @property
    def total(self) -> int:
        return self.samples * len(self.arms)

    def step(self, n: int = 1) -> bool:
        """Run up to ``n`` rollouts; True when the budget is spent."""
        if len(self.arms) <= 1:
            return True
        for _ in range(n):
            s, a = self._next
            if s >= self.samples:
                return True
            if a == 0:
                self._sample = self.adapter.sample(self.view, self.seat, self.rng)
                self._sample_seed = self.rng.next_u64()
            assert self._sample is not None
            state = self.adapter.clone(self._sample) if a < len(self.arms) - 1 else self._sample
            fast_apply(state, self.arms[a])
            rollout(self.adapter, state, Rng(self._sample_seed), self.budget.horizon, self.budget.max_steps)
            self.sums[a] += values_of(self.adapter, state)[self.seat]
            self.counts[a] += 1
            self.done_iterations += 1
            self._next = (s + 1, 0) if a + 1 == len(self.arms) else (s, a + 1)
        return self._next[0] >= self.samples

    def part_result(self) -> dict[str, Any]:
        """What a helper sends back of its part of a root-parallel search (JSON): each arm's key,
        sum of values and count of rollouts."""
        return {"keys": [action_key(a) for a in self.arms], "sums": list(self.sums), "counts": list(self.counts)}

    def merge(self, part: dict[str, Any]) -> None:
        """Add a helper's part (``part_result``) to this search: per arm (by its key) the sums and
        counts add up, so the means are those of all the rollouts together; an arm the helper did
        not have, or one this search does not have, adds nothing. A malformed part changes nothing."""
        try:
            rows = list(zip(part["keys"], part["sums"], part["counts"], strict=True))
            index = {action_key(a): i for i, a in enumerate(self.arms)}
            adds = [(index[k], float(total), int(count)) for k, total, count in rows if k in index]
        except (KeyError, TypeError, ValueError):
            return
        if any(count < 0 or not math.isfinite(total) for _i, total, count in adds):
            return
        for i, total, count in adds:
            self.sums[i] += total
            self.counts[i] += count
            self.done_iterations += count

    def set_prior(self, action: Action) -> None:
        """Favour ``action`` (the Easy bot's choice) by ``budget.prior_bonus``."""
        key = action_key(action)
        self.prior = next((i for i, a in enumerate(self.arms) if action_key(a) == key), None)

    def scores(self) -> list[float]:
        out = [self.sums[i] / self.counts[i] if self.counts[i] else -1.0 for i in range(len(self.arms))]
        if self.prior is not None and self.counts[self.prior]:
            out[self.prior] += self.budget.prior_bonus
        return out

    def best(self) -> Action:
        scores = self.scores()
        return self.arms[max(range(len(self.arms)), key=lambda i: (scores[i], -i))]


class _Node:
    __slots__ = ("children", "visits", "total", "avail", "player")

    def __init__(self, player: int) -> None:
        self.children: dict[str, tuple[Action, _Node]] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0
        self.player = player  # the seat who chose the action leading here


class TreeSearch:
    """Single-observer information-set MCTS (module docstring)."""

    def __init__(self, adapter: Adapter, view: View, seat: int, candidates: list[Action], rng: Rng,
                 budget: Budget, prune: Callable[[GameState, int, list[Action]], list[Action]] | None = None) -> None:
        self.adapter = adapter
        self.view = view
        self.seat = seat
        self.root_actions = list(candidates)
        self.root_keys = {action_key(a) for a in candidates}
        self.budget = budget
        self.rng = rng
        self.prune = prune
        self.root = _Node(seat)
        self.done_iterations = 0
        self.pool: list[GameState] = []

    def step(self, n: int = 1) -> bool:
        if len(self.root_actions) <= 1:
            return True
        for _ in range(n):
            if self.done_iterations >= self.budget.iterations:
                return True
            self._iterate()
            self.done_iterations += 1
        return self.done_iterations >= self.budget.iterations

    def _legal(self, state: GameState, player: int, at_root: bool) -> list[Action]:
        if at_root:
            return self.root_actions
        legal = state.legal_actions(player)
        if self.prune is not None and len(legal) > 1:
            legal = self.prune(state, player, legal)
        return legal

    def _iterate(self) -> None:
        adapter = self.adapter
        # a pool of ``samples`` determinizations, each reused in turn (sampling can cost more
        # than an iteration: TransAmerica's exact Steiner values are computed per sample)
        if len(self.pool) < self.budget.samples:
            self.pool.append(adapter.sample(self.view, self.seat, self.rng))
        state = adapter.clone(self.pool[self.done_iterations % len(self.pool)])
        rng = Rng(self.rng.next_u64())
        node = self.root
        path = [node]
        horizon = self.budget.horizon
        turn = adapter.turn(state)
        c = self.budget.exploration
        at_root = True
        # selection and expansion
        while not state.is_over():
            now = adapter.turn(state)
            if now != turn:
                turn = now
                horizon -= 1
            if horizon <= 0:
                break
            player = state.to_act()[0]
            legal = self._legal(state, player, at_root)
            at_root = False
            if not legal:
                break
            keyed = [(action_key(a), a) for a in legal]
            untried = [(k, a) for k, a in keyed if k not in node.children]
            for k, _a in keyed:
                if k in node.children:
                    node.children[k][1].avail += 1
            if untried:
                if len(untried) == 1:
                    k, a = untried[0]
                else:
                    # the fast policy's choice first, then the others in a seeded random order
                    pick = adapter.policy(state, player, [a for _k, a in untried], rng)
                    k = action_key(pick)
                    a = pick
                child = _Node(player)
                child.avail = 1
                node.children[k] = (a, child)
                fast_apply(state, a)
                node = child
                path.append(node)
                break
            best_value = -math.inf
            best: tuple[Action, _Node] | None = None
            for k, _a in keyed:
                act, ch = node.children[k]
                value = ch.total / ch.visits + c * math.sqrt(math.log(max(1, ch.avail)) / ch.visits)
                if value > best_value:
                    best_value, best = value, (act, ch)
            assert best is not None
            fast_apply(state, best[0])
            node = best[1]
            path.append(node)
        # rollout to the horizon, then back up every seat's value
        if adapter.turn(state) != turn:
            horizon -= 1
        if horizon > 0 and not state.is_over():
            rollout(adapter, state, rng, horizon, self.budget.max_steps)
        values = values_of(adapter, state)
        for nd in path:
            nd.visits += 1
            nd.total += values[nd.player]

    def stats(self) -> list[tuple[Action, int, float]]:
        out = []
        for a in self.root_actions:
            entry = self.root.children.get(action_key(a))
            if entry is None:
                out.append((a, 0, 0.0))
            else:
                out.append((a, entry[1].visits, entry[1].total / max(1, entry[1].visits)))
        return out

    def best(self) -> Action:
        stats = self.stats()
        i = max(range(len(stats)), key=lambda j: (stats[j][1], stats[j][2], -j))
        return stats[i][0]


Search = FlatSearch | TreeSearch


def run(search: Search, seconds: float | None = None, slice_size: int = 8) -> Action:
    """Run a search to its budget (or for ``seconds``, whichever ends first) and return its choice."""
    start = time.perf_counter()
    while not search.step(slice_size):
        if seconds is not None and time.perf_counter() - start >= seconds:
            break
    return search.best()


@dataclass(frozen=True)
class Level:
    """A bot level: which search and how much of it (``None`` search: the Easy rule bot)."""

    name: str
    kind: str  # "flat" or "tree"
    budget: Budget


WAITING = "waiting"
"""Yielded by ``SearchBot.decide`` while its own part is done and the helpers' are not: a caller
in a browser sleeps a little instead of stepping again (``thinking.think``)."""


def part_seed(seed: int, part: int) -> int:
    """The seed of part ``part`` of a root-parallel search whose own seed is ``seed`` (part 0 is
    the search itself, seeded ``seed``): every part draws samples and rollouts of its own."""
    return (seed * 1_000_003 + part * 7_919) % (1 << 64) if part else seed


def run_part(make_bot: Callable[[str, int, int], Any], job: dict[str, Any], part: int) -> dict[str, Any] | None:
    """A helper's answer to one part of ``job`` (``SearchBot.part_job``): a bot of the job's level
    for its seat (``make_bot(level, seat, seed)``; its own seed is not used) runs the part."""
    bot = make_bot(str(job["level"]), int(job["seat"]), 0)
    return bot.search_part(job["view"], job["legal"], int(job["seed"]), part)  # type: ignore[no-any-return]


class SearchBot:
    """A Normal or Hard bot: decides by searching samples of its own view.

    ``easy`` is the game's Easy bot for the same seat: it answers decisions the adapter marks as
    not worth searching (``adapter.search_here(view, legal)`` false) and keeps its memory fresh.
    ``begin(view, legal)`` returns a step-able search (or None when the answer needs no search);
    ``choose`` runs it to its budget.
    """

    def __init__(self, seat: int, seed: int, adapter: Any, level: Level, easy: Any) -> None:
        self.seat = seat
        self.adapter = adapter
        self.level = level
        self.name = level.name
        self.easy = easy
        self.rng = Rng(seed * 2_654_435_761 + seat * 97 + 13)
        self.last: Search | None = None
        self._search_seed = 0
        self.spread: Callable[[dict[str, Any]], Any] | None = None
        """Root-parallel search (issue 33, "Use every core"): given a job (``part_job``), starts
        its parts elsewhere (the page's helper workers) and returns a handle with ``done()`` and
        ``results()`` (the parts' ``part_result`` dicts, in part order; None if they failed).
        None: the search runs alone, as on CPython."""
        self.parts = 1
        """How many searches one decision is: this one and ``parts - 1`` helpers, each with the
        same budget and its own samples (``part_seed``). The move depends on ``parts`` and the
        seeds only, never on timing: the bot waits for every part."""

    def begin(self, view: View, legal: list[Action]) -> Search | None:
        if len(legal) <= 1:
            return None
        if not self.adapter.search_here(view, legal):
            return None
        candidates = self.adapter.candidates(view, self.seat, legal)
        if len(candidates) <= 1:
            return None
        self._search_seed = self.rng.next_u64()
        rng = Rng(self._search_seed)
        budget = self._budget(view)
        if self.level.kind == "flat":
            flat = FlatSearch(self.adapter, view, self.seat, candidates, rng, budget)
            if budget.prior_bonus and self.easy is not None:
                flat.set_prior(self.easy.choose(view, legal))
            return flat
        return TreeSearch(self.adapter, view, self.seat, candidates, rng, budget,
                          prune=getattr(self.adapter, "prune", None))

    def _budget(self, view: View) -> Budget:
        budget = self.level.budget
        scale = getattr(self.adapter, "budget_for", None)
        return scale(budget, view) if scale is not None else budget

    def part_job(self, view: View, legal: list[Action]) -> dict[str, Any]:
        """The job a helper needs for the parts 1..parts-1 of the search ``begin`` just started:
        what this seat sees and may do, the level and the search's seed (JSON; no hidden state)."""
        return {"level": self.level.name, "seat": self.seat, "view": view, "legal": legal,
                "seed": self._search_seed, "parts": list(range(1, self.parts))}

    def search_part(self, view: View, legal: list[Action], seed: int, part: int) -> dict[str, Any] | None:
        """Part ``part`` of a root-parallel search, run to its budget here (in a helper): the same
        candidates and budget as ``begin`` (both read the view only), samples and rollouts of its
        own (``part_seed``), no prior. None when the decision is not searched."""
        if len(legal) <= 1 or self.level.kind != "flat" or not self.adapter.search_here(view, legal):
            return None
        candidates = self.adapter.candidates(view, self.seat, legal)
        if len(candidates) <= 1:
            return None
        flat = FlatSearch(self.adapter, view, self.seat, candidates, Rng(part_seed(seed, part)), self._budget(view))
        while not flat.step(64):
            pass
        return flat.part_result()

    def choose(self, view: View, legal: list[Action]) -> Action:
        steps = self.decide(view, legal)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                return done.value

    def decide(self, view: View, legal: list[Action], slice_size: int = 8) -> Generator[Search, None, Action]:
        """``choose`` in slices: yields the search after every ``slice_size`` iterations (a caller
        may answer other work in between, or stop), returns the action. Budgets are iteration
        counts, so the choice does not depend on how it is sliced (the page's worker uses this)."""
        search = self.begin(view, legal)
        self.last = search
        if search is None:
            if len(legal) == 1:
                self.easy_observe(view, legal)
                return legal[0]
            return self.easy.choose(view, legal)
        helpers = None
        if self.spread is not None and self.parts > 1 and isinstance(search, FlatSearch):
            helpers = self.spread(self.part_job(view, legal))
        while not search.step(slice_size):
            yield search
        if helpers is not None:
            while not helpers.done():
                yield WAITING
            for part in helpers.results() or []:
                search.merge(part)
        return search.best()

    def easy_observe(self, view: View, legal: list[Action]) -> None:
        """Let the Easy bot see a forced move too (some keep a plan per turn)."""
        observe = getattr(self.easy, "observe", None)
        if observe is not None:
            observe(view, legal)
