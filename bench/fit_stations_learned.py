"""Trains & Stations: an evaluation learned from self-play (issue 33); a development step, never part of
the build or CI.

Run::

    PYTHONPATH=py nice -n 19 python3 bench/fit_stations_learned.py generate --games 4000 --players 3,5 \\
        --explore 0.1 --seed 150000 --out /tmp/stations.jsonl      # appends, one game a line
    python3 bench/fit_stations_learned.py fit /tmp/stations.jsonl [--stage] [--write]

``generate`` plays seeded games of ``--bots`` (Easy by default: the search's rollouts play Easy, so the
positions a search evaluates are those of Easy play), each decision with two or more legal actions a
random legal one with probability ``--explore`` (coverage of play the bots would not choose), and at
every turn boundary (the state the search evaluates) records each player's ``sampling.features`` and
points so far; at the end the winners.

``fit`` (numpy, a pinned dev dependency) fits a conditional logit: each player's share of the win is a
softmax over the players of ``(points now + w . features [+ v . features x left]) / T``, the weights
and temperature maximising the real winners' likelihood (Newton's method). The features the same for
every player (``left``, ``one``) drop out of a softmax. A feature whose weight comes out negative is
held at 0 and the rest refitted (a search exploits a negative weight fitted to a correlation: see the
weights in use, ``sampling.WEIGHTS``). Every third game is held out: the report compares the winners'
mean log likelihood there for the evaluation in use and the fitted one, per player count. ``--write``
saves ``stations/eval_weights.json`` for ``stations.learned``.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from fit_stations_eval import explore_step  # noqa: E402
from railtable.core.registry import get_game  # noqa: E402
from railtable.core.simulate import default_config  # noqa: E402
from railtable.stations import sampling  # noqa: E402
from railtable.stations.state import StationsState  # noqa: E402

LEFT = sampling.FEATURES.index("left")
SAME_FOR_ALL = ("left", "one")


def record(players: int, seed: int, level: str, explore: float) -> dict[str, Any]:
    """One seeded game: per turn boundary each player's features and points now; the winners."""
    info = get_game("stations")
    state = info.setup(default_config("stations", players, None), seed)
    assert isinstance(state, StationsState)
    bots = [info.make_bot(level, seat, seed * 7 + seat) for seat in range(players)]
    wander = random.Random(seed * 31 + 5)  # the bench's own draws: never the game's Rng
    snaps: list[list[Any]] = []
    turn = state.turn_number
    while not state.is_over():
        if state.turn_number != turn and state.phase == "gather":
            turn = state.turn_number
            snaps.append([[[round(x, 4) for x in row] for row in sampling.features(state)], sampling.points_now(state)])
        explore_step(state, bots, wander, explore)
    final = state.result() or {}
    return {"players": players, "seed": seed, "winners": list(final["winners"]),
            "scores": list(final["scores"]), "snaps": snaps}


def generate(args: argparse.Namespace) -> None:
    counts = [int(x) for x in args.players.split(",")]
    out = Path(args.out)
    done = sum(1 for _ in out.open()) if out.exists() else 0
    with out.open("a") as fh:
        for g in range(done, args.games):
            fh.write(json.dumps(record(counts[g % len(counts)], args.seed + g, args.bots, args.explore)) + "\n")
            if g % 100 == 99:
                fh.flush()
                print(f"game {g + 1}/{args.games}", file=sys.stderr, flush=True)


def load(path: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in Path(path).open() if line.strip()]


def design(games: list[dict[str, Any]], keep: list[int], stage: list[int]) -> list[tuple[Any, Any, list[int], float]]:
    """Per position: the players' rows [points now, kept features..., staged features x left], the
    winners, and the share of the VP stack left."""
    import numpy as np

    out = []
    for game in games:
        for feats, now in game["snaps"]:
            left = feats[0][LEFT]
            rows = [[now[q]] + [f[i] for i in keep] + [f[i] * left for i in stage] for q, f in enumerate(feats)]
            out.append((np.array(rows, dtype=float), game["winners"], left))
    return out


def logit(data: list[tuple[Any, list[int], float]], free: list[int], k: int, iterations: int = 40,
          ridge: float = 1e-3) -> Any:
    """Conditional logit by Newton's method on the columns ``free`` (the others held at 0); column 0
    is points now, whose coefficient is 1 / temperature."""
    import numpy as np

    beta = np.zeros(k)
    beta[0] = 0.2
    cols = np.array(free)
    # group the positions by player count: one stacked array per count
    groups: dict[int, tuple[Any, Any]] = {}
    for n in sorted({x.shape[0] for x, _w, _l in data}):
        xs = np.stack([x for x, _w, _l in data if x.shape[0] == n])
        won = np.zeros((len(xs), n))
        for i, (_x, winners, _l) in enumerate(d for d in data if d[0].shape[0] == n):
            won[i, winners] = 1.0 / len(winners)
        groups[n] = (xs[:, :, cols], won)
    b = beta[cols]
    for _ in range(iterations):
        grad = np.zeros(len(cols))
        hess = np.zeros((len(cols), len(cols)))
        for xs, won in groups.values():
            z = xs @ b
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            mean = np.einsum("sq,sqi->si", p, xs)
            grad += np.einsum("sq,sqi->i", won, xs) - mean.sum(axis=0)
            hess += np.einsum("sq,sqi,sqj->ij", p, xs, xs) - mean.T @ mean
        grad -= ridge * b
        hess += ridge * np.eye(len(cols))
        step = np.linalg.solve(hess, grad)
        b = b + step
        if np.abs(step).max() < 1e-8:
            break
    beta[cols] = b
    return beta


