"""A match replays to the same state in the browser as on CPython (DEVELOPERS.md: "a replay in
the browser gives the same state as on CPython"; issue 2 §2: one seeded RNG in the state)."""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from railtable.core.simulate import default_config, play_game  # noqa: E402

GAMES = [("transamerica", 4, 3), ("trains", 3, 5), ("stations", 4, 9)]

FINGERPRINT_PY = """
import hashlib, json
from railtable.core.simulate import default_config, play_game
state, count = play_game({game!r}, default_config({game!r}, {players}), {seed})
[count, hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()]
"""


def fingerprint(game: str, players: int, seed: int) -> list[Any]:
    state, count = play_game(game, default_config(game, players), seed)
    return [count, hashlib.sha256(json.dumps(state.to_json(), sort_keys=True).encode()).hexdigest()]


@pytest.mark.parametrize("game, players, seed", GAMES)
def test_bot_game_ends_in_the_same_state_in_pyodide_and_cpython(
    page: Any, server: Any, wait_engine: Any, run_python: Any, game: str, players: int, seed: int
) -> None:
    page.goto(server.url)
    wait_engine(page)
    in_browser = run_python(page, FINGERPRINT_PY.format(game=game, players=players, seed=seed))
    assert list(in_browser) == fingerprint(game, players, seed)


def test_a_boot_from_the_memory_snapshot_replays_the_same_state(
    page: Any, context: Any, page_problems: Any, server: Any, wait_engine: Any, run_python: Any
) -> None:
    """The second boot restores the interpreter from the snapshot the first one kept
    (web/worker.js); seeded games still end as on CPython, and ``random`` is reseeded."""
    page.goto(server.url)
    wait_engine(page)
    page.wait_for_function("document.documentElement.dataset.snapshot === 'kept'", timeout=120_000, polling=100)
    first_random = run_python(page, "import random\nrandom.random()")
    page.close()
    warm = context.new_page()
    page_problems.attach_page(warm)
    warm.goto(server.url)
    wait_engine(warm)
    steps = warm.evaluate("window.railtableBoot")
    assert "snapshot" in steps, steps
    assert run_python(warm, "import random\nrandom.random()") != first_random
    for game, players, seed in GAMES:
        in_browser = run_python(warm, FINGERPRINT_PY.format(game=game, players=players, seed=seed))
        assert list(in_browser) == fingerprint(game, players, seed)


BYTECODE_PY = """
import importlib, importlib.util, sys, zipimport
magic = {}
for name, module in sorted(sys.modules.items()):
    if name.split('.')[0] in ('railtable', 'railtable_web') and getattr(module, '__file__', None):
        # zipimport names a module's file after what it loaded: its .pyc, or its .py when it compiled
        magic[name] = module.__file__.endswith('.pyc') and module.__loader__.get_data(
            module.__file__.removeprefix(module.__loader__.archive + '/'))[:4] == importlib.util.MAGIC_NUMBER
# A module not imported yet: the import takes the shipped bytecode, not its source
assert 'railtable.core.soak' not in sys.modules
soak = importlib.import_module('railtable.core.soak')
[magic, soak.__file__, isinstance(soak.__loader__, zipimport.zipimporter)]
"""


def test_the_engine_imports_the_bytecode_the_build_compiled(
    page: Any, server: Any, wait_engine: Any, run_python: Any
) -> None:
    """python.zip carries each module's bytecode, made by this very runtime (tools/bytecode.mjs):
    its magic number is the browser's Python's, so no import compiles from source (issue 10)."""
    page.goto(server.url)
    wait_engine(page)
    magic, soak_file, zipped = run_python(page, BYTECODE_PY)
    assert len(magic) > 15
    assert all(magic.values()), [name for name, ok in magic.items() if not ok]
    assert soak_file == "/home/pyodide/python.zip/railtable/core/soak.pyc" and zipped
