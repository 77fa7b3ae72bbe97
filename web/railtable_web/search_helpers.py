"""Bots' searches on several cores: helper workers beside the engine's (issue 33, "Use every core").

A Normal or Hard decision is a flat search (``core.search.FlatSearch``). Root-parallel: the engine
worker's bot searches its own part while each of ``k`` helper workers (``web/worker.js``, named
``helper-<i>``) searches part ``i`` of the same decision, with the same budget and samples of its
own, from the job the bot sends: the seat's own view, its legal actions, the level and the
search's seed (``SearchBot.part_job``: nothing the seat may not see). The parts' sums and counts
are added arm by arm (``FlatSearch.merge``). So a move takes about the time it took alone and
weighs ``k + 1`` times the samples. The move depends only on ``k`` and the seeds: the bot waits
for every part, whatever their timing (a helper that fails or is too late leaves the bot its own
part alone).

How many helpers (:func:`wanted`): none where the device reports 2 cores or fewer (the engine and
the page's main thread need theirs), else one per core beyond two, at most 3; a phone at most 1
(each helper is its own Pyodide: 30 MB of WebAssembly memory, up some seconds after it is asked
for; ``bench/helper_workers.py``).
The setting ``helpers`` ("0".."3") overrides the count (tests and benchmarks). Helpers start
when a table first needs a search (or a hint), after the page is drawn; until they are up, bots
search alone.

No DOM here, and nothing of this runs on CPython but :func:`wanted` and :func:`answer` (tests).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from railtable.core.registry import get_game

MAX_HELPERS = 3
"""At most this many helper workers, whatever the device reports."""

PHONE_HELPERS = 1
"""At most this many on a phone (memory, heat, battery)."""


def wanted(cores: int, phone: bool, setting: Any = None) -> int:
    """How many helper workers this device gets (module docstring)."""
    if isinstance(setting, str) and setting.isdigit():
        return min(MAX_HELPERS, int(setting))
    spare = max(0, int(cores or 0) - 2)
    return min(spare, PHONE_HELPERS if phone else MAX_HELPERS)


def answer(job_json: str, part: int) -> str:
    """In a helper worker: part ``part`` of the job (``SearchBot.part_job`` plus the game's id),
    run to its budget; its sums and counts as JSON (``null``: the decision is not searched)."""
    from railtable.core.search import run_part

    job = json.loads(job_json)
    info = get_game(str(job["game"]))
    return json.dumps(run_part(info.make_bot, job, int(part)), separators=(",", ":"))


class Pending:
    """The helpers' parts of one decision, on their way (what ``SearchBot.spread`` returns)."""

    def __init__(self, promise: Any) -> None:
        self._results: list[dict[str, Any]] | None = None
        self._task = asyncio.ensure_future(self._wait(promise))

    async def _wait(self, promise: Any) -> None:
        try:
            text = await promise
            parts = json.loads(str(text)) if text is not None else None
            if isinstance(parts, list):
                self._results = [p for p in parts if isinstance(p, dict)]
        except Exception:  # noqa: BLE001 - a failed helper leaves the bot its own part
            self._results = None

    def done(self) -> bool:
        return self._task.done()

    def results(self) -> list[dict[str, Any]] | None:
        return self._results


class Helpers:
    """The engine worker's helper workers, as Python sees them (``self.railtableHelpers`` in
    ``web/worker.js``): ``want(k)`` starts them, ``ready()`` counts those up, ``run(job, n)`` sends
    a job's parts 1..n to the first n and resolves to their answers (a JSON list) or null."""

    def __init__(self, pool: Any, count: int) -> None:
        self.pool = pool
        self.count = count
        self.asked = False

    def attach(self, bot: Any, game_id: str) -> None:
        """Let ``bot`` (a search bot) split its next decision with the helpers that are up."""
        if not hasattr(bot, "spread") or self.count <= 0:
            return
        if not self.asked:
            self.asked = True
            self.pool.want(self.count)
        ready = min(self.count, int(self.pool.ready()))
        if ready <= 0:
            return
        pool = self.pool

        def spread(job: dict[str, Any]) -> Pending:
            job = dict(job, game=game_id)
            return Pending(pool.run(json.dumps(job, separators=(",", ":")), len(job["parts"])))

        bot.spread = spread
        bot.parts = 1 + ready


_HELPERS: list[Helpers | None] = []


def helpers(settings: dict[str, Any] | Callable[[], dict[str, Any]]) -> Helpers | None:
    """This worker's helpers (made once; None outside a browser or where the device gets none).
    ``settings`` may be a function: it is then called only the first time."""
    if not _HELPERS:
        _HELPERS.append(_make(settings() if callable(settings) else settings))
    return _HELPERS[0]


def _make(settings: dict[str, Any]) -> Helpers | None:
    try:
        import js  # type: ignore[import-not-found]  # Pyodide, in the engine worker
    except ImportError:
        return None
    pool = getattr(js, "railtableHelpers", None)
    if pool is None:
        return None
    navigator = js.navigator
    agent = str(getattr(navigator, "userAgent", ""))
    data = getattr(navigator, "userAgentData", None)
    phone = bool(getattr(data, "mobile", False)) or "Mobi" in agent or "Android" in agent
    count = wanted(int(getattr(navigator, "hardwareConcurrency", 0) or 0), phone, settings.get("helpers"))
    return Helpers(pool, count) if count > 0 else None
