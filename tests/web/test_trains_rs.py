"""The Rising Sun parts of the Trains table (issue 12), from the engine's view and legal actions (no DOM).
Rules named: Rising Sun rulebook "All Aboard!" step 1 and "2-Player Maps" (boards per player count),
"Route Bonus Cards", "Attacks", "Reactions"."""

from __future__ import annotations

import re

from railtable_web import trains_rs, trains_ui

from railtable.core import Match
from railtable.trains.routes import route_cards


def test_boards_offered_are_only_those_made_for_the_player_count() -> None:
    """"All Aboard!" step 1: Nagoya for 3 or 4 players, Chiba or Kyushu for 2."""
    assert trains_rs.boards_for(2) == ["tokyo", "osaka", "chiba", "kyushu"]
    assert trains_rs.boards_for(3) == ["tokyo", "osaka", "nagoya"]
    html = trains_rs.lobby_options_html({"trains_board": "chiba"}, 4)
    boards = re.findall(r'<option value="(\w+)"[^>]*>([^<]*players\))', html)
    assert [b for b, _ in boards] == ["tokyo", "osaka", "nagoya"]
    assert "Nagoya (3-4 players)" in html
    assert 'value="tokyo" selected' in html  # Chiba is not for 4: the first board that is


def test_lobby_choices_make_the_engine_config_and_survive_a_shared_link() -> None:
    c = trains_rs.choices({"trains_sets": "both", "trains_board": "chiba", "trains_route_bonus": True,
                           "trains_s_start": True, "trains_kingdom": "pick",
                           "trains_picked": ["Politician", "Legal Counsel", "<script>"]}, 2)
    config = trains_rs.config_from(c)
    assert config == {"board": "chiba", "kingdom": ["Politician", "Legal Counsel"], "sets": "both",
                      "route_bonus": True, "s_start": True}
    Match("trains", {"players": ["A", "B"], **config}, 3)  # the engine accepts it
    link = trains_rs.share_params(c)
    params = dict(p.split("=", 1) for p in link.split("&") if p)
    assert trains_rs.choices(trains_rs.url_settings(params), 2) == c
    # s_start only where the board has "S" cities; an unknown set falls back to Trains
    c2 = trains_rs.choices({"trains_sets": "evil", "trains_board": "nagoya", "trains_s_start": True}, 3)
    assert c2["trains_sets"] == "trains" and "s_start" not in trains_rs.config_from(c2)


def test_lobby_marks_each_preset_and_card_with_its_box() -> None:
    html = trains_rs.lobby_options_html({"trains_sets": "rising_sun"}, 2)
    assert 'value="rs_first_game" data-box="rising_sun"' in html
    assert 'data-box="trains" title' in html and 'value="Politician"' in html
    assert '<option value="rising_sun" selected>' in html


def rs_match(seed: int = 5) -> Match:
    return Match("trains", {"players": ["Ann", "Bob"], "board": "chiba", "sets": "rising_sun",
                            "route_bonus": True, "kingdom": ["Politician", "Legal Counsel"]}, seed)


def test_route_cards_show_cities_vp_ability_owner_and_the_use_button_only_when_legal() -> None:
    """"Route Bonus Cards": face up; "Completing Routes": the taker scores and may use the ability later."""
    m = rs_match()
    st = m.state
    view = st.view(0)
    html = trains_rs.routes_html(view, 0, {})
    for r in view["routes"]:
        data = route_cards()[r["id"]]
        assert all(city in html for city in data["cities"]) and f'{data["vp"]} VP' in html
        assert data["text"] in html
    assert "use-route" not in html and "Open" in html
    rid = view["routes"][0]["id"]
    st.routes[0]["owner"] = 1
    html = trains_rs.routes_html(st.view(0), 0, {rid: 7})
    assert "Taken by <b>Bob</b>" in html and 'data-act="7"' in html
    svg = trains_rs.board_overlay_svg(st.view(0))
    assert svg.count('class="s-city"') == 3  # Tateyama, Kamogawa, Katsuura
    assert f'class="route-mark" data-route="{rid}"' not in svg  # a completed route loses its markers
    assert f'class="route-ring" data-route="{view["routes"][1]["id"]}"' in svg


def test_attack_box_and_privacy_note_name_the_attacker_the_card_and_who_decides() -> None:
    """"Attacks": from the active player clockwise; the device goes to the victim, then back."""
    view = {"players": [{"name": "Bob"}, {"name": "Ann"}, {"name": "Cy"}], "current": 0,
            "attack": {"card": "Politician", "attacker": 0, "order": [1, 2], "done": 0},
            "pending": {"kind": "discard_down", "player": 1}}
    html = trains_rs.attack_html(view, 1)
    assert "Bob plays <b>Politician</b> (ATTACK)" in html
    assert re.search(r'class="now" data-seat="1"><b>Ann</b> \(you\): deciding now', html)
    assert 'class="next" data-seat="2"' in html
    view["attack"]["done"] = 1  # what it did to each player so far is shown beside them, as text
    html = trains_rs.attack_html(view, 2, {1: ["Ann discards <Normal Train>"]})
    assert re.search(r'class="done" data-seat="1"><b>Ann</b>: done<span class="attack-did">'
                     r"Ann discards &lt;Normal Train&gt;</span>", html)
    view["attack"]["done"] = 0
    assert trains_rs.privacy_note(view, 1) == "Ann: Bob played Politician."
    view["pending"] = {"kind": "reaction", "player": 1}
    assert trains_rs.privacy_note(view, 1) == "Ann: Bob played Politician. (a Reaction?)"
    last = view["attack"]
    view["attack"] = None
    view["pending"] = None
    assert trains_rs.privacy_note(view, 0) == "" and trains_rs.attack_html(view, 0) == ""
    assert trains_rs.privacy_note(view, 0, last) == "Bob: your Politician is answered; your turn goes on."


