"""The move count the page may show: public moves only (issue 15, "Secrets at the table").

In a step where several players decide at once (a Trains & Stations speculation, its power-card
keep), how many actions one player took is a secret: "Ann offered 2 Cattle" takes two more actions
than "Ann offered nothing". The page's ``html[data-moves]`` and the lobby row's "N moves" must not
tell it. The count is a function of the sequence of ``to_act()`` only (public: the page shows who
may act), so it needs no view, costs one ``to_act()`` per action and replays at engine speed:

* an action that changed who may act is counted (everyone sees that);
* otherwise it is counted unless the table is in a *simultaneous step*: one that began with more
  than one player to act, and lasts while only players who were already acting remain (players
  leave as they finish; the last one may be alone, still deciding in secret). It ends when a player
  who was not acting comes to act.

Between simultaneous steps every action is counted, so in TransAmerica and Trains the count is the
number of actions. Pure Python, tested on CPython (tests/web/test_public_moves.py).
"""

from __future__ import annotations

from typing import Any

from railtable.core import Match


def step(before: list[int], after: list[int], secret: bool) -> tuple[bool, bool]:
    """(is the action public, is the table in a simultaneous step after it)."""
    public = after != before or not secret
    if len(after) > 1:
        secret = True
    elif not set(after) <= set(before):
        secret = False
    return public, secret


def replay(match: Match) -> tuple[int, bool]:
    """(public moves, simultaneous step at the end) of a match, replaying the bare engine."""
    state = match.info.setup(match.config, match.seed)
    acting = state.to_act()
    secret = len(acting) > 1
    count = 0
    for action in match.actions:
        state.apply(action)
        now = state.to_act()
        public, secret = step(acting, now, secret)
        count += public
        acting = now
    return count, secret


class PublicMoves:
    """The public move count of one match, kept up to date as its actions change."""

    def __init__(self, hint: tuple[int, int, bool] | None = None) -> None:
        self.hint = hint
        """``(actions, public moves, simultaneous)`` from the stored record: the count when resumed."""
        self.base = -1
        """Actions before this index are summed in ``base_count``; -1 until the match is seen."""
        self.base_count = 0
        self.seen: list[dict[str, Any]] = []
        """The actions since ``base``, each with (public, simultaneous step after it) in ``marks``."""
        self.marks: list[tuple[bool, bool]] = []
        self.base_secret = False
        self.acting: list[int] = []

    @property
    def count(self) -> int:
        return self.base_count + sum(public for public, _ in self.marks)

    @property
    def secret(self) -> bool:
        return self.marks[-1][1] if self.marks else self.base_secret

    def of(self, match: Match) -> int:
        """The public move count of ``match`` now (call it after every change)."""
        actions = match.actions
        if self.base >= 0 and len(actions) >= self.base:
            tracked = actions[self.base:]
            k = len(self.seen)
            if tracked == self.seen:
                return self.count
            if len(tracked) == k + 1 and tracked[:k] == self.seen:  # one new move
                now = match.state.to_act()
                self.marks.append(step(self.acting, now, self.secret))
                self.seen.append(tracked[-1])
                self.acting = now
                return self.count
            if len(tracked) < k and tracked == self.seen[: len(tracked)]:  # an undo
                del self.marks[len(tracked):], self.seen[len(tracked):]
                self.acting = match.state.to_act()
                return self.count
        n = len(actions)  # first sight, or a change we cannot follow: count again from the start
        hint, self.hint = self.hint, None
        if hint is not None and hint[0] == n and 0 <= hint[1] <= n:
            self.base_count, self.base_secret = hint[1], hint[2]
        elif n:
            self.base_count, self.base_secret = replay(match)
        else:
            self.base_count, self.base_secret = 0, len(match.state.to_act()) > 1
        self.base, self.seen, self.marks = n, [], []
        self.acting = match.state.to_act()
        return self.count

    def envelope(self, match: Match) -> list[int]:
        """What the stored record keeps: ``[actions, public moves, simultaneous (0/1)]``."""
        return [len(match.actions), self.of(match), int(self.secret)]
