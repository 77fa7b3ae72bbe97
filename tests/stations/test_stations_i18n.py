"""English and French messages (issue 5: the game in English and French, French words from the
French rules)."""

from __future__ import annotations

import json

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
    """Every structured event of a bot game renders in English and in French."""
    state, _ = play_game("stations", {"players": NAMES[:5]}, 8)
    for p in range(5):
        english = state.log_in(p, "en")
        assert english == state.log_lines(p) and english[-5:] == state.log_lines(p, 5)
        french = state.log_in(p, "fr")
        assert len(french) == len(english) and french != english
        assert not any("{" in line for line in english + french)  # every parameter filled in
    assert any("Livraison" in line for line in state.log_in(None, "fr"))


def test_the_log_is_stored_as_events_only() -> None:
    """Issue 9: no English text is saved beside the events (it was 41% of a state); views carry
    events, rendered in the reader's language when shown."""
    state, _ = play_game("stations", {"players": NAMES[:4]}, 9)
    data = json.dumps(state.to_json())
    assert "log" not in state.to_json()
    lines = {line for p in (None, 0, 1, 2, 3) for line in state.log_in(p, "en")}
    assert len(lines) > 50
    assert not any(line in data for line in lines if " " in line)
    view = state.view(1)
    assert "log" not in view and view["log_size"] == len(state.events)
    assert view["events"] == state.events_for(1, len(state.events) - 60)
