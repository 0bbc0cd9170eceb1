"""The computer player through `Game.bot_move`: always a legal action, drop
mates found, deterministic per seed, sits only in the turn-based game (R24),
`play=True` plays what it returns, refusals as `push` raises them, and one
game shared by threads stays whole.

Mate positions are checked by brute force first (a mate in one exists), so
the expected answers are computed, not written down. Speed is measured in
`bench/bench_bot.py`, never here."""

import json
import pickle
import random
import threading
from pathlib import Path
from typing import Any

import pytest

import bughouse
from bughouse import Game, Move

SEATS = "AaBb"
# The other board for test positions: two lone kings, so one board decides.
QUIET = "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"
# White to move: whatever it plays, Q@g1 mates (guarded from c5). In the
# turn-based game it may sit and wait for a piece instead (R24).
EVERY_MOVE_IS_MATED = "4k3/8/8/2b5/8/8/6PP/7K[q] w - - 0 1"
# A middlegame with pockets, for determinism.
MIDDLEGAME = "r1bqk2r/pppp1ppp/2n2n2/4p3/1bB1P3/2N2N2/PPPP1PPP/R1BQK2R[Pn] w KQkq - 0 1"
# White to play Ra8+, after which Black waits (R17, R18).
BEFORE_WAITING = "6k1/5ppp/8/8/8/8/8/R3K3[] w - - 0 1"


def untimed(**settings) -> Game:
    return Game(time_control=None, **settings)


def mates_in_one(board: bughouse.Board) -> list:
    """The moves and drops of `board` that give bughouse mate (R16)."""
    mates = []
    for m in board.legal_moves:
        after = board.copy()
        after.push(m)
        if after.is_checkmate():
            mates.append(m)
    return mates


def piece_total(game: Game) -> int:
    on_boards = sum(
        len(game.board(b).pieces(pt, c)) for b in "AB" for pt in range(1, 6) for c in (True, False)
    )
    return on_boards + sum(len(game.pocket(s)) for s in SEATS)


# --- always legal, both modes -------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_live_bot_actions_are_always_legal_until_the_game_ends(seed):
    rng = random.Random(seed)
    game = Game(time_control="300+2", move_cap=120)
    t = 0
    while not game.is_over():
        to_move = [s for s in SEATS if game.is_turn_of(s)]
        for seat in set(SEATS) - set(to_move):
            with pytest.raises(bughouse.NotYourTurnError):
                game.bot_move(seat, 1)
        rng.shuffle(to_move)
        acted = False
        for seat in to_move:
            legal = game.legal_moves(seat)
            nodes = rng.choice([1, 40, 300])
            bot_seed = rng.getrandbits(64)
            m = game.bot_move(seat, nodes, seed=bot_seed)
            if m is None:
                # Live: None only for a seat that waits (R18), never a sit.
                assert legal == [] and not game.can_sit(seat)
                continue
            assert m in legal, (game.bfen(), seat, m)
            t += rng.randrange(0, 400)
            if rng.random() < 0.5:
                # The same search again, played: the same move.
                assert game.bot_move(seat, nodes, seed=bot_seed, play=True, at_ms=t) == m
            else:
                game.push(seat, m, at_ms=t)
            assert game.history()[-1][:3] == (seat, m, t)
            acted = True
            break
        # If every seat to move waits, no one can move and R31 ended it.
        assert acted or game.is_over()
    assert game.outcome() is not None
    assert piece_total(game) == 60  # R7: nothing lost or made
    assert pickle.loads(pickle.dumps(game)) == game  # the history replays


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_turn_based_bot_actions_are_always_legal_until_the_game_ends(seed):
    rng = random.Random(seed)
    game = Game(mode="turn", humans="", move_cap=120)
    while not game.is_over():
        seat = game.to_act
        assert seat is not None  # F5: an unfinished turn-based game has a seat to act
        other = rng.choice([s for s in SEATS if s != seat])
        with pytest.raises(bughouse.NotYourTurnError):
            game.bot_move(other, 1)
        legal = game.legal_moves(seat)
        could_sit = game.can_sit(seat)
        sits = game.sits_left(seat)
        nodes = rng.choice([1, 40, 300])
        play = rng.random() < 0.5
        acts = len(game.history())
        m = game.bot_move(seat, nodes, seed=seed, play=play)
        assert len(game.history()) == acts + play  # play=False changes nothing
        if m is None:
            assert could_sit  # a sit only when the seat may sit (R24)
            if not play:
                game.sit(seat)
            assert game.sits_left(seat) == sits - 1
            assert game.history()[-1][:2] == (seat, None)
        else:
            assert m in legal, (game.bfen(), seat, m)
            if not play:
                game.push(seat, m)
            assert game.history()[-1][:2] == (seat, m)
    assert game.outcome() is not None
    assert piece_total(game) == 60
    assert pickle.loads(pickle.dumps(game)) == game


