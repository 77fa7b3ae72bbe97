"""The game-independent search (issue 13): it finds what a tiny game's rules make best, it is
seeded, and running it in slices gives the same answer as running it at once."""

from __future__ import annotations

from typing import Any

from railtable.core import GameState, IllegalActionError, Rng
from railtable.core.ladder import wilson
from railtable.core.search import Budget, FlatSearch, Level, SearchBot, TreeSearch, run


class Nim(GameState):
    """Two players take 1, 2 or 3 from a pile; whoever takes the last wins (perfect information).
    From a pile of 4k+r the winning move takes r (leaves a multiple of 4)."""

    game_id = "nim"

    @classmethod
    def setup(cls, config: dict[str, Any], seed: int) -> Nim:
        s = cls()
        s._init_common(["A", "B"], seed)
        s.pile = config["pile"]
        s.turn = 0
        s.winner: int | None = None
        return s

    def to_act(self) -> list[int]:
        return [] if self.winner is not None else [self.turn]

    def legal_actions(self, player: int) -> list[dict[str, Any]]:
        if player not in self.to_act():
            return []
        return [{"type": "take", "player": player, "n": n} for n in (1, 2, 3) if n <= self.pile]

    def _check(self, action: dict[str, Any]) -> None:
        if action not in self.legal_actions(action["player"]):
            raise IllegalActionError("not a legal take")

    def _play(self, action: dict[str, Any]) -> None:
        self.pile -= action["n"]
        if self.pile == 0:
            self.winner = action["player"]
        self.turn = 1 - self.turn

    def view(self, player: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "turn": self.turn, "winner": self.winner}

    def is_over(self) -> bool:
        return self.winner is not None

    def result(self) -> dict[str, Any] | None:
        return None if self.winner is None else {"scores": [0, 0], "winners": [self.winner]}

    def to_json(self) -> dict[str, Any]:
        return {"names": self.names, "rng": self.rng.to_json(), "pile": self.pile, "turn": self.turn,
                "winner": self.winner}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Nim:
        s = cls()
        s.names, s.rng, s.log, s.reveal_count = list(data["names"]), Rng.from_json(data["rng"]), [], 0
        s.pile, s.turn, s.winner = data["pile"], data["turn"], data["winner"]
        return s


class NimAdapter:
    samples_drawn = 0

    def sample(self, view: dict[str, Any], seat: int, rng: Rng) -> Nim:
        self.samples_drawn += 1
        s = Nim.setup({"pile": view["pile"]}, rng.next_u64())
        s.turn = view["turn"]
        return s

    def clone(self, state: Nim) -> Nim:
        return state.copy()

    def policy(self, state: Nim, player: int, legal: list[dict[str, Any]], rng: Rng) -> dict[str, Any]:
        return rng.choice(legal)

    def evaluate(self, state: Nim) -> list[float]:
        # the known theory: the player to move loses from a multiple of 4
        mover_wins = 0.0 if state.pile % 4 == 0 else 1.0
        return [mover_wins, 1 - mover_wins] if state.turn == 0 else [1 - mover_wins, mover_wins]

    def turn(self, state: Nim) -> int:
        return state.pile  # every action passes the turn

    def search_here(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> bool:
        return True

    def candidates(self, view: dict[str, Any], seat: int, legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return legal


class NoEval(NimAdapter):
    """Only terminal results count: the tree must look ahead to the end."""

    def evaluate(self, state: Nim) -> list[float]:
        return [0.5, 0.5]


def _legal(pile: int) -> list[dict[str, Any]]:
    return [{"type": "take", "player": 0, "n": n} for n in (1, 2, 3) if n <= pile]


def test_flat_search_follows_the_evaluation() -> None:
    for pile, best in ((5, 1), (6, 2), (7, 3), (11, 3)):
        search = FlatSearch(NimAdapter(), {"pile": pile, "turn": 0}, 0, _legal(pile), Rng(1),
                            Budget(iterations=30, samples=3, horizon=1))
        assert run(search)["n"] == best


def test_tree_search_finds_the_winning_move_from_terminal_results_alone() -> None:
    for pile, best in ((5, 1), (6, 2), (7, 3), (9, 1)):
        search = TreeSearch(NoEval(), {"pile": pile, "turn": 0}, 0, _legal(pile), Rng(3),
                            Budget(iterations=3000, samples=1, horizon=50, exploration=0.7))
        assert run(search)["n"] == best, search.stats()


def test_search_in_slices_equals_search_at_once_and_is_seeded() -> None:
    def fresh(seed: int) -> TreeSearch:
        return TreeSearch(NoEval(), {"pile": 10, "turn": 0}, 0, _legal(10), Rng(seed),
                          Budget(iterations=300, samples=4, horizon=50))

    whole = fresh(9)
    assert whole.step(10_000) is True
    sliced = fresh(9)
    steps = 0
    while not sliced.step(7):
        steps += 1
    assert steps > 10  # it really ran in slices
    assert sliced.stats() == whole.stats() and sliced.best() == whole.best()
    assert fresh(10).stats() != whole.stats()  # another seed searches differently


def test_flat_search_spends_its_budget_on_every_action_equally() -> None:
    search = FlatSearch(NimAdapter(), {"pile": 9, "turn": 0}, 0, _legal(9), Rng(2),
                        Budget(iterations=30, samples=4, horizon=1))
    run(search)
    assert search.counts == [4, 4, 4]


def test_search_bot_answers_a_single_legal_action_without_searching() -> None:
    adapter = NimAdapter()
    bot = SearchBot(0, 1, adapter, Level("hard", "tree", Budget(iterations=50)), easy=None)
    assert bot.choose({"pile": 1, "turn": 0}, _legal(1)) == _legal(1)[0]
    assert adapter.samples_drawn == 0


def test_wilson_interval() -> None:
    low, high = wilson(65, 100)
    assert 0.55 < low < 0.56 and 0.73 < high < 0.74
    assert wilson(0, 10)[0] == 0.0
