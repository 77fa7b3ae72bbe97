"""Why a TransAmerica action is refused: one ``IllegalActionError`` subclass per rule.

Wrong shapes (a field of the wrong JSON type, a missing or unknown key, an unknown action type,
a line's ends not in the order ``legal_actions`` gives them) raise the core's
``MalformedActionError``. Each error below names the rulebook section it enforces
(``docs/sources.md#transamerica``).
"""

from __future__ import annotations

from ..core import IllegalActionError


class NotOnBoardError(IllegalActionError):
    """A point that is not a crossing of the board, or two crossings with no line between them."""


class WrongPhaseError(IllegalActionError):
    """"Game Play": the first turn of a round places the starting marker and nothing else;
    later turns build tracks."""


class MarkerTakenError(IllegalActionError):
    """"Game Play": a starting marker goes on a crossing without a marker."""


class TrackLimitError(IllegalActionError):
    """"Network building rules": per turn 1 or 2 tracks on single lines, or 1 track on a double line."""


class LineTakenError(IllegalActionError):
    """"Network building rules": a line carries at most one track."""


class NotInNetworkError(IllegalActionError):
    """"Network building rules": each track touches the player's network."""


class NoTrackYetError(IllegalActionError):
    """"Network building rules": each player must place at least one track in each turn."""
