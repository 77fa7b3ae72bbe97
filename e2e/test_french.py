"""TransAmerica and Trains played in French (issue 14 "Words"): a few moves by clicks, then the
table's visible text holds none of a short list of tell-tale English words, and shows French plurals
("1 rail restant", "5 cartes"). Screenshots: e2e/screenshots/fr-*.png."""

from __future__ import annotations

import re
from typing import Any

import lobby
import test_trains
import test_transamerica
from lobby import moves

ENGLISH_TA = ["Your turn", "End turn", "Undo", "Your cities", "Players", "Log", "Round", "tracks",
              "Waiting for", "is playing", "near ", "places", "builds", "Bot (", "human", "junction"]
ENGLISH_TRAINS = ["Your hand", "Supply", "End turn", "Play area", "Undo", "Players", "Log", "discard",
                  "draws", "money", "Waste", "Lay Rails", "Normal Train", "Station Expansion", "cards",
                  "Bot (", "human", "Stations left", "turn ", "places", "(s)", "Rail Laying", "VP"]


def visible_words(page: Any, selector: str) -> str:
    return str(page.locator(selector).inner_text())


def english_in(text: str, words: list[str]) -> list[str]:
    return [w for w in words if re.search(r"(?<![A-Za-zÀ-ÿ])" + re.escape(w), text)]


