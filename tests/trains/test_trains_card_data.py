"""Card data (../shared/reference/trains.md §1-2): 39 cards, each with a source and readable text."""

from railtable.trains.cards import all_cards


def test_39_cards_each_traced_and_with_text_unless_a_plain_train() -> None:
    cards = all_cards()
    assert len(cards) == 39
    plain = {"Normal Train", "Express Train", "Limited Express Train"}
    for name, c in cards.items():
        assert bool(c.text) == (name not in plain), name
    assert cards["Control Room"].text == "Draw 3 cards."
