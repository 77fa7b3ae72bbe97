"""``run(coroutine)``: ``asyncio.run`` in a thread of its own.

Under pytest-xdist a worker process may run these tests after e2e tests that drive Playwright's
sync API, which keeps an event loop running in the main thread; ``asyncio.run`` refuses to start
inside it. A fresh thread has no loop."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")


def run(coroutine: Coroutine[Any, Any, T]) -> T:
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
