"""The registry and the lobby's catalogue agree with each game's own GameInfo."""

from railtable.core import available_games, get_game
from railtable.core.registry import CATALOGUE, KNOWN_GAMES


def test_catalogue_matches_every_game() -> None:
    assert set(CATALOGUE) == set(KNOWN_GAMES)
    for game_id, entry in CATALOGUE.items():
        info = get_game(game_id)
        assert entry.id == game_id
        assert (info.title, info.min_players, info.max_players) == (entry.title, entry.min_players, entry.max_players)
        assert (tuple(info.bots), info.default_bot) == (entry.bots, entry.default_bot)
        assert (info.rules_version, info.rules_versions) == (entry.rules_version, entry.rules_versions)
        # the lobby checks stored saves' seats with the catalogue: the same bot names as the game's
        assert (entry.extra_bots, entry.bot_aliases) == (tuple(info.extra_bots), tuple(info.bot_aliases))
        assert entry.bot_kinds() == info.bot_kinds()
        assert entry.known_config_keys() == info.known_config_keys()
        assert set(info.options) <= set(info.known_config_keys())
        for kind in (*info.bots, *info.extra_bots, *info.bot_aliases, "random", "evilbot", 7, None):
            assert entry.has_bot(kind) == info.has_bot(kind)


def test_every_known_game_imports_and_has_a_default_bot() -> None:
    games = available_games()
    assert [g.id for g in games] == list(KNOWN_GAMES)
    for info in games:
        assert info.default_bot in info.bots
