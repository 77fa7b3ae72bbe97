"""A friend's lobby: the games this page joined, hosted elsewhere (issue 30).

In ``python.zip`` (not with remote play's other modules): the lobby lists these games before any of
remote play is fetched. Each entry keeps the host's name, the game, the seat and the newest invite
link this page holds (the host's standby invite), never a game's state.
"""

from __future__ import annotations

import json
from typing import Any

from .dom import closest_data
from .i18n import t
from .markup import escape

GAMES_KEY = "railtable.remote.games"
KEEP_GAMES = 12
REPLY_KEY = "railtable.remote.reply"
"""A reply code opened as a link (its QR code scanned by the host's phone opens a new tab): written
here, the host's tab hears it (the ``storage`` event) and connects the seat (``remote_ui``)."""


def hand_over_reply(app: Any, fragment: str) -> None:
    """This tab was opened from a reply link (``#reply=``): pass the code to the tab hosting the game."""
    import time

    from .dom import q, show

    code = fragment.split("reply=", 1)[1][:4000]
    app.store.storage.setItem(REPLY_KEY, json.dumps({"code": code, "at": time.time()}))
    box = q("#link-notice")
    box.textContent = t("reply_handed_over")
    show(box, True)


def game_title(game_id: str) -> str:
    from railtable.core import get_game

    return get_game(game_id).title


def remembered(app: Any) -> list[dict[str, Any]]:
    try:
        raw = app.store.storage.getItem(GAMES_KEY)
        games = json.loads(raw) if raw else []
    except (ValueError, TypeError, AttributeError):
        return []
    return [g for g in games if isinstance(g, dict) and isinstance(g.get("link"), str)] if isinstance(games, list) else []


def rows(app: Any) -> str:
    """The saves list's rows for games hosted by friends (Rejoin, Forget)."""
    out = []
    for g in remembered(app):
        try:
            title = game_title(str(g.get("game")))
        except Exception:  # noqa: BLE001 (a game this release lacks)
            continue
        key = escape(str(g.get("key")))
        out.append(
            f'<li class="save remote-game"><bdi class="save-title">{escape(title)}</bdi>'
            f'<span class="save-when">{escape(t("hosted_by", host=str(g.get("host", ""))[:40]))}'
            f' · <bdi>{escape(str(g.get("seat_name", ""))[:40])}</bdi></span><span class="save-buttons">'
            f'<button type="button" data-rejoin="{key}">{t("rejoin")}</button>'
            f'<button type="button" class="danger" data-forget="{key}">{t("forget")}</button>'
            "</span></li>")
    return "".join(out)


def clicked_link(app: Any, event: Any) -> str | None:
    """A Rejoin click: the invite link to open; a Forget click forgets the game (None)."""
    key = closest_data(event, "rejoin")
    if key is not None:
        return next((str(g["link"]) for g in remembered(app) if g.get("key") == key), None)
    key = closest_data(event, "forget")
    if key is not None:
        app.store.storage.setItem(GAMES_KEY, json.dumps([g for g in remembered(app) if g.get("key") != key]))
        app.render_saves()
    return None
