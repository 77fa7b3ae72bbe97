"""The engine's refusals said in French on a French page (issue 14, "Words"): real refusals of
each game, of saves and of setups, provoked through the engine, never English on a French page."""

from __future__ import annotations

import json
import string

import pytest
from railtable_web import refusals
from railtable_web.refusals import refusal
from railtable_web.trains_text import card_label

from railtable.core import ConfigError, IllegalActionError, Match, RailtableError, SaveError, UndoError
from railtable.trains.cards import card


def refused(call: object) -> RailtableError:
    with pytest.raises(RailtableError) as info:
        call()  # type: ignore[operator]
    return info.value


def french(err: RailtableError | str) -> str:
    said = refusal(err, "fr")
    assert "en anglais" not in said, (str(err), said)
    assert said != str(err), said
    return said


def test_every_template_uses_only_its_patterns_groups() -> None:
    for pattern, template in refusals._FR:
        groups = set(refusals.re.compile(pattern).groupindex)
        fields = {f for _, f, _, _ in string.Formatter().parse(template) if f}
        assert fields <= groups, (pattern, template)


def test_english_is_the_engines_own_message() -> None:
    err = IllegalActionError("the game is over")
    assert refusal(err, "en") == "the game is over"


def test_transamerica_moves_refused_in_french() -> None:
    """TransAmerica rulebook, "Placing the starting marker" and "Building tracks"."""
    m = Match("transamerica", {"players": ["Ann", "Bob"]}, 5, [None, None])
    err = refused(lambda: m.apply({"type": "end_turn", "player": 1}))
    assert french(err) == "ce n'est pas le tour de Bob (on attend Ann)"
    err = refused(lambda: m.apply({"type": "end_turn", "player": 0}))
    assert french(err) == "posez votre pion de départ : c'est tout votre premier tour"
    first = next(a for a in m.state.legal_actions(0) if a["type"] == "place_marker")
    m.apply(first)
    err = refused(lambda: m.apply({"type": "place_marker", "player": 1, "at": first["at"]}))
    assert french(err).startswith("il y a déjà un pion de départ sur ")


def test_trains_moves_refused_in_french_with_french_card_names() -> None:
    """Trains rulebook, "Buying cards": a card costs its price in money."""
    m = Match("trains", {"players": ["Ann", "Bob"]}, 3, [None, None])
    err = refused(lambda: m.apply({"type": "buy", "player": 0, "pile": "Waste"}))
    assert french(err) == "chaque joueur doit d'abord poser un rail de départ"
    while m.state.phase == "start_rails":
        p = m.state.to_act()[0]
        m.apply(m.state.legal_actions(p)[0])
    p = m.state.to_act()[0]
    err = refused(lambda: m.apply({"type": "buy", "player": p, "pile": "Waste"}))
    assert french(err) == "les Déchets ne s'achètent pas"
    dear = max(m.state.zones.piles, key=lambda name: card(name).cost)
    err = refused(lambda: m.apply({"type": "buy", "player": p, "pile": dear}))
    assert french(err) == f"{card_label(dear, 'fr')} coûte {card(dear).cost} ; vous avez {m.state.money} d'argent"


def test_undo_and_setup_refused_in_french() -> None:
    m = Match("transamerica", {"players": ["Ann", "Bob"]}, 5, [None, None])
    err = refused(lambda: m.undo(0))
    assert isinstance(err, UndoError) and french(err).startswith("rien à annuler")
    err = refused(lambda: Match("transamerica", {"players": ["Ann"]}, 5, [None]))
    assert isinstance(err, ConfigError)
    assert french(err) == "TransAmerica se joue de 2 à 6 joueurs, pas 1"


@pytest.mark.parametrize("text,expected", [
    ("{", "cette sauvegarde est abîmée : ce n'est pas du JSON valide"),
    ("[1, 2]", "ce n'est pas une sauvegarde Railtable"),
    ('{"a": 1, "a": 2}', "cette sauvegarde est abîmée : la clé 'a' apparaît deux fois"),
])
def test_bad_imports_refused_in_french(text: str, expected: str) -> None:
    err = refused(lambda: Match.from_save(text))
    assert isinstance(err, SaveError)
    assert french(err).startswith(expected), refusal(err, "fr")


def test_a_save_of_an_unknown_game_and_a_damaged_replay_in_french() -> None:
    m = Match("transamerica", {"players": ["Ann", "Bob"]}, 5, [None, None])
    save = json.loads(m.dumps())
    err = refused(lambda: Match.from_save(json.dumps({**save, "game": "chess"})))
    assert french(err) == "cette sauvegarde est d'un jeu que cette version ne connaît pas : 'chess'"
    err = refused(lambda: Match.from_save(json.dumps({**save, "actions": [{"type": "end_turn", "player": 1}]})))
    said = french(err)
    assert said.startswith("cette sauvegarde ne peut pas être rejouée : le coup 1 sur 1 est interdit : ce n'est pas le tour"), said


def test_a_message_no_pattern_knows_is_still_refused_in_french() -> None:
    said = refusal(IllegalActionError("a brand new reason"), "fr")
    assert said == "Les règles ne permettent pas ce coup maintenant (en anglais : a brand new reason)"
    assert refusal(SaveError("odd"), "fr").startswith("Cette sauvegarde ne peut pas être lue")