def test_transamerica_in_french(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    lobby.start_game(page, server, wait_engine, "transamerica", [("Zoé", "human"), ("Yves", "easy"), ("Xavier", "easy")],
                     seed=7, lang="fr")
    page.wait_for_selector("#ta-board")
    page.select_option("#pace", "instant")
    for _ in range(3):  # the start marker, then two turns of tracks
        page.wait_for_function("document.querySelector('#turn-banner.mine') !== null")
        test_transamerica.play_my_turn(page)
    page.wait_for_function("document.querySelector('#turn-banner.mine') !== null")
    text = visible_words(page, "#table")
    shot(page, "fr-transamerica")
    assert english_in(text, ENGLISH_TA) == [], text
    assert "Robot (Facile)" in text and "Vos villes" in text and "Journal" in text
    assert re.search(r"Manche 1 · \d+ rails restants sur \d+ dans la réserve", text), text
    assert "pose son pion de départ sur" in text
    # a refusal (a stale click's move, played for the wrong seat) is said in French too
    page.evaluate("(c) => window.railtable.run(c)",
                  "from railtable_web import app\napp.APP.play({'type': 'end_turn', 'player': 1})")
    page.wait_for_selector("#flash:not([hidden])")
    assert page.locator("#flash").inner_text() == "ce n'est pas le tour de Yves (on attend Zoé)"


def test_trains_in_french(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    def options(pg: Any) -> None:
        pg.select_option("#trains-board", "tokyo")
        pg.select_option("#trains-kingdom", "beginner_tokyo")

    lobby.start_game(page, server, wait_engine, "trains", [("Zoé", "human"), ("Yves", "easy")], seed=3, lang="fr",
                     options=options)
    page.wait_for_selector("#tr-board")
    page.select_option("#pace", "instant")
    played = 0
    for _ in range(40):  # the starting rail, then a few cards played, prompts answered, one buy
        if played >= 6:
            break
        page.wait_for_function("document.querySelector('#tr-banner.mine') !== null")
        if page.locator("#tr-board .start-target").count():
            test_trains.click_and_wait(page, page.locator("#tr-board .start-target").nth(7))
            continue
        if page.locator("#tr-prompt:not([hidden])").count():
            if page.locator("#tr-board .target").count():
                test_trains.click_and_wait(page, test_trains.cheapest_target(page))
            elif page.locator("#tr-hand .hand-slot.choosable .tcard").count():
                test_trains.click_and_wait(page, page.locator("#tr-hand .hand-slot.choosable .tcard").first)
            else:
                test_trains.click_and_wait(page, page.locator("#tr-prompt .opt:not([disabled])").last)
            continue
        play = page.locator("#tr-hand button.play")
        if play.count():
            test_trains.click_and_wait(page, play.first)
            played += 1
            continue
        buys = page.locator("#tr-supply .pile.affordable button.buy")
        if buys.count():
            test_trains.click_and_wait(page, buys.first)
        before = moves(page)
        test_trains.click_and_wait(page, page.locator("#tr-end"))
        assert moves(page) > before
    page.wait_for_function("document.querySelector('#tr-banner.mine') !== null")
    text = visible_words(page, "#table")
    shot(page, "fr-trains")
    assert english_in(text, ENGLISH_TRAINS) == [], text
    assert "Robot (Facile)" in text and "Réserve" in text and "Journal" in text and "Ferraille" in text
    assert re.search(r"Votre main \(\d+ cartes", text), text
    assert "Train omnibus" in text and "Pose de rails" in text
    assert re.search(r"pioche \d+ cartes?", text) or "pioche " in text


def test_trains_lobby_with_rising_sun_in_french(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    """The Trains lobby (both boxes, cards picked by hand) names cards, sets and options in French."""
    page.goto(server.url)
    wait_engine(page)
    page.select_option("#lang", "fr")
    page.click("#game-choice label:has(input[value=trains])")
    page.select_option("#trains-sets", "both")
    page.select_option("#trains-kingdom", "pick")
    page.wait_for_selector(".trains-picker .pick-card:has-text('Conseiller juridique')")
    text = visible_words(page, "#game-options")
    shot(page, "fr-trains-lobby")
    assert "Cartes Bonus de route" in text and "Choisir les cartes moi-même" in text
    assert not english_in(text, ["Legal Counsel", "Recommended", "Route Bonus", "Pick the cards", "Board", "Supply"])


ENGLISH_LOBBY = ["Saved games", "Clear finished games", "No saved games", "a browser keeps", "players",
                 "Players", "Human", "Bot (", "Start game", "Import a save", "Engine ready", "Language"]


def test_lobby_after_a_reload_in_french(page: Any, server: Any, wait_engine: Any, shot: Any) -> None:
    """A French player's next visit: the language is remembered and the whole lobby, the saved
    games panel included, is drawn in French from the start (not in English and partly relabelled),
    even before the engine is up (the page keeps its own texts from the last visit)."""
    page.goto(server.url)
    wait_engine(page)
    page.select_option("#lang", "fr")
    page.wait_for_function("document.querySelector('#start').textContent.includes('Commencer')")
    text = visible_words(page, "body")
    assert english_in(text, ENGLISH_LOBBY) == [], text
    # what the page shows before its engine is up (recorded once the page's own scripts have run)
    page.add_init_script("""document.addEventListener("DOMContentLoaded", () => setTimeout(() => {
      window.__early = { start: document.getElementById("start").textContent,
                         status: document.getElementById("engine-status").textContent,
                         saved: document.querySelector("[data-i18n=saved_games]").textContent,
                         ready: document.documentElement.dataset.engine === "ready" };
    }));""")
    page.reload()
    wait_engine(page)
    early = page.evaluate("window.__early")
    assert early["ready"] is False, early
    assert early == {"start": "Chargement du moteur…", "status": "Démarrage du moteur…",
                     "saved": "Parties sauvegardées", "ready": False}
    assert page.input_value("#lang") == "fr"
    text = visible_words(page, "body")
    shot(page, "fr-lobby-reloaded")
    assert english_in(text, ENGLISH_LOBBY) == [], text
    assert "Parties sauvegardées" in text and "Effacer les parties terminées" in text, text


ENGLISH_NAMES = ["Number of players", "Language", "Seed", "Bot speed", "New random seed",
                 "Copy a link that starts this game", "Link to this setup", "Name of player", "Player 1 is"]
NAMES_JS = """() => [...document.querySelectorAll('[aria-label], [title]')]
  .flatMap(e => [e.getAttribute('aria-label'), e.getAttribute('title')]).filter(Boolean)"""


def test_lobby_accessible_names_in_french(page: Any, server: Any, wait_engine: Any) -> None:
    """Issue 34: what a screen reader says in the French lobby (aria-label, title) is French too,
    the menu's "Bot speed" and the seed buttons' tooltips included."""
    page.goto(server.url)
    wait_engine(page)
    page.select_option("#lang", "fr")
    page.wait_for_function("document.querySelector('#start').textContent.includes('Commencer')")
    names = page.evaluate(NAMES_JS)
    assert [n for n in names if any(n.startswith(w) for w in ENGLISH_NAMES)] == [], names
    assert page.get_attribute("#reseed", "title") == "Nouvelle graine au hasard"
    assert page.inner_text("#reseed") == "Nouvelle graine"
    page.select_option("#lang", "en")  # and back
    page.wait_for_function("document.querySelector('#reseed').title === 'New random seed'")
    assert page.get_attribute("#player-count", "aria-label") == "Number of players"
