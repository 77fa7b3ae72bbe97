"""Every Trains test also checks that the rails key is exact (``TrainsState._rails_key``).

The key is a number kept with a change counter the state's own moves bump (``board_changed``): a test
that changes ``rails`` or ``stations`` by hand must call ``board_changed()``. This check makes a
forgotten call fail loudly: whenever a state gives a number it gave before, its rails and stations
must be those it had then.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from railtable.trains.state import TrainsState


@pytest.fixture(autouse=True)
def exact_rails_key(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    plain = TrainsState._rails_key

    def checked(self: TrainsState) -> int:
        number = plain(self)
        seen: dict[int, Any] = self.__dict__.setdefault("_rails_key_check", {})
        now = (self.board_id, [list(r) for r in self.rails], list(self.stations))
        before = seen.setdefault(number, now)
        assert before == now, "rails or stations changed without board_changed(): the rails key is stale"
        return number

    monkeypatch.setattr(TrainsState, "_rails_key", checked)
    yield
