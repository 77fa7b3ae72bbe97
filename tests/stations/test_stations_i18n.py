"""English and French messages (issue 5: the game in English and French, French words from the
French rules)."""

from __future__ import annotations

from stations_helpers import NAMES

from railtable.core.simulate import play_game
from railtable.stations import messages
from railtable.stations.data import BUILDINGS, FACES, GOODS, board, load_json


def test_every_term_exists_in_english_and_french() -> None:
    raw = load_json("i18n.json")
    assert set(raw["en"]) == set(raw["fr"])
    for key in [f"face.{f}" for f in FACES] + [f"goods.{g}" for g in GOODS] + [f"building.{b}" for b in BUILDINGS] \
            + [f"station.{s}" for s in board().station_order] + [f"route.{r}" for r in board().route_order]:
        assert key in raw["en"], key


def test_french_words_come_from_the_french_rules() -> None:
    assert messages.term("face.locked", "fr") == "Train bloqué"
    assert messages.term("goods.gold", "fr") == "Lingot d'Or"
    assert messages.term("term.strike", "fr") == "Grève !"
    assert messages.term("step.4", "fr") == "D. Livraison"


def test_a_whole_game_log_renders_in_both_languages() -> None:
    """Every structured event of a bot game renders in English (equal to the text log) and French."""
    state, _ = play_game("stations", {"players": NAMES[:5]}, 8)
    for p in range(5):
        english = state.log_in(p, "en")
        assert english == state.log_lines(p)
        french = state.log_in(p, "fr")
        assert len(french) == len(english) and french != english
    assert any("Livraison" in line for line in state.log_in(None, "fr"))
