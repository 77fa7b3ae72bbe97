"""Trains & Stations: fit the search bots' evaluation to the outcomes of bot games (issue 13).

Run: python bench/fit_stations_eval.py [games] [--players 3,4,5] [--seed S] [--bots easy]
[--save FILE | --load FILE] [--drop a,b] [--shrink S] [--stages]

``--save`` keeps the recorded games (JSON) and ``--load`` fits them again without replaying them
(games of Normal bots cost about 10 CPU seconds each, 3 players).

Plays seeded games (Easy bots by default: the search's rollouts play Easy), and at every turn
boundary (the state a search evaluates: the end of a turn) records each player's
``sampling.features`` and points so far; at the end, his final score. Prints:

* the least-squares weights of the features for "final score less points so far" (the
  evaluation's ``WEIGHTS``), with the fit's R² and that of the weights in use now;
* the softmax temperature that best predicts the winner from the projected scores (log
  likelihood over the recorded states), for the weights in use and the fitted ones.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from railtable.core.registry import get_game  # noqa: E402
from railtable.core.simulate import default_config  # noqa: E402
from railtable.stations import sampling  # noqa: E402
from railtable.stations.state import StationsState  # noqa: E402

Row = tuple[list[float], float, float]  # features, points now, final score


def record(players: int, seed: int, level: str) -> tuple[list[list[Row]], list[int]]:
    """One game: per turn boundary, each player's (features, points now, final score), and the winners."""
    info = get_game("stations")
    state = info.setup(default_config("stations", players, None), seed)
    assert isinstance(state, StationsState)
    bots = [info.make_bot(level, seat, seed * 7 + seat) for seat in range(players)]
    snaps: list[tuple[list[list[float]], list[float]]] = []
    turn = state.turn_number
    while not state.is_over():
        if state.turn_number != turn and state.phase == "gather":
            turn = state.turn_number
            snaps.append((sampling.features(state), sampling.points_now(state)))
        seat = state.to_act()[0]
        state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    final = state.result() or {}
    scores = final["scores"]
    out = [[(f[q], now[q], float(scores[q])) for q in range(players)] for f, now in snaps]
    return out, list(final["winners"])


def explore_step(state: Any, bots: list[Any], wander: Any, explore: float) -> None:
    """One move of a recorded self-play game: the seat's bot's, or with probability ``explore`` (a
    decision with two or more legal actions) a random legal one drawn by ``wander``, the bench's
    own ``random.Random`` (coverage of play the bots would not choose; never the game's Rng)."""
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    if explore and len(legal) > 1 and wander.random() < explore:
        state.apply(wander.choice(legal))
    else:
        state.apply(bots[seat].choose(state.view(seat), legal))


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (small dense systems)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        if abs(m[col][col]) < 1e-12:
            continue
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                for c in range(col, n + 1):
                    m[r][c] -= f * m[col][c]
    return [m[i][n] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(n)]


def relative(states: list[tuple[list[Row], list[int]]]) -> list[Row]:
    """Each state's rows less the state's mean (features and score gained): what tells the players
    apart, the only thing a softmax over them uses."""
    out: list[Row] = []
    for rows, _w in states:
        n = len(rows)
        k = len(rows[0][0])
        mf = [sum(r[0][i] for r in rows) / n for i in range(k)]
        my = sum(r[2] - r[1] for r in rows) / n
        out.extend(([r[0][i] - mf[i] for i in range(k)], 0.0, r[2] - r[1] - my) for r in rows)
    return out


def fit(rows: list[Row], ridge: float = 1.0, drop: frozenset[int] = frozenset(),
        centre: tuple[float, ...] | list[float] | None = None) -> list[float]:
    """Ridge least squares; the features in ``drop`` keep a weight of 0. With ``centre`` the ridge
    pulls the weights towards it instead of towards 0 (few games of slow bots: the weights fitted to
    many Easy games as the prior, moved only as far as the new games show)."""
    k = len(rows[0][0])
    keep = [i for i in range(k) if i not in drop]
    if drop:
        small = fit([([f[i] for i in keep], now, final) for f, now, final in rows], ridge,
                    centre=None if centre is None else [centre[i] for i in keep])
        out = [0.0] * k
        for i, w in zip(keep, small, strict=True):
            out[i] = w
        return out
    c = [0.0] * k if centre is None else list(centre)
    ata = [[0.0] * k for _ in range(k)]
    atb = [0.0] * k
    for f, now, final in rows:
        y = final - now - sum(a * b for a, b in zip(c, f, strict=True))
        for i in range(k):
            atb[i] += f[i] * y
            for j in range(k):
                ata[i][j] += f[i] * f[j]
    for i in range(k):
        ata[i][i] += ridge
    return [a + b for a, b in zip(solve(ata, atb), c, strict=True)]


