"""Each player's VP-card points are public in every view ("Winning the Game": VP cards count
wherever they are in the deck; they are bought in the open, so the total is public knowledge)."""

from trains_helpers import new_game

from railtable.trains.cards import card


def test_every_view_shows_each_players_card_points_but_not_their_cards() -> None:
    st = new_game(players=3, seed=4)
    z = st.zones
    # give player 1 an Apartment and a Skyscraper from the supply, into their discard pile
    for name in ("Apartment", "Skyscraper"):
        z.discards[1].append(z.piles[name].pop())
    expected = card("Apartment").vp + card("Skyscraper").vp
    for viewer in (None, 0, 1, 2):
        v = st.view(viewer)
        assert v["players"][1]["card_vp"] == expected
        assert v["players"][0]["card_vp"] == 0
        if viewer not in (None, 1):
            assert v["discard"] == []  # the cards themselves stay private to their owner
