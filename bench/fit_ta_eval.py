"""TransAmerica: an evaluation learned from self-play (issue 33), offline. Two steps:

    PYTHONPATH=py python3 bench/fit_ta_eval.py generate --games 400 --players 2 --seed 500000 --out /tmp/ta.jsonl
    python3 bench/fit_ta_eval.py fit /tmp/ta.jsonl [--write]

``generate`` plays seeded games of the Easy bot (exact Steiner plans) with randomness for coverage
(each build decision a random legal action with probability ``--epsilon``, each starting marker a
random crossing with probability ``--marker-epsilon``) and, at the start of every ``--every``-th
building turn, records each player's ``sampling.features`` (computed from the true hands, as the
search computes them from a sample's), his score, and, when known, the points he lost when that
round ended and the game's winners: one JSON line per position.

``fit`` (numpy, a pinned dev dependency; never part of the build) splits the games (every third
held out) and fits (1) the round loss per player: least squares on the features; (2) the game's
winner: a softmax over players of ``win_score * score - win_loss * predicted loss``, by maximum
likelihood (Newton); (3) ``--model direct``: the winner as a softmax of weights on the score and
every feature. It prints, on the held-out games, the loss's mean absolute error and the winners' mean
log likelihood for the evaluation in use (``TransAmericaAdapter.evaluate``: a softmax of ``(score -
(need - least need)) / 3``) and for the fitted one; ``--write`` writes the weights to
``py/railtable/transamerica/eval_weights.json`` (used by ``sampling.LearnedAdapter``).
Results: docs/bots.md, TransAmerica.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from railtable.core import Rng  # noqa: E402
from railtable.core.registry import get_game  # noqa: E402
from railtable.core.simulate import default_config  # noqa: E402
from railtable.transamerica import sampling  # noqa: E402
from railtable.transamerica.state import PHASE_BUILD  # noqa: E402

WEIGHTS = ROOT / "py" / "railtable" / "transamerica" / "eval_weights.json"


def play(game: int, players: int, seed: int, epsilon: float, marker_epsilon: float, every: int) -> list[dict[str, Any]]:
    """One self-play game's recorded positions (module docstring)."""
    info = get_game("transamerica")
    st = info.setup(default_config("transamerica", players, None), seed + game)
    bots = [info.make_bot("easy", s, (seed + game) * 31 + s) for s in range(players)]
    rng = Rng(seed * 7919 + game)
    adapter = sampling.TransAmericaAdapter()
    rows: list[dict[str, Any]] = []
    turns = 0
    while not st.is_over():
        p = st.to_act()[0]
        if st.phase == PHASE_BUILD and st.singles + st.doubles == 0:
            turns += 1
            if turns % every == 0:
                st.__dict__.pop("_search_base", None)
                rows.append({"g": game, "n": players, "round": st.round, "f": sampling.features(adapter, st),
                             "scores": list(st.scores)})
                st.__dict__.pop("_search_base", None)
        legal = st.legal_actions(p)
        view = st.view(p)
        action = bots[p].choose(view, legal)
        eps = marker_epsilon if st.phase != PHASE_BUILD else epsilon
        if len(legal) > 1 and rng.randbelow(1000) < eps * 1000:
            action = rng.choice(legal)
        st.apply(action)
    result = st.result() or {}
    by_round = {r["round"]: r["missing"] for r in st.rounds}
    for row in rows:
        row["loss"] = by_round[row["round"]]
        row["winners"] = result["winners"]
    return rows


def generate(args: argparse.Namespace) -> None:
    start = time.process_time()
    count = 0
    with open(args.out, "a", encoding="utf-8") as out:
        for g in range(args.first, args.first + args.games):
            for row in play(g, args.players, args.seed, args.epsilon, args.marker_epsilon, args.every):
                out.write(json.dumps(row) + "\n")
                count += 1
            out.flush()
            print(f"game {g}: {count} positions, {time.process_time() - start:.0f} CPU s", file=sys.stderr, flush=True)