# --- mates --------------------------------------------------------------------


@pytest.mark.parametrize(
    "seat, bfen",
    [
        # R16: N@g6 mates, smothered; no drop blocks a knight's check.
        ("A", f"6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1 | {QUIET}"),
        # R12, R16: P@g7 mates, guarded by the knight on f5.
        ("A", f"6bk/7p/8/5N2/8/8/8/4K3[P] w - - 0 1 | {QUIET}"),
        # The first, mirrored, for B-Black: N@f2 mates.
        ("b", f"{QUIET} | 4k3/8/8/8/8/8/6PP/6RK[n] b - - 0 1"),
    ],
)
def test_r16_finds_a_drop_mate_in_one_and_plays_it(seat, bfen):
    game = untimed(bfen=bfen)
    mates = mates_in_one(game.board(seat.upper()))
    assert mates and all(m.drop is not None for m in mates), "test position has no drop mate"
    m = game.bot_move(seat, 20_000)
    assert m in mates
    assert game.bot_move(seat, 20_000, play=True) == m
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "checkmate"
    assert outcome.seat == {"A": "a", "b": "B"}[seat]
    with pytest.raises(bughouse.GameOverError, match="checkmated"):
        game.bot_move(seat)


def test_r16_finds_the_drop_mate_in_the_turn_based_game_too():
    game = Game(mode="turn", humans="", bfen=f"6rk/6pp/8/8/8/8/8/4K3[N] w - - 0 1 | {QUIET}")
    assert game.to_act == "A" and game.can_sit("A")
    m = game.bot_move("A", 20_000)
    assert m in mates_in_one(game.board("A"))


# --- determinism --------------------------------------------------------------


def test_same_game_seat_budget_and_seed_give_the_same_move():
    bfen = f"{MIDDLEGAME} | {QUIET}"
    game = untimed(bfen=bfen)
    first = game.bot_move("A", 3_000, seed=99)
    assert first in game.legal_moves("A")
    # Again, on a copy, on another game built the same way, after pickling:
    # no state carries over from one call to the next.
    others = [game, game.copy(), untimed(bfen=bfen), pickle.loads(pickle.dumps(game))]
    for g in others:
        assert g.bot_move("A", 3_000, seed=99) == first
    # The seed matters: it breaks ties and seeds the noise.
    start = untimed()
    assert len({start.bot_move("A", 300, seed=s) for s in range(12)}) > 1


# --- sitting (R24) ------------------------------------------------------------


def test_r24_sits_when_every_move_is_mated_only_in_the_turn_based_game():
    turn = Game(mode="turn", humans="", bfen=f"{EVERY_MOVE_IS_MATED} | {QUIET}")
    assert turn.to_act == "A" and turn.can_sit("A")
    assert turn.bot_move("A", 20_000) is None
    assert len(turn.history()) == 0  # play=False changes nothing
    # Live: no sitting (F7): it must move.
    live = untimed(bfen=f"{EVERY_MOVE_IS_MATED} | {QUIET}")
    assert live.bot_move("A", 20_000) in live.legal_moves("A")


def test_r24_play_true_sits_and_a_seat_without_sits_moves():
    game = Game(mode="turn", humans="", bfen=f"{EVERY_MOVE_IS_MATED} | {QUIET}")
    # Board B's kings walk without repeating a state (R25) while A sits.
    walk = iter(["e1e2", "e8e7", "e2e3", "e7e6", "e3d3", "e6d6"])
    for sits_left in (2, 1, 0):
        assert game.to_act == "A"
        assert game.bot_move("A", 20_000, play=True) is None
        assert game.sits_left("A") == sits_left
        assert game.history()[-1][:2] == ("A", None)
        for seat in "Bb":
            assert game.to_act == seat
            game.push(seat, next(walk))
    assert game.to_act == "A" and not game.can_sit("A")
    m = game.bot_move("A", 20_000, play=True)
    assert m is not None and game.moves()[-1] == ("A", m)


# --- play=True ----------------------------------------------------------------


def test_play_true_plays_the_returned_move_with_its_timestamp():
    game = Game(time_control="180+2")
    m = game.bot_move("A", 2_000, seed=5)
    played = game.bot_move("A", 2_000, seed=5, play=True, at_ms=1_500)
    assert played == m
    assert game.moves() == [("A", m)]
    assert game.history()[-1][:4] == ("A", m, 1_500, 180_000 - 1_500 + 2_000)
    assert game.now_ms == 1_500