def loglik(data: list[tuple[Any, list[int], float]], beta: Any) -> float:
    """Mean log likelihood of the real winners."""
    import numpy as np

    total = 0.0
    for x, winners, _l in data:
        z = x @ beta
        z -= z.max()
        p = np.exp(z)
        p /= p.sum()
        total += math.log(max(float(p[winners].sum()), 1e-12))
    return total / max(1, len(data))


def fit(args: argparse.Namespace) -> None:
    import numpy as np

    games = load(args.data)
    names = list(sampling.FEATURES)
    keep = [i for i, n in enumerate(names) if n not in SAME_FOR_ALL]
    stage = [i for i in keep if names[i] in args.stage.split(",")] if args.stage else []
    cols = ["points_now"] + [names[i] for i in keep] + [names[i] + "*left" for i in stage]
    k = len(cols)
    train = design([g for i, g in enumerate(games) if i % 3 != 2], keep, stage)
    held = design([g for i, g in enumerate(games) if i % 3 == 2], keep, stage)
    free = list(range(k))
    while True:
        beta = logit(train, free, k)
        negative = [i for i in free if i > 0 and beta[i] < 0]
        if not negative:
            break
        worst = min(negative, key=lambda i: beta[i])
        print(f"  {cols[worst]}: {beta[worst]:.4f} < 0, held at 0", file=sys.stderr)
        free.remove(worst)
    t = 1.0 / beta[0]
    in_use = np.zeros(k)
    in_use[0] = 1.0 / sampling.TEMPERATURE
    for j, i in enumerate(keep):
        in_use[1 + j] = sampling.WEIGHTS[i] / sampling.TEMPERATURE
    positions = (sum(len(g["snaps"]) for i, g in enumerate(games) if i % 3 != 2), len(held))
    print(f"{len(games)} games, {positions[0]} positions fitted, {positions[1]} held out")
    print(f"{'feature':18s} {'in use':>8s} {'fitted':>8s}   (VP a unit; temperature {sampling.TEMPERATURE} in use, "
          f"{t:.3f} fitted)")
    for j, name in enumerate(cols[1:], start=1):
        old = in_use[j] * sampling.TEMPERATURE
        print(f"{name:18s} {old:8.3f} {beta[j] * t:8.3f}")
    # the weights in use at their best single temperature
    best_t = max([0.25 * i for i in range(4, 60)],
                 key=lambda tt: loglik(train, in_use * sampling.TEMPERATURE / tt))
    by_count: dict[int, list[Any]] = {}
    for d in held:
        by_count.setdefault(d[0].shape[0], []).append(d)
    for label, b in (("in use", in_use), (f"in use at {best_t}", in_use * sampling.TEMPERATURE / best_t),
                     ("fitted", beta)):
        per = "; ".join(f"{n} players {loglik(ds, b):.4f} ({len(ds)})" for n, ds in sorted(by_count.items()))
        print(f"held out, {label}: {loglik(held, b):.4f}; {per}")
    if args.write:
        out = Path(__file__).resolve().parent.parent / "py" / "railtable" / "stations" / "eval_weights.json"
        weights = {name: round(float(beta[j] * t), 4) for j, name in enumerate(cols[1:], start=1)}
        out.write_text(json.dumps({
            "source": "docs/sources.md#trains-stations (rules: Scoring, Public Knowledge); weights fitted to "
                      "self-play by bench/fit_stations_learned.py (docs/bots.md)",
            "weights": weights, "temperature": round(float(t), 4),
            "fitted_on": f"{len(games)} games ({args.data}), {positions[0]} positions fitted, {positions[1]} held out",
            "held_out_loglik": {"fitted": round(loglik(held, beta), 4), "in_use": round(loglik(held, in_use), 4)},
        }, indent=1) + "\n")
        print(f"wrote {out}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate")
    gen.add_argument("--games", type=int, default=4000)
    gen.add_argument("--players", default="3,5")
    gen.add_argument("--explore", type=float, default=0.1)
    gen.add_argument("--seed", type=int, default=150_000)
    gen.add_argument("--bots", default="easy")
    gen.add_argument("--out", required=True)
    fi = sub.add_parser("fit")
    fi.add_argument("data")
    fi.add_argument("--stage", default="", help="features also weighed times the share of the VP stack left")
    fi.add_argument("--write", action="store_true")
    args = ap.parse_args()
    generate(args) if args.command == "generate" else fit(args)


if __name__ == "__main__":
    main()
