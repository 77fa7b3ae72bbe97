"""The action contract on states of real play (core.fuzz): every JSON type (null, bool, float,
huge int, string, list, object) in every field of every legal action, a field removed, a stray
key added. Each mutation is refused with an IllegalActionError subclass and changes nothing, or
it is JSON-equal to a legal action (rulebook "Game Play" and "Network building rules" actions:
place_marker, build, end_turn)."""

from __future__ import annotations

from transamerica_helpers import new_state, random_policy

from railtable.core import Rng
from railtable.core.fuzz import fuzz_state
from railtable.transamerica.state import TransAmericaState


def _sampled_states(seed: int, players: int, every: int) -> list[TransAmericaState]:
    state = new_state(players, seed)
    rng = Rng(seed)
    out: list[TransAmericaState] = []
    steps = 0
    while not state.is_over() and len(out) < 10:
        marker = state.phase == "marker"
        # one marker-phase state per game (188 actions each), then building states
        if (marker and steps == 1 and seed == 1) or (not marker and (steps % every == 0 or state.pending_by is not None)):
            out.append(state.copy())
        seat = state.to_act()[0]
        state.apply(random_policy(rng, state.legal_actions(seat)))
        steps += 1
    return out


def test_fuzz_every_field_of_every_action_type_over_seeded_games() -> None:
    kinds: set[str] = set()
    tried = 0
    states = 0
    for seed, players, every in ((1, 2, 7), (2, 4, 11), (3, 6, 13)):
        for state in _sampled_states(seed, players, every):
            for seat in state.to_act():
                kinds |= {a["type"] for a in state.legal_actions(seat)}
            tried += fuzz_state(state)
            states += 1
    assert states >= 30
    assert TransAmericaState.from_json(state.to_json()) == state.copy()
    assert kinds == {"place_marker", "build", "end_turn"}
    assert tried > 1000
