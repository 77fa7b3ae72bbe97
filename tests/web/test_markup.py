"""The page's own ``escape`` is the standard library's ``html.escape`` (issue 10 took the ``html``
package out of the boot; player names must still be shown as text, never as HTML: issue 15)."""

from __future__ import annotations

import html

from hypothesis import given
from hypothesis import strategies as st
from railtable_web.markup import escape


@given(st.text(), st.booleans())
def test_escape_is_the_standard_librarys(text: str, quote: bool) -> None:
    assert escape(text, quote=quote) == html.escape(text, quote=quote)


def test_a_hostile_name_cannot_open_a_tag_or_leave_an_attribute() -> None:
    name = """<img src=x onerror="alert(1)">&'"""
    assert escape(name) == "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#x27;"
    assert escape(name, quote=False) == """&lt;img src=x onerror="alert(1)"&gt;&amp;'"""
