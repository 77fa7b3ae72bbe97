"""``effects.may_block``: a card whose effect it says can never be blocked is found feasible by
``effects.blocker`` in every state (legal_actions and apply skip the search for such cards)."""

from railtable.core.registry import get_game
from railtable.trains import effects
from railtable.trains.bots import EagerRandomBot
from railtable.trains.cards import all_cards


def test_an_effect_that_may_not_block_is_feasible_in_every_state_of_random_games():
    free = [c for c in all_cards().values() if c.effect and not effects.card_may_block(c.name)]
    assert free and any(c.effect and effects.card_may_block(c.name) for c in all_cards().values())
    assert effects.card_may_block("Lay Rails") and not effects.card_may_block("Passing Station")
    checked = 0
    for seed, board in ((0, "tokyo"), (1, "nagoya"), (2, "osaka")):
        config = {"players": ["A", "B", "C"], "board": board, "sets": "both", "kingdom": "random"}
        state = get_game("trains").setup(config, seed)
        bots = [EagerRandomBot(i, seed) for i in range(3)]
        for step in range(600):
            if state.is_over():
                break
            seat = state.to_act()[0]
            if step % 25 == 0:
                for p in range(3):
                    hand = state.zones.names(state.zones.hands[p])
                    for money in (0, 3):
                        for c in free:
                            assert effects.blocker(state, list(c.effect), p, money, hand) is None, c.name
                            checked += 1
            state.apply(bots[seat].choose(state.view(seat), state.legal_actions(seat)))
    assert checked > 1000
