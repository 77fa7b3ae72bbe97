"""Replay links: a finished game in a URL's fragment, with no server and no file (issue 31).

A link is ``<page>#replay=<code>``. The fragment never leaves the browser (it is not sent to
the host that serves the page). ``<code>`` is ``r1.`` (this codec's version) followed by the
base64url text (no padding) of the deflate-compressed (zlib) JSON::

    {"g": game id, "c": config (players, options, "rules": the rules version),
     "s": seed, "k": seats (null or a bot kind), "m": moves}

Each move is the index of the action in the legal actions of the seats to act at that moment
(``legal_actions(p)`` for each ``p`` of ``to_act()``, in that order, one list): a small number
where the action itself is a JSON object of 30-100 characters. An action not found there (none
the page or a bot plays) is written whole. Decoding replays the game, so the moves are checked
as a save's actions are.

A link holds the seed, and so every card still to come: only a finished game gets one
(:func:`encode` refuses the others). Links made under an older rules version replay under it
while this code still plays it (``GameInfo.rules_versions``); otherwise the error says which
version the link needs and which this code plays.

Measured (``bench/replay_link.py``): a 900-action 4-player Trains game makes a link of about
2,000 characters. :data:`CHAT_LIMIT` is where the page offers the game as a file instead.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any

from .errors import ConfigError, IllegalActionError, SaveError
from .game import Action, action_key
from .match import Match
from .savefile import MAX_SAVE_CHARS, RulesVersionError, loads, read_save

PREFIX = "r1."
"""The codec's version: a later format gets another prefix and this one is still read."""

CHAT_LIMIT = 8_000
"""Links longer than this (characters of the whole code) may be cut by chat apps and mail; the
page offers "Export the game as a file" instead."""

MAX_LINK_CHARS = 200_000
"""A link's code longer than this is refused unread."""


class LinkError(SaveError):
    """A replay link that cannot be read, with a message for a person."""


def _legal(state: Any) -> list[Action]:
    out: list[Action] = []
    for p in state.to_act():
        out.extend(state.legal_actions(p))
    return out


def encode(game_id: str, config: dict[str, Any], seed: int, actions: list[Action],
           seats: list[str | None] | None = None, reseeds: dict[int, int] | None = None) -> str:
    """The code of a finished game's link (``LinkError`` for a game not over, or continued with
    new draws: a link has no place for its ``reseeds``; the page offers the game as a file)."""
    if reseeds:
        raise LinkError("a game continued with a new shuffle cannot be shared as a link; export it as a file")
    spec = read_save({"format": "railtable-save", "version": 1, "game": game_id, "config": config,
                      "seed": seed, "seats": seats if seats is not None else [None] * len(config["players"]),
                      "actions": actions})  # a save without a rules version is version 1
    match = Match(spec.info.id, spec.config, spec.seed, spec.seats)
    state = match.state
    moves: list[Any] = []
    for action in actions:
        keys = [action_key(a) for a in _legal(state)]
        key = action_key(action)
        moves.append(keys.index(key) if key in keys else action)
        state.apply(action)
    if not state.is_over():
        raise LinkError("only a finished game can be shared as a link (a link holds every card still to come)")
    payload = {"g": game_id, "c": match.config, "s": match.seed, "k": match.seats, "m": moves}
    raw = json.dumps(payload, separators=(",", ":")).encode("utf-8")
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def decode(code: str) -> dict[str, Any]:
    """A link's code back to a save (``{"format": "railtable-save", ...}``) of the finished game,
    its actions replayed and checked; any failure is a :class:`LinkError` saying what is wrong."""
    if not isinstance(code, str) or not code:
        raise LinkError("this replay link is empty")
    if len(code) > MAX_LINK_CHARS:
        raise LinkError(f"this replay link is too long to be one ({len(code):,} characters)")
    if not code.startswith(PREFIX):
        version = code.split(".", 1)[0] if "." in code[:8] else ""
        if version[:1] == "r" and version[1:].isdigit():
            raise LinkError(f"this replay link was made by a newer Railtable (link format {version[1:]}); "
                            "open it with the latest version of the page")
        raise LinkError("this is not a Railtable replay link (it may have been cut short or changed)")
    body = code[len(PREFIX):].strip()
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise LinkError("this replay link is damaged: it holds characters a link does not (it may have been cut short)") from None
    inflate = zlib.decompressobj()
    try:
        raw = inflate.decompress(packed, MAX_SAVE_CHARS + 1)
    except zlib.error:
        raise LinkError("this replay link is damaged: it may have been cut short or changed") from None
    if len(raw) > MAX_SAVE_CHARS or inflate.unconsumed_tail:
        raise LinkError("this replay link holds too much to be a game")
    if not inflate.eof:
        raise LinkError("this replay link is cut short: copy the whole link again")
    try:
        payload = loads(raw)
    except SaveError as exc:
        raise LinkError(f"this replay link is damaged: {exc}") from None
    if not isinstance(payload, dict) or set(payload) != {"g", "c", "s", "k", "m"}:
        raise LinkError("this replay link is damaged: it does not hold a game")
    moves = payload["m"]
    if not isinstance(moves, list):
        raise LinkError("this replay link is damaged: its moves are not a list")
    header = {"format": "railtable-save", "version": 1, "game": payload["g"], "config": payload["c"],
              "seed": payload["s"], "seats": payload["k"], "actions": []}
    try:
        spec = read_save(header)
    except RulesVersionError as exc:
        raise LinkError(f"this replay link cannot be shown here: {exc}") from None
    except SaveError as exc:
        raise LinkError(f"this replay link cannot be shown: {exc}") from None
    try:
        match = Match(spec.info.id, spec.config, spec.seed, spec.seats)
    except ConfigError as exc:
        raise LinkError(f"this replay link cannot be shown: {exc}") from None
    state = match.state
    actions: list[Action] = []
    for i, move in enumerate(moves):
        if type(move) is int:
            legal = _legal(state)
            if not 0 <= move < len(legal):
                raise LinkError(f"this replay link is damaged: move {i + 1} of {len(moves)} is not a legal move")
            action = legal[move]
        elif isinstance(move, dict):
            action = move
        else:
            raise LinkError(f"this replay link is damaged: move {i + 1} of {len(moves)} is not a move")
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise LinkError(f"this replay link is damaged: move {i + 1} of {len(moves)} is illegal: {exc}") from None
        actions.append(json.loads(json.dumps(action)))
    if not state.is_over():
        raise LinkError("this replay link is damaged: its game does not reach its end")
    header["config"], header["actions"] = match.config, actions
    return header
