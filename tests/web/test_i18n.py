"""The page's words exist in both languages."""

from railtable_web import i18n


def test_every_key_has_both_languages_with_the_same_parameters() -> None:
    import string

    en, fr = i18n.MESSAGES["en"], i18n.MESSAGES["fr"]
    assert set(en) == set(fr)
    for key in en:
        fields = lambda s: {f for _, f, _, _ in string.Formatter().parse(s) if f}  # noqa: E731
        assert fields(en[key]) == fields(fr[key]), key


def test_switching_language() -> None:
    try:
        assert i18n.set_language("fr") == "fr"
        assert i18n.t("n_players", n=3) == "3 joueurs"
        assert i18n.set_language("xx") == "en"
        assert i18n.t("n_players", n=3) == "3 players"
        assert i18n.t("no-such-key") == "no-such-key"
    finally:
        i18n.set_language("en")
