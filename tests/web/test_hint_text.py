"""The move hint's one-line reason, worded (issue 32, last bullet): every reason a game can give
exists in English and French with the same parameters, and names are shown as the table shows them."""

from __future__ import annotations

import re
from pathlib import Path

from railtable_web import hint_text

from railtable.core.words import fields

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "py/railtable/core/hint.py", ROOT / "web/railtable_web/thinking.py"] + [
    ROOT / f"py/railtable/{game}/hint.py" for game in ("transamerica", "trains", "stations")]


def _keys_returned() -> set[str]:
    """Every reason key the games' ``hint.reason`` (and the fallbacks) can return: the string literal
    that opens each ``return "key", {...}`` or ``("key", {...})``."""
    keys: set[str] = set()
    for path in SOURCES:
        keys |= set(re.findall(r'"([a-z_]+)", \{', path.read_text(encoding="utf-8")))
    return keys


def test_every_reason_a_game_gives_is_worded_in_english_and_french() -> None:
    keys = _keys_returned()
    assert {"rule", "only_move", "share_vs", "ta_joins", "tr_buy_vp", "st_completes"} <= keys
    assert keys <= set(hint_text.TEXTS["en"]), keys - set(hint_text.TEXTS["en"])
    assert set(hint_text.TEXTS["en"]) == set(hint_text.TEXTS["fr"])
    for key, en in hint_text.TEXTS["en"].items():
        fr = hint_text.TEXTS["fr"][key]
        assert fields(en) == fields(fr), key
        assert fr != en, key


def test_names_are_shown_as_the_tables_show_them() -> None:
    # TransAmerica: city names are proper nouns, joined by "and" / "et"
    assert hint_text.render("ta_joins", {"cities": ["Chicago", "Omaha"], "left": 1}) == \
        "Joins Chicago and Omaha; 1 track to go"
    assert hint_text.render("ta_joins", {"cities": ["Chicago", "Omaha"], "left": 2}, "fr") == \
        "Relie Chicago et Omaha ; encore 2 rails"
    # Trains: a space by its name (or terrain and nearest name), decimals with a comma in French
    assert hint_text.render("tr_rail_remote", {"space": ["tokyo", 0], "vp": 4}) == "Reaches Chichibu: 4 VP"
    assert hint_text.render("tr_buy_money", {"money": 3, "avg": 1.2}, "fr") == "Vaut 3 ; vos cartes : 1,2 en moyenne"
    assert hint_text.render("tr_return_waste", {"n": 1}, "fr") == "Rend 1 Ferraille : des tours gagnés"
    # Trains & Stations: routes, Stations and Buildings by their names in the reader's language
    assert hint_text.render("st_mission", {"a": "seattle", "b": "los_angeles"}) == "For Mission Seattle–Los Angeles"
    assert hint_text.render("st_build", {"building": "hotel", "station": "denver"}, "fr") == "Hôtel à Denver : des Marchandises"
    assert hint_text.render("st_save", {"face": "coin"}, "fr") == "Garde un dé Argent pour le tour suivant"
    assert hint_text.render("share_vs", {"share": 61, "other": 48}) == "61% to win; next best move 48%"
    assert hint_text.render("rule", {}, "de") == "The usual good move here"  # English when the language is not known
