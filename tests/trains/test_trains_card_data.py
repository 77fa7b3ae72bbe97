"""Card data (../shared/reference/trains.md §1-2): 39 cards, each with a source and readable text."""

from railtable.trains.cards import all_cards


def test_39_cards_each_traced_and_with_text_unless_a_plain_train() -> None:
    cards = all_cards()
    assert len(cards) == 39
    plain = {"Normal Train", "Express Train", "Limited Express Train"}
    for name, c in cards.items():
        assert bool(c.text) == (name not in plain), name
    assert cards["Control Room"].text == "Draw 3 cards."


def test_spaces_are_named_as_a_person_would() -> None:
    """Log lines and prompts name a space by its city, or by the nearest named space."""
    from railtable.trains.board import load_board

    tokyo = load_board("tokyo")
    assert tokyo.label(0) == "Chichibu"
    assert tokyo.label(1) == "mountain near Chichibu (0,1)"
    assert all(tokyo.label(h) for h in range(len(tokyo)))
