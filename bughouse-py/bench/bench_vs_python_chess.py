"""bughouse beside python-chess, on the same crazyhouse positions, in one run.

Both sides play crazyhouse (captures go to the capturer's pocket): python-chess
through ``chess.variant.CrazyhouseBoard``, bughouse through
``Board(fen, crazyhouse=True)``, so both do exactly the same work (the script
checks that their move lists and perft counts agree before timing).

Tasks, each timed as the best of several rounds:
  legal moves   ``list(board.legal_moves)``, per call
  push/pop      ``board.push(m); board.pop()`` over every legal move, per pair
  perft (py)    perft driven from Python, same function for both libraries
                (count at depth 1, push/recurse/pop above), per call
  perft         ``bughouse.perft`` (native, GIL released) against the same
                Python-driven perft on python-chess, which has no native one

Then, bughouse alone (python-chess reads no bughouse records): ``read_bpgn``
over the 48 bughouse records of the corpus, in moves replayed per second.

Usage (from the repository root; ``make bench-python`` does all of it):
    .venv/bin/pip install chess
    .venv/bin/python bughouse-py/bench/bench_vs_python_chess.py [--quick]
"""

from __future__ import annotations

import math
import sys
import time
from pathlib import Path
from typing import Any, Callable

try:
    import chess
    import chess.variant
except ImportError:  # pragma: no cover
    sys.exit("python-chess is needed: .venv/bin/pip install chess")

import bughouse

