"""Issue 34, "Faults and hostile input", the worker's side: the page's events run through the real
bridge and app on CPython (as in test_lobby_properties.py), and what the page would show is read
from the DOM operations sent back."""

from __future__ import annotations

import json
from typing import Any

import fresh_loop
from fake_page import Page, cancel_tasks, let_bots_play, start_game, start_page  # noqa: F401
from railtable_web import app, bridge, dom, saves_ui


def saved_slots(storage: Any) -> list[str]:
    return [k for k in storage.data if k.startswith("railtable.save.")]


def test_start_sent_three_times_in_one_task_starts_one_game() -> None:
    """Three submits queued before the first is answered (three clicks in one task of the page)
    make one table and one saved game."""

    async def scenario() -> None:
        page = start_page()
        form = dict(dom.FORM)
        for _ in range(3):
            page.send("#lobby-form", "submit", form)
        assert page.errors() == []
        assert app.APP is not None and app.APP.session is not None
        assert len(saved_slots(bridge.STORAGE)) == 1
        cancel_tasks()

    fresh_loop.run(scenario())


def test_names_with_bidi_characters_are_isolated_wherever_they_are_shown() -> None:
    """A name holding U+202E (RIGHT-TO-LEFT OVERRIDE) reorders only itself: the session's names
    (players list, messages, privacy screen, tab title, the save's title) are wrapped in FIRST
    STRONG ISOLATE ... POP DIRECTIONAL ISOLATE, and the lobby's save rows put the title in <bdi>."""
    from railtable_web.markup import isolate
    from railtable_web.session import Session

    from railtable.core import Match

    assert isolate("Ann") == "Ann" and isolate("Zoé") == "Zoé"
    assert isolate("\u202eAnn") == "\u2068\u202eAnn\u2069"
    assert isolate("אבי") == "\u2068אבי\u2069"
    session = Session(Match("transamerica", {"players": ["\u202eAnn", "Bob"]}, 4, [None, None]), "s")
    assert session.names == ["\u2068\u202eAnn\u2069", "Bob"]
    assert "\u2068\u202eAnn\u2069, Bob" in session.title()

    async def scenario() -> None:
        storage = {"railtable.save.s": json.dumps({"title": "TransAmerica · \u202eAnn, Bob", "updated": 1.7e12,
                                                   "save": session.match.to_save()})}
        page = start_page(storage)
        assert '<bdi class="save-title">TransAmerica · \u202eAnn, Bob</bdi>' in page.last("#save-list", "innerHTML")
        cancel_tasks()

    fresh_loop.run(scenario())


def test_the_lobby_refuses_a_name_with_no_visible_character_in_english_and_french() -> None:
    async def scenario() -> None:
        for lang, words in (("en", "the name of player 2 has no visible character"),
                            ("fr", "le nom du joueur 2 n'a aucun caractère visible")):
            page = start_page({"railtable.settings": json.dumps({"lang": lang})})
            form = {**dom.FORM, "seat-name-1": "\u200b\u200b"}
            page.send("#lobby-form", "submit", form)
            assert app.APP is not None and app.APP.session is None
            assert words in page.last("#flash", "textContent"), page.last("#flash", "textContent")
            assert saved_slots(bridge.STORAGE) == []
            cancel_tasks()

    fresh_loop.run(scenario())


def test_a_bot_that_raises_once_is_told_and_the_game_goes_on(monkeypatch: Any) -> None:
    """Issue 34: a bot move that raises no longer freezes the game behind a fading message: a
    dialog stays until answered (English and French), the save keeps every move played before,
    "Try again" lets the bot choose again, and its seat can be handed to another level."""
    from railtable_web import think_ui

    real = think_ui.bot_decision
    failures = {"left": 1}

    async def failing_once(the_app: Any, generation: int) -> Any:
        if failures["left"]:
            failures["left"] -= 1
            raise RuntimeError("injected bot fault")
        return await real(the_app, generation)

    async def scenario(lang: str, retry: bool) -> None:
        failures["left"] = 1
        page = start_page({"railtable.settings": json.dumps({"lang": lang})})
        monkeypatch.setattr(think_ui, "bot_decision", failing_once)
        start_game(page, [("Ann", "easy"), ("Bob", "normal")])
        await let_bots_play()
        the_app = app.APP
        assert the_app is not None and the_app.session is not None
        dialog = page.last("#modal", "innerHTML")
        words = {"en": ("Something went wrong", "(a bot) could not play", "Try again", "injected bot fault"),
                 "fr": ("Un problème est survenu", "(un robot) n'a pas pu jouer", "Réessayer", "injected bot fault")}
        for word in words[lang]:
            assert word.replace("'", "&#x27;") in dialog, (word, dialog)
        assert 'data-hand="0:normal"' in dialog and 'data-hand="0:hard"' in dialog  # Ann is Easy
        assert len(the_app.session.match.actions) == 0  # frozen at the fault, nothing lost
        assert [e for e in page.errors() if "injected bot fault" in e]  # the console still hears of it
        saved = json.loads(bridge.STORAGE.getItem("railtable.save." + the_app.session.slot))["save"]
        assert saved["actions"] == []
        if retry:
            page.send("#modal", "click", close="1")
        else:
            page.send("#modal", "click", hand="0:hard")
        await let_bots_play()
        session = the_app.session
        assert session is not None and len(session.match.actions) > 0  # the bots play again
        if not retry:
            assert session.match.seats[0] == "hard"
            saved = json.loads(bridge.STORAGE.getItem("railtable.save." + session.slot))["save"]
            assert saved["seats"][0] == "hard"
        cancel_tasks()

    fresh_loop.run(scenario("en", retry=True))
    fresh_loop.run(scenario("fr", retry=False))


