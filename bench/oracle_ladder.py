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

Game ``g`` has seed ``seed + g`` and the oracle in seat ``g mod players``, the bot seeds as the
ladder's, so each game can be compared with the honest Hard's game of the same seed in a
``railtable ladder --levels normal,hard --progress`` log (same line format).

Run: ``PYTHONPATH=py python3 bench/oracle_ladder.py --game transamerica --players 2 --games 80
--seed 24000`` (about 30 CPU s a game; Trains & Stations at 3 players about 20).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from railtable.core.ladder import wilson  # noqa: E402
from railtable.core.registry import get_game  # noqa: E402
from railtable.core.simulate import default_config  # noqa: E402


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
    """Hard's bot with its samples' hidden parts taken from ``self.real`` (set before each decision)."""

    def __init__(self, bot: Any, game_id: str) -> None:
        self.bot = bot
        self.real: Any = None
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
    config = default_config(args.game, args.players, None)
    wins = 0.0
    for g in range(args.games):
        game_seed = args.seed + g
        state = info.setup(config, game_seed)
        hot = g % args.players
        bots: list[Any] = []
        for seat in range(args.players):
            bot = info.make_bot("hard" if seat == hot else "normal", seat, game_seed * 31 + seat)
            bots.append(Oracle(bot, args.game) if seat == hot else bot)
        while not state.is_over():
            seat = state.to_act()[0]
            if seat == hot:
                bots[seat].real = state
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
        winners = (state.result() or {}).get("winners", [])
        if hot in winners:
            wins += 1 / len(winners)
        print(f"hard vs normal game {g + 1}/{args.games}: hard seat {hot + 1}, "
              f"winning seats {[w + 1 for w in winners]}, hard share so far {wins / (g + 1):.3f}", flush=True)
    low, high = wilson(wins, args.games)
    print(f"oracle Hard against Normal, {args.game}, {args.players} players, seeds {args.seed}-"
          f"{args.seed + args.games - 1}: {wins:g} of {args.games} = {wins / args.games:.1%} "
          f"(95% {low:.1%}-{high:.1%}; fair share {1 / args.players:.1%})")


if __name__ == "__main__":
    main()
