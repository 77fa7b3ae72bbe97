"""TransAmerica's learned evaluation (issue 33): the features a player weighs, read from the same
exact needs as the evaluation in use, and the weights shipped as data."""

from __future__ import annotations

import math

from test_transamerica_search import _midgame

from railtable.core import Rng
from railtable.transamerica.sampling import FEATURES, LearnedAdapter, TransAmericaAdapter, _race, features, load_weights


def test_the_race_ends_the_round_with_the_first_player_done() -> None:
    """"End of the Round": at once when a player's cities are joined; 2 points a turn in turn order
    (Network building rules), the others lose what they still need then ("Scoring of a Round")."""
    # p0 to move with 2 points this turn needs 5 (done at his 3rd turn, step 4); p1 needs 3 (done at
    # step 3, his 2nd turn): p1 ends the round after p0 placed 2 + 2.
    assert _race([5, 3], 2, 0, 2) == (3, [1, 0])
    # the player to move is done now: the other loses all he needs
    assert _race([2, 3], 2, 0, 2) == (0, [0, 3])
    # 3 players, p1 to move with 1 point left; p2 needs 1: done at step 1, only p1's point placed
    assert _race([4, 4, 1], 3, 1, 1) == (1, [4, 3, 0])


def test_features_read_the_exact_needs() -> None:
    state = _midgame(4, players=3, builds=10)
    adapter = TransAmericaAdapter()
    rows = features(adapter, state)
    need = adapter.needs(state)
    assert len(rows) == 3 and all(len(r) == len(FEATURES) for r in rows)
    i = FEATURES.index("need")
    assert [r[i] for r in rows] == [float(d) for d in need]
    behind = [r[FEATURES.index("behind")] for r in rows]
    assert min(behind) == 0.0
    tempo = [r[FEATURES.index("tempo")] for r in rows]
    assert tempo[state.turn_player] == 0.0 and sorted(tempo) == [0.0, 0.5, 1.0]


def test_the_evaluation_in_use_is_one_set_of_weights() -> None:
    """With the round loss read as "need - least need" and a softmax of (score - loss) / 3, the
    learned adapter values every sample as the evaluation in use does."""
    weights = {"loss": [1.0 if f == "behind" else 0.0 for f in FEATURES], "win_score": 1 / 3, "win_loss": 1 / 3,
               "win_features": [0.0] * len(FEATURES)}
    learned, plain = LearnedAdapter(weights), TransAmericaAdapter()
    for seed in (1, 2, 3):
        state = _midgame(seed, players=2, builds=8 + 2 * seed)
        seat = state.turn_player
        view = state.view(seat)
        a = learned.evaluate(learned.sample(view, seat, Rng(seed)))
        b = plain.evaluate(plain.sample(view, seat, Rng(seed)))
        assert all(math.isclose(x, y) for x, y in zip(a, b, strict=True))


def test_the_shipped_weights_fit_the_features() -> None:
    data = load_weights()
    assert tuple(data["features"]) == FEATURES and len(data["loss"]) == len(FEATURES)
    assert data["win_score"] > 0 and data["win_loss"] > 0
