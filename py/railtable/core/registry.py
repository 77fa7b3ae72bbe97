"""The registry of games: id -> :class:`GameInfo`.

Game packages register themselves when imported; :func:`get_game` imports the
package of a known id on first use, so a missing or broken game never stops
the others from loading.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .bot import Bot, RandomBot
from .errors import ConfigError, UnknownGameError
from .game import GameState

BotFactory = Callable[[int, int], Bot]
"""``factory(seat, seed) -> Bot``."""

# Game id -> module that registers it.
KNOWN_GAMES: dict[str, str] = {
    "transamerica": "railtable.transamerica",
    "trains": "railtable.trains",
    "stations": "railtable.stations",
}


class SeatRules:
    """What a save's header is checked against, shared by :class:`GameInfo` (the game's code) and
    :class:`CatalogueEntry` (the lobby's list, before the game's code is imported): the rules
    versions this code plays and the bot kinds a seat may name."""

    id: str
    title: str
    min_players: int
    max_players: int
    bots: Any
    """The lobby's bot kinds (names; a dict of factories in ``GameInfo``)."""
    extra_bots: Any
    bot_aliases: Any
    rules_versions: tuple[int, ...]
    config_keys: tuple[str, ...]

    def known_config_keys(self) -> tuple[str, ...]:
        """Every key a config of this game may hold (issue 34: a save with any other is refused):
        ``players``, ``rules`` and the game's own options (``config_keys``)."""
        return ("players", "rules", *self.config_keys)

    def check_rules(self, rules: Any) -> int:
        """The rules version ``rules`` if this code can play it, else a ``ConfigError`` saying so."""
        if type(rules) is not int:
            raise ConfigError(f"the rules version must be a whole number, not {rules!r}"[:200])
        if rules not in self.rules_versions:
            playable = ", ".join(str(v) for v in self.rules_versions)
            raise ConfigError(
                f"this {self.title} game uses rules version {rules}; this version of Railtable "
                f"plays {self.title} under rules version {playable} only"
            )
        return rules

    def bot_kinds(self) -> list[str]:
        """Every bot kind a seat may name: the game's own bots and the shared ``random`` one."""
        return [*self.bots, *(["random"] if "random" not in self.bots else [])]

    def has_bot(self, kind: Any) -> bool:
        """Whether ``kind`` names a bot of this game (what ``make_bot`` accepts; saves are checked
        with it): one of its bots, a test bot (``extra_bots``), an old name kept as an alias
        (``bot_aliases``), or ``random``."""
        return isinstance(kind, str) and (
            kind == "random" or kind in self.bots or kind in self.extra_bots or kind in self.bot_aliases
        )


@dataclass(frozen=True)
class GameInfo(SeatRules):
    id: str
    title: str
    min_players: int
    max_players: int
    state_class: type[GameState]
    bots: dict[str, BotFactory] = field(default_factory=dict)
    default_bot: str = "random"
    options: dict[str, Any] = field(default_factory=dict)
    """Option name -> default value (documented in docs/actions-<game>.md)."""
    extra_bots: dict[str, BotFactory] = field(default_factory=dict)
    """Bots for tests and benchmarks, not offered in the lobby (e.g. Trains' "eager_random")."""
    bot_aliases: dict[str, str] = field(default_factory=dict)
    """Old bot kind names still accepted (saved games name them): alias -> kind in ``bots``."""
    rules_version: int = 1
    """The version of the rules and data a new game is played under (issue 15). It goes into the
    config of every new match as ``config["rules"]``; a save without one is version 1."""
    rules_versions: tuple[int, ...] = (1,)
    """Every rules version this code can still play exactly (old saves replay as they were played)."""
    config_keys: tuple[str, ...] = ()
    """The options a config may hold besides ``players`` and ``rules`` (documented in
    docs/actions-<game>.md); a save whose config has any other key is refused."""

    def __post_init__(self) -> None:
        if self.rules_version not in self.rules_versions:
            raise ValueError(f"{self.id}: rules_version {self.rules_version} is not in rules_versions")

    def setup(self, config: dict[str, Any], seed: int) -> GameState:
        """The opening position; ``config["rules"]`` (when given) must be a version this code plays."""
        players = config.get("players")
        if not isinstance(players, list):
            raise ConfigError("config needs 'players', a list of names")
        if not self.min_players <= len(players) <= self.max_players:
            raise ConfigError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {len(players)}"
            )
        if "rules" in config:
            self.check_rules(config["rules"])
        return self.state_class.setup(config, int(seed))

    def make_bot(self, kind: str | None, seat: int, seed: int) -> Bot:
        kind = kind or self.default_bot
        kind = self.bot_aliases.get(kind, kind)
        if kind == "random":
            return RandomBot(seat, seed)
        if kind in self.extra_bots:
            return self.extra_bots[kind](seat, seed)
        if kind not in self.bots:
            raise ConfigError(f"{self.title} has no bot called {kind!r}; it has {sorted(self.bots)}")
        return self.bots[kind](seat, seed)


@dataclass(frozen=True)
class CatalogueEntry(SeatRules):
    """What the lobby shows of a game before its package is imported (imports cost boot time)."""

    id: str
    title: str
    min_players: int
    max_players: int
    bots: tuple[str, ...]
    default_bot: str
    rules_version: int = 1
    rules_versions: tuple[int, ...] = (1,)
    extra_bots: tuple[str, ...] = ()
    """The game's test bots (``GameInfo.extra_bots``' names): a save may name them."""
    bot_aliases: tuple[str, ...] = ()
    """Old bot kind names saves may still name (``GameInfo.bot_aliases``' keys)."""
    config_keys: tuple[str, ...] = ()
    """The game's config options (``GameInfo.config_keys``)."""


LEVELS = ("easy", "normal", "hard")
"""Bot levels every game offers (issue 13); docs/bots.md describes them."""

# tests/core/test_registry.py checks each entry against the game's own GameInfo.
CATALOGUE: dict[str, CatalogueEntry] = {
    e.id: e
    for e in (
        CatalogueEntry("transamerica", "TransAmerica", 2, 6, LEVELS, "easy", bot_aliases=("greedy",),
                       config_keys=("dashed", "start_score")),
        CatalogueEntry("trains", "Trains", 2, 4, LEVELS, "easy", 3, (1, 2, 3), ("eager_random",), ("priority",),
                       config_keys=("board", "kingdom", "sets", "s_start", "route_bonus")),
        CatalogueEntry("stations", "Trains & Stations", 3, 5, LEVELS, "easy", 2, (1, 2), bot_aliases=("baseline",)),
    )
}

_REGISTRY: dict[str, GameInfo] = {}


def register(info: GameInfo) -> GameInfo:
    _REGISTRY[info.id] = info
    return info


def get_game(game_id: str) -> GameInfo:
    if game_id not in _REGISTRY and game_id in KNOWN_GAMES:
        importlib.import_module(KNOWN_GAMES[game_id])
    try:
        return _REGISTRY[game_id]
    except KeyError:
        raise UnknownGameError(f"unknown game {game_id!r}; known games: {sorted(KNOWN_GAMES)}") from None


def available_games() -> list[GameInfo]:
    """Every game whose package imports, in the order of KNOWN_GAMES."""
    out = []
    for gid in KNOWN_GAMES:
        try:
            out.append(get_game(gid))
        except (ImportError, UnknownGameError):
            continue
    return out
