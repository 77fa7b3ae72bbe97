"""Help write a lesson (issue 32): play a game where a bot chooses the learner's moves too, and print
each of the learner's moves as a ``do`` pattern, with what the others did in between (their actions)
and the turn marks, so the author can pick a seed whose game meets the lesson's situations and
write the steps' texts. Then check the file with ``python3 -m pytest tests/lessons``.

    python3 tools/lesson_author.py transamerica --seed 3 --names Alex Ada --moves 60
    python3 tools/lesson_author.py trains --seed 5 --config '{"board": "tokyo", "kingdom": "random"}'
    python3 tools/lesson_author.py --lesson transamerica   # the lesson's own game, followed to its end
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "py"))

from railtable.core import Match  # noqa: E402
from railtable.lessons import load, play_bots, play_through  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?")
    ap.add_argument("--lesson", help="print the game a lesson's script plays")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--names", nargs="+", default=["Alex", "Ada"])
    ap.add_argument("--bots", default="easy", help="the other seats' level")
    ap.add_argument("--learner-bot", default="easy", help="the level that chooses the learner's moves")
    ap.add_argument("--config", default="{}")
    ap.add_argument("--moves", type=int, default=80, help="stop after this many learner moves")
    args = ap.parse_args()
    if args.lesson:
        lesson = load(args.lesson)
        match = play_through(lesson)
        for i, action in enumerate(match.actions):
            who = "LEARNER" if action.get("player") == lesson.learner else "  other"
            print(f"{i:4d} {who} {json.dumps(action)}")
        return
    config = {**json.loads(args.config), "players": args.names}
    match = Match(args.game, config, args.seed, [None] + [args.bots] * (len(args.names) - 1))
    made = 0
    seen = 0
    while not match.state.is_over() and made < args.moves:
        play_bots(match)
        for action in match.actions[seen:]:
            print(f"       other {json.dumps(action)}")
        state = match.state
        if state.is_over() or 0 not in state.to_act():
            break
        legal = state.legal_actions(0)
        bot = match.info.make_bot(args.learner_bot, 0, args.seed * 7 + len(match.actions))
        action = bot.choose(state.view(0), legal)
        print(f"{len(match.actions):4d} LEARNER {json.dumps(action)}    (one of {len(legal)})")
        match.apply(action)
        made += 1
        seen = len(match.actions)
    view = match.state.view(0)
    print("\nthe learner's view now:", json.dumps({k: v for k, v in view.items() if k != "log"})[:3000])
    if "log" in view:
        print("\nlog (last 40):")
        for line in view["log"][-40:]:
            print("  ", json.dumps(line)[:200])


if __name__ == "__main__":
    main()
