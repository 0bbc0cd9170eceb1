"""``python -m bughouse replay|summary FILE...``: BPGN and PGN archives from
the command line.

``replay`` replays every game through the rules (bughouse records as
matches, single-board records as crazyhouse) and prints one line per game
the engine refuses or disagrees with, as ``file:line: why``, then
``replayed G games, M moves, E errors``; the exit status is 0 only without
errors. ``summary`` prints a table: files, games of each kind, moves, the
endings the records state and the endings the engine found (by rule), and
the errors with their ``file:line``.

Files are read in parallel (``--jobs``, one process per file at a time,
default: the CPUs). A progress bar goes to stderr on a terminal, or a line
every few seconds on long runs elsewhere (``--no-progress`` silences it).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Optional, TextIO

import bughouse

#: A run longer than this shows progress even when stderr is not a terminal.
LONG_RUN_S = 3.0
#: How often progress is redrawn on a terminal, and written elsewhere.
TTY_EVERY_S = 0.1
LOG_EVERY_S = 5.0


@dataclass
class FileSummary:
    """What one archive held (picklable: sent back from worker processes)."""

    path: str
    games: int = 0
    bughouse: int = 0
    crazyhouse: int = 0
    moves: int = 0
    recorded: Counter[str] = field(default_factory=Counter)
    engine: Counter[str] = field(default_factory=Counter)
    #: ``(line, message)`` of each record the engine refuses or disagrees with.
    errors: list[tuple[int, str]] = field(default_factory=list)
    #: Why the file could not be read at all, if it could not.
    unreadable: Optional[str] = None

    def add(self, other: FileSummary) -> None:
        self.games += other.games
        self.bughouse += other.bughouse
        self.crazyhouse += other.crazyhouse
        self.moves += other.moves
        self.recorded.update(other.recorded)
        self.engine.update(other.engine)


def engine_ending(record: bughouse.GameRecord) -> str:
    """The ending the engine found, with its rule: ``"checkmate (R27)"``."""
    if record.game is not None:
        outcome = record.game.outcome()
        return "none" if outcome is None else f"{outcome.reason} ({outcome.rule})"
    assert record.board is not None
    board_outcome = record.board.outcome()
    return "none" if board_outcome is None else "checkmate (R16)"


def records(path: str) -> Iterator[tuple[bughouse.GameRecord, Optional[str]]]:
    """Each record of a file with the error to report for it, if any."""
    # A Path: a file name is never read as archive text (even with a `[`).
    for record in bughouse.read_bpgn(Path(path)):
        if record.error is not None:
            yield record, record.error
        elif not record.agrees:
            yield record, (f"game {record.number}: the engine does not agree with the "
                           f"recorded ending {{{record.recorded_ending or ''}}}")
        else:
            yield record, None


def summarize(path: str, tick: Optional[Callable[[int, int], None]] = None) -> FileSummary:
    """Reads one archive; ``tick(games, moves)`` after each record."""
    summary = FileSummary(path)
    try:
        for record, error in records(path):
            summary.games += 1
            summary.moves += record.moves_replayed
            if record.is_bughouse:
                summary.bughouse += 1
            else:
                summary.crazyhouse += 1
            summary.recorded[record.ending_kind] += 1
            summary.engine[engine_ending(record)] += 1
            if error is not None:
                summary.errors.append((record.line, error))
            if tick is not None:
                tick(1, record.moves_replayed)
    except OSError as e:
        summary.unreadable = e.strerror or str(e)
    return summary


class Progress:
    """A progress line on stderr: redrawn in place on a terminal; elsewhere
    written every few seconds once the run is long."""

    def __init__(self, files: int, stream: TextIO, enabled: bool) -> None:
        self.files, self.stream, self.enabled = files, stream, enabled
        self.tty = enabled and stream.isatty()
        self.start = time.monotonic()
        self.last = 0.0
        self.done = self.games = self.moves = 0
        self.drawn = False

    def tick(self, games: int, moves: int) -> None:
        self.games += games
        self.moves += moves
        self.show()

    def file_done(self, summary: FileSummary, counted: bool) -> None:
        self.done += 1
        if not counted:
            self.games += summary.games
            self.moves += summary.moves
        self.show(force=self.tty)

    def show(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        elapsed = now - self.start
        if self.tty:
            if not force and now - self.last < TTY_EVERY_S:
                return
        elif elapsed < LONG_RUN_S or now - self.last < LOG_EVERY_S:
            return
        self.last = now
        width = 24
        filled = width * self.done // max(self.files, 1)
        bar = "=" * filled + (">" if filled < width else "") + " " * (width - filled - 1)
        line = (f"[{bar[:width]}] {self.done}/{self.files} files, {self.games:,} games, "
                f"{self.moves:,} moves, {elapsed:.1f} s")
        if self.tty:
            self.stream.write("\r" + line)
            self.drawn = True
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self) -> None:
        if self.drawn:
            self.stream.write("\n")
            self.stream.flush()


def run(paths: list[str], jobs: int, progress: Progress) -> Iterable[FileSummary]:
    """Every file's summary, in the order given; in parallel when asked."""
    if jobs <= 1 or len(paths) <= 1:
        for path in paths:
            summary = summarize(path, progress.tick)
            progress.file_done(summary, counted=True)
            yield summary
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(summarize, path) for path in paths]
        for future in futures:
            summary = future.result()
            progress.file_done(summary, counted=False)
            yield summary


