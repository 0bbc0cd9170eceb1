"""Objects shared between threads: no crash, no torn state; long calls
release the GIL."""

import threading

import bughouse
from bughouse import Board, Move

AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1"


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
