"""Command line: ``python -m railtable simulate|run ...``.

* ``simulate --game G [--players N] [--option K=V ...] [--bot KIND] --games N --seed S [--json]``
  plays N bot games and prints games per second, win rates and average length.
* ``ladder --game G [--players N] --levels easy,normal,hard --games K --seed S [--jobs J] [--paired] [--json] [--progress]``
  plays every pair of levels head to head (one seat of the higher level, seats rotated) and prints each
  pair's win share with a 95% interval, mean score margin, games per second and time per decision
  (issue 13); ``--jobs`` processes play games at once (default: every core), with the same results.
* ``run --game G [--players N] [--option K=V ...] --seed S --actions FILE``
  applies a JSON list of actions to a new seeded game and prints the final state
  as JSON, or prints the first illegal action's error and exits 1. ``--rules V`` plays under an
  older rules version the game still knows (default: the current one).
* ``load FILE`` reads a save as the page does (every field checked, then replayed) and prints a
  summary as JSON (game, rules version, actions, whose turn, result), or the save's error and exits 1.
* ``soak [--game G] --games N --seed S [--check-every K] [--bots K1:W1,K2:W2] [--minutes M] [--progress SECS] [--json]`` plays N seeded games of each
  system (or of G) with the checks of ``railtable.core.soak``; prints errors and games per second
  and exits 1 if any game broke the contract.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .core import IllegalActionError, Match, RailtableError, SaveError, get_game
from .core.registry import KNOWN_GAMES
from .core.simulate import default_config, simulate
from .core.soak import parse_kinds, soak


def _options(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        try:
            out[key] = json.loads(value)
        except ValueError:
            out[key] = value
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m railtable")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("simulate", "run", "ladder"):
        p = sub.add_parser(name)
        p.add_argument("--game", required=True)
        p.add_argument("--players", type=int, default=None)
        p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
        p.add_argument("--seed", type=int, default=1)
    sim = sub.choices["simulate"]
    sim.add_argument("--games", type=int, default=10)
    sim.add_argument("--bot", default=None, help="bot level for every seat: easy, normal or hard (default: the game's own)")
    sim.add_argument("--json", action="store_true")
    lad = sub.choices["ladder"]
    lad.add_argument("--levels", default="easy,normal,hard", help="levels, weakest first, comma-separated")
    lad.add_argument("--games", type=int, default=20, help="games per pair of levels")
    lad.add_argument("--json", action="store_true")
    lad.add_argument("--progress", action="store_true", help="a line per finished game on stderr")
    lad.add_argument("--jobs", type=int, default=None,
                     help="processes playing games at once (default: every core); the same results as 1")
    lad.add_argument("--paired", action="store_true",
                     help="play each seed once with the higher level in every seat (seed + g // players)")
    lad.add_argument("--first", type=int, default=0,
                     help="skip the games already played, counted from 0: after the progress line 'game 277/400', "
                          "--first 277 plays game 278 on (the same games as a whole run)")
    run = sub.choices["run"]
    run.add_argument("--actions", required=True, help="a JSON file holding a list of actions")
    run.add_argument("--rules", type=int, default=None, help="rules version (default: the current one)")
    ld = sub.add_parser("load")
    ld.add_argument("file")
    so = sub.add_parser("soak")
    so.add_argument("--game", default=None, help="one game id (default: every game)")
    so.add_argument("--games", type=int, default=100)
    so.add_argument("--seed", type=int, default=1)
    so.add_argument("--check-every", type=int, default=25)
    so.add_argument("--bots", default=None,
                    help="bot kinds seats are drawn from, comma-separated, each with an optional weight "
                         "(random:3,easy:4,normal:0.02; default: all kinds, equally)")
    so.add_argument("--minutes", type=float, default=None, help="stop starting games after this many minutes")
    so.add_argument("--progress", type=float, default=None, metavar="SECS",
                    help="a line on stderr every SECS seconds (games, errors, games per second)")
    so.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "soak":
        return _soak(args)
    if args.command == "load":
        return _load(args.file)

    try:
        info = get_game(args.game)
        players = args.players or info.min_players
        if args.command == "simulate":
            report = simulate(args.game, players, args.games, args.seed, args.bot, _options(args.option))
            if args.json:
                print(json.dumps(report))
            else:
                print(f"{report['games']} games of {info.title}, {players} players: "
                      f"{report['games_per_second']} games/s")
                print("win rates: " + ", ".join(f"seat {i + 1} {w:.1%}" for i, w in enumerate(report["win_rates"])))
                print(f"average length: {report['average_actions']} actions, "
                      f"{report['average_rounds_or_turns']} rounds/turns")
            return 0
        if args.command == "ladder":
            from .core.ladder import default_jobs, format_ladder, ladder

            levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
            for lv in levels:
                info.make_bot(lv, 0, 0)  # an unknown level fails now, not after the first pair
            default_config(args.game, players, _options(args.option))  # and an unknown option
            if not 0 <= args.first < args.games:
                print(f"error: --first must be at least 0 and below --games ({args.games})", file=sys.stderr)
                return 2
            lreport = ladder(args.game, players, levels, args.games, args.seed, _options(args.option),
                             sys.stderr if args.progress else None,
                             jobs=args.jobs if args.jobs is not None else default_jobs(), paired=args.paired,
                             first=args.first)
            print(json.dumps(lreport) if args.json else format_ladder(lreport))
            return 0
        config = default_config(args.game, players, _options(args.option))
        if args.rules is not None:
            config["rules"] = args.rules
        with open(args.actions, encoding="utf-8") as fh:
            actions = json.load(fh)
        state = info.setup(config, args.seed)
        for i, action in enumerate(actions):
            try:
                state.apply(action)
            except IllegalActionError as exc:
                print(f"action {i + 1} is illegal: {exc}", file=sys.stderr)
                return 1
        print(json.dumps(state.to_json()))
        return 0
    except (RailtableError, OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2


def _soak(args: argparse.Namespace) -> int:
    failed = 0
    for game in [args.game] if args.game else list(KNOWN_GAMES):
        try:
            kinds = parse_kinds(args.bots) if args.bots else None
            seconds = args.minutes * 60 if args.minutes is not None else None
            report = soak(game, args.games, args.seed, args.check_every, kinds=kinds, seconds=seconds,
                          progress=args.progress)
        except RailtableError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        failed += report["errors"]
        if args.json:
            print(json.dumps(report))
            continue
        print(f"{game}: {report['games']} games, {report['errors']} errors, "
              f"{report['unfinished']} unfinished (random seats only), {report['games_per_second']} games/s, "
              f"{report['average_actions']} actions/game, {report['seconds']} s")
        for line in report["first_errors"]:
            print(f"  {line}")
    return 1 if failed else 0


def _load(path: str) -> int:
    try:
        with open(path, "rb") as fh:
            data = fh.read(6_000_000)
        match = Match.from_save(data)
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except SaveError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    state = match.state
    print(json.dumps({"game": match.game_id, "rules": match.rules, "players": state.names, "seats": match.seats,
                      "actions": len(match.actions), "to_act": state.to_act(), "is_over": state.is_over(),
                      "result": state.result()}))
    return 0
