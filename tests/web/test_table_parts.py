"""The HTML pieces every table shares."""

from railtable_web.table_parts import winners_heading


def test_winners_heading_names_the_winner_and_escapes_names() -> None:
    assert winners_heading(["<b>Ada</b>", "Brunel"], [0]) == '<h2 id="final-result">&lt;b&gt;Ada&lt;/b&gt; wins!</h2>'


def test_winners_heading_for_a_shared_victory() -> None:
    assert winners_heading(["Ada", "Brunel", "Cugnot"], [0, 2]) == (
        '<h2 id="final-result">Ada and Cugnot share the victory!</h2>')


def test_each_seat_has_its_own_marker_shape() -> None:
    """Issue 14: players are told apart by shape too, not colour alone (six seats, six shapes)."""
    import xml.etree.ElementTree as ET

    from railtable_web.table_parts import SHAPES, seat_shape, swatch_html

    drawn = [seat_shape(seat, 10, 10, 6, "#123456") for seat in range(6)]
    assert len(set(SHAPES)) == 6
    outlines = {(ET.fromstring(d).tag, ET.fromstring(d).get("points")) for d in drawn}
    assert len({tag for tag, _ in outlines}) == 3 and len(outlines) == 6  # circle, rect, 4 distinct polygons
    assert 'aria-hidden="true"' in swatch_html(2, "#c2185b") and 'data-shape="triangle"' in swatch_html(2, "#c2185b")
