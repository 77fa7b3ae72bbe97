"""How much the hidden information is worth to Hard: Hard given the *true* hidden cards (a cheat no
level may use) against Normal, seated and seeded as ``railtable ladder`` seats them (issue 13,
docs/bots.md "What perfect information gives Hard").

A ceiling measurement, not a bot: the real bots decide from ``view(seat)`` only. Here the Hard bot
is the game's own Hard ``SearchBot``; only its adapter's ``sample`` is wrapped. The wrapper draws the
sample as usual (so the search's random numbers are those of the honest Hard), then replaces the
hidden parts with the real game's:
- TransAmerica: every player's city cards (its exact Steiner values computed again from them);
- Trains & Stations: every player's Goods and Power cards and the Power deck's order (the dice to
  come stay unknown: they are chance, not hidden information).

The games are the ladder's own (``core.ladder.play_pair``: game ``g`` has seed ``seed + g`` and
the oracle in seat ``g mod players``), so each can be compared with the honest Hard's game of the
same seed in a ``railtable ladder --levels normal,hard --progress`` log (the same line format).

Run: ``PYTHONPATH=py python3 bench/oracle_ladder.py --game transamerica --players 2 --games 80
--seed 24000`` (about 30 CPU s a game; Trains & Stations at 3 players about 20).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from railtable.core.ladder import play_pair  # noqa: E402
from railtable.core.registry import get_game  # noqa: E402


def _reveal_transamerica(adapter: Any, sample: Any, real: Any, seat: int) -> None:
    sample.hands = [list(h) for h in real.hands]
    if sample.pending_by is not None:  # whose cities were joined, now known
        n = sample.num_players
        sample.pending_by = next((p for p in range(n) if p != seat and sample.cities_connected(p)), seat)
    sample.__dict__.pop("_search_base", None)
    adapter._attach(sample)  # noqa: SLF001 (the exact values of the true hands)


def _reveal_stations(adapter: Any, sample: Any, real: Any, seat: int) -> None:
    sample.hands = [dict(h) for h in real.hands]
    sample.power_hands = [list(h) for h in real.power_hands]
    sample.power_deck = list(real.power_deck)


REVEAL = {"transamerica": _reveal_transamerica, "stations": _reveal_stations}


class Oracle:
    """Hard's bot with its samples' hidden parts taken from the real game ``real`` (the ladder's
    state object, changed in place as the game goes on)."""

    def __init__(self, bot: Any, game_id: str, real: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.real = real
        adapter = bot.adapter
        honest = adapter.sample
        reveal = REVEAL[game_id]

        def sample(view: dict[str, Any], seat: int, rng: Any) -> Any:
            st = honest(view, seat, rng)
            reveal(adapter, st, self.real, seat)
            return st

        adapter.sample = sample

    def choose(self, view: dict[str, Any], legal: list[Any]) -> Any:
        return self.bot.choose(view, legal)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(REVEAL), required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=24000)
    args = parser.parse_args()
    info = get_game(args.game)

    def seat_bot(level: str, seat: int, seed: int, state: Any) -> Any:
        bot = info.make_bot(level, seat, seed)
        return Oracle(bot, args.game, state) if level == "hard" else bot

    report = play_pair(args.game, args.players, "hard", "normal", args.games, args.seed,
                       progress=sys.stdout, seat_bot=seat_bot)
    low, high = report["ci95"]
    print(f"oracle Hard against Normal, {args.game}, {args.players} players, seeds {args.seed}-"
          f"{args.seed + args.games - 1}: {report['high_win_share']:.1%} of {args.games} "
          f"(95% {low:.1%}-{high:.1%}; fair share {report['fair_share']:.1%}); CPU seconds a decision "
          f"{report['seconds_per_decision']}")


if __name__ == "__main__":
    main()
