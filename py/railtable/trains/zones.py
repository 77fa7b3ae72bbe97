"""Card zones of one game of Trains: supply piles, each player's deck, hand, discard pile,
play area and gained-cards area, the cards set aside while revealed, and the trash.

Every physical card is an ``int`` id; ``card_names[id]`` is its name. A card is in exactly
one zone at any time (checked by :meth:`Zones.census`).

Rules implemented (rulebook "Clean Up" and "Terms / Draw"): the discard pile is reshuffled
into a new deck only when a card must be drawn or revealed and the deck is empty; if deck and
discard are both empty, no more cards are drawn.
"""

from __future__ import annotations

from typing import Any

from ..core import Rng

# The last element of a deck or discard list is its top card.


class Zones:
    """All card locations, with the moves the rules use."""

    def __init__(self, num_players: int) -> None:
        self.card_names: list[str] = []
        self.piles: dict[str, list[int]] = {}
        self.decks: list[list[int]] = [[] for _ in range(num_players)]
        self.hands: list[list[int]] = [[] for _ in range(num_players)]
        self.discards: list[list[int]] = [[] for _ in range(num_players)]
        self.plays: list[list[int]] = [[] for _ in range(num_players)]
        self.gained: list[list[int]] = [[] for _ in range(num_players)]
        self.revealed: list[int] = []
        self.trash: list[int] = []
        self.unseen: list[int] = [0] * num_players
        """``unseen[p]``: how many cards at the bottom of ``p``'s deck nobody has seen the order of
        (those of its last shuffle not drawn, revealed or looked at since; a card put on top is
        seen). Only these may be shuffled again (``TrainsState.reshuffle_hidden``)."""

    # ---- creation --------------------------------------------------------
    def new_cards(self, name: str, count: int) -> list[int]:
        start = len(self.card_names)
        self.card_names.extend([name] * count)
        return list(range(start, start + count))

    # ---- queries ---------------------------------------------------------
    def name(self, cid: int) -> str:
        return self.card_names[cid]

    def names(self, ids: list[int]) -> list[str]:
        cn = self.card_names
        return [cn[i] for i in ids]

    def find(self, zone: list[int], name: str) -> int | None:
        """The last card called ``name`` in ``zone`` (None if there is none)."""
        cn = self.card_names
        for i in range(len(zone) - 1, -1, -1):
            if cn[zone[i]] == name:
                return zone[i]
        return None

    def census(self) -> dict[int, str]:
        """Card id -> zone label; raises ``AssertionError`` if a card is in two places or none."""
        where: dict[int, str] = {}

        def put(ids: list[int], label: str) -> None:
            for i in ids:
                assert i not in where, f"card {i} ({self.card_names[i]}) is in {where[i]} and {label}"
                where[i] = label

        for name, ids in self.piles.items():
            put(ids, f"pile {name}")
        for p in range(len(self.decks)):
            put(self.decks[p], f"deck {p}")
            put(self.hands[p], f"hand {p}")
            put(self.discards[p], f"discard {p}")
            put(self.plays[p], f"play {p}")
            put(self.gained[p], f"gained {p}")
        put(self.revealed, "revealed")
        put(self.trash, "trash")
        missing = set(range(len(self.card_names))) - set(where)
        assert not missing, f"cards in no zone: {sorted(missing)}"
        return where

    # ---- moves -----------------------------------------------------------
    def move(self, src: list[int], dst: list[int], name: str) -> int:
        """Move the last card called ``name`` from ``src`` to the top (end) of ``dst``; its id."""
        cid = self.find(src, name)
        assert cid is not None, f"no {name} to move"
        src.remove(cid)
        dst.append(cid)
        return cid

    def reshuffle(self, p: int, rng: Rng) -> None:
        """Shuffle player ``p``'s discard pile to form a new deck (deck must be empty)."""
        assert not self.decks[p]
        self.decks[p] = self.discards[p]
        self.discards[p] = []
        rng.shuffle(self.decks[p])
        self.unseen[p] = len(self.decks[p])

    def top(self, p: int, rng: Rng) -> int | None:
        """The top card of ``p``'s deck, reshuffling first if the deck is empty; None if no cards.
        The caller looks at it (a draw, a reveal, a look): it is no longer unseen."""
        if not self.decks[p]:
            if not self.discards[p]:
                return None
            self.reshuffle(p, rng)
        deck = self.decks[p]
        if self.unseen[p] >= len(deck):
            self.unseen[p] = len(deck) - 1
        return deck[-1]

    def draw(self, p: int, n: int, rng: Rng) -> list[int]:
        """Move up to ``n`` cards from ``p``'s deck to their hand (rulebook "Terms / Draw")."""
        drawn: list[int] = []
        while len(drawn) < n:  # the top cards in turn, reshuffling once the deck runs out (top)
            if not self.decks[p] and self.top(p, rng) is None:
                break
            deck = self.decks[p]
            k = n - len(drawn)
            if k > len(deck):
                k = len(deck)
            top = deck[-k:]
            top.reverse()
            del deck[-k:]
            if self.unseen[p] > len(deck):
                self.unseen[p] = len(deck)
            drawn.extend(top)
        self.hands[p].extend(drawn)
        return drawn

    def to_json(self) -> dict[str, Any]:
        return {
            "card_names": self.card_names, "piles": self.piles, "decks": self.decks, "hands": self.hands,
            "discards": self.discards, "plays": self.plays, "gained": self.gained,
            "revealed": self.revealed, "trash": self.trash, "unseen": self.unseen,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Zones:
        z = cls(len(data["decks"]))
        z.card_names = [str(n) for n in data["card_names"]]
        z.piles = {str(k): [int(i) for i in v] for k, v in data["piles"].items()}
        for attr in ("decks", "hands", "discards", "plays", "gained"):
            setattr(z, attr, [[int(i) for i in zone] for zone in data[attr]])
        z.revealed = [int(i) for i in data["revealed"]]
        z.trash = [int(i) for i in data["trash"]]
        z.unseen = [int(u) for u in data.get("unseen", [0] * len(z.decks))]
        return z
