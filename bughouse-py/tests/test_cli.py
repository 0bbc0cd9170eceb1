"""`python -m bughouse replay|summary`: archives from the command line, in
parallel, with progress on a terminal only (or on long runs)."""

import io
import subprocess
import sys
from pathlib import Path

from bughouse.__main__ import FileSummary, Progress, main

CORPUS = Path(__file__).resolve().parents[2] / "bughouse-core" / "tests" / "data" / "corpus"


def corpus_files() -> list:
    return [str(p) for p in sorted(CORPUS.rglob("*.bpgn")) + sorted(CORPUS.rglob("*.pgn"))]


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "bughouse", *args], capture_output=True,
                          text=True, timeout=300)


def test_replay_reads_the_whole_corpus_without_an_error():
    done = cli("replay", *corpus_files())
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.splitlines()[-1].startswith("replayed 1425 games, ")
    assert done.stdout.splitlines()[-1].endswith(" 0 errors")
    assert done.stderr == ""  # a short run off a terminal shows no progress


def test_summary_counts_endings_by_rule_and_names_errors_with_file_and_line(tmp_path):
    bad = tmp_path / "bad.bpgn"
    bad.write_text('[Event "ok"]\n1A. e4 1a. e5 *\n\n[Event "bad"]\n1A. e4 1a. e5 2A. Ke3 *\n')
    missing = tmp_path / "missing.bpgn"
    out = io.StringIO()
    sys_stdout, sys.stdout = sys.stdout, out
    try:
        status = main(["summary", "--no-progress", "-j", "1", str(bad), str(missing),
                       *corpus_files()])
    finally:
        sys.stdout = sys_stdout
    text = out.getvalue()
    assert status == 1
    rows = {line[:14].strip(): line[14:].strip() for line in text.splitlines()[:6]}
    assert rows == {"files": "55", "games": "1,427", "bughouse": "50", "crazyhouse": "1,377",
                    "moves": rows["moves"], "errors": "2"}
    assert "checkmate (R27)" in text and "checkmate (R16)" in text
    assert f"{bad}:4: game 2, move 2A (A-White) 'Ke3': illegal SAN Ke3" in text
    assert f"{missing}: No such file or directory" in text


def test_parallel_reading_gives_the_same_table():
    files = corpus_files()
    one, two = cli("summary", "-j", "1", *files), cli("summary", "-j", "2", *files)
    assert one.returncode == two.returncode == 0
    drop_rate = lambda s: [l for l in s.splitlines() if not l.startswith("moves/s")]  # noqa: E731
    assert drop_rate(one.stdout) == drop_rate(two.stdout)


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_drawn_on_a_terminal_and_silent_elsewhere_on_short_runs():
    tty = Terminal()
    progress = Progress(2, tty, enabled=True)
    progress.tick(1, 40)
    progress.file_done(FileSummary("a", games=1, moves=40), counted=True)
    progress.close()
    assert tty.getvalue().startswith("\r[") and "1/2 files, 1 games, 40 moves" in tty.getvalue()
    assert tty.getvalue().endswith("\n")
    quiet = io.StringIO()
    progress = Progress(2, quiet, enabled=True)
    progress.tick(1, 40)
    progress.file_done(FileSummary("a", games=1, moves=40), counted=True)
    progress.close()
    assert quiet.getvalue() == ""
    # Long runs off a terminal log a line now and then.
    progress.start -= 10
    progress.tick(1, 1)
    assert "files" in quiet.getvalue() and "\r" not in quiet.getvalue()