def test_victims_choices_are_cards_of_their_own_hand() -> None:
    for kind in ("to_deck", "discard_type", "discard_down", "trash_any"):
        assert kind in trains_ui.HAND_CHOICE_KINDS


def test_reconstructed_cards_are_marked_in_the_reader() -> None:
    assert "reconstructed by this project" in trains_rs.reader_note("Politician")
    assert trains_rs.reader_note("Express Train") == ""
    # the reader shows the big card and the note: the mark once, not the card text's short one too
    reader = trains_ui.card_html("Politician", "big") + trains_rs.reader_note("Politician")
    assert re.sub(r"<[^>]+>", " ", reader).count("reconstructed") == 1, reader
    assert "reconstructed this" in trains_ui.card_html("Politician", "small")  # a card in a hand keeps its mark


def test_score_rows_split_route_bonus_out_of_the_vp_track() -> None:
    rows = trains_ui.score_rows({"scores": [20], "details": [{"vp_track": 7, "route_points": 5, "card_points": 3,
                                                              "city_points": 8, "remote_points": 2}]})
    assert rows[0]["routes"] == 5 and rows[0]["track"] == 2


def test_rules_help_has_a_rising_sun_section_in_english_and_french() -> None:
    from railtable_web import i18n

    try:
        for lang, words in (("en", ["Attacks.", "Reactions.", "Route Bonus cards", "2-player maps."]),
                            ("fr", ["Attaques.", "Réactions.", "Cartes Bonus de route", "Plateaux à 2 joueurs."])):
            i18n.set_language(lang)
            html = trains_rs.help_html()
            assert all(w in html for w in words), lang
        assert "Plateau" in trains_rs.lobby_options_html({}, 2)
    finally:
        i18n.set_language("en")


def test_help_and_hints_speak_to_touch_screens_too() -> None:
    """Issue 34: a phone has no hover; the help and the Route Bonus hint say tap as well (EN and FR)."""
    from railtable_web import i18n
    from railtable_web.trains_text import help_html, ui

    try:
        for lang, tap in (("en", "tap"), ("fr", "touchez")):
            i18n.set_language(lang)
            texts = [trains_rs.help_html(), help_html(lang), ui("rs_hover", lang)]
            for text in texts:
                assert not re.search(r"hover|survol", text, re.IGNORECASE), (lang, text[:80])
            assert tap in trains_rs.help_html(), lang
    finally:
        i18n.set_language("en")


def test_rising_sun_table_words_are_french_for_a_french_reader() -> None:
    """Issue 14 "Words": the lobby picker, the ATTACK box and the privacy screen name cards in French."""
    from railtable_web import i18n

    view = {"players": [{"name": "Bob"}, {"name": "Ann"}], "current": 0,
            "attack": {"card": "Politician", "attacker": 0, "order": [1], "done": 0},
            "pending": {"kind": "reaction", "player": 1}}
    try:
        i18n.set_language("fr")
        lobby = trains_rs.lobby_options_html({"trains_sets": "both", "trains_kingdom": "pick"}, 2)
        assert "<span>Conseiller juridique</span>" in lobby and "<span>Legal Counsel</span>" not in lobby
        assert "Soleil levant : première partie" in lobby
        html = trains_rs.attack_html(view, 1)
        assert "Bob joue <b>Politicien</b> (ATTAQUE)" in html and "<b>Ann</b> (vous) : décide maintenant" in html
        assert trains_rs.privacy_note(view, 1) == "Ann : Bob a joué Politicien. (une Réaction ?)"
    finally:
        i18n.set_language("en")


def test_hot_seat_pass_screen_is_the_same_whether_a_victim_holds_a_reaction() -> None:
    """Issue 34, Rising Sun "Reactions" and "Attacks": at a real table every attacked player may
    react or not without showing their hand. In hot-seat the device goes to each attacked person in
    turn with the same words, Legal Counsel in their hand or not (rules version 3)."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "trains"))
    from railtable_web.session import Session
    from test_trains_secret_reactions import attacked_table, without_reaction

    def screens(state: object) -> list[object]:
        m = Match("trains", {"players": ["P0", "P1", "P2"], "sets": "both", "kingdom": ["Regulations", "Legal Counsel"]},
                  1, [None, None, None])
        m.state = state  # the table the engine tests arrange (seat 2 holds Legal Counsel or not)
        s = Session(m, "slot")
        s.reveal_to(0)
        cid = state.zones.find(state.zones.hands[0], "Regulations")
        m.apply({"type": "play", "player": 0, "card": cid})
        seen = []
        while state.pending is not None:
            seat = s.wanted_viewer()
            seen.append((s.needs_privacy_screen(), seat, trains_rs.privacy_note(state.view(None), seat)))
            s.reveal_to(seat)
            m.apply({"type": "choose", "player": seat, "option": "none"})
        return seen

    holder = attacked_table("Regulations")
    shown = screens(without_reaction(holder))
    assert shown == screens(holder)
    assert shown == [(True, 1, "P1: P0 played Regulations. (a Reaction?)"),
                     (True, 2, "P2: P0 played Regulations. (a Reaction?)")]