POSITIONS = [
    # (name, FEN, Python-driven perft depth)
    ("startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", 3),
    ("zh-middlegame", "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1", 2),
    ("zh-midgame", "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1", 2),
    ("zh-drops", "2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 2),
    ("zh-promoted", "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - - 0 1", 3),
]

TARGET_PYTHON = 20.0
TARGET_PERFT = 200.0


def best_time(fn: Callable[[], Any], min_total: float, rounds: int) -> float:
    """Seconds per call of `fn`: the best of `rounds` rounds, each repeating
    `fn` until it has run `min_total` seconds."""
    best = math.inf
    for _ in range(rounds):
        n, start = 0, time.perf_counter()
        while True:
            fn()
            n += 1
            elapsed = time.perf_counter() - start
            if elapsed >= min_total:
                break
        best = min(best, elapsed / n)
    return best


def perft_bughouse(board: bughouse.Board, depth: int) -> int:
    if depth <= 1:
        return len(board.legal_moves) if depth == 1 else 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft_bughouse(board, depth - 1)
        board.pop()
    return total


def perft_chess(board: chess.variant.CrazyhouseBoard, depth: int) -> int:
    if depth <= 1:
        return board.legal_moves.count() if depth == 1 else 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += perft_chess(board, depth - 1)
        board.pop()
    return total


def push_pop_all(board: Any, moves: list) -> None:
    for move in moves:
        board.push(move)
        board.pop()


def fmt_time(seconds: float) -> str:
    if seconds >= 1e-3:
        return f"{seconds * 1e3:9.2f} ms"
    return f"{seconds * 1e6:9.2f} µs"


CORPUS = Path(__file__).resolve().parents[2] / "bughouse-core" / "tests" / "data" / "corpus"


def bench_read_bpgn(min_total: float, rounds: int) -> None:
    """`read_bpgn` throughput over the bughouse corpus, one archive in memory."""
    files = sorted(p for d in ("fics-bpgn", "fics-embedded", "chesscom-derived-bpgn")
                   for p in (CORPUS / d).rglob("*.bpgn"))
    if not files:
        print(f"read_bpgn: no corpus under {CORPUS}; skipped")
        return
    archive = b"".join(p.read_bytes() + b"\n" for p in files)
    records = list(bughouse.read_bpgn(archive))
    moves = sum(r.moves_replayed for r in records)
    if any(r.error is not None for r in records):
        sys.exit("read_bpgn: a corpus record failed to replay")
    t = best_time(lambda: sum(1 for _ in bughouse.read_bpgn(archive)), min_total, rounds)
    print(f"read_bpgn: {len(records)} games, {moves} moves, {len(archive) / 1024:.0f} KiB "
          f"in {fmt_time(t).strip()}: {moves / t / 1e6:.2f} M moves/s, {len(records) / t:,.0f} games/s")


def _read_moves(archive: bytes) -> int:
    """Reads an archive, making every record's Python objects, and touches
    each (the moves replayed): what a user's loop does."""
    return sum(r.moves_replayed for r in bughouse.read_bpgn(archive))


def bench_read_bpgn_parallel(copies: int) -> None:
    """`read_bpgn` with Python objects over the crazyhouse corpus (1,377
    games), `copies` archives: one after the other in one thread, then in
    two threads (the replay runs with the GIL released) and in two
    processes, in moves per second."""
    import concurrent.futures as cf

    files = sorted((CORPUS / "crazyhouse-fics").glob("*.pgn"))
    if not files:
        print(f"read_bpgn (crazyhouse): no corpus under {CORPUS}; skipped")
        return
    archive = b"".join(p.read_bytes() + b"\n" for p in files)
    archives = [archive] * copies
    runs: dict[str, float] = {}
    start = time.perf_counter()
    moves = sum(_read_moves(a) for a in archives)
    runs["1 thread"] = time.perf_counter() - start
    with cf.ThreadPoolExecutor(2) as pool:
        start = time.perf_counter()
        assert sum(pool.map(_read_moves, archives)) == moves
        runs["2 threads"] = time.perf_counter() - start
    with cf.ProcessPoolExecutor(2) as pool:
        list(pool.map(_read_moves, [b""] * 2))  # start the workers first
        start = time.perf_counter()
        assert sum(pool.map(_read_moves, archives)) == moves
        runs["2 processes"] = time.perf_counter() - start
    print(f"read_bpgn with Python objects, crazyhouse corpus x{copies} ({moves:,} moves):")
    for name, t in runs.items():
        print(f"  {name:<12} {moves / t / 1e6:6.2f} M moves/s  "
              f"(x{runs['1 thread'] / t:.2f} of one thread)")


def main() -> None:
    quick = "--quick" in sys.argv
    min_total, rounds = (0.05, 2) if quick else (0.3, 3)
    print(f"bughouse {bughouse.__version__} vs python-chess {chess.__version__}, "
          f"Python {sys.version.split()[0]}; crazyhouse flavour on both; best of {rounds}")
    print()
    header = f"{'position':<14} {'task':<13} {'python-chess':>13} {'bughouse':>13} {'ratio':>9}"
    print(header)
    print("-" * len(header))
    ratios: dict[str, list[float]] = {}

    for name, fen, depth in POSITIONS:
        ours = bughouse.Board(fen, crazyhouse=True)
        theirs = chess.variant.CrazyhouseBoard(fen)

        our_moves = list(ours.legal_moves)
        their_moves = list(theirs.legal_moves)
        if sorted(m.uci() for m in our_moves) != sorted(m.uci() for m in their_moves):
            sys.exit(f"{name}: the libraries disagree on the legal moves")
        leaves = perft_bughouse(ours, depth)
        if leaves != perft_chess(theirs, depth) or leaves != bughouse.perft(fen, depth, crazyhouse=True):
            sys.exit(f"{name}: the libraries disagree on perft {depth}")

        rows = [
            (f"legal moves",
             lambda: list(theirs.legal_moves),
             lambda: list(ours.legal_moves), 1),
            ("push/pop",
             lambda: push_pop_all(theirs, their_moves),
             lambda: push_pop_all(ours, our_moves), len(our_moves)),
            (f"perft {depth} (py)",
             lambda: perft_chess(theirs, depth),
             lambda: perft_bughouse(ours, depth), 1),
        ]
        chess_perft_time = 0.0
        for task, fn_chess, fn_ours, per in rows:
            t_chess = best_time(fn_chess, min_total, rounds) / per
            t_ours = best_time(fn_ours, min_total, rounds) / per
            if task.startswith("perft"):
                chess_perft_time = t_chess
            ratio = t_chess / t_ours
            ratios.setdefault(task.split(" (")[0].split(" ")[0] if task.startswith("perft") else task,
                              []).append(ratio)
            print(f"{name:<14} {task:<13} {fmt_time(t_chess):>13} {fmt_time(t_ours):>13} {ratio:8.0f}x")
        t_native = best_time(lambda: bughouse.perft(fen, depth, crazyhouse=True), min_total, rounds)
        ratio = chess_perft_time / t_native
        ratios.setdefault("bughouse.perft", []).append(ratio)
        print(f"{name:<14} {f'perft {depth} (native)':<13} {fmt_time(chess_perft_time):>13} "
              f"{fmt_time(t_native):>13} {ratio:8.0f}x   ({leaves} leaves)")
        print()

    print("geometric mean of the ratios (python-chess time / bughouse time):")
    ok = True
    for task, rs in ratios.items():
        mean = math.exp(sum(math.log(r) for r in rs) / len(rs))
        target = TARGET_PERFT if task == "bughouse.perft" else TARGET_PYTHON
        worst = min(rs)
        met = worst >= target
        ok &= met
        label = "perft driven from Python" if task == "perft" else task
        print(f"  {label:<26} {mean:9.0f}x  (lowest {worst:.0f}x; target >= {target:.0f}x: "
              f"{'met' if met else 'NOT met'})")
    print()
    bench_read_bpgn(min_total, rounds)
    bench_read_bpgn_parallel(2 if quick else 8)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
