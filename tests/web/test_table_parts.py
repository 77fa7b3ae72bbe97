"""The HTML pieces every table shares."""

from railtable_web.table_parts import winners_heading


def test_winners_heading_names_the_winner_and_escapes_names() -> None:
    assert winners_heading(["<b>Ada</b>", "Brunel"], [0]) == '<h2 id="final-result">&lt;b&gt;Ada&lt;/b&gt; wins!</h2>'


def test_winners_heading_for_a_shared_victory() -> None:
    assert winners_heading(["Ada", "Brunel", "Cugnot"], [0, 2]) == (
        '<h2 id="final-result">Ada and Cugnot share the victory!</h2>')