def r2(rows: list[Row], w: tuple[float, ...] | list[float]) -> float:
    ys = [final - now for _f, now, final in rows]
    mean = sum(ys) / len(ys)
    tot = sum((y - mean) ** 2 for y in ys)
    res = sum((y - sum(a * b for a, b in zip(w, f, strict=True))) ** 2 for (f, _n, _fi), y in zip(rows, ys, strict=True))
    return 1 - res / tot


def best_temperature(states: list[tuple[list[Row], list[int]]], w: tuple[float, ...] | list[float],
                     grid: list[float] | None = None) -> tuple[float, float]:
    """The temperature with the highest mean log likelihood of the winners, and that likelihood."""
    projected = [([now + sum(a * b for a, b in zip(w, f, strict=True)) for f, now, _fi in rows], winners)
                 for rows, winners in states]
    best = (0.0, -math.inf)
    for t in grid or [0.5 * i for i in range(1, 41)]:
        ll = winners_loglik(projected, t)
        if ll > best[1]:
            best = (t, ll)
    return best


def winners_loglik(projected: list[tuple[list[float], list[int]]], t: float) -> float:
    """Mean log likelihood of the real winners when each player's win share is a softmax of his
    projected score at temperature ``t`` (as the search's evaluation turns scores into values)."""
    return sum(winner_logp(proj, winners, t) for proj, winners in projected) / max(1, len(projected))


def winner_logp(proj: list[float], winners: list[int], t: float) -> float:
    """Log of the real winners' share of a softmax of the projected scores at temperature ``t``."""
    top = max(proj)
    z = sum(math.exp((x - top) / t) for x in proj)
    p = sum(math.exp((proj[q] - top) / t) for q in winners) / z
    return math.log(max(p, 1e-12))


LEFT = sampling.FEATURES.index("left")


def stage_likelihood(states: list[tuple[list[Row], list[int]]], w: tuple[float, ...] | list[float],
                     start: float, end: float) -> float:
    """Mean log likelihood of the winners with the temperature running from ``start`` (the whole
    VP stack left) to ``end`` (none left), linear in the share of the stack left (a Hard evaluation
    screened on 2026-11-26 and not kept: docs/bots.md)."""
    ll = 0.0
    for rows, winners in states:
        proj = [now + sum(a * b for a, b in zip(w, f, strict=True)) for f, now, _fi in rows]
        ll += winner_logp(proj, winners, end + (start - end) * rows[0][0][LEFT])
    return ll / len(states)