def test_play_true_refusals_are_push_refusals_and_change_nothing():
    game = Game(time_control="180+0")
    game.push("A", "e4", at_ms=1_000)
    before = game.copy()
    # A clocked game needs the time of the move (R21).
    with pytest.raises(bughouse.BughouseError, match="timestamp"):
        game.bot_move("a", 200, play=True)
    # Time never goes back (F1).
    with pytest.raises(bughouse.BughouseError):
        game.bot_move("a", 200, play=True, at_ms=500)
    assert game == before
    # A flag that fell ends the game at the flag (R21, F2).
    with pytest.raises(bughouse.GameOverError):
        game.bot_move("a", 200, play=True, at_ms=1_000 + 180_001)
    outcome = game.outcome()
    assert outcome is not None and outcome.reason == "time"
    assert before.bot_move("a", 200) in before.legal_moves("a")


# --- refusals -----------------------------------------------------------------


def test_bad_arguments_are_refused_by_name():
    game = untimed()
    for seat in ("x", "", "AB", "W"):
        with pytest.raises(bughouse.BughouseError, match="not a seat"):
            game.bot_move(seat)
    for nodes in (0, -1):
        with pytest.raises(bughouse.BughouseError, match="nodes"):
            game.bot_move("A", nodes)
    for seed in (-1, 2**64):
        with pytest.raises(bughouse.BughouseError, match="seed"):
            game.bot_move("A", 10, seed=seed)
    with pytest.raises(bughouse.BughouseError, match="at_ms"):
        game.bot_move("A", 10, at_ms=5)
    with pytest.raises(bughouse.BughouseError, match="at_ms"):
        game.bot_move("A", 10, play=True, at_ms=-1)
    with pytest.raises(TypeError):
        game.bot_move("A", 10, 3)  # type: ignore[misc]  # seed is keyword-only
    assert game.moves_played == 0


def test_game_over_raises_game_over_error():
    game = untimed()
    game.resign("b")
    for seat in SEATS:
        with pytest.raises(bughouse.GameOverError, match="resign"):
            game.bot_move(seat)
        with pytest.raises(bughouse.GameOverError):
            game.bot_move(seat, play=True)


def test_not_your_turn_raises_and_a_waiting_seat_gets_none():
    game = untimed()
    with pytest.raises(bughouse.NotYourTurnError, match="A-Black"):
        game.bot_move("a")
    turn = Game(mode="turn", humans="")
    assert turn.to_act == "A"
    for seat in "Bba":
        with pytest.raises(bughouse.NotYourTurnError):
            turn.bot_move(seat, play=True)
    assert turn.history() == []
    # Live: its turn, but it waits (R18): None, and nothing is played.
    game = untimed(bfen=f"{BEFORE_WAITING} | {bughouse.STARTING_FEN}")
    game.push("A", "Ra8+")
    assert game.is_turn_of("a") and game.legal_moves("a") == []
    assert game.bot_move("a") is None
    assert game.bot_move("a", play=True) is None
    assert game.moves_played == 1


# --- threads ------------------------------------------------------------------


def test_two_threads_asking_about_one_game_get_the_same_answer():
    game = untimed(bfen=f"{MIDDLEGAME} | {QUIET}")
    answers: list = []
    errors: list = []

    def worker(seat: str):
        try:
            for _ in range(5):
                answers.append((seat, game.bot_move(seat, 2_000, seed=3)))
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=worker, args=(s,)) for s in "AB"]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    for seat in "AB":
        moves = {m for s, m in answers if s == seat}
        assert len(moves) == 1 and moves <= set(game.legal_moves(seat))


@pytest.mark.parametrize("mode", ["live", "turn"])
def test_threads_playing_bots_on_one_game_keep_it_whole(mode):
    game = Game(mode=mode, time_control=None, humans="", move_cap=60)
    errors: list = []

    def seat_thread(seat: str, seed: int):
        tries = 0
        try:
            while not game.is_over() and tries < 5_000:
                tries += 1
                try:
                    if game.bot_move(seat, 100, seed=seed, play=True) is None and mode == "live":
                        threading.Event().wait(0.001)  # waiting (R18)
                except bughouse.NotYourTurnError:
                    threading.Event().wait(0.0005)
                except bughouse.GameOverError:
                    return
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=seat_thread, args=(s, i)) for i, s in enumerate(SEATS)]
    # Two threads for seat "A": they race for the same turns.
    threads.append(threading.Thread(target=seat_thread, args=("A", 9)))
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert game.is_over()
    assert piece_total(game) == 60
    assert pickle.loads(pickle.dumps(game)) == game


