"""The soak (issue 15 "Soak and tests"): seeded bot games of every system with the contract checked
as they go; it must find a broken contract, not only report zero errors."""

from __future__ import annotations

import json

import pytest
import toy_game  # noqa: F401  (registers the toy game)
from test_cli import cli

from railtable.core.soak import SoakError, Unfinished, soak, soak_game


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

    def spy(self, game_id, config, seed, seats=None, *rest):  # type: ignore[no-untyped-def]
        seen.add((len(config["players"]), config["rules"]))
        original(self, game_id, config, seed, seats, *rest)

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

    def spy(self, game_id, config, seed, seats=None, *rest):  # type: ignore[no-untyped-def]
        seen.update(seats or [])
        original(self, game_id, config, seed, seats, *rest)

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


@pytest.mark.parametrize("game", ["transamerica", "trains", "stations"])
def test_each_game_has_a_scramble_of_what_a_seat_may_not_see(game: str) -> None:
    from railtable.core.soak import scrambler

    assert scrambler(game) is not None


def _leak(monkeypatch: pytest.MonkeyPatch, cls: type, what) -> None:  # type: ignore[no-untyped-def]
    real = cls.view
    monkeypatch.setattr(cls, "view", lambda self, player: {**real(self, player), "leak": what(self, player)})


def test_a_view_showing_another_trains_hand_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from railtable.trains.state import TrainsState

    _leak(monkeypatch, TrainsState, lambda s, p: [s.zones.names(h) for q, h in enumerate(s.zones.hands) if q != p])
    report = soak("trains", 2, 7, kinds=["easy"])
    assert report["errors"] == 2 and "shows hidden parts" in report["first_errors"][0]
    assert "'leak'" in report["first_errors"][0]


def test_a_view_showing_the_order_of_the_own_deck_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from railtable.trains.state import TrainsState

    _leak(monkeypatch, TrainsState, lambda s, p: s.zones.names(s.zones.decks[p]) if p is not None else [])
    assert soak("trains", 2, 7, kinds=["easy"])["errors"] == 2


def test_a_view_counting_the_others_goods_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from railtable.stations.state import StationsState

    _leak(monkeypatch, StationsState, lambda s, p: [sum(h.values()) for q, h in enumerate(s.hands) if q != p])
    report = soak("stations", 2, 7, kinds=["easy"])
    assert report["errors"] == 2 and "shows hidden parts" in report["first_errors"][0]


def test_a_view_showing_the_others_power_cards_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from railtable.stations.state import StationsState

    _leak(monkeypatch, StationsState, lambda s, p: [h for q, h in enumerate(s.power_hands) if q != p])
    assert soak("stations", 2, 7, kinds=["easy"])["errors"] == 2


def test_a_view_showing_other_cities_or_their_private_deal_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    from railtable.transamerica.state import TransAmericaState

    _leak(monkeypatch, TransAmericaState, lambda s, p: [h for q, h in enumerate(s.hands) if q != p])
    assert soak("transamerica", 2, 7, kinds=["easy"])["errors"] == 2
    monkeypatch.undo()
    real = TransAmericaState.log_events
    # everybody's private deal event, as seat 0 reads it
    monkeypatch.setattr(TransAmericaState, "log_events", lambda self, player, tail=None: real(self, 0, tail))
    report = soak("transamerica", 2, 7, kinds=["easy"])
    assert report["errors"] == 2 and "shows hidden parts" in report["first_errors"][0]


def test_weighted_kinds_and_setup_options_vary_with_the_seed() -> None:
    from railtable.core import Match
    from railtable.core.soak import parse_kinds

    assert parse_kinds("random:3,easy,normal:0.5") == [("random", 3.0), ("easy", 1.0), ("normal", 0.5)]
    seen: list[tuple[dict, list]] = []
    original = Match.__init__

    def spy(self, game_id, config, seed, seats=None, *rest):  # type: ignore[no-untyped-def]
        seen.append((dict(config), list(seats or [])))
        raise RuntimeError("stop")

    Match.__init__ = spy  # type: ignore[method-assign]
    try:
        for seed in range(60):
            with pytest.raises(RuntimeError):
                soak_game("trains", seed, kinds=[("random", 1.0), ("easy", 3.0), ("normal", 0.0)])
    finally:
        Match.__init__ = original  # type: ignore[method-assign]
    boards = {(c["board"], len(c["players"])) for c, _ in seen}
    assert {b for b, _ in boards} == {"tokyo", "osaka", "nagoya", "chiba", "kyushu"}
    assert all(n == 2 for b, n in boards if b in ("chiba", "kyushu")) and ("nagoya", 2) not in boards
    assert {c["sets"] for c, _ in seen} == {"trains", "rising_sun", "both"}
    assert {c["route_bonus"] for c, _ in seen} == {True, False}
    kinds = [k for _, seats in seen for k in seats]
    assert "normal" not in kinds and kinds.count("easy") > kinds.count("random") > 0


def test_a_random_only_table_that_never_ends_is_unfinished_not_an_error(monkeypatch: pytest.MonkeyPatch) -> None:
    """Trains & Stations, seed 100395, three random seats: reclaiming undoes the routes (rulebook
    "Step 1"), nobody scores, the VP stack never runs out; the soak stops it, checked, as unfinished.
    (It has not ended after 15,000 actions; stopped here after 600 to keep the test short.)"""
    monkeypatch.setattr("railtable.core.soak.RANDOM_TABLE_ACTIONS", 600)
    with pytest.raises(Unfinished):
        soak_game("stations", 100395, kinds=[("random", 1.0)])
    result = soak("stations", 1, 100395, kinds=[("random", 1.0)])
    assert (result["errors"], result["unfinished"]) == (0, 1)


def test_a_table_with_a_bot_that_plays_to_win_must_end() -> None:
    with pytest.raises(SoakError, match="did not end"):
        soak_game("stations", 100395, max_actions=50, kinds=[("easy", 1.0)])


def test_only_stations_random_tables_may_stop_unfinished(monkeypatch: pytest.MonkeyPatch) -> None:
    """A random-only TransAmerica or Trains table that does not end is an error (their random play
    ends: track only grows, and so on); only Trains & Stations is exempt."""
    monkeypatch.setattr("railtable.core.soak.RANDOM_TABLE_ACTIONS", 5)
    with pytest.raises(SoakError, match="did not end"):
        soak_game("trains", 3, max_actions=40, kinds=[("random", 1.0)])
