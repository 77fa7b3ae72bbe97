"""Trains and Rising Sun in English and French (issue 14 "Words"): every text in both languages with
the same placeholders, every card's French name and text, spaces named as players name them,
plurals by the number, no "(s)" anywhere."""

from __future__ import annotations

from railtable_web import trains_svg, trains_text

from railtable.core.words import fields
from railtable.trains import messages
from railtable.trains.board import load_board
from railtable.trains.cards import all_cards


def test_every_table_text_exists_in_both_languages_with_the_same_placeholders() -> None:
    for table in (trains_text.UI, trains_svg.BOARD_WORDS, trains_svg.CHART_WORDS):
        assert set(table["en"]) == set(table["fr"])
        for key in table["en"]:
            assert fields(table["en"][key]) == fields(table["fr"][key]), key
    assert set(trains_text.HELP) == {"en", "fr"}


def test_every_engine_text_exists_in_both_languages_with_the_same_placeholders() -> None:
    en, fr = messages.strings()["en"], messages.strings()["fr"]
    assert set(en) == set(fr)
    for key in en:
        assert fields(en[key]) == fields(fr[key]), key
        assert "(s)" not in en[key] and "(s)" not in fr[key], key


def test_every_card_of_both_boxes_has_a_french_name_and_a_french_text() -> None:
    cards = all_cards()
    assert len(cards) == 71  # 39 Trains + 32 Rising Sun
    for c in cards.values():
        assert c.fr, c.name
        assert bool(c.text) == bool(c.text_fr), c.name  # the plain Trains have no text in either
    assert trains_text.card_text("Lay Rails", "fr") == "Posez 1 rail. Recevez 1 Ferraille."
    assert trains_text.card_label("Waste", "fr") == "Ferraille"
    assert trains_text.card_text("Monorail", "en").endswith("Railtable reconstructed this card's text.")
    assert trains_text.card_text("Monorail", "fr").endswith("Railtable a reconstitué le texte de cette carte.")


def test_spaces_are_named_by_their_city_or_the_named_space_next_to_them() -> None:
    tokyo = load_board("tokyo")
    assert messages.space(tokyo, 0, "fr") == "Chichibu"
    assert messages.space(tokyo, 1, "en") == "the mountain next to Chichibu"
    assert messages.space(tokyo, 1, "fr") == "la montagne près de Chichibu"
    for h in range(len(tokyo)):
        assert "(" not in messages.space(tokyo, h, "en") and "(" not in messages.space(tokyo, h, "fr")


def test_log_lines_use_plurals_and_french_card_names() -> None:
    board = load_board("tokyo")
    names = ["Ada", "Bob"]
    assert messages.render("draw", {"p": 0, "n": 1}, "en", names, board) == "Ada draws 1 card"
    assert messages.render("draw", {"p": 0, "n": 2}, "en", names, board) == "Ada draws 2 cards"
    assert messages.render("draw", {"p": 0, "n": 0}, "fr", names, board) == "Ada pioche 0 carte"
    assert messages.render("buy", {"p": 1, "card": "Lay Rails"}, "fr", names, board) == "Bob achète Pose de rails"
    assert messages.render("winners", {"winners": [0, 1], "points": 9}, "en", names, board) == (
        "Ada and Bob win with 9 points")
    assert messages.render("winners", {"winners": [0], "points": 9}, "fr", names, board) == "Ada gagne avec 9 points"
