"""Trains: callgrind instructions per 4-player Easy game (the measure of docs/bots.md "Easy bot speed").

The games are those of ``bench/bench_trains.py`` (PriorityBot, a view for every decision, boards
alternating Tokyo/Osaka, kingdom random) of seeds 0-2. Callgrind runs the process twice, once
playing the three games once and once playing them twice: the difference is three games played
with warm caches, and the mean per game is printed. ``PYTHONHASHSEED=0``; the bytecode is compiled
first. Needs ``valgrind``. Run: python bench/callgrind_trains.py [passes_games=3]
"""

from __future__ import annotations

import compileall
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))


def play(passes: int, games: int) -> None:
    """Play seeds 0..games-1 ``passes`` times, as bench_trains plays 4-player Easy games."""
    from railtable.core.simulate import play_game
    from railtable.trains.bots import PriorityBot

    for _ in range(passes):
        for g in range(games):
            config = {"players": [f"B{i}" for i in range(4)], "board": ("tokyo", "osaka")[g % 2], "kingdom": "random"}
            play_game("trains", config, g, bots=[PriorityBot(i, g) for i in range(4)])


def instructions(passes: int, games: int) -> int:
    """Callgrind's total instructions of a process playing the games ``passes`` times."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(ROOT / "py"))
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        sys.executable, __file__, "--play", str(passes), str(games)],
                       check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        match = re.search(r"^(?:summary|totals): (\d+)", out.read_text(), re.M)
        assert match, "no total in the callgrind output"
        return int(match.group(1))


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--play":
        play(int(sys.argv[2]), int(sys.argv[3]))
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    compileall.compile_dir(str(ROOT / "py"), quiet=1)
    one, two = instructions(1, games), instructions(2, games)
    per_game = (two - one) / games
    print(f"1 pass {one:,}  2 passes {two:,}  warm: {per_game / 1e6:.1f}M instructions per game ({per_game:,.0f})")


if __name__ == "__main__":
    main()
