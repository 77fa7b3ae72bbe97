"""The evaluation's fitting tool (``bench/fit_stations_eval.py``, issue 13): the ridge towards the
weights in use and the likelihood of the winners under Hard's temperature running with the VP stack."""

from __future__ import annotations

import math
from types import ModuleType

import bench_modules
from railtable.core.rng import Rng
from railtable.stations import sampling


def _bench() -> ModuleType:
    return bench_modules.load("fit_stations_eval")


def _rows(weights: list[float], count: int, seed: int) -> list[tuple[list[float], float, float]]:
    rng = Rng(seed)
    out = []
    for _ in range(count):
        f = [rng.randbelow(1000) / 100.0 for _ in weights]
        out.append((f, 0.0, sum(w * x for w, x in zip(weights, f, strict=True))))
    return out


def test_the_ridge_pulls_towards_its_centre() -> None:
    """``fit(..., centre=c)``: with little data and a strong ridge the weights stay near ``c``; with
    exact data and a weak ridge they are the data's own, whatever the centre."""
    bench = _bench()
    true = [1.0, 2.0, 0.5]
    centre = [3.0, -1.0, 0.0]
    rows = _rows(true, 200, 1)
    loose = bench.fit(rows, 1e-6, centre=centre)
    assert all(abs(a - b) < 1e-4 for a, b in zip(loose, true, strict=True))
    tight = bench.fit(rows[:3], 1e9, centre=centre)
    assert all(abs(a - b) < 1e-3 for a, b in zip(tight, centre, strict=True))
    dropped = bench.fit(rows, 1e-6, frozenset({1}), centre)
    assert dropped[1] == 0.0


def test_the_stage_likelihood_uses_the_temperature_of_the_vp_stack_left() -> None:
    """With start = end it is the fixed temperature's likelihood; otherwise each state is read at
    ``end + (start - end) * left``, as Hard's evaluation reads it."""
    bench = _bench()
    k = len(sampling.FEATURES)
    left = sampling.FEATURES.index("left")

    def state(lead: float, share_left: float) -> tuple[list[tuple[list[float], float, float]], list[int]]:
        f = [0.0] * k
        f[left] = share_left
        return [(list(f), lead, 0.0), (list(f), 0.0, 0.0)], [0]

    states = [state(4.0, 1.0), state(4.0, 0.0)]
    w = [0.0] * k
    _t, fixed = bench.best_temperature(states, w, [5.0])
    assert abs(bench.stage_likelihood(states, w, 5.0, 5.0) - fixed) < 1e-12
    want = (math.log(1 / (1 + math.exp(-4.0 / 8.0))) + math.log(1 / (1 + math.exp(-4.0 / 2.0)))) / 2
    assert abs(bench.stage_likelihood(states, w, 8.0, 2.0) - want) < 1e-12