def report_stages(games: list[tuple[list[list[Row]], list[int]]], w: tuple[float, ...] | list[float],
                  pair: tuple[float, float] = (8.0, 3.0)) -> None:
    """The best temperature per fifth of the VP stack, and the (start, end) pairs of a temperature
    linear in the stack judged 3-fold over games (each fold's pair chosen on the other two)."""
    every = [(snap, winners) for snaps, winners in games for snap in snaps]
    grid = [1.0, 2.0, 3.0, 4.0, 5.0, 5.5, 6.0, 7.0, 8.0, 10.0, 12.0]
    for lo in range(5):
        part = [x for x in every if lo / 5 <= x[0][0][0][LEFT] < (lo + 1) / 5 or (lo == 4 and x[0][0][0][LEFT] >= 1)]
        if part:
            t, ll = best_temperature(part, w, grid)
            print(f"VP stack left {lo * 20}-{lo * 20 + 20}%: {len(part)} states, best temperature {t} ({ll:.4f})")
    pairs = [(a, b) for a in (5.5, 6.0, 7.0, 8.0, 9.0, 10.0) for b in (2.0, 3.0, 4.0, 5.5)]
    folds = 3
    held_ll = {"fixed": 0.0, "chosen": 0.0}
    for k in range(folds):
        train = [(snap, wn) for g, (snaps, wn) in enumerate(games) if g % folds != k for snap in snaps]
        test = [(snap, wn) for g, (snaps, wn) in enumerate(games) if g % folds == k for snap in snaps]
        a, b = max(pairs, key=lambda p: stage_likelihood(train, w, *p))
        held_ll["chosen"] += stage_likelihood(test, w, a, b) / folds
        held_ll["fixed"] += stage_likelihood(test, w, sampling.TEMPERATURE, sampling.TEMPERATURE) / folds
        print(f"fold {k}: chosen (start, end) = ({a}, {b})")
    a, b = pair
    print(f"held out, 3-fold: fixed {sampling.TEMPERATURE}: {held_ll['fixed']:.4f}; (start, end) chosen on the "
          f"other folds: {held_ll['chosen']:.4f}; ({a}, {b}) on all games: {stage_likelihood(every, w, a, b):.4f}")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=200)
    ap.add_argument("--players", default="3")
    ap.add_argument("--seed", type=int, default=70_000)
    ap.add_argument("--bots", default="easy")
    ap.add_argument("--drop", default="", help="features kept at weight 0, comma-separated")
    ap.add_argument("--save", default="", help="write the recorded games to this JSON file")
    ap.add_argument("--load", default="", help="fit the games recorded in this JSON file (no replay)")
    ap.add_argument("--shrink", type=float, default=0.0,
                    help="ridge towards the weights in use with this strength (0: towards 0, strength 1)")
    ap.add_argument("--stages", action="store_true",
                    help="also the best temperature per fifth of the VP stack and the best (start, end) "
                         "pair of a temperature running with the stack (3-fold over games)")
    args = ap.parse_args()
    states: list[tuple[list[Row], list[int]]] = []
    held: list[tuple[list[Row], list[int]]] = []
    counts = [int(x) for x in args.players.split(",")]
    games: list[tuple[list[list[Row]], list[int]]] = []
    if args.load:
        games = [(snaps, winners) for snaps, winners in json.loads(Path(args.load).read_text())]
        args.games = len(games)
    else:
        for g in range(args.games):
            games.append(record(counts[g % len(counts)], args.seed + g, args.bots))
            if args.save:
                Path(args.save).write_text(json.dumps(games))
    for g, (snaps, winners) in enumerate(games):
        # every third game is held out: the weights are judged on games they were not fitted to
        (held if g % 3 == 2 else states).extend((snap, winners) for snap in snaps)
    in_use, temperature = sampling.WEIGHTS, sampling.TEMPERATURE
    rel = relative(states)
    drop = frozenset(sampling.FEATURES.index(x) for x in args.drop.split(",") if x)
    w = fit(rel, args.shrink, drop, in_use) if args.shrink else fit(rel, drop=drop)
    print(f"{args.games} games ({args.players} players, {'loaded from ' + args.load if args.load else args.bots + ' bots'}): {len(states)} turn boundaries "
          f"to fit, {len(held)} held out")
    print("feature          in use   fitted")
    for name, old, new in zip(sampling.FEATURES, in_use, w, strict=True):
        print(f"{name:15s} {old:7.3f} {new:8.3f}")
    rel_held = relative(held)
    print(f"R² of the score gained, relative to the state's mean, held-out games: in use "
          f"{r2(rel_held, in_use):.3f}, fitted {r2(rel_held, w):.3f}")
    for label, weights in (("in use", in_use), ("fitted", w)):
        t, _ll = best_temperature(states, weights)
        _t, ll_held = best_temperature(held, weights, [t])
        _t, ll_now = best_temperature(held, weights, [temperature])
        print(f"{label}: best temperature {t}; mean log likelihood of the winners in held-out games "
              f"{ll_held:.4f} (at the temperature in use, {temperature}: {ll_now:.4f})")
    print("WEIGHTS = (" + ", ".join(f"{x:.3f}" for x in w) + ")")
    if args.stages:
        report_stages(games, in_use)


if __name__ == "__main__":
    main()
