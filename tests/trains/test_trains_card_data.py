"""Card data (docs/sources.md#trains, the cards): 39 cards, each with a source and readable text."""

from railtable.trains.cards import all_cards


def test_39_cards_each_traced_and_with_text_unless_a_plain_train() -> None:
    cards = {n: c for n, c in all_cards().items() if c.box == "trains"}
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
    assert tokyo.label(1) == "the mountain next to Chichibu"
    assert all(tokyo.label(h) for h in range(len(tokyo)))


def test_every_effect_step_in_the_card_data_is_one_the_interpreter_knows() -> None:
    """Card effects are data in a small vocabulary (DEVELOPERS.md): an unknown op would fail mid-game."""
    from railtable.trains.effects import KNOWN_OPS

    def ops(steps):
        for s in steps:
            yield s["op"]
            yield from ops(s.get("steps", []))
            for o in s.get("options", []):
                yield from ops(o["steps"])

    used = {op for c in all_cards().values() for op in ops(c.effect + c.on_buy)}
    assert used <= KNOWN_OPS, sorted(used - KNOWN_OPS)
    assert {"lay_rail", "place_station", "choose_one", "draw"} <= used


def test_data_cites_the_projects_own_sources_never_outside_files():
    """The project stands alone (issue 9): data `source` fields cite docs/sources.md, never ../shared."""
    from pathlib import Path

    import railtable.trains as trains

    for path in sorted(Path(trains.__file__).parent.glob("*.json")):
        text = path.read_text(encoding="utf-8")
        assert "shared/" not in text, path.name
        assert "docs/sources.md#trains" in text, path.name
