"""Debian's Chromium for browser tests and benchmarks (Playwright cannot
download browsers here, so it drives /usr/bin/chromium with these flags)."""

from __future__ import annotations

import os
from typing import Any

CHROMIUM = os.environ.get("RAILTABLE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def launch_options(**extra: Any) -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch`` (or ``launch_persistent_context``)."""
    if not os.path.exists(CHROMIUM):
        raise RuntimeError(f"{CHROMIUM} is missing: apt-get install -y chromium (tools/test.sh does it)")
    return {"executable_path": CHROMIUM, "headless": True, "args": list(CHROMIUM_ARGS), **extra}
