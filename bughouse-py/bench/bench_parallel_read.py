"""Reading many archive files at once: one thread, two threads (each record
replays with the GIL released), two processes — wall time and CPU time.

Each task reads one file with ``bughouse.read_bpgn(path)`` and touches every
record (its Python objects are made: tags, the replayed ``Game`` or crazyhouse
``Board``), as a user's loop does. The files are the corpus's archives
(bughouse BPGN and crazyhouse PGN), the list repeated ``--copies`` times. The
three ways run in alternating rounds (so a change of the machine's load hits
each alike) and each figure is the median over the rounds.

The machine this runs on may be shared, so besides wall time it reports CPU
time, which other processes do not inflate:

  cpu s         CPU seconds the run used (all threads; for processes the
                workers' own, measured in each task, plus the parent's)
  busy cores    cpu / wall: how many cores the run kept busy on average
  speed-up      one thread's wall time / this way's wall time
  cpu cost      this way's CPU time / one thread's (the price of parallelism)
  longest cpu   the CPU seconds of the busiest worker: on two idle cores the
                run could not finish sooner than that (one thread's cpu
                divided by it is the speed-up two idle cores would allow;
                not shown for threads, whose GIL-held share cannot overlap)

and the load average before and after.

Usage (from the repository root; ``make bench-python-parallel``):
    .venv/bin/python bughouse-py/bench/bench_parallel_read.py [--copies N] [--rounds N]
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import statistics
import threading
import time
from pathlib import Path
from typing import Callable, NamedTuple

import bughouse

CORPUS = Path(__file__).resolve().parents[2] / "bughouse-core" / "tests" / "data" / "corpus"


class Task(NamedTuple):
    games: int
    moves: int
    cpu: float  # CPU seconds of the thread that ran it
    worker: str  # which process and thread


def read_one(path: str) -> Task:
    """Reads a file and touches each record's objects."""
    started = time.thread_time()
    games = moves = 0
    for record in bughouse.read_bpgn(Path(path)):
        games += 1
        moves += record.moves_replayed
        played = record.game if record.game is not None else record.board
        assert played is not None and record.tags is not None
    return Task(games, moves, time.thread_time() - started,
                f"{os.getpid()}:{threading.get_ident()}")


class Run(NamedTuple):
    wall: float
    cpu: float
    longest: float
    games: int
    moves: int


def measure(way: Callable[[list[str]], list[Task]], paths: list[str], parent_cpu_counts_workers: bool) -> Run:
    cpu0, wall0 = time.process_time(), time.perf_counter()
    tasks = way(paths)
    wall, parent_cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    per_worker: dict[str, float] = {}
    for t in tasks:
        per_worker[t.worker] = per_worker.get(t.worker, 0.0) + t.cpu
    # Threads are this process's: process_time already counts them.
    cpu = parent_cpu if parent_cpu_counts_workers else parent_cpu + sum(per_worker.values())
    return Run(wall, cpu, max(per_worker.values()), sum(t.games for t in tasks),
               sum(t.moves for t in tasks))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--copies", type=int, default=6, help="times the corpus's file list is read")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds of the three ways")
    parser.add_argument("--jobs", type=int, default=2, help="threads and processes")
    args = parser.parse_args()

    files = sorted(str(p) for p in CORPUS.rglob("*") if p.suffix in (".bpgn", ".pgn"))
    if not files:
        raise SystemExit(f"no corpus under {CORPUS}")
    paths = files * args.copies
    load_before = os.getloadavg()

    threads = cf.ThreadPoolExecutor(args.jobs)
    processes = cf.ProcessPoolExecutor(args.jobs)
    # Start the workers (and import bughouse in them) before any timing.
    list(processes.map(read_one, files[: args.jobs]))

    ways: dict[str, tuple[Callable[[list[str]], list[Task]], bool]] = {
        "1 thread": (lambda ps: [read_one(p) for p in ps], True),
        f"{args.jobs} threads": (lambda ps: list(threads.map(read_one, ps)), True),
        f"{args.jobs} processes": (lambda ps: list(processes.map(read_one, ps, chunksize=4)), False),
    }
    runs: dict[str, list[Run]] = {name: [] for name in ways}
    for _ in range(args.rounds):
        for name, (way, counted) in ways.items():
            runs[name].append(measure(way, paths, counted))
    threads.shutdown()
    processes.shutdown()
    load_after = os.getloadavg()

    first = runs["1 thread"][0]
    assert all(r.moves == first.moves and r.games == first.games for rs in runs.values() for r in rs)
    print(f"bughouse {bughouse.__version__}: {len(files)} corpus files x{args.copies} = "
          f"{len(paths)} files, {first.games:,} games, {first.moves:,} moves per run; "
          f"median of {args.rounds} alternating rounds; {os.cpu_count()} CPUs")
    print(f"load average before {load_before[0]:.2f} {load_before[1]:.2f} {load_before[2]:.2f}, "
          f"after {load_after[0]:.2f} {load_after[1]:.2f} {load_after[2]:.2f}")
    print()
    header = (f"{'way':<12} {'wall s':>8} {'cpu s':>8} {'busy cores':>11} {'M moves/s':>10} "
              f"{'speed-up':>9} {'cpu cost':>9} {'longest cpu':>12} {'idle-core bound':>16}")
    print(header)
    print("-" * len(header))
    median = {name: Run(*(statistics.median(getattr(r, f) for r in rs) for f in Run._fields))
              for name, rs in runs.items()}
    base = median["1 thread"]
    for name, m in median.items():
        # Threads share the GIL: their GIL-held share cannot overlap, so the
        # busiest thread's CPU time bounds nothing; busy cores says it.
        bound = "-" if name.endswith("threads") else f"{base.cpu / m.longest:.2f}x"
        print(f"{name:<12} {m.wall:8.3f} {m.cpu:8.3f} {m.cpu / m.wall:11.2f} "
              f"{m.moves / m.wall / 1e6:10.2f} {base.wall / m.wall:8.2f}x {m.cpu / base.cpu:8.2f}x "
              f"{m.longest:12.3f} {bound:>16}")


if __name__ == "__main__":
    main()