def test_an_exception_on_a_persons_click_is_told_and_the_game_reopens_from_its_save() -> None:
    async def scenario() -> None:
        page = start_page()
        start_game(page, [("Ann", "human"), ("Bob", "human")])
        the_app = app.APP
        assert the_app is not None and the_app.session is not None
        slot = the_app.session.slot
        dom.on(dom.q("#table"), "click", lambda event: 1 / 0)  # a table code bug, injected
        dom.flush()
        page.send("#table", "click")
        dialog = page.last("#modal", "innerHTML")
        assert "Railtable failed on that move (ZeroDivisionError: division by zero)" in dialog
        assert [e for e in page.errors() if "ZeroDivisionError" in e]
        before_close = len(page.ops)
        page.send("#modal", "click", close="1")
        assert the_app.session is not None and the_app.session.slot == slot  # the same game, reopened
        assert ["a", "#modal", "hidden", ""] in page.ops[before_close:]  # the dialog closed
        cancel_tasks()

    fresh_loop.run(scenario())


def test_an_import_of_a_future_rules_version_says_nothing_was_imported() -> None:
    """Issue 34, wording: the import is refused, so it must not say "the game is kept"."""
    from railtable.core import Match

    save = Match("transamerica", {"players": ["Ann", "Bob"]}, 4, [None, None]).to_save()
    save["config"]["rules"] = 99

    async def scenario() -> None:
        for lang, words in (("en", "Nothing was imported."), ("fr", "Rien n'a été importé.")):
            page = start_page({"railtable.settings": json.dumps({"lang": lang})})
            page.send("#import-file", "change", file={"name": "future.json", "size": 100, "text": json.dumps(save)})
            told = page.last("#flash", "textContent")
            assert words in told and "99" in told, told
            assert "kept" not in told and "conserv" not in told, told
            assert app.APP is not None and app.APP.session is None and saved_slots(bridge.STORAGE) == []
            cancel_tasks()

    fresh_loop.run(scenario())


def test_under_the_privacy_screen_the_trains_hand_title_names_no_count() -> None:
    """Issue 34, wording: "Your hand (5 cards)" was left from the previous player's screen."""

    async def scenario() -> None:
        page = start_page()
        start_game(page, [("Ann", "human"), ("Bob", "human")], game="trains")
        the_app = app.APP
        assert the_app is not None and the_app.session is not None
        page.send("#privacy-reveal", "click")
        assert page.last("#tr-hand-title", "textContent").startswith("Your hand (")
        the_app.session.hide()  # the device is passed on: the screen goes up again
        the_app.redraw()
        dom.flush()
        assert page.last("#tr-hand-title", "textContent") == "Your hand"
        cancel_tasks()

    fresh_loop.run(scenario())


def _finished_record(save: dict[str, Any], when: float, over: bool = True) -> str:
    return json.dumps({"title": "Old game", "updated": when, "over": over, "save": save})


