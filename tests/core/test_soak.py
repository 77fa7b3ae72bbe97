"""The soak (issue 15 "Soak and tests"): seeded bot games of every system with the contract checked
as they go; it must find a broken contract, not only report zero errors."""

from __future__ import annotations

import json

import pytest
import toy_game  # noqa: F401  (registers the toy game)
from test_cli import cli

from railtable.core.soak import soak, soak_game


@pytest.mark.parametrize("game", ["transamerica", "trains", "stations"])
def test_a_few_games_of_each_system_pass(game: str) -> None:
    # easy and random seats keep this cheap; the searching levels play the same engine
    report = soak(game, 2, 40, kinds=["easy", "random"])
    assert report["errors"] == 0, report["first_errors"]
    assert report["games"] == 2 and report["average_actions"] > 10


def test_player_counts_and_rules_versions_cycle_with_the_seed() -> None:
    from railtable.core import Match

    seen = set()
    original = Match.__init__

    def spy(self, game_id, config, seed, seats=None):  # type: ignore[no-untyped-def]
        seen.add((len(config["players"]), config["rules"]))
        original(self, game_id, config, seed, seats)

    Match.__init__ = spy  # type: ignore[method-assign]
    try:
        for seed in range(6):
            soak_game("toy", seed)
    finally:
        Match.__init__ = original  # type: ignore[method-assign]
    assert {n for n, _ in seen} == {2, 3, 4}


def test_a_view_that_is_not_json_is_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(toy_game.ToyState, "view", lambda self, player: {"mine": {1, 2}})
    report = soak("toy", 3, 1)
    assert report["errors"] == 3 and "TypeError" in report["first_errors"][0]


def test_legal_actions_out_of_turn_are_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real = toy_game.ToyState.legal_actions
    monkeypatch.setattr(toy_game.ToyState, "legal_actions",
                        lambda self, p: real(self, p) or [{"type": "end", "player": p}])
    report = soak("toy", 2, 1)
    assert report["errors"] == 2 and "may not act" in report["first_errors"][0]


def test_soak_command_prints_errors_and_speed() -> None:
    out = cli("soak", "--game", "transamerica", "--games", "2", "--seed", "3",
              "--bots", "easy,random", "--json")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["errors"] == 0 and report["games_per_second"] > 0


def test_bots_option_draws_seats_from_the_named_kinds_only() -> None:
    from railtable.core import Match

    seen: set[str | None] = set()
    original = Match.__init__

    def spy(self, game_id, config, seed, seats=None):  # type: ignore[no-untyped-def]
        seen.update(seats or [])
        original(self, game_id, config, seed, seats)

    Match.__init__ = spy  # type: ignore[method-assign]
    try:
        for seed in range(6):
            soak_game("toy", seed, kinds=["random", "no-such-bot"])
    finally:
        Match.__init__ = original  # type: ignore[method-assign]
    assert seen == {"random"}


def test_a_time_budget_stops_starting_games() -> None:
    report = soak("toy", 1000, 1, seconds=0)
    assert report["games"] == 0 and report["errors"] == 0
