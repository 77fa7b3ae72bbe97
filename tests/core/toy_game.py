"""A tiny game used to test the engine contract itself.

Two or more players; on your turn you may ``add`` 1 or 2 to your pile (undoable),
``draw`` a secret random card (uses the RNG, reveals it to you) and must ``end`` your turn.
First to reach 5 wins.
"""

from __future__ import annotations

import json
from typing import Any

from railtable.core import GameInfo, GameState, IllegalActionError, Rng, register


class ToyState(GameState):
    game_id = "toy"

    @classmethod
    def setup(cls, config: dict[str, Any], seed: int) -> ToyState:
        s = cls()
        s._init_common(config["players"], seed)
        s.turn = 0
        s.piles = [0] * len(s.names)
        s.secret = [[] for _ in s.names]
        s.added = 0
        return s

    def to_act(self) -> list[int]:
        return [] if self.is_over() else [self.turn]

    def legal_actions(self, player: int) -> list[dict[str, Any]]:
        if player not in self.to_act():
            return []
        out: list[dict[str, Any]] = []
        for n in (1, 2):
            if self.added + n <= 2:
                out.append({"type": "add", "player": player, "n": n})
        out.append({"type": "draw", "player": player})
        if self.added:
            out.append({"type": "end", "player": player})
        return out

    def _check(self, action: dict[str, Any]) -> None:
        # Compared as JSON: in Python True == 1 == 1.0, but an action's types matter.
        legal = {json.dumps(a, sort_keys=True) for a in self.legal_actions(action["player"])}
        if json.dumps(action, sort_keys=True) not in legal:
            raise IllegalActionError(f"{action['type']} is not allowed now")

    def _play(self, action: dict[str, Any]) -> None:
        p = action["player"]
        if action["type"] == "add":
            self.piles[p] += action["n"]
            self.added += action["n"]
        elif action["type"] == "draw":
            card = self.rng.randbelow(10)
            self.secret[p].append(card)
            self.mark_revealed()
            self.log_event(f"{self.names[p]} draws a card", {p: f"You draw {card}"})
        else:
            self.added = 0
            self.turn = (self.turn + 1) % len(self.names)

    def view(self, player: int | None) -> dict[str, Any]:
        return {"piles": list(self.piles), "mine": list(self.secret[player]) if player is not None else [],
                "log": self.log_lines(player)}

    def is_over(self) -> bool:
        return max(self.piles) >= 5

    def result(self) -> dict[str, Any] | None:
        if not self.is_over():
            return None
        best = max(self.piles)
        return {"scores": list(self.piles), "winners": [i for i, v in enumerate(self.piles) if v == best]}

    def to_json(self) -> dict[str, Any]:
        return {"names": self.names, "rng": self.rng.to_json(), "log": self.log, "reveals": self.reveal_count,
                "turn": self.turn, "piles": self.piles, "secret": self.secret, "added": self.added}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ToyState:
        s = cls()
        s.names = list(data["names"])
        s.rng = Rng.from_json(data["rng"])
        s.log = [list(e) for e in data["log"]]
        s.reveal_count = data["reveals"]
        s.turn = data["turn"]
        s.piles = list(data["piles"])
        s.secret = [list(x) for x in data["secret"]]
        s.added = data["added"]
        return s


INFO = register(GameInfo("toy", "Toy", 2, 4, ToyState))
