"""What the worker imports before the lobby can start (issue 10: boot to Start enabled within
300 ms of the bare Pyodide page). Each module below cost tens of milliseconds in Pyodide on a
cold boot when the lobby imported it; the games' own modules are imported when a game starts.
The check runs in a fresh interpreter, so nothing a test imported earlier hides an import."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# The standard library modules the bare Pyodide boot does not import, and what replaced them.
NOT_AT_BOOT = {
    "html": "railtable_web.markup.escape (html imports html.entities: about 55 ms)",
    "html.entities": "railtable_web.markup.escape",
    "secrets": "os.urandom (secrets imports hmac and base64: about 11 ms)",
    "railtable.core.search": "imported when a bot searches (action_key lives in core.game)",
    "railtable.transamerica": "imported when a TransAmerica game starts",
    "railtable.trains": "imported when a Trains game starts",
    "railtable.stations": "imported when a Trains & Stations game starts",
}

LOBBY = """
import json, sys
sys.path[:0] = [{py!r}, {web!r}]
import railtable_web.bridge, railtable_web.app
from railtable_web import refusals
print(json.dumps({{"modules": sorted(sys.modules), "compiled": len(refusals._COMPILED)}}))
"""


def _lobby_imports() -> dict[str, object]:
    code = LOBBY.format(py=str(ROOT / "py"), web=str(ROOT / "web"))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def test_the_lobby_imports_none_of_what_the_boot_can_do_without() -> None:
    found = _lobby_imports()
    modules = set(found["modules"])  # type: ignore[arg-type]
    imported = {name: why for name, why in NOT_AT_BOOT.items() if name in modules}
    assert imported == {}
    assert found["compiled"] == 0  # the French refusals' patterns are compiled when first needed