def table(total: FileSummary, files: int, errors: list[str], out: TextIO, elapsed: float) -> None:
    rows = [("files", files), ("games", total.games), ("  bughouse", total.bughouse),
            ("  crazyhouse", total.crazyhouse), ("moves", total.moves), ("errors", len(errors))]
    for name, value in rows:
        out.write(f"{name:<14}{value:>12,}\n")
    rate = total.moves / elapsed if elapsed > 0 else 0.0
    out.write(f"{'moves/s':<14}{rate:>12,.0f}\n\n")
    out.write(f"{'recorded ending':<20}{'games':>8}    {'engine ending':<28}{'games':>8}\n")
    recorded = sorted(total.recorded.items(), key=lambda kv: (-kv[1], kv[0]))
    engine = sorted(total.engine.items(), key=lambda kv: (-kv[1], kv[0]))
    for i in range(max(len(recorded), len(engine))):
        left = f"{recorded[i][0]:<20}{recorded[i][1]:>8,}" if i < len(recorded) else " " * 28
        right = f"{engine[i][0]:<28}{engine[i][1]:>8,}" if i < len(engine) else ""
        out.write(f"{left}    {right}".rstrip() + "\n")
    if errors:
        out.write("\nerrors\n")
        for line in errors:
            out.write(f"  {line}\n")


def main(argv: Optional[list[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bughouse",
                                     description="Replay BPGN/PGN archives through the rules.")
    parser.add_argument("command", choices=("replay", "summary"))
    parser.add_argument("files", nargs="+", metavar="FILE")
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                        help="files read at once, in worker processes (default: the CPUs)")
    parser.add_argument("--no-progress", action="store_true", help="no progress on stderr")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    started = time.monotonic()
    progress = Progress(len(args.files), sys.stderr, enabled=not args.no_progress)
    total = FileSummary("")
    errors: list[str] = []
    try:
        for summary in run(args.files, args.jobs, progress):
            total.add(summary)
            if summary.unreadable is not None:
                errors.append(f"{summary.path}: {summary.unreadable}")
            errors.extend(f"{summary.path}:{line}: {why}" for line, why in summary.errors)
    except KeyboardInterrupt:
        progress.close()
        print("interrupted", file=sys.stderr)
        return 130
    progress.close()
    elapsed = time.monotonic() - started
    if args.command == "replay":
        for line in errors:
            print(line)
        print(f"replayed {total.games} games, {total.moves} moves, {len(errors)} errors")
    else:
        table(total, len(args.files), errors, sys.stdout, elapsed)
    return 0 if not errors else 1


if __name__ == "__main__":
    sys.exit(main())