def current_eval_loglik(rows: list[dict[str, Any]]) -> float:
    """Mean log likelihood of the real winners under the evaluation in use (softmax of
    ``(score - behind) / 3``; a tie shares the likelihood)."""
    i_need = sampling.FEATURES.index("need")
    total = 0.0
    for r in rows:
        need = [f[i_need] for f in r["f"]]
        low = min(need)
        logits = [(s - (d - low)) / sampling.TEMPERATURE for s, d in zip(r["scores"], need, strict=True)]
        total += _loglik(logits, r["winners"])
    return total / len(rows)


def _loglik(logits: list[float], winners: list[int]) -> float:
    top = max(logits)
    z = math.log(sum(math.exp(v - top) for v in logits)) + top
    return sum(logits[w] - z for w in winners) / len(winners)


def fit(args: argparse.Namespace) -> None:
    import numpy as np

    rows = [json.loads(line) for line in open(args.data, encoding="utf-8")]
    if args.players:
        rows = [r for r in rows if r["n"] in args.players]
    train = [r for r in rows if r["g"] % 3 != 0]
    test = [r for r in rows if r["g"] % 3 == 0]
    print(f"{len(rows)} positions from {len({r['g'] for r in rows})} games; "
          f"{len(train)} fitted, {len(test)} held out (every third game)")

    def design(rs: list[dict[str, Any]]) -> tuple[Any, Any]:
        x = np.array([f for r in rs for f in r["f"]], dtype=float)
        y = np.array([v for r in rs for v in r["loss"]], dtype=float)
        return x, y

    x, y = design(train)
    xt, yt = design(test)
    ridge = 1e-3 * np.eye(x.shape[1])
    w = np.linalg.solve(x.T @ x + ridge, x.T @ y)
    i_behind = sampling.FEATURES.index("behind")
    i_race = sampling.FEATURES.index("race_loss")
    pred = np.maximum(0.0, xt @ w)
    print("round loss, held out: mean absolute error "
          f"fitted {np.abs(pred - yt).mean():.3f}, 'need - least need' (in use) {np.abs(xt[:, i_behind] - yt).mean():.3f}, "
          f"race alone {np.abs(xt[:, i_race] - yt).mean():.3f}; mean loss {yt.mean():.3f}")
    print("loss weights: " + ", ".join(f"{n} {v:+.3f}" for n, v in zip(sampling.FEATURES, w, strict=True)))

    def groups(rs: list[dict[str, Any]], columns: Any) -> list[tuple[Any, Any]]:
        """Per player count: the design ``X`` (rows, players, columns) and the winners' weights."""
        out = []
        for n in sorted({r["n"] for r in rs}):
            sub = [r for r in rs if r["n"] == n]
            x = np.array([columns(r) for r in sub], dtype=float)
            wins = np.zeros((len(sub), n))
            for i, r in enumerate(sub):
                wins[i, r["winners"]] = 1 / len(r["winners"])
            out.append((x, wins))
        return out

    def loglik(theta: Any, data: list[tuple[Any, Any]]) -> float:
        total, rows = 0.0, 0
        for x, wins in data:
            z = x @ theta
            z = z - z.max(axis=1, keepdims=True)
            logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
            total += float((wins * logp).sum())
            rows += len(x)
        return total / rows

    def newton(data: list[tuple[Any, Any]], k: int, ridge: float = 1e-2) -> Any:
        """Maximum likelihood of the winners: a softmax over players of ``X theta`` (Newton)."""
        theta = np.zeros(k)
        for _ in range(50):
            grad = -ridge * theta
            hess = -ridge * np.eye(k)
            for x, wins in data:
                z = x @ theta
                z = z - z.max(axis=1, keepdims=True)
                pr = np.exp(z)
                pr /= pr.sum(axis=1, keepdims=True)
                grad += np.einsum("rn,rnk->k", wins - pr, x)
                mean = np.einsum("rn,rnk->rk", pr, x)
                hess -= np.einsum("rn,rnk,rnl->kl", pr, x, x) - np.einsum("rk,rl->kl", mean, mean)
            step = np.linalg.solve(hess, grad)
            theta = theta - step
            if np.abs(step).max() < 1e-8:
                break
        return theta

    def loss_columns(r: dict[str, Any]) -> list[list[float]]:
        f = np.array(r["f"], dtype=float)
        return [[s, -max(0.0, float(v))] for s, v in zip(r["scores"], f @ w, strict=True)]

    def direct_columns(r: dict[str, Any]) -> list[list[float]]:
        return [[float(s)] + list(f[:-1]) for s, f in zip(r["scores"], r["f"], strict=True)]  # no bias

    i_need = sampling.FEATURES.index("need")

    def in_use_columns(r: dict[str, Any]) -> list[list[float]]:
        low = min(f[i_need] for f in r["f"])
        return [[s - (f[i_need] - low)] for s, f in zip(r["scores"], r["f"], strict=True)]

    scale = newton(groups(train, in_use_columns), 1)
    held_scale = loglik(scale, groups(test, in_use_columns))
    theta = newton(groups(train, loss_columns), 2)
    held = loglik(theta, groups(test, loss_columns))
    direct = newton(groups(train, direct_columns), len(sampling.FEATURES))
    held_direct = loglik(direct, groups(test, direct_columns))
    print(f"winner, held out: mean log likelihood: in use {current_eval_loglik(test):.4f} (at its best "
          f"temperature {1 / scale[0]:.2f}: {held_scale:.4f}); "
          f"score and fitted loss {held:.4f} (win_score {theta[0]:.4f}, win_loss {theta[1]:.4f}); "
          f"score and every feature {held_direct:.4f}; a coin {np.mean([-math.log(r['n']) for r in test]):.4f}")
    print("direct weights: " + ", ".join(f"{n} {v:+.3f}" for n, v in
                                          zip(("score",) + sampling.FEATURES[:-1], direct, strict=True)))
    if args.model == "direct":
        weights = {"loss": [0.0] * len(sampling.FEATURES), "win_score": float(direct[0]), "win_loss": 0.0,
                   "win_features": [float(v) for v in direct[1:]] + [0.0]}
    else:
        weights = {"loss": [float(v) for v in w], "win_score": float(theta[0]), "win_loss": float(theta[1]),
                   "win_features": [0.0] * len(sampling.FEATURES)}
    if args.write:
        WEIGHTS.write_text(json.dumps({
            "features": list(sampling.FEATURES),
            "model": args.model,
            "players": sorted({r["n"] for r in train}),
            "loss": [round(v, 5) for v in weights["loss"]],
            "win_score": round(weights["win_score"], 5),
            "win_loss": round(weights["win_loss"], 5),
            "win_features": [round(v, 5) for v in weights["win_features"]],
            "fitted_on": f"{len(train)} positions of {len({r['g'] for r in train})} Easy self-play games "
                         f"(bench/fit_ta_eval.py, {args.data.name})",
        }, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {WEIGHTS}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    gen = sub.add_parser("generate")
    gen.add_argument("--games", type=int, default=100)
    gen.add_argument("--first", type=int, default=0, help="first game number (to extend a file)")
    gen.add_argument("--players", type=int, default=2)
    gen.add_argument("--seed", type=int, default=500000)
    gen.add_argument("--epsilon", type=float, default=0.1)
    gen.add_argument("--marker-epsilon", type=float, default=0.3)
    gen.add_argument("--every", type=int, default=2, help="record every k-th building turn")
    gen.add_argument("--out", type=Path, required=True)
    ft = sub.add_parser("fit")
    ft.add_argument("data", type=Path)
    ft.add_argument("--players", type=lambda s: [int(v) for v in s.split(",")], default=None)
    ft.add_argument("--write", action="store_true")
    ft.add_argument("--model", choices=("loss", "direct"), default="loss",
                    help="weights written: score and the fitted round loss, or score and every feature")
    args = parser.parse_args()
    generate(args) if args.command == "generate" else fit(args)


if __name__ == "__main__":
    main()
