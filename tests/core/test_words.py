"""The plural helper every game's texts use (issue 14 "Words": "1 move", "2 moves"; "1 dé Bonus",
"2 dés Bonus"; in French 0 and 1 take the singular)."""

from railtable.core.words import count, de, fields, fill, is_singular, plural


def test_english_takes_the_singular_for_one_only() -> None:
    assert [count(n, "move", "moves") for n in (0, 1, 2)] == ["0 moves", "1 move", "2 moves"]
    assert not is_singular(0, "en") and is_singular(1, "en") and not is_singular(-2, "en")


def test_french_takes_the_singular_for_zero_and_one() -> None:
    assert [count(n, "dé Bonus", "dés Bonus", "fr") for n in (0, 1, 2, 5)] == [
        "0 dé Bonus", "1 dé Bonus", "2 dés Bonus", "5 dés Bonus"]
    assert plural(0, "carte", "cartes", "fr") == "carte"
    assert plural(0, "card", "cards", "en") == "cards"


def test_templates_choose_the_form_by_the_number() -> None:
    assert fill("{p} draws {n} {n:card|cards}", "en", p="Ada", n=1) == "Ada draws 1 card"
    assert fill("{p} draws {n} {n:card|cards}", "en", p="Ada", n=0) == "Ada draws 0 cards"
    assert fill("{p} pioche {n:# carte|# cartes}", "fr", p="Ada", n=0) == "Ada pioche 0 carte"
    assert fill("{p} pioche {n:# carte|# cartes}", "fr", p="Ada", n=3) == "Ada pioche 3 cartes"
    assert fill("{x:>3}", "en", x=7) == "  7"  # other specs keep their meaning


def test_fields_names_the_arguments_whatever_the_forms() -> None:
    assert fields("{p} draws {n} {n:card|cards}") == fields("{p} pioche {n:# carte|# cartes}") == {"p", "n"}


def test_french_elides_de_before_a_vowel() -> None:
    assert de("Urawa") == "d'Urawa" and de("Tokyo") == "de Tokyo" and de("Hamamatsu") == "de Hamamatsu"
