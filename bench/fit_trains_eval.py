"""Trains: fit an evaluation to the outcomes of bot games (issue 13; an offline measure, not used by a level).

Run: python bench/fit_trains_eval.py [games] [--players 2,4] [--seed S] [--bots normal] [--save F]
     python bench/fit_trains_eval.py --load F [--drop waste,...] [--only 0,2] [--with-normal] [--logit]

Plays seeded games and, at every turn boundary (the state a search evaluates: after a Clean
Up), records each player's :func:`features` (the cards of each kind he should still draw, by
when they are drawn: :func:`drawn`; his board potential) and points so far; at the end, his
final score. Prints the least-squares weights of the features for "final score less points so
far", relative to the other players at the same boundary (or, with ``--logit``, the weights and
temperature that maximise the real winners' likelihood), the fit's R² on held-out games (every
third game), and the softmax temperature that best predicts the winner (mean log likelihood on
the held-out games), for the evaluation in use (``sampling.TrainsAdapter.projected``) and the
fitted one. ``--with-normal`` adds the evaluation in use (less points now) as a feature.
Results: docs/bots.md, Trains.
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

from fit_stations_eval import explore_step, fit, r2, relative, solve, winners_loglik  # noqa: E402,F401
from railtable.core.registry import get_game  # noqa: E402
from railtable.core.simulate import default_config  # noqa: E402
from railtable.trains import sampling  # noqa: E402
from railtable.trains.learned import FEATURES, features  # noqa: E402
from railtable.trains.scoring import card_points, rail_points  # noqa: E402
from railtable.trains.state import TrainsState  # noqa: E402

Row = tuple[list[float], float, float]



def points_now(st: TrainsState) -> list[float]:
    return [float(st.vp_tokens[p] + rail_points(st, p) + card_points(st, p)) for p in range(st.num_players)]


def record(players: int, seed: int, level: str, options: dict[str, Any] | None = None,
           explore: float = 0.0) -> tuple[list[tuple[list[Row], list[float]]], list[int]]:
    """One seeded game of ``level`` bots; with ``explore`` > 0, each decision with two or more legal
    actions is a random one with that probability (coverage of play the bots would not choose)."""
    info = get_game("trains")
    state = info.setup(default_config("trains", players, options), seed)
    assert isinstance(state, TrainsState)
    bots = [info.make_bot(level, seat, seed * 7 + seat) for seat in range(players)]
    wander = random.Random(seed * 31 + 5)  # a bench's own draws: never the game's Rng
    adapter = sampling.TrainsAdapter()
    snaps = []
    turn = state.turn
    while not state.is_over():
        if state.turn != turn and state.phase == "play" and state.pending is None and not state.stack:
            turn = state.turn
            feats = [features(state, p) for p in range(players)]
            snaps.append((feats, points_now(state), adapter.projected(state)))
        explore_step(state, bots, wander, explore)
    final = state.result() or {}
    scores = final["scores"]
    out = [([(f[q], now[q], float(scores[q])) for q in range(players)], proj) for f, now, proj in snaps]
    return out, list(final["winners"])


def logit_fit(states: list[tuple[list[Row], list[int], list[float]]], iterations: int = 30,
              ridge: float = 1e-3) -> tuple[list[float], float]:
    """Weights and temperature maximising the likelihood of the real winners (conditional logit,
    by Newton's method): a player's logit is (points now + weights x features) / temperature."""
    k = len(states[0][0][0][0]) + 1
    data = [([[now] + list(f) for f, now, _fi in rows], winners) for rows, winners, _p in states]
    beta = [0.25] + [0.0] * (k - 1)
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for xs, winners in data:
            logits = [sum(b * x for b, x in zip(beta, row, strict=True)) for row in xs]
            top = max(logits)
            e = [math.exp(v - top) for v in logits]
            z = sum(e)
            p = [v / z for v in e]
            mean = [sum(p[q] * xs[q][i] for q in range(len(xs))) for i in range(k)]
            won = [sum(xs[q][i] for q in winners) / len(winners) for i in range(k)]
            for i in range(k):
                grad[i] += won[i] - mean[i]
                for j in range(k):
                    hess[i][j] += sum(p[q] * xs[q][i] * xs[q][j] for q in range(len(xs))) - mean[i] * mean[j]
        for i in range(k):
            grad[i] -= ridge * beta[i]
            hess[i][i] += ridge
        step = solve(hess, grad)
        beta = [b + d for b, d in zip(beta, step, strict=True)]
        if max(abs(d) for d in step) < 1e-7:
            break
    t = 1.0 / beta[0]
    return [b * t for b in beta[1:]], t


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("games", type=int, nargs="?", default=100)
    ap.add_argument("--players", default="2")
    ap.add_argument("--seed", type=int, default=80_000)
    ap.add_argument("--bots", default="normal")
    ap.add_argument("--drop", default="")
    ap.add_argument("--save", default="", help="write the recorded games to this JSON file")
    ap.add_argument("--load", default="", help="fit the games recorded in this JSON file (no play)")
    ap.add_argument("--with-normal", action="store_true")
    ap.add_argument("--logit", action="store_true", help="fit the winners' likelihood instead of least squares")
    ap.add_argument("--only", default="", help="feature indices to keep")
    ap.add_argument("--option", action="append", default=[], metavar="KEY=VALUE", help="a setup option (board=chiba)")
    ap.add_argument("--write", action="store_true", help="write trains/eval_weights.json (the fitted weights)")
    ap.add_argument("--explore", type=float, default=0.0, help="share of decisions played at random")
    args = ap.parse_args()
    fitset: list[tuple[list[Row], list[int], list[float]]] = []
    held: list[tuple[list[Row], list[int], list[float]]] = []
    counts = [int(x) for x in args.players.split(",")]
    games: list[tuple[list[tuple[list[Row], list[float]]], list[int]]] = []
    if args.load:
        games = json.loads(Path(args.load).read_text())
    else:
        for g in range(args.games):
            players = counts[g % len(counts)]
            options = dict(kv.split("=", 1) for kv in args.option)
            games.append(record(players, args.seed + g, args.bots, options, args.explore))
            print(f"game {g + 1}/{args.games}", file=sys.stderr, flush=True)
            if args.save and (g % 25 == 24 or g == args.games - 1):
                Path(args.save).write_text(json.dumps(games))
    for g, (snaps, winners) in enumerate(games):
        if args.with_normal:  # Normal's own projection less points now, as one more feature
            snaps = [([(f + [proj[q] - now], now, fi) for q, (f, now, fi) in enumerate(rows)], proj)
                     for rows, proj in snaps]
        if args.only:
            keep = [int(i) for i in args.only.split(",")]
            snaps = [([([f[i] for i in keep], now, fi) for f, now, fi in rows], proj) for rows, proj in snaps]
        (held if g % 3 == 2 else fitset).extend((rows, winners, proj) for rows, proj in snaps)
    names = list(FEATURES) + (["normal"] if args.with_normal else [])
    if args.only:
        names = [names[int(i)] for i in args.only.split(",")]
    drop = frozenset(names.index(x) for x in args.drop.split(",") if x)
    w = fit(relative([(r, wn) for r, wn, _p in fitset]), drop=drop)
    if args.logit:
        w, t_fit = logit_fit(fitset)
        print(f"conditional logit fit: temperature {t_fit:.3f}")
    print(f"{args.games} games ({args.players} players, {args.bots}): {len(fitset)} boundaries fitted, {len(held)} held out")
    for name, x in zip(names, w, strict=True):
        print(f"{name:12s} {x:8.4f}")
    rel_held = relative([(r, wn) for r, wn, _p in held])
    print(f"R² held out: fitted {r2(rel_held, w):.3f}")
    grid = [0.5 * i for i in range(1, 41)]
    best: dict[str, tuple[float, float]] = {}
    for label, proj_of in (
        ("in use (Normal)", lambda rows, p: p),
        ("fitted", lambda rows, p: [now + sum(a * b for a, b in zip(w, f, strict=True)) for f, now, _fi in rows]),
    ):
        fit_states = [(proj_of(r, p), wn) for r, wn, p in fitset]
        held_states = [(proj_of(r, p), wn) for r, wn, p in held]
        t = max(grid, key=lambda t: winners_loglik(fit_states, t))
        best[label] = (t, winners_loglik(held_states, t))
        print(f"{label}: best temperature {t}, held-out mean log likelihood {best[label][1]:.4f}, "
              f"at 4.0: {winners_loglik(held_states, 4.0):.4f}")
    if args.write:
        if args.with_normal or args.only or args.drop:
            raise SystemExit("--write takes the plain features only")
        out = Path(__file__).resolve().parent.parent / "py" / "railtable" / "trains" / "eval_weights.json"
        t_fit, ll = best["fitted"]
        out.write_text(json.dumps({
            "source": "docs/sources.md#trains (rules: Clean Up, Winning the Game); weights fitted to self-play "
                      "by bench/fit_trains_eval.py (docs/bots.md)",
            "features": list(FEATURES), "weights": [round(x, 4) for x in w], "temperature": t_fit,
            "fitted_on": f"{len(games)} games of {args.bots} bots, {args.players} players, options {args.option}, "
                         f"explore {args.explore}: {len(fitset)} positions fitted, {len(held)} held out",
            "held_out_loglik": {"fitted": round(ll, 4), "in_use": round(best["in use (Normal)"][1], 4)},
        }, indent=1) + "\n")
        print(f"wrote {out}")
    print("WEIGHTS = (" + ", ".join(f"{x:.4f}" for x in w) + ")")


if __name__ == "__main__":
    main()
