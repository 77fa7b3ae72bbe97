"""The priority bot (issue 3 "Opponent"): it plays only from its view, finishes games in a
sensible number of rounds, and clearly beats random play."""

from railtable.core import get_game
from railtable.core.simulate import play_game
from railtable.trains.bots import EagerRandomBot, PriorityBot


def test_priority_bot_is_the_default_and_registered():
    info = get_game("trains")
    assert info.default_bot == "easy"  # issue 13: the priority bot is the "easy" level
    assert isinstance(info.make_bot(None, 0, 1), PriorityBot)
    assert isinstance(info.make_bot("priority", 0, 1), PriorityBot)  # old saves name it
    assert isinstance(info.make_bot("eager_random", 0, 1), EagerRandomBot)


def test_priority_bot_beats_random_clearly():
    wins = 0.0
    games = 12
    for g in range(games):
        seat = g % 2
        bots = [EagerRandomBot(0, g), EagerRandomBot(1, g)]
        bots[seat] = PriorityBot(seat, g)
        st, _ = play_game("trains", {"players": ["A", "B"], "board": ("tokyo", "osaka")[g % 2], "kingdom": "random"},
                          g, bots=bots)
        res = st.result()
        if seat in res["winners"]:
            wins += 1 / len(res["winners"])
    assert wins >= 11, f"the priority bot won only {wins} of {games}"


def test_bot_games_end_in_a_sensible_number_of_rounds():
    for n in (2, 3, 4):
        for g in range(2):
            st, count = play_game("trains", {"players": [f"B{i}" for i in range(n)], "board": "tokyo",
                                             "kingdom": "random"}, 100 + g)
            res = st.result()
            assert 10 <= res["rounds"] <= 60, res
            assert max(res["scores"]) > 10


def test_bot_only_reads_its_view():
    """The bot is given a view dict and the legal list; a view of another seat's game-state
    object is never passed (it must cope with the view alone)."""
    info = get_game("trains")
    st = info.setup({"players": ["A", "B", "C"], "kingdom": "holiday_pass"}, 4)
    bots = [PriorityBot(i, 4) for i in range(3)]
    for _ in range(300):
        if st.is_over():
            break
        p = st.to_act()[0]
        view = st.view(p)
        assert "decks" not in view and all("hand" not in q for q in view["players"])
        action = bots[p].choose(view, st.legal_actions(p))
        st.apply(action)
