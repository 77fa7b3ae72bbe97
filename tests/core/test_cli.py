"""The command line (issue 2 §2): simulate and run."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "railtable", *args], capture_output=True, text=True,
                          cwd=ROOT, env={"PYTHONPATH": str(ROOT / "py")}, timeout=120)


def test_simulate_prints_speed_win_rates_and_length_as_json() -> None:
    out = cli("simulate", "--game", "transamerica", "--players", "3", "--games", "3", "--seed", "5", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["games"] == 3 and report["players"] == 3
    assert abs(sum(report["win_rates"]) - 1) < 1e-6
    assert report["games_per_second"] > 0 and report["average_actions"] > 10


def test_simulate_human_readable() -> None:
    out = cli("simulate", "--game", "transamerica", "--games", "1", "--seed", "1")
    assert out.returncode == 0, out.stderr
    assert "games/s" in out.stdout and "win rates" in out.stdout


def test_run_applies_actions_and_prints_the_state(tmp_path: Path) -> None:
    actions = [{"type": "place_marker", "player": 0, "at": [5, 5]}, {"type": "place_marker", "player": 1, "at": [9, 4]}]
    f = tmp_path / "a.json"
    f.write_text(json.dumps(actions))
    out = cli("run", "--game", "transamerica", "--players", "2", "--seed", "3", "--actions", str(f))
    assert out.returncode == 0, out.stderr
    state = json.loads(out.stdout)
    assert isinstance(state, dict)


def test_run_stops_at_the_first_illegal_action(tmp_path: Path) -> None:
    actions = [{"type": "place_marker", "player": 0, "at": [5, 5]}, {"type": "place_marker", "player": 1, "at": [5, 5]}]
    f = tmp_path / "a.json"
    f.write_text(json.dumps(actions))
    out = cli("run", "--game", "transamerica", "--players", "2", "--seed", "3", "--actions", str(f))
    assert out.returncode == 1
    assert out.stderr.startswith("action 2 is illegal:")


def test_unknown_game_is_a_clear_error() -> None:
    out = cli("simulate", "--game", "chess", "--games", "1")
    assert out.returncode == 2 and "unknown game 'chess'" in out.stderr


def test_ladder_plays_every_pair_with_seats_rotated() -> None:
    """Issue 13 "The ladder": each pair of levels, the higher one's win share with a 95% interval."""
    out = cli("ladder", "--game", "trains", "--players", "2", "--levels", "easy,normal", "--games", "2",
              "--seed", "3", "--json", "--progress")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    progress = out.stderr.splitlines()
    assert [line.split(":")[0] for line in progress] == ["normal vs easy game 1/2", "normal vs easy game 2/2"]
    (pair,) = report["pairs"]
    assert (pair["high"], pair["low"], pair["games"]) == ("normal", "easy", 2)
    low, high = pair["ci95"]
    assert 0 <= low <= pair["high_win_share"] <= high <= 1
    assert set(pair["seconds_per_decision"]) == {"easy", "normal"}


def test_simulate_takes_a_level_and_an_old_bot_name() -> None:
    for bot in ("easy", "priority"):
        out = cli("simulate", "--game", "trains", "--players", "2", "--games", "1", "--bot", bot, "--json")
        assert out.returncode == 0, out.stderr
    out = cli("ladder", "--game", "trains", "--levels", "easy,expert", "--games", "1")
    assert out.returncode == 2 and "expert" in out.stderr


def test_run_refuses_a_rules_version_the_game_cannot_play(tmp_path: Path) -> None:
    f = tmp_path / "a.json"
    f.write_text("[]")
    out = cli("run", "--game", "transamerica", "--seed", "3", "--rules", "99", "--actions", str(f))
    assert out.returncode == 2 and "rules version 99" in out.stderr
    out = cli("run", "--game", "transamerica", "--seed", "3", "--rules", "1", "--actions", str(f))
    assert out.returncode == 0, out.stderr


def test_load_summarises_a_save_or_says_what_is_wrong(tmp_path: Path) -> None:
    fixture = ROOT / "tests" / "fixtures" / "saves_rules1" / "trains_2p_tokyo_finished.json"
    out = cli("load", str(fixture))
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["game"] == "trains" and summary["rules"] == 1 and summary["is_over"]
    bad = tmp_path / "deep.json"
    bad.write_text("[" * 100_000 + "]" * 100_000)
    out = cli("load", str(bad))
    assert out.returncode == 1 and "nested more than 64 levels" in out.stderr


def test_an_option_the_game_does_not_know_is_refused_not_ignored() -> None:
    """``--option cards=rising_sun`` (Trains' option is ``sets``) once played the Trains box's cards
    without a word: a ladder measured another setup than the one asked for."""
    out = cli("ladder", "--game", "trains", "--players", "2", "--option", "cards=rising_sun",
              "--levels", "easy,normal", "--games", "1")
    assert out.returncode == 2 and "no option 'cards'" in out.stderr and "sets" in out.stderr
    ok = cli("simulate", "--game", "trains", "--option", "sets=rising_sun", "--option", "board=chiba",
             "--games", "1", "--json")
    assert ok.returncode == 0, ok.stderr
