#!/usr/bin/env python3
"""Rasterize web/icons/railtable.svg into the PNG icons the manifest lists (192 and 512 px).

The PNGs are committed (the build never needs a browser); run this after changing the SVG:
``python3 tools/icons.py``. Uses Debian's Chromium through Playwright (tools/browser.py).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SVG = ROOT / "web" / "icons" / "railtable.svg"
SIZES = (192, 512)
sys.path.insert(0, str(ROOT / "tools"))

from browser import launch_options  # noqa: E402


def main() -> int:
    from playwright.sync_api import sync_playwright

    svg = SVG.read_text(encoding="utf-8")
    with sync_playwright() as pw:
        browser = pw.chromium.launch(**launch_options())
        try:
            for size in SIZES:
                page = browser.new_page(viewport={"width": size, "height": size})
                page.set_content(
                    "<html><body style='margin:0'>"
                    + svg.replace('width="512" height="512"', f'width="{size}" height="{size}"', 1)
                    + "</body></html>"
                )
                out = SVG.with_name(f"railtable-{size}.png")
                page.screenshot(path=str(out), clip={"x": 0, "y": 0, "width": size, "height": size})
                page.close()
                print(f"icons: {out.relative_to(ROOT)} ({out.stat().st_size} bytes)")
        finally:
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
