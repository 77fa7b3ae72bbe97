"""Replays and replay links (issue 31): any position of a saved game, whose eyes, the link codec."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest

from railtable.core import Match, SaveError
from railtable.core.replay import Replay, ReplayError, score_now
from railtable.core.replaylink import CHAT_LIMIT, PREFIX, LinkError, decode, encode
from railtable.core.rng import Rng
from railtable.core.soak import _hide_private_events, scrambler
from replay_games import bot_game

FIXTURES = Path(__file__).parent.parent / "fixtures" / "saves_rules1"
GAMES = [("transamerica", 3), ("trains", 2), ("stations", 3)]


@pytest.mark.parametrize("game,players", GAMES)
def test_the_last_position_is_the_final_state_and_every_position_is_a_replay(game: str, players: int) -> None:
    match = bot_game(game, players, 3)
    replay = Replay.from_save(match.dumps())
    assert replay.finished and replay.length == len(match.actions)
    assert replay.state_at(replay.length) == match.state
    # any order of positions gives the state of a fresh replay to that position (checkpoints, steps)
    for k in (5, 6, 0, replay.length - 1, 30, 29, 7, replay.length):
        expected = Match.replay(game, match.config, match.seed, match.actions[:k], match.seats).state
        assert replay.state_at(k) == expected, k
    with pytest.raises(ReplayError):
        replay.state_at(replay.length + 1)


@pytest.mark.parametrize("game,players", GAMES)
def test_a_game_in_progress_shows_only_its_peoples_eyes_and_no_secret_at_any_position(game: str, players: int) -> None:
    match = bot_game(game, players, 5, stop=120)
    assert not match.state.is_over()
    replay = Replay.from_save(match.dumps())  # seat 0 is the only person
    assert not replay.finished and replay.eyes == {0}
    scramble = scrambler(game)
    assert scramble is not None
    rng = Rng(11)
    for k in range(replay.length + 1):
        for other in range(1, players):
            with pytest.raises(ReplayError):
                replay.view(k, other)
        for seat in (0, None):
            seen = replay.view(k, seat)
            # the state with what this seat may not see changed (the soak's check): the same view
            changed = type(replay.state_at(k)).from_json(json.loads(json.dumps(replay.state_at(k).to_json())))
            scramble(changed, seat, rng)
            _hide_private_events(changed, seat)
            assert changed.view(seat) == seen, (k, seat)


def test_a_finished_game_shows_every_seat() -> None:
    match = bot_game("trains", 2, 3)
    replay = Replay.from_save(match.dumps(), eyes=[])
    assert replay.eyes == {0, 1}
    assert replay.view(10, 1)["hand"] == match_view_after(match, 10, 1)["hand"]


def match_view_after(match: Match, k: int, seat: int) -> dict[str, Any]:
    return Match.replay(match.game_id, match.config, match.seed, match.actions[:k], match.seats).state.view(seat)


def test_transamerica_is_marked_by_rounds_and_scored_after_each_round() -> None:
    match = bot_game("transamerica", 3, 4)
    replay = Replay.from_save(match.dumps())
    history = match.state.result()["history"]  # type: ignore[index]
    marks = replay.period_marks()
    assert [n for _, kind, n in marks] == list(range(1, len(history) + 1)) and {m[1] for m in marks} == {"round"}
    # "Scoring": the points after each round, from the start (every player's locomotive on 13)
    assert [s for _, s in replay.scores] == [[13, 13, 13]] + [r["scores"] for r in history]


def test_trains_is_marked_by_turns_and_its_score_is_the_final_score_at_the_end() -> None:
    match = bot_game("trains", 2, 4)
    replay = Replay.from_save(match.dumps())
    result = match.state.result()
    assert result is not None
    marks = replay.period_marks()
    assert marks[0] == (0, "turn", 1) and marks[-1][2] == result["turns"] + 1 or marks[-1][2] == result["turns"]
    assert replay.scores[-1] == (replay.length, result["scores"])
    assert replay.scores[0] == (0, [0, 0])


def test_stations_is_scored_over_rounds() -> None:
    match = bot_game("stations", 3, 4)
    replay = Replay.from_save(match.dumps())
    assert {kind for _, kind, _ in replay.period_marks()} == {"round"}
    assert replay.scores[-1][1] == match.state.result()["scores"]  # type: ignore[index]
    assert score_now(replay.state_at(0)) == [p["vp"] for p in replay.view(0, None)["players"]]


def test_a_log_line_leads_to_the_action_that_wrote_it() -> None:
    match = bot_game("trains", 2, 6)
    replay = Replay.from_save(match.dumps())
    for line in (0, 5, 40):
        k = replay.position_of_log_line(line)
        assert replay.log_sizes[k] > line and (k == 0 or replay.log_sizes[k - 1] <= line)


def test_continue_from_a_position_is_a_new_game_and_the_original_is_untouched() -> None:
    match = bot_game("transamerica", 3, 7)
    text = match.dumps()
    replay = Replay.from_save(text)
    new = replay.continue_from(40, seats=["easy", None, None])
    assert len(new.actions) == 40 and new.seats == ["easy", None, None]
    assert new.state == replay.state_at(40)
    new.apply(new.state.legal_actions(new.state.to_act()[0])[0])
    assert replay.state_at(40) != new.state and match.dumps() == text


@pytest.mark.parametrize("game,players", GAMES)
def test_a_link_gives_back_the_same_game(game: str, players: int) -> None:
    match = bot_game(game, players, 8, kind="easy")
    code = encode(game, match.config, match.seed, match.actions, match.seats)
    assert code.startswith(PREFIX) and len(code) < CHAT_LIMIT
    assert all(c.isalnum() or c in "-_." for c in code)  # safe in a URL fragment as it is
    save = decode(code)
    assert save["actions"] == match.actions and save["seats"] == match.seats and save["config"] == match.config
    assert Match.from_save(save).state == match.state


def test_an_unfinished_game_gets_no_link() -> None:
    match = bot_game("trains", 2, 8, stop=50)
    with pytest.raises(LinkError, match="only a finished game"):
        encode("trains", match.config, match.seed, match.actions, match.seats)


def test_a_link_of_an_older_rules_version_replays_under_it() -> None:
    data = json.loads((FIXTURES / "trains_2p_tokyo_finished.json").read_text())
    save = decode(encode(data["game"], data["config"], data["seed"], data["actions"], data["seats"]))
    assert save["config"]["rules"] == 1
    assert Match.from_save(save).state == Match.from_save(data).state


def _pack(payload: Any) -> str:
    raw = json.dumps(payload).encode()
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def test_damaged_links_say_what_is_wrong() -> None:
    match = bot_game("transamerica", 2, 9)
    code = encode("transamerica", match.config, match.seed, match.actions, match.seats)
    payload = json.loads(zlib.decompress(base64.urlsafe_b64decode(code[3:] + "==")))
    cases = {
        "": "empty",
        "hello": "not a Railtable replay link",
        "r9.abc": "newer Railtable",
        code[: len(code) // 2]: "cut short",
        code[:10] + "!!" + code[12:]: "damaged",
        PREFIX + base64.urlsafe_b64encode(b"not zlib").decode(): "damaged",
        _pack([1, 2]): "does not hold a game",
        _pack({**payload, "m": payload["m"][:-3]}): "does not reach its end",
        _pack({**payload, "m": [999] + payload["m"][1:]}): "move 1 of",
        _pack({**payload, "m": ["x"] + payload["m"][1:]}): "move 1 of",
        _pack({**payload, "g": "chess"}): "does not know",
        _pack({**payload, "c": {**payload["c"], "rules": 99}}): "rules version 99",
        _pack({**payload, "s": "7"}): "seed",
        "r1." + "A" * 300_000: "too long",
    }
    for bad, words in cases.items():
        with pytest.raises(LinkError, match=words):
            decode(bad)


# ---- "continue from here" with new draws (issue 31) -------------------------------------------------
def _views(state: Any) -> list[Any]:
    return [state.view(seat) for seat in [None, *range(state.num_players)]]


@pytest.mark.parametrize("game,players,k", [("trains", 3, 150), ("stations", 3, 60), ("transamerica", 3, 30)])
def test_continuing_with_new_draws_changes_nothing_anybody_saw_and_replays_from_its_save(
    game: str, players: int, k: int
) -> None:
    """The same seed gives the original's position and draws; a new seed reseeds the RNG and shuffles
    only what nobody has seen (Trains rulebook "Terms": each deck's order; Trains & Stations "Public
    Knowledge": the Power deck's order), so every seat's view is unchanged. The save keeps it."""
    replay = Replay.from_save(bot_game(game, players, 5).dumps())
    before = replay.state_at(k)
    same = replay.continue_from(k)
    assert same.state == before and "reseeds" not in same.to_save()  # saves are written as before
    new = replay.continue_from(k, None, new_seed=424242)
    assert new.to_save()["reseeds"] == [[k, 424242]]
    assert _views(new.state) == _views(before)
    assert new.state.rng.state != before.rng.state
    assert not any(new.can_undo(p) for p in range(players))  # undo never crosses new draws
    again = Match.from_save(new.dumps())
    assert again.state == new.state
    seat = new.state.to_act()[0]
    action = new.state.legal_actions(seat)[0]
    new.apply(action)
    again.apply(action)
    assert Match.from_save(new.dumps()).state == new.state == again.state
    assert Replay.from_save(new.dumps()).state_at(k + 1) == new.state


def test_new_draws_in_trains_shuffle_each_deck_below_the_cards_anybody_saw() -> None:
    replay = Replay.from_save(bot_game("trains", 3, 5).dumps())
    k = 150
    before = replay.state_at(k)
    new = replay.continue_from(k, None, new_seed=424242).state
    changed = False
    for p, deck in enumerate(before.zones.decks):
        unseen = before.zones.unseen[p]
        assert sorted(new.zones.decks[p]) == sorted(deck)
        assert new.zones.decks[p][unseen:] == deck[unseen:]  # put on top or looked at: kept
        changed = changed or new.zones.decks[p][:unseen] != deck[:unseen]
        assert new.zones.hands[p] == before.zones.hands[p]
    assert changed


def test_an_undo_after_new_draws_replays_them() -> None:
    """Undo rebuilds the state from its checkpoint or from the setup: the new draws are made again."""
    match = bot_game("trains", 2, 2)
    replay = Replay.from_save(match.dumps())
    k = next(i for i in range(100, len(match.actions))
             if match.actions[i]["player"] == match.actions[i - 1]["player"] and "pile" not in match.actions[i])
    new = replay.continue_from(k, None, new_seed=77)
    state_before = new.state.to_json()
    seat = new.state.to_act()[0]
    legal = new.state.legal_actions(seat)
    undoable = None
    for action in legal:
        trial = Match.from_save(new.dumps())
        trial.apply(action)
        if trial.can_undo(seat):
            undoable = action
            break
    if undoable is None:
        pytest.skip("no undoable action at this position")
    for drop_checkpoint in (False, True):
        trial = Match.from_save(new.dumps())
        trial.apply(undoable)
        if drop_checkpoint:
            trial._checkpoint = None  # from the setup: the reseed is made again on the way
        trial.undo(seat)
        assert trial.state.to_json() == state_before


@pytest.mark.parametrize("reseeds", ["x", [[5]], [[1, 1.5]], [[3, 1], [2, 1]], [[3, 1], [3, 2]], [[-1, 1]], [[10_000, 1]],
                                     [[True, 1]]])
def test_damaged_new_draws_in_a_save_are_refused(reseeds: Any) -> None:
    save = bot_game("transamerica", 2, 1, stop=20).to_save()
    save["reseeds"] = reseeds
    with pytest.raises(SaveError, match="reseeds"):
        Match.from_save(save)


def test_a_game_with_new_draws_gets_no_link() -> None:
    match = bot_game("transamerica", 2, 1)
    with pytest.raises(LinkError, match="new shuffle"):
        encode(match.game_id, match.config, match.seed, match.actions, match.seats, {10: 5})