def test_finished_games_beyond_the_newest_30_are_pruned_when_a_game_ends_results_kept() -> None:
    """Issue 34: finished games are pruned by a stated rule (the newest KEEP_FINISHED kept, never an
    unfinished one), and each pruned game's line is in the personal record before it goes."""
    from railtable_web import record, store

    from railtable.core import Match

    finished = Match("transamerica", {"players": ["Ann", "\u202eBob"]}, 4, [None, "easy"])
    while not finished.state.is_over():
        finished.apply(finished.state.legal_actions(finished.state.to_act()[0])[0])
    old = finished.to_save()
    storage = {f"railtable.save.f{i}": _finished_record(old, 1.6e12 + i) for i in range(store.KEEP_FINISHED + 5)}
    storage.update({f"railtable.save.u{i}": _finished_record(old, 1.5e12 + i, over=False) for i in range(3)})

    async def scenario() -> None:
        page = start_page(storage)
        assert f"The newest {store.KEEP_FINISHED} finished games are kept" in page.last("#save-space", "textContent")
        start_game(page, [("Ann", "human"), ("Bob", "human")])
        the_app = app.APP
        assert the_app is not None and the_app.session is not None
        match = the_app.session.match
        while not match.state.is_over():  # played to its end, then saved as the page saves a move
            seat = match.state.to_act()[0]
            match.apply(match.state.legal_actions(seat)[0])
        the_app.autosave()
        slots = {k.removeprefix("railtable.save.") for k in saved_slots(bridge.STORAGE)}
        assert {f"u{i}" for i in range(3)} <= slots  # unfinished games are never pruned
        finished = {s for s in slots if s.startswith("f")}
        # the new game counts among the newest: 29 old ones stay, the 6 oldest went
        assert finished == {f"f{i}" for i in range(6, store.KEEP_FINISHED + 5)}, sorted(finished)
        by_slot = {item.data["id"]: item.data for item in record.read(bridge.STORAGE) if item.data is not None}
        assert set(by_slot) == {f"f{i}" for i in range(6)} | {the_app.session.slot}  # pruned, then the new one
        pruned = by_slot["f0"]  # an old finished game: its line made from its save before it went
        assert pruned["at"] == int(1.6e12) and pruned["game"] == "transamerica"
        assert pruned["seats"] == [["Ann", "human"], ["\u202eBob", "easy"]] and pruned["winners"]
        mine = by_slot[the_app.session.slot]
        assert mine["seats"] == [["Ann", "human"], ["Bob", "human"]]
        assert mine["scores"] == the_app.session.match.state.result()["scores"] and mine["winners"]
        cancel_tasks()

    fresh_loop.run(scenario())


def test_a_link_names_each_trains_option_it_replaced_and_its_seed_field_matches_its_message() -> None:
    """Issue 34, lobby links: unusable Trains options (board, supply, cards) are named with what was
    used instead; a 29-digit seed is announced as replaced and the field holds the new seed."""
    huge = "9" * 29

    async def scenario() -> None:
        page = start_page(link=f"#game=trains&players=2&board=nagoya&supply=xyz&cards=Foo,Bar&seed={huge}")
        notice = page.last("#link-notice", "textContent")
        assert "board \u201cnagoya\u201d, which cannot be used here; " in notice, notice
        assert "supply \u201cxyz\u201d, which cannot be used here; random was chosen instead." in notice, notice
        assert "cards Railtable does not have (Foo, Bar)" in notice, notice
        assert f"seed ({huge}) is too large (at most 18 digits); a new seed was chosen." in notice, notice
        seed = dom.FORM.get("seed")
        assert seed and seed != huge and saves_ui._is_seed(seed)
        page.send("#lobby-form", "submit")  # the announced seed starts: nothing refused at Start
        assert app.APP is not None and app.APP.session is not None and str(app.APP.session.match.seed) == seed
        cancel_tasks()

        page = start_page(link="#game=trains&players=2&board=chiba&seed=12")
        assert page.last("#link-notice", "textContent") in (None, "")
        assert dom.FORM.get("seed") == "12"
        cancel_tasks()

    fresh_loop.run(scenario())


def test_a_click_aimed_at_a_dialog_that_another_replaced_meanwhile_closes_nothing() -> None:
    """A person clicks Continue on a round's summary just as the game's end replaces it with the
    result (a bot's or a friend's last move): the result stays up (it was closed unseen before)."""
    async def scenario() -> None:
        page = start_page()
        start_game(page, [("Ann", "human"), ("Bob", "human")])
        the_app = app.APP
        assert the_app is not None
        the_app.modal("<h2>Round 3</h2>")
        summary = the_app.modal_number
        the_app.modal("<h2>The end</h2>")
        dom.flush()
        assert f'data-dialog="{summary + 1}"' in page.last("#modal", "innerHTML")
        before = len(page.ops)
        page.send("#modal", "click", close="1", dialog=str(summary))  # the summary's button
        assert the_app.modal_open and ["a", "#modal", "hidden", ""] not in page.ops[before:]
        page.send("#modal", "click", close="1", dialog=str(summary + 1))  # the result's own
        assert not the_app.modal_open and ["a", "#modal", "hidden", ""] in page.ops[before:]
        cancel_tasks()

    fresh_loop.run(scenario())
