"""The game API a server or a notebook follows a game by (issue 17): the
report of each action, the log, rebuilding from it, and takebacks."""

import pickle

import pytest

from bughouse import Game


def test_r5_r6_r16_the_report_of_a_capture():
    game = Game(time_control="60+0")
    game.push("A", "e4", at_ms=1_000)
    game.push("a", "d5", at_ms=2_000)
    game.push("A", "exd5", at_ms=3_000)
    report = game.report
    assert report is not None
    assert report["san"] == "exd5"
    assert report["capture"] == {"piece": "p", "to": "b"}
    assert report["action"] == ("A", "move", "e4d5", 3_000, 58_000, "")
    state = report["state"]
    assert state["pockets"] == {"A": "", "a": "", "B": "", "b": "p"}
    assert state["clocks"] == {"A": 58_000, "a": 59_000, "B": 57_000, "b": 60_000}
    assert state["may_move"] == "aB"
    assert state["waiting"] == {"A": False, "B": False}
    assert state["outcome"] is None
    assert game.snapshot() == state


def test_the_report_names_the_ending_and_mate_suffix():
    game = Game(bfen="6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1 | 4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
    game.push("A", "N@f7", at_ms=10)
    report = game.report
    assert report is not None and report["san"] == "N@f7#"
    assert report["state"]["outcome"] == game.outcome()
    assert report["state"]["may_move"] == ""


def test_the_log_rebuilds_the_game_and_pop_takes_back():
    game = Game(time_control="60+0")
    game.push("A", "e4", at_ms=1_000)
    game.offer_draw("B")
    game.tick(1_500)
    before = game.copy()
    game.push("B", "d4", at_ms=2_000)
    log = game.log()
    assert [entry[1] for entry in log] == ["move", "move"]
    assert log[1][5] == "B", "the move keeps the offer it cleared"
    again = Game.from_log(log, time_control="60+0")
    assert again == game
    assert game.pop() == log[1]
    assert game.draw_offers == "B"
    assert game.snapshot()["moves_played"] == 1
    assert game.report is None
    assert before.bfen() == game.bfen()
    game.resign("b", at_ms=2_500)
    assert game.is_over()
    game.pop()
    assert not game.is_over()
    with pytest.raises(IndexError):
        Game().pop()


def test_pickle_goes_through_the_core_restore():
    game = Game(time_control=(10_000, 0))
    game.push("A", "e4", at_ms=1_000)
    game.offer_draw("a")
    game.withdraw_draw("a")
    game.tick(20_000)  # B-White's flag fell at 10 s (its clock ran from 0)
    assert game.is_over()
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.log() == game.log()
    assert again.log()[-1] == (None, "tick", None, 10_000, None, "")


def test_a_log_that_does_not_follow_is_refused():
    from bughouse import BughouseError

    with pytest.raises(BughouseError, match="log entry 0"):
        Game.from_log([("A", "move", "e2e5", 0, None, "")])
    with pytest.raises(BughouseError, match="not a log entry"):
        Game.from_log([("A", "dance", None, 0, None, "")])
