"""The game API a server or a notebook follows a game by (issue 17): the
report of each action, the log, rebuilding from it, and takebacks."""

import pickle

import pytest

from bughouse import Game, Move


def uci(text: str) -> Move:
    return Move.from_uci(text)


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


# --- SAN in the history, each board's move stack, the repr --------------------


def random_game(seed: int, actions: int = 160) -> tuple[Game, list[str], dict[str, list[tuple[str, str]]]]:
    """A live game without clocks played at random: the SAN the core
    reported for each move as it was played, and per board the FEN before
    each of its moves with the move's UCI."""
    import random

    from bughouse import BughouseError

    rng = random.Random(seed)
    game = Game(time_control=None)
    reported: list[str] = []
    before: dict[str, list[tuple[str, str]]] = {"A": [], "B": []}
    for _ in range(actions):
        seats = [s for s in "AaBb" if game.legal_moves(s)]
        if not seats or game.is_over():
            break
        seat = rng.choice(seats)
        moves = game.legal_moves(seat)
        # Prefer captures and drops, so that pockets fill and drops play.
        spicy = [m for m in moves if m.drop is not None or game.board(seat.upper()).is_capture(m)]
        m = rng.choice(spicy if spicy and rng.random() < 0.7 else moves)
        fen = game.board_fen(seat.upper())
        try:
            game.push(seat, m)
        except BughouseError:  # pragma: no cover - a legal move is accepted
            raise
        before[seat.upper()].append((fen, m.uci()))
        assert game.report is not None
        reported.append(game.report["san"])
    return game, reported, before


def test_history_san_is_the_san_each_move_was_reported_with():
    drops = 0
    for seed in range(6):
        game, reported, _ = random_game(seed)
        history = game.history()
        assert [h.san for h in history] == reported
        assert [h.move.uci() for h in history if h.move] == [m.uci() for _, m in game.moves()]
        seat, move, at_ms, clock_ms, san = history[-1]  # unpacks as a tuple
        assert (seat, move, at_ms, clock_ms, san) == tuple(history[-1])
        drops += sum("@" in h.san for h in history if h.san)
    assert drops > 20  # drops of pieces the partner captured are in it


def test_history_san_of_sits_is_none_and_the_entry_is_a_named_tuple():
    import bughouse

    game = Game(mode="turn")
    game.push("A", "e4")
    game.sit("B")
    assert game.history() == [("A", uci("e2e4"), 0, None, "e4"), ("B", None, 0, None, None)]
    entry = game.history()[0]
    assert isinstance(entry, bughouse.HistoryEntry) and entry.san == "e4" and entry.seat == "A"
    assert entry._fields == ("seat", "move", "at_ms", "clock_ms", "san")


def test_each_boards_move_stack_walks_back_through_the_game():
    for seed in (1, 2, 3):
        game, _, before = random_game(seed)
        for letter in "AB":
            board = game.board(letter)
            assert [m.uci() for m in board.move_stack] == [u for _, u in before[letter]]
            assert board.fen() == game.board_fen(letter)
            again = pickle.loads(pickle.dumps(board))
            assert again == board and again.move_stack == board.move_stack
            for fen, u in reversed(before[letter]):
                assert board.pop().uci() == u and board.fen() == fen
                assert again.pop().uci() == u and again.fen() == fen
            assert board.move_stack == [] and board.fen() == bughouse_start()


def bughouse_start() -> str:
    import bughouse

    return bughouse.STARTING_FEN


def test_a_games_board_is_a_copy():
    game = Game(time_control=None)
    game.push("A", "e4")
    board = game.board("A")
    board.push_san("e5")
    board.pop()
    board.pop()
    assert game.board_fen("A") != board.fen() and len(game.moves()) == 1


def test_repr_says_the_way_of_playing_moves_last_move_and_ending():
    game = Game()
    assert repr(game) == f"<Game live 180+0, 0 moves, '{game.bfen()}'>"
    game.push("A", "e4", at_ms=100)
    game.push("a", "d5", at_ms=200)
    game.push("A", "exd5", at_ms=300)
    assert repr(game) == f"<Game live 180+0, 3 moves, last A-White exd5, '{game.bfen()}'>"
    game.resign("b", at_ms=400)
    assert repr(game).startswith("<Game live 180+0, 3 moves, last A-White exd5, over: B-Black resigned: team 2 wins (R29), ")
    turn = Game(mode="turn")
    turn.push("A", "e4")
    assert repr(turn).startswith("<Game turn-based, 1 move, last A-White e4, '")
    assert repr(Game(time_control=None)).startswith("<Game live, no clocks, 0 moves")
