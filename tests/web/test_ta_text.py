"""TransAmerica's words in English and French (issue 14 "Words"): every text in both languages
with the same placeholders, plurals by the number, junctions named by the nearest city."""

from __future__ import annotations

from railtable_web import i18n, ta_text

from railtable.core.words import fields
from railtable.transamerica import messages


def test_every_table_text_exists_in_both_languages_with_the_same_placeholders() -> None:
    en, fr = ta_text.UI["en"], ta_text.UI["fr"]
    assert set(en) == set(fr)
    for key in en:
        assert fields(en[key]) == fields(fr[key]), key
    assert set(ta_text.HELP) == {"en", "fr"}


def test_every_log_and_prompt_template_exists_in_both_languages() -> None:
    en, fr = messages.TEMPLATES["en"], messages.TEMPLATES["fr"]
    assert set(en) == set(fr)
    for key in en:
        assert fields(en[key]) == fields(fr[key]), key


def test_junctions_are_named_by_the_nearest_city_never_by_coordinates() -> None:
    """(11,7) is the junction just south of Kansas City (11,6) on the board."""
    assert messages.place([11, 7], "en") == "a junction near Kansas City"
    assert messages.place([11, 7], "fr") == "un croisement près de Kansas City"
    assert messages.place([10, 7], "fr") == "un croisement près d'Oklahoma City"
    assert messages.place([11, 6], "fr") == "Kansas City"
    assert messages.render(["marker", {"p": 0, "at": [11, 7]}], "en", ["Ada"]) == (
        "Ada places the starting marker on a junction near Kansas City.")
    assert messages.render(["build", {"p": 0, "a": [11, 7], "b": [11, 6]}], "fr", ["Ada"]) == (
        "Ada pose un rail entre un croisement près de Kansas City et Kansas City.")


def test_the_supply_line_and_the_prompt_use_plurals() -> None:
    assert ta_text.ui("round_tracks", "en", round=2, left=1, total=70) == "Round 2 · 1 track left in the supply, of 70"
    assert ta_text.ui("round_tracks", "en", round=2, left=3, total=70) == "Round 2 · 3 tracks left in the supply, of 70"
    assert ta_text.ui("round_tracks", "fr", round=2, left=1, total=70) == "Manche 2 · 1 rail restant sur 70 dans la réserve"
    assert ta_text.ui("round_tracks", "fr", round=2, left=0, total=70).startswith("Manche 2 · 0 rail restant")
    view = {"you": 0, "to_act": [0], "phase": "build", "may_place": {"singles": 1, "doubles": 0}}
    assert messages.turn_prompt(view, "en") == "You may place 1 more single track, or end your turn."
    assert messages.turn_prompt(view, "fr") == "Vous pouvez poser encore 1 rail simple, ou finir votre tour."


def test_bots_are_named_by_their_level() -> None:
    try:
        assert i18n.bot_name("easy") == "Bot (Easy)"
        i18n.set_language("fr")
        assert i18n.bot_name("easy") == "Robot (Facile)"
        assert i18n.bot_name("greedy", {"greedy": "hard"}) == "Robot (Difficile)"
        assert i18n.t("n_moves", n=1) == "1 coup" and i18n.t("n_moves", n=0) == "0 coup"
    finally:
        i18n.set_language("en")
    assert i18n.t("n_moves", n=1) == "1 move" and i18n.t("n_moves", n=2) == "2 moves"
