"""Objects shared between threads: no crash, no torn state; long calls
release the GIL."""

import threading

import bughouse
from bughouse import Board, Move

AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1"


def bughouse_game(record: "bughouse.GameRecord") -> "bughouse.Game":
    """The match of a bughouse record (crazyhouse records have a board)."""
    assert record.game is not None, "not a bughouse record"
    return record.game


def run_all(threads):
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def test_readers_never_see_a_torn_board_while_a_writer_pushes_and_pops():
    board = Board()
    seen: set = set()
    errors: list = []
    stop = threading.Event()

    def writer():
        try:
            e4 = Move.from_uci("e2e4")
            for _ in range(3000):
                board.push(e4)
                board.pop()
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)
        finally:
            stop.set()

    def reader():
        try:
            while not stop.is_set():
                fen = board.fen()
                seen.add(fen)
                # Every observed FEN is a whole position that reads back.
                assert Board(fen).fen() == fen
                assert len(board.legal_moves) == 20
                assert board.perft(1) == 20
                assert len(board.move_stack) in (0, 1)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    run_all([threading.Thread(target=writer)] + [threading.Thread(target=reader) for _ in range(3)])
    assert errors == []
    assert seen <= {bughouse.STARTING_FEN, AFTER_E4}
    assert board == Board() and board.move_stack == []


def test_many_writers_keep_the_stack_consistent():
    board = Board("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
    errors: list = []

    def worker():
        try:
            for _ in range(500):
                # Interleaved writers may pop each other's moves or find
                # their move illegal in the other's position; both are
                # answered cleanly, and the stack stays consistent.
                try:
                    board.push(next(iter(board.legal_moves)))
                except (bughouse.IllegalMoveError, StopIteration):
                    continue
                try:
                    board.pop()
                except IndexError:
                    pass
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    run_all([threading.Thread(target=worker) for _ in range(4)])
    assert errors == []
    while board.move_stack:
        board.pop()
    assert board.fen() == "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"


def test_perft_in_threads_gives_the_same_numbers():
    results: list = []
    board = Board()

    def worker():
        results.append((bughouse.perft(bughouse.STARTING_FEN, 4), board.perft(4)))

    run_all([threading.Thread(target=worker) for _ in range(4)])
    assert results == [(197281, 197281)] * 4


def test_perft_releases_the_gil():
    # While one thread counts a long perft (about 120 million leaves), this
    # thread must be able to run Python code. If perft held the GIL, the
    # work below could only run after it finished and would see it done.
    started = threading.Event()
    done = threading.Event()

    def count():
        started.set()
        bughouse.perft(bughouse.STARTING_FEN, 6)
        done.set()

    t = threading.Thread(target=count)
    t.start()
    started.wait()
    done.wait(0.05)  # lets the worker enter perft (and drop the GIL)
    progressed = sum(i for i in range(10_000))
    still_counting = not done.is_set()
    t.join()
    assert progressed == 49_995_000
    assert still_counting


def test_a_game_shared_by_four_seat_threads_and_readers_stays_whole():
    import pickle
    import random
    import time

    game = bughouse.Game(time_control=None, move_cap=600)
    errors: list = []
    done = threading.Event()

    def seat_thread(seat: str, seed: int):
        rng = random.Random(seed)
        deadline = time.monotonic() + 60  # a bound against a hang, not a timing
        try:
            while game.moves_played < 300 and time.monotonic() < deadline:
                if game.is_over():
                    return
                moves = game.legal_moves(seat)
                if not moves:
                    time.sleep(0)  # not its turn, or waiting: let the others play
                    continue
                try:
                    # Only this seat moves its colour on its board, and a
                    # pocket only grows: the move stays legal until pushed,
                    # unless another board ended the game meanwhile.
                    game.push(seat, rng.choice(moves))
                except bughouse.GameOverError:
                    return
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    def reader():
        try:
            while not done.is_set():
                bfen = game.bfen()
                # Every observed state is a whole two-board position.
                assert bughouse.Game(bfen=bfen, time_control=None).bfen() == bfen
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    seats = [threading.Thread(target=seat_thread, args=(s, i)) for i, s in enumerate("AaBb")]
    readers = [threading.Thread(target=reader) for _ in range(2)]
    for t in seats + readers:
        t.start()
    for t in seats:
        t.join()
    done.set()
    for t in readers:
        t.join()
    assert errors == []
    assert game.moves_played == len(game.moves()) > 0
    assert game.is_over() or game.moves_played >= 300
    assert pickle.loads(pickle.dumps(game)) == game
    # R7: nothing was lost or made by the interleaving.
    total = sum(len(game.board(b).pieces(pt, c)) for b in "AB" for pt in range(1, 6) for c in (True, False))
    total += sum(len(game.pocket(s)) for s in "AaBb")
    assert total == 60


def test_reading_an_archive_in_threads_gives_the_same_games():
    from pathlib import Path

    corpus = Path(__file__).resolve().parents[2] / "bughouse-core/tests/data/corpus/chesscom-derived-bpgn"
    text = b"".join(p.read_bytes() + b"\n" for p in sorted(corpus.glob("*.bpgn")))
    results: list = []

    def worker():
        results.append([(r.number, bughouse_game(r).bfen(), r.error) for r in bughouse.read_bpgn(text)])

    run_all([threading.Thread(target=worker) for _ in range(4)])
    assert len(results) == 4 and len(results[0]) == 41
    assert all(r == results[0] for r in results)
