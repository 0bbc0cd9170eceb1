"""Ctrl-C during long native calls: perft, reading a large archive and the
bot's search answer SIGINT within a fraction of a second with
`KeyboardInterrupt`, and leave every object as it was (a subprocess is
started, sent SIGINT once its call is under way, and must finish within 1 s;
timing bounds are generous for a loaded 2-core machine)."""

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[2] / "bughouse-core" / "tests" / "data" / "corpus"

pytestmark = pytest.mark.skipif(os.name != "posix", reason="SIGINT to a subprocess")


def interrupt(code: str, *, wait_s: float = 0.3) -> tuple[float, str]:
    """Runs `code` in a fresh interpreter; once it prints READY (just before
    its long call), waits `wait_s`, sends SIGINT, and returns the seconds
    from the signal to the process's exit (or, when the child prints
    `CAUGHT <time.monotonic()>`, to that moment), with its output."""
    child = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        # A runner that started us in the background may have SIGINT ignored,
        # which the child would inherit, and Python installs no Ctrl-C handler
        # for an ignored signal: the child starts with the default, as at a
        # terminal.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "READY"
    time.sleep(wait_s)
    assert child.poll() is None, "the call ended before the signal: make it longer"
    sent = time.monotonic()
    child.send_signal(signal.SIGINT)
    try:
        out, _ = child.communicate(timeout=10)
    finally:
        child.kill()
    elapsed = time.monotonic() - sent
    assert child.returncode == 0, out
    for line in out.splitlines():
        if line.startswith("CAUGHT "):
            elapsed = float(line.split()[1]) - sent
    return elapsed, out


def test_perft_answers_ctrl_c_and_keeps_the_board():
    elapsed, out = interrupt("""
        import bughouse
        board = bughouse.Board()
        board.push_uci("e2e4")
        before = board.fen()
        print("READY", flush=True)
        try:
            board.perft(9)  # hours of counting
        except KeyboardInterrupt:
            print("interrupted", board.fen() == before, board.move_stack)
            print("perft 2 after:", board.perft(2))
    """)
    assert elapsed < 1.0, elapsed
    assert "interrupted True [Move.from_uci('e2e4')]" in out
    assert "perft 2 after: 600" in out


def test_module_perft_answers_ctrl_c():
    elapsed, out = interrupt("""
        import bughouse
        print("READY", flush=True)
        try:
            bughouse.perft(bughouse.STARTING_FEN, 9, crazyhouse=True)
        except KeyboardInterrupt:
            print("interrupted")
    """)
    assert elapsed < 1.0 and "interrupted" in out, (elapsed, out)


def test_reading_a_large_archive_answers_ctrl_c_and_the_reader_goes_on():
    archive = CORPUS / "crazyhouse-fics" / "zh2200plus.pgn"
    elapsed, out = interrupt(f"""
        import bughouse
        text = open({str(archive)!r}, "rb").read() * 40
        reader = bughouse.read_bpgn(text)
        records = []
        print("READY", flush=True)
        try:
            records = list(reader)  # about 50,000 games
        except KeyboardInterrupt:
            record = next(reader)
            print("interrupted", record.error is None, record.number > 1)
    """)
    assert elapsed < 1.0, elapsed
    assert "interrupted True True" in out, out


def test_bot_move_answers_ctrl_c_and_plays_nothing():
    elapsed, out = interrupt("""
        import bughouse
        game = bughouse.Game(time_control=None)
        game.push("A", "e4")
        print("READY", flush=True)
        try:
            game.bot_move("a", nodes=10**10, play=True)  # hours of searching
        except KeyboardInterrupt:
            import time
            print("CAUGHT", time.monotonic())
            print("interrupted", game.moves_played, game.is_turn_of("a"))
            # The abandoned search was told to stop: no CPU is spent on it.
            cpu = time.process_time()
            time.sleep(0.5)
            print("search stopped:", time.process_time() - cpu < 0.2)
            print("after:", game.bot_move("a", nodes=200) in game.legal_moves("a"))
    """)
    assert 0 < elapsed < 1.0, elapsed
    assert "interrupted 1 True" in out and "after: True" in out, out
    assert "search stopped: True" in out, out
