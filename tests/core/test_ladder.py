"""The ladder's games in several processes (issue 33 "Use every core"): the same seeds, the same results."""

from __future__ import annotations

import io

from railtable.core.ladder import _play_game, default_jobs, play_pair


def _outcome(report: dict) -> dict:
    keep = ("high", "low", "games", "high_win_share", "ci95", "fair_share", "mean_margin")
    decisions = {lv: t["decisions"] for lv, t in report["seconds_per_decision"].items()}
    return {**{k: report[k] for k in keep}, "decisions": decisions}


def test_two_processes_play_the_games_of_one() -> None:
    """A ladder split over 2 processes gives the same win share, margins, decisions and progress
    lines, in the same order, as one process (each game rebuilt from its own seed)."""
    lines: dict[int, str] = {}
    reports = {}
    for jobs in (1, 2):
        out = io.StringIO()
        reports[jobs] = play_pair("trains", 2, "normal", "easy", 4, 11, progress=out, jobs=jobs)
        lines[jobs] = out.getvalue()
    assert reports[2]["jobs"] == 2 and reports[1]["jobs"] == 1
    assert _outcome(reports[2]) == _outcome(reports[1])
    assert lines[2] == lines[1] and lines[1].count("\n") == 4
    assert reports[1]["mean_margin"] is not None


def test_a_game_is_fixed_by_its_index_and_seed() -> None:
    """Game g of a pair is the game of seed + g whatever was played before it in that process."""
    a = _play_game("transamerica", 2, "easy", "easy", 1, 5, None)
    _play_game("transamerica", 2, "easy", "easy", 0, 5, None)
    b = _play_game("transamerica", 2, "easy", "easy", 1, 5, None)
    assert (a["winners"], a["margin"], a["hot"]) == (b["winners"], b["margin"], b["hot"]) and a["hot"] == 1


def test_default_jobs_is_every_core() -> None:
    assert default_jobs() >= 1


def test_paired_games_deal_each_seed_once_per_seat() -> None:
    """``paired``: games 2k and 2k+1 are the deal of seed + k with the higher level in seat 1, then
    2; with the same level in both seats they are the very same game."""
    a = _play_game("transamerica", 2, "easy", "easy", 0, 7, None, paired=True)
    b = _play_game("transamerica", 2, "easy", "easy", 1, 7, None, paired=True)
    c = _play_game("transamerica", 2, "easy", "easy", 1, 7, None)
    assert (a["hot"], b["hot"]) == (0, 1)
    assert a["winners"] == b["winners"] and a["margin"] == -b["margin"]
    assert _play_game("transamerica", 2, "easy", "easy", 0, 8, None)["winners"] == c["winners"]


def test_a_stopped_ladder_continues_with_the_same_games() -> None:
    """``first`` plays games first..games-1 of the whole run: the same games, numbered as in the
    whole run (only the running share, counted from ``first``, differs), and a report over them."""
    whole, tail = io.StringIO(), io.StringIO()
    play_pair("trains", 2, "normal", "easy", 4, 11, progress=whole, jobs=1, paired=True)
    report = play_pair("trains", 2, "normal", "easy", 4, 11, progress=tail, jobs=1, paired=True, first=2)
    games = [line.rsplit(",", 1)[0] for line in whole.getvalue().splitlines()]
    assert [line.rsplit(",", 1)[0] for line in tail.getvalue().splitlines()] == games[2:]
    assert tail.getvalue().startswith("normal vs easy game 3/4:")
    assert report["games"] == 2 and report["first"] == 2


def test_first_outside_the_ladder_is_refused() -> None:
    """``--first`` counts the games already played: at or past ``--games`` nothing would be played."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for first in ("4", "-1"):
        out = subprocess.run([sys.executable, "-m", "railtable", "ladder", "--game", "trains", "--levels", "easy,normal",
                              "--games", "4", "--first", first], capture_output=True, text=True, cwd=root,
                             env={"PYTHONPATH": str(root / "py")}, timeout=120)
        assert out.returncode == 2 and "--first must be" in out.stderr