def test_bot_move_releases_the_gil():
    # While one thread searches a large budget, this thread must be able to
    # run Python code; if the search held the GIL, the work below could only
    # run after it finished and would see it done.
    game = untimed()
    started = threading.Event()
    done = threading.Event()

    def think():
        started.set()
        game.bot_move("A", 1_000_000)
        done.set()

    t = threading.Thread(target=think)
    t.start()
    started.wait()
    done.wait(0.05)  # lets the worker enter the search (and drop the GIL)
    progressed = sum(i for i in range(10_000))
    still_thinking = not done.is_set()
    t.join()
    assert progressed == 49_995_000
    assert still_thinking


def test_a_small_caller_stack_is_enough():
    # The search runs on a thread of its own: a caller thread with a small
    # stack does not overflow (the core's search needs hundreds of KiB).
    old = threading.stack_size(256 * 1024)
    try:
        result: list = []
        game = untimed(bfen=f"{MIDDLEGAME} | {QUIET}")
        t = threading.Thread(target=lambda: result.append(game.bot_move("A", 25_000)))
        t.start()
        t.join()
    finally:
        threading.stack_size(old)
    assert len(result) == 1 and result[0] in game.legal_moves("A")


# --- time limits and the crazyhouse board --------------------------------------


def test_time_ms_bounds_the_search_and_nodes_default_to_none_with_a_time():
    import time

    game = untimed()
    start = time.monotonic()
    m = game.bot_move("A", time_ms=30)
    took = time.monotonic() - start
    assert m in game.legal_moves("A")
    # Generous: a loaded machine; the core stops within 0.1 ms of the limit.
    assert took < 2.0
    # A node budget still bounds a timed search.
    assert game.bot_move("A", 50, time_ms=10_000) in game.legal_moves("A")


@pytest.mark.parametrize("bad", [{"time_ms": 0}, {"time_ms": -5}, {"nodes": 0}])
def test_bad_limits_are_refused(bad):
    with pytest.raises(bughouse.BughouseError):
        untimed().bot_move("A", **bad)


def test_clock_spends_the_seats_own_time_in_live_games_only():
    game = Game(time_control="60+0")
    m = game.bot_move("A", clock=True, at_ms=100)
    assert m in game.legal_moves("A")
    with pytest.raises(bughouse.BughouseError):
        game.bot_move("A", clock=True, time_ms=10)
    with pytest.raises(bughouse.BughouseError):
        Game(mode="turn", humans="").bot_move("A", clock=True)


def test_crazyhouse_board_bot_plays_legal_moves_and_keeps_captures():
    board = bughouse.Board(
        "rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R[] w KQkq - 0 1", crazyhouse=True
    )
    m = board.bot_move(20_000)
    assert m == Move.from_uci("f3h4")
    before = len(board.move_stack)
    assert board.bot_move(2_000, seed=3, play=True) == m
    assert len(board.move_stack) == before + 1
    assert "Q" in board.fen().split("[")[1].split("]")[0]
    # A whole short game, always legal, timed.
    board = bughouse.Board(crazyhouse=True)
    for _ in range(30):
        legal = list(board.legal_moves)
        m = board.bot_move(time_ms=5)
        if m is None:
            assert legal == []
            break
        assert m in legal
        board.push(m)


BOARD_BOT_TABLE = json.loads(
    (Path(__file__).resolve().parents[2] / "bughouse-core" / "tests" / "data" / "board_bot.json").read_text()
)


@pytest.mark.parametrize("case", BOARD_BOT_TABLE["cases"], ids=lambda c: c["name"])
def test_board_bot_gives_the_core_and_nodes_answers(case: dict[str, Any]) -> None:
    """The shared table (bughouse-core/tests/data/board_bot.json): the same
    move as the core and Node's `board.botMove` for the same position,
    budget and seed; `play=True` pushes it."""
    board = bughouse.Board(case["fen"], crazyhouse=case["crazyhouse"])
    found = board.bot_move(case["nodes"], seed=case["seed"])
    assert (None if found is None else found.uci()) == case["move"]
    assert board.move_stack == []
    played = board.bot_move(case["nodes"], seed=case["seed"], play=True)
    assert played == found
    assert board.move_stack == ([] if found is None else [found])


def test_board_bot_refusals_match_nodes_codes() -> None:
    """A budget or a time below 1 and a seed out of range: ERR_OUT_OF_RANGE,
    as Node's `board.botMove` gives (board_bot.test.mjs); nothing pushed."""
    board = bughouse.Board(crazyhouse=True)
    calls = [
        lambda: board.bot_move(0),
        lambda: board.bot_move(-1),
        lambda: board.bot_move(time_ms=0),
        lambda: board.bot_move(10, seed=-1),
        lambda: board.bot_move(10, seed=2**64),
    ]
    for call in calls:
        with pytest.raises(bughouse.BughouseError) as e:
            call()
        assert e.value.code == "ERR_OUT_OF_RANGE"
    assert board.move_stack == []
