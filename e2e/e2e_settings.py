"""Settings the browser tests share, in a module of its own: a test that needs one imports it from
here, not from ``conftest`` (``tests/trains`` has a conftest of its own, and ``from conftest import``
would find whichever conftest was imported first)."""

from __future__ import annotations

import os
from pathlib import Path

SCREENSHOTS = Path(__file__).resolve().parent / "screenshots"
"""Where ``shot(page, name)`` saves ``<name>.png`` (gitignored)."""
BOOT_TIMEOUT_MS = int(os.environ.get("RAILTABLE_E2E_BOOT_MS", "60000"))
"""Pyodide boots in about 3 s cold here; generous for a busy 2-core machine (a machine shared by
many jobs may need more: ``RAILTABLE_E2E_BOOT_MS``)."""
ACTION_TIMEOUT_MS = 15_000
"""Default for every Playwright wait, click and navigation."""
