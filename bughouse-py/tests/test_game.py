"""The match through `Game`: the two-board rules by id (RULES.md), every
refusal and its exception, the API around them, copying and pickling."""

import copy
import pickle
import random

import pytest

import bughouse
from bughouse import (
    BISHOP, BLACK, KNIGHT, PAWN, QUEEN, ROOK, WHITE,
    Game, Move, Outcome, TimeControl,
)

START = bughouse.STARTING_FEN
SEATS = "AaBb"
# A-White mates with Nf7 (smothered: a knight check no drop can block, R16).
SMOTHER_A = "6rk/6pp/8/6N1/8/8/8/4K3[] w - - 0 1"
# B-Black mates with Nf2 (the same, mirrored).
SMOTHER_B = "4k3/8/8/8/6n1/8/6PP/6RK[] b - - 0 1"
# Black to move, in a back-rank check a drop could block, with nothing to
# drop: not mate (R17), waiting (R18).
WAITING_BLACK = "R5k1/5ppp/8/8/8/8/8/4K3[] b - - 0 1"
# White to play Ra8+, which makes WAITING_BLACK.
BEFORE_WAITING = "6k1/5ppp/8/8/8/8/8/R3K3[] w - - 0 1"


def bughouse_game(record: "bughouse.GameRecord") -> "bughouse.Game":
    """The match of a bughouse record (crazyhouse records have a board)."""
    assert record.game is not None, "not a bughouse record"
    return record.game


def bfen(a: str = START, b: str = START) -> str:
    return f"{a} | {b}"


def untimed(**settings) -> Game:
    """A live game without clocks: moves need no timestamps."""
    return Game(time_control=None, **settings)


def uci(text: str) -> Move:
    return Move.from_uci(text)


def to_act(game: Game) -> str:
    """The seat to act in a turn-based game that has one."""
    seat = game.to_act
    assert seat is not None
    return seat


def ended(game: Game) -> Outcome:
    outcome = game.outcome()
    assert outcome is not None
    return outcome


# --- R1-R4: the table -------------------------------------------------------


def test_r1_r4_a_new_game_is_two_standard_boards_and_empty_pockets():
    game = Game()
    assert game.bfen() == bfen()
    assert game.starting_bfen == bfen()
    assert game.board_fen("A") == game.board_fen("B") == START
    assert game.board("A") == bughouse.Board() == game.board("B")
    for seat in SEATS:
        assert len(game.pocket(seat)) == 0
        assert game.pocket(seat).color == seat.isupper()
    assert not game.is_over() and game.outcome() is None
    assert game.moves() == [] and game.history() == [] and game.moves_played == 0


def test_r2_teams_in_outcomes():
    # Team 1 = A-White + B-Black, team 2 = A-Black + B-White.
    for seat, winner in (("A", 2), ("b", 2), ("a", 1), ("B", 1)):
        assert Game().resign(seat).winner == winner


# --- R5-R7: captures and pockets ---------------------------------------------


def test_r5_a_capture_goes_to_the_partner_keeping_its_colour():
    game = untimed()
    for seat, move in (("A", "e4"), ("a", "d5"), ("A", "exd5")):
        game.push(seat, move)
    # A-White took a black pawn on A: it goes to B-Black (A-White's partner).
    assert str(game.pocket("b")) == "p"
    assert [len(game.pocket(s)) for s in "AaB"] == [0, 0, 0]
    assert game.board_fen("B").startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[p] w")
    # The partner may drop it at once, on its own turn.
    game.push("B", "e4")
    assert Move.from_uci("P@e6") in game.legal_moves("b")
    game.push("b", "P@e6")
    assert len(game.pocket("b")) == 0


def test_r5_an_en_passant_capture_is_routed_too():
    a = "4k3/8/8/8/3p4/8/4P3/4K3[] w - - 0 1"
    game = untimed(bfen=bfen(a))
    game.push("A", "e2e4")
    game.push("a", "d4e3")
    # A-Black took a white pawn: it goes to B-White.
    assert str(game.pocket("B")) == "P"


def test_r6_a_captured_promoted_piece_passes_as_a_pawn():
    a = "4k3/8/8/8/8/8/3q~4/4K3[] w - - 0 1"
    game = untimed(bfen=bfen(a))
    assert game.board("A").is_promoted(bughouse.D2)
    game.push("A", "Kxd2")
    pocket = game.pocket("b")
    assert pocket.count(PAWN) == 1 and pocket.count(QUEEN) == 0


def test_r6_a_promotion_is_marked_and_the_mark_moves_with_the_piece():
    a = "4k3/P7/8/8/8/8/8/4K3[] w - - 0 1"
    game = untimed(bfen=bfen(a))
    game.push("A", "a8=Q+")
    assert game.board("A").is_promoted(bughouse.A8)
    game.push("a", "Kd7")
    game.push("A", "Qa4+")
    assert game.board("A").is_promoted(bughouse.A4)
    assert game.board_fen("A").startswith("8/3k4/8/8/Q~7/")


def material(game: Game, color: bool) -> dict:
    """`color`'s non-king pieces on both boards (promoted pieces counted as
    pawns) plus its pockets, by piece type (R7)."""
    counts = {pt: 0 for pt in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN)}
    for letter in "AB":
        board = game.board(letter)
        for pt in counts:
            for sq in board.pieces(pt, color):
                counts[PAWN if board.is_promoted(sq) else pt] += 1
    for seat in SEATS:
        if seat.isupper() == color:
            for pt in counts:
                counts[pt] += game.pocket(seat).count(pt)
    return counts


def play_random(game: Game, rng: random.Random, plies: int, on_move=None) -> int:
    played = 0
    for _ in range(plies):
        seats = [s for s in SEATS if game.legal_moves(s)]
        if game.is_over() or not seats:
            break
        seat = rng.choice(seats)
        game.push(seat, rng.choice(game.legal_moves(seat)))
        played += 1
        if on_move:
            on_move(game)
    return played


def test_r7_conservation_over_random_games():
    full = {PAWN: 16, KNIGHT: 4, BISHOP: 4, ROOK: 4, QUEEN: 2}
    rng = random.Random(7)
    captures = 0

    def check(game: Game):
        nonlocal captures
        for color in (WHITE, BLACK):
            assert material(game, color) == full, game.bfen()
        captures += sum(len(game.pocket(s)) for s in SEATS) > 0

    total = 0
    for _ in range(12):
        total += play_random(untimed(), rng, 400, check)
    assert total > 1000 and captures > 100


# --- R9-R13 through the game -------------------------------------------------


def test_legal_moves_of_a_seat_are_its_boards_on_its_turn():
    game = untimed()
    assert len(game.legal_moves("A")) == 20 and len(game.legal_moves("B")) == 20
    assert game.legal_moves("a") == [] and game.legal_moves("b") == []
    assert set(game.legal_moves("A")) == set(game.board("A").legal_moves)


# --- R16-R18 through the game --------------------------------------------------


def test_r17_r18_a_blockable_check_is_not_mate_and_the_seat_waits():
    game = untimed(bfen=bfen(BEFORE_WAITING))
    game.push("A", "Ra8+")
    assert not game.is_over()
    assert game.is_turn_of("a") and game.legal_moves("a") == []
    assert game.board("A").is_waiting()
    # F12: a seat whose colour is to move but who waits gets "illegal move".
    with pytest.raises(bughouse.IllegalMoveError):
        game.push("a", "Kh8")
    # The partner's capture sends a piece; then the drop blocks (R13).
    for seat, move in (("B", "e4"), ("b", "d5"), ("B", "exd5")):
        game.push(seat, move)
    assert str(game.pocket("a")) == "p"
    # Pawns are never dropped on rank 8 (R10): the pawn cannot block, so
    # A-Black still waits — the check stays blockable, so it is no mate (R17).
    assert game.legal_moves("a") == [] and not game.is_over()


# --- R19-R21: the live game ---------------------------------------------------


def test_r19_both_boards_play_at_once():
    game = Game()
    assert game.is_turn_of("A") and game.is_turn_of("B")
    game.push("B", "d4", at_ms=10)  # board B first
    game.push("b", "d5", at_ms=20)
    game.push("B", "c4", at_ms=30)  # board B never waits for board A
    game.push("A", "e4", at_ms=40)
    assert game.is_turn_of("a") and game.is_turn_of("b")
    assert not game.is_turn_of("A") and not game.is_turn_of("B")
    assert game.to_act is None  # no seat to act in the live game
    assert game.moves() == [("B", uci("d2d4")), ("b", uci("d7d5")), ("B", uci("c2c4")), ("A", uci("e2e4"))]


def test_r20_default_time_control_is_three_minutes_each():
    game = Game()
    assert game.time_control == TimeControl(180_000, 0) and game.mode == "live"
    assert str(game.time_control) == "180+0"
    assert [game.clock(s) for s in SEATS] == [180_000] * 4


def test_r20_f1_the_side_to_move_runs_from_zero_and_the_increment_is_added():
    game = Game(time_control="60+2")
    # Both White clocks run from 0 (F1).
    assert game.clock("A", at_ms=5000) == 55_000
    assert game.clock("B", at_ms=5000) == 55_000
    assert game.clock("a", at_ms=5000) == 60_000
    game.push("A", "e4", at_ms=1000)
    assert game.clock("A") == 61_000  # 60 s - 1 s + the 2 s increment
    assert game.clock("a", at_ms=5000) == 56_000  # runs since the move at 1 s
    assert game.clock("A", at_ms=5000) == 61_000  # stopped
    assert game.history() == [("A", uci("e2e4"), 1000, 61_000, "e4")]
    # `clock(seat, at_ms)` never reads before the game's time (F3): the
    # core refuses it, nothing changes.
    with pytest.raises(bughouse.BughouseError, match=r"time went backwards: 0 ms is before 1000 ms \(F3\)"):
        game.clock("a", at_ms=0)
    assert game.clock("a", at_ms=1000) == 60_000 and game.now_ms == 1000


def test_r20_a_waiting_seats_clock_keeps_running():
    game = Game(time_control="60+0", bfen=bfen(WAITING_BLACK))
    assert game.legal_moves("a") == [] and game.is_turn_of("a")
    assert game.clock("a", at_ms=10_000) == 50_000


def test_r21_f1_a_flag_falls_when_the_clock_reaches_zero():
    game = Game(time_control=TimeControl(1000))
    game.push("B", "e4", at_ms=10)  # B-White's clock stops; A-White's runs
    assert game.tick(999) is None and game.now_ms == 999
    outcome = game.tick(1000)
    assert outcome == Outcome("time", "A")
    assert outcome.winner == 2 and outcome.seat == "A" and outcome.reason == "time"
    assert game.is_over() and game.now_ms == 1000


def test_r21_the_earliest_flag_decides_and_the_game_ends_at_its_time():
    game = Game(time_control=TimeControl(1000))
    game.push("B", "e4", at_ms=10)  # B-Black now runs from 10 ms: flags at 1010
    assert game.tick(5000) == Outcome("time", "A")  # A-White flagged first, at 1000
    assert game.now_ms == 1000


def test_r21_both_teams_flagging_at_the_same_millisecond_is_a_draw():
    game = Game(time_control=TimeControl(1000))
    outcome = game.tick(1000)  # A-White (team 1) and B-White (team 2), both at 1000
    assert outcome == Outcome("time")
    assert outcome.winner is None and outcome.seat is None and outcome.is_draw()


def test_f1_f2_an_action_stamped_at_the_flag_is_too_late_and_ends_the_game():
    game = Game(time_control=TimeControl(1000))
    game.push("B", "e4", at_ms=10)
    before = game.bfen()
    with pytest.raises(bughouse.GameOverError, match=r"A-White ran out of time: team 2 wins \(R28\)"):
        game.push("A", "e4", at_ms=1000)
    # The ending at the flag's time is the only change.
    assert game.outcome() == Outcome("time", "A") and game.bfen() == before
    assert game.moves() == [("B", uci("e2e4"))]


def test_f1_one_millisecond_before_the_flag_is_in_time():
    game = Game(time_control=TimeControl(1000))
    game.push("B", "e4", at_ms=10)
    game.push("A", "e4", at_ms=999)
    assert not game.is_over() and game.clock("A") == 1


def test_f2_resigning_after_a_flag_fell_is_refused_the_flag_decides():
    game = Game(time_control=TimeControl(1000))
    game.push("B", "e4", at_ms=10)
    with pytest.raises(bughouse.GameOverError, match="ran out of time"):
        game.resign("b", at_ms=2000)
    assert game.outcome() == Outcome("time", "A")


def test_f3_the_increment_counts_for_the_game_ending_move_too():
    game = Game(time_control="60+5", bfen=bfen(SMOTHER_A))
    game.push("A", "Nf7#", at_ms=1000)
    assert game.outcome() == Outcome("checkmate", "a")
    assert game.clock("A") == 64_000


def test_f3_equal_timestamps_are_fine_earlier_ones_are_refused():
    game = Game()
    game.push("A", "e4", at_ms=500)
    game.push("B", "e4", at_ms=500)
    before = (game.bfen(), game.history(), game.now_ms)
    for act in (
        lambda: game.push("a", "e5", at_ms=499),
        lambda: game.tick(10),
        lambda: game.resign("a", at_ms=0),
        lambda: game.abandon("a", at_ms=499),
    ):
        with pytest.raises(bughouse.BughouseError, match=r"time went backwards: \d+ ms is before 500 ms \(F3\)"):
            act()
    assert (game.bfen(), game.history(), game.now_ms) == before
    assert not game.is_over()


def test_f4_refused_actions_do_not_advance_the_time():
    game = Game()
    with pytest.raises(bughouse.IllegalMoveError):
        game.push("A", "e2e5", at_ms=5000)
    with pytest.raises(bughouse.NotYourTurnError):
        game.push("a", "e5", at_ms=6000)
    assert game.now_ms == 0
    game.push("A", "e4", at_ms=100)
    assert game.now_ms == 100


def test_r21_a_live_game_with_clocks_needs_timestamps():
    game = Game()
    with pytest.raises(bughouse.BughouseError, match=r"needs the action's timestamp \(R21\)"):
        game.push("A", "e4")
    # A live game without clocks takes moves without them.
    untimed().push("A", "e4")


def test_negative_timestamps_are_refused():
    with pytest.raises(bughouse.BughouseError, match="at_ms must count milliseconds"):
        Game().push("A", "e4", at_ms=-1)
    with pytest.raises(ValueError):
        Game().tick(-5)


# --- R22-R26: the turn-based game -------------------------------------------------


def test_r22_the_rotation_is_a_white_b_white_b_black_a_black():
    game = Game(mode="turn")
    assert game.mode == "turn" and game.time_control is None
    order = []
    for move in ("e4", "e4", "e5", "e5", "Nf3", "Nf3"):
        seat = to_act(game)
        order.append(seat)
        game.push(seat, move)
    assert order == ["A", "B", "b", "a", "A", "B"]


def test_r22_f5_only_the_seat_to_act_may_act():
    game = Game(mode="turn")
    assert game.to_act == "A"
    assert game.is_turn_of("A") and not game.is_turn_of("B")
    assert game.legal_moves("B") == []  # its colour is to move, but it is not its turn
    with pytest.raises(bughouse.NotYourTurnError, match=r"B-White \('B'\)"):
        game.push("B", "e4")
    with pytest.raises(bughouse.NotYourTurnError):
        game.sit("B")


def test_r23_the_rotation_skips_a_seat_whose_colour_is_not_to_move():
    b = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1"
    game = Game(mode="turn", bfen=bfen(START, b))
    assert game.to_act == "A"
    game.push("A", "e4")
    assert game.to_act == "b"  # B-White skipped: Black is to move on B


def test_r23_the_rotation_skips_a_waiting_seat():
    game = Game(mode="turn", bfen=bfen(START, WAITING_BLACK))
    game.push("A", "e4")
    # B-White is not to move on B; B-Black is to move but waits (R18).
    assert game.to_act == "a"


def test_r24_f7_a_seat_may_sit_three_times():
    game = Game(mode="turn")
    replies = iter(["e4", "e5", "Nf3", "Nc6", "Nc3", "Nf6"])
    for round_ in range(3):
        assert game.to_act == "A" and game.can_sit("A")
        assert game.sit("A") is None
        assert game.sits_left("A") == 2 - round_
        # Board A stands: A-Black is skipped (R23), A-White is next again.
        for seat in ("B", "b"):
            assert game.to_act == seat
            game.push(seat, next(replies))
    assert game.to_act == "A" and not game.can_sit("A")
    with pytest.raises(bughouse.NoSitsLeftError, match=r"A-White has no sits left \(R24\)"):
        game.sit("A")
    # Sitting is not a move (F7): three sits, six moves.
    assert game.moves_played == 6
    assert [h[1] for h in game.history()].count(None) == 3
    assert game.sits_left("B") == 3
    game.push("A", "e4")


def test_f7_sitting_does_not_clear_draw_offers_and_is_refused_live():
    game = Game(mode="turn")
    game.offer_draw("b")
    game.sit("A")
    assert game.draw_offers == "b"
    with pytest.raises(bughouse.BughouseError, match=r"only allowed in the turn-based game \(F7\)"):
        Game().sit("A")
    assert not Game().can_sit("A")


def test_r25_the_same_state_three_times_is_a_draw():
    game = Game(mode="turn")
    shuffle = ["Nf3", "Nf3", "Nf6", "Nf6", "Ng1", "Ng1", "Ng8", "Ng8"]
    for move in shuffle:
        game.push(to_act(game), move)
    assert not game.is_over()  # the start state twice
    for move in shuffle[:-1]:
        game.push(to_act(game), move)
    assert not game.is_over()
    game.push(to_act(game), shuffle[-1])
    outcome = game.outcome()
    assert outcome == Outcome("repetition") and outcome.rule == "R25"
    assert outcome.winner is None and outcome.seat is None


def test_r25_sits_repeat_the_state_too():
    game = Game(mode="turn")
    # Black is not to move on either board: A-White and B-White alternate
    # (R23), and every second sit brings back the start state (A to act).
    outcomes = []
    for seat in "ABAB":
        assert game.to_act == seat
        outcomes.append(game.sit(seat))
    assert outcomes == [None, None, None, Outcome("repetition")]
    assert game.sits_left("A") == game.sits_left("B") == 1


def test_r33_no_repetition_draw_in_the_live_game():
    game = untimed()
    for _ in range(4):
        for seat, move in (("A", "Nf3"), ("a", "Nf6"), ("A", "Ng1"), ("a", "Ng8")):
            game.push(seat, move)
    assert not game.is_over()


def test_r26_a_turn_based_game_has_no_clocks():
    # A time control there is a settings error, never dropped silently.
    with pytest.raises(bughouse.BughouseError, match=r"no clocks \(R26\)") as info:
        Game(mode="turn", time_control="60+0")
    assert info.value.code == "ERR_INVALID_ARG_VALUE"
    game = Game(mode="turn")
    assert game.time_control is None
    with pytest.raises(bughouse.BughouseError, match=r"no clocks \(R26\)"):
        game.clock("A")
    game.push("A", "e4")  # no timestamp needed


def test_a_game_without_clocks_has_no_clock_to_read():
    with pytest.raises(bughouse.BughouseError, match="no clocks"):
        untimed().clock("A")


# --- R27-R32: endings -------------------------------------------------------------


def test_r27_f13_checkmate_on_board_a():
    game = Game(bfen=bfen(SMOTHER_A), time_control=None)
    game.push("A", "Nf7")
    outcome = game.outcome()
    assert outcome == Outcome("checkmate", "a")
    assert (outcome.winner, outcome.reason, outcome.seat, outcome.rule) == (1, "checkmate", "a", "R27")
    assert str(outcome) == "A-Black is checkmated: team 1 wins (R27)"
    assert game.is_over() and game.to_act is None


def test_r27_checkmate_on_board_b_decides_for_both_boards():
    game = untimed(bfen=bfen(START, SMOTHER_B))
    game.push("A", "e4")
    game.push("b", "Nf2#")
    assert game.outcome() == Outcome("checkmate", "B")
    assert ended(game).winner == 1  # B-Black's team
    # The match is over on board A too.
    assert game.legal_moves("a") == [] and not game.is_turn_of("a")
    with pytest.raises(bughouse.GameOverError, match=r"B-White is checkmated: team 1 wins \(R27\)"):
        game.push("a", "e5")


def test_r28_time_names_the_flagged_seat_and_its_team_loses():
    game = Game(time_control=TimeControl(1000))
    game.push("A", "e4", at_ms=100)
    outcome = game.tick(5000)
    assert outcome == Outcome("time", "B")  # B-White never moved: flag at 1000
    assert outcome.winner == 1
    assert str(outcome) == "B-White ran out of time: team 1 wins (R28)"


def test_r29_f10_resign_or_leave_at_any_moment():
    game = Game()
    # Not A-Black's turn: it may resign anyway.
    outcome = game.resign("a")
    assert outcome == Outcome("resignation", "a") and outcome.winner == 1
    assert str(outcome) == "A-Black resigned: team 1 wins (R29)"
    game = Game()
    game.push("A", "e4", at_ms=100)
    outcome = game.abandon("B", at_ms=200)
    assert outcome == Outcome("abandonment", "B") and outcome.winner == 1
    assert game.now_ms == 200
    assert str(outcome) == "B-White left the game: team 1 wins (R29)"


def test_r30_f11_a_draw_needs_every_human_seat():
    game = Game()
    for seat in "AaB":
        assert game.offer_draw(seat) is None
    assert game.draw_offers == "AaB" and not game.is_over()
    outcome = game.offer_draw("b")
    assert outcome == Outcome("agreement") and game.outcome() == outcome
    assert str(outcome) == "Draw: all human players agreed (R30)"


def test_r30_f11_computer_seats_are_not_asked_and_may_not_offer():
    game = Game(humans="Ab")
    assert game.humans == "Ab"
    with pytest.raises(bughouse.BughouseError, match=r"A-Black is a computer seat: only human seats offer draws \(F11\)"):
        game.offer_draw("a")
    assert game.offer_draw("A") is None
    assert game.offer_draw("b") == Outcome("agreement")


def test_r30_f11_one_human_agrees_alone_and_no_humans_cannot_agree():
    assert Game(humans="B").offer_draw("B") == Outcome("agreement")
    game = Game(humans="")
    for seat in SEATS:
        with pytest.raises(bughouse.BughouseError, match="computer seat"):
            game.offer_draw(seat)
    assert not game.is_over()


def test_r30_f11_offers_are_withdrawn_or_cleared_by_any_move():
    game = untimed()
    game.offer_draw("A")
    game.offer_draw("a")
    game.withdraw_draw("A")
    game.withdraw_draw("B")  # no offer: nothing to withdraw
    assert game.draw_offers == "a"
    game.offer_draw("B")
    game.push("A", "e4")  # a move on either board clears every offer
    assert game.draw_offers == ""
    for seat in "aBb":
        game.offer_draw(seat)
    assert not game.is_over()  # A-White's offer was withdrawn and then cleared


def test_r31_f8_a_game_where_no_one_can_move_is_drawn_at_once():
    game = untimed(bfen=bfen(WAITING_BLACK, WAITING_BLACK))
    assert game.outcome() == Outcome("no_one_can_move")
    assert ended(game).rule == "R31"


def test_r31_no_one_can_move_after_a_move():
    game = untimed(bfen=bfen(BEFORE_WAITING, WAITING_BLACK))
    assert not game.is_over()
    game.push("A", "Ra8+")
    assert game.outcome() == Outcome("no_one_can_move")
    assert str(game.outcome()) == "Draw: no player can ever move again (R31)"


def test_r32_f9_the_move_cap_counts_this_games_moves():
    late = START.replace(" 0 1", " 0 300")
    game = untimed(move_cap=4, bfen=bfen(late, late))
    assert game.move_cap == 4
    for seat, move in (("A", "e4"), ("B", "e4"), ("a", "e5")):
        game.push(seat, move)
    assert not game.is_over() and game.moves_played == 3
    game.push("b", "e5")
    assert game.outcome() == Outcome("move_cap") and game.moves_played == 4


def test_r32_the_default_cap_is_800():
    assert Game().move_cap == 800


def test_f8_checkmate_is_judged_before_the_move_cap():
    game = untimed(bfen=bfen(SMOTHER_A), move_cap=1)
    game.push("A", "Nf7")
    assert game.outcome() == Outcome("checkmate", "a")


def test_f8_a_bfen_is_judged_at_once():
    mated = "6rk/5Npp/8/8/8/8/8/4K3[] b - - 0 1"
    game = Game(bfen=bfen(mated))
    assert game.outcome() == Outcome("checkmate", "a")
    # A cap of 0 would draw before the first move: a settings error (R32).
    with pytest.raises(bughouse.BughouseError, match=r"move cap 0 is not in 1..=2000") as info:
        Game(move_cap=0)
    assert info.value.code == "ERR_OUT_OF_RANGE"
    assert Game(move_cap=1).outcome() is None


# --- F12: the order of checks --------------------------------------------------------


def test_f12_game_over_comes_first():
    game = Game()
    game.resign("A")
    for act in (
        lambda: game.push("A", "nonsense", at_ms=0),
        lambda: game.push("a", "e5", at_ms=0),
        lambda: game.tick(10),
        lambda: game.resign("b"),
        lambda: game.abandon("b"),
        lambda: game.offer_draw("a"),
        lambda: game.withdraw_draw("a"),
    ):
        with pytest.raises(bughouse.GameOverError, match=r"the game is over: A-White resigned"):
            act()
    assert game.outcome() == Outcome("resignation", "A")
    assert all(game.legal_moves(s) == [] for s in SEATS)
    turn = Game(mode="turn")
    turn.resign("B")
    with pytest.raises(bughouse.GameOverError):
        turn.sit("A")


def test_f12_a_bad_seat_comes_before_the_move():
    for bad in ("x", "", "AB", "c", "1", "White"):
        with pytest.raises(bughouse.BughouseError, match=f"not a seat: {bad!r}"):
            Game().push(bad, "e4", at_ms=0)
    with pytest.raises(ValueError, match="not a seat"):
        Game().pocket("Z")


def test_f12_time_and_turn_come_before_the_move_text():
    game = Game()
    game.push("A", "e4", at_ms=100)
    with pytest.raises(bughouse.BughouseError, match="time went backwards"):
        game.push("A", "garbage", at_ms=50)
    with pytest.raises(bughouse.NotYourTurnError):
        game.push("A", "garbage", at_ms=200)
    with pytest.raises(bughouse.InvalidMoveError, match=r"A-Black: invalid move 'garbage'"):
        game.push("a", "garbage", at_ms=200)
    with pytest.raises(bughouse.IllegalMoveError, match=r"A-Black: illegal move e7e4"):
        game.push("a", "e7e4", at_ms=200)


def test_every_seat_letter_method_refuses_bad_letters():
    game = Game(mode="turn")
    for call in (
        game.pocket, game.legal_moves, game.is_turn_of, game.sit, game.sits_left,
        game.can_sit, game.resign, game.abandon, game.offer_draw, game.withdraw_draw,
        game.clock,
    ):
        with pytest.raises(bughouse.BughouseError, match=r"not a seat: 'q'"):
            call("q")
    for board_call in (game.board, game.board_fen):
        with pytest.raises(bughouse.BughouseError, match=r"not a board: 'C'"):
            board_call("C")


def test_push_takes_a_move_object_and_nothing_else():
    game = untimed()
    assert game.push("A", uci("e2e4")) == uci("e2e4")
    game.push("a", uci("e7e5"))
    with pytest.raises(bughouse.IllegalMoveError, match="A-White: illegal move d2d5"):
        game.push("A", uci("d2d5"))
    with pytest.raises(TypeError, match=r"move must be a Move \(or a chess.Move\) or a str"):
        game.push("a", 42)  # type: ignore[arg-type]


def test_numbers_too_large_for_any_integer_type_are_typed_errors():
    for cap in (10**20, -(10**20), 2**200):
        with pytest.raises(bughouse.BughouseError, match=r"move cap .* is not in 1..=2000 \(R32\)"):
            Game(move_cap=cap)
    game = Game()
    for at in (2**64, 10**30, -1, -(2**63) - 1):
        with pytest.raises(bughouse.BughouseError, match="at_ms must count milliseconds"):
            game.tick(at)
        with pytest.raises(bughouse.BughouseError, match="at_ms must count milliseconds"):
            game.push("A", "e4", at_ms=at)
    assert game.moves_played == 0 and game.now_ms == 0
    # 2**63 ms is a time (beyond i64, within the u64 timestamps): the flag
    # has long fallen (R28).
    outcome = game.tick(2**63)
    assert outcome is not None and outcome.reason == "time"
    with pytest.raises(bughouse.BughouseError, match=r"2\*\*200-ish"):
        Game(move_cap=2**200)


# --- settings ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"mode": "blitz"}, r"not a mode: 'blitz'"),
        ({"humans": "AX"}, r"humans must be seat letters"),
        ({"time_control": "abc"}, r"invalid time control"),
        ({"time_control": "0+5"}, r"invalid time control"),
        ({"move_cap": 2001}, r"move cap 2001 is not in 1..=2000"),
        ({"move_cap": -1}, r"move cap -1"),
    ],
)
def test_bad_settings_raise_bughouse_error(settings, message):
    with pytest.raises(bughouse.BughouseError, match=message):
        Game(**settings)


def test_bad_bfen_raises_invalid_fen_error():
    with pytest.raises(bughouse.InvalidFenError, match=r"needs two FENs separated by '\|'"):
        Game(bfen=START)
    with pytest.raises(bughouse.InvalidFenError, match=r"at byte \d+"):
        Game(bfen=bfen(START, "rnbqkbnr/pppppppp/8/8 w - - 0 1"))
    # R7: more material than one game holds.
    queens = "4k3/8/8/8/8/8/8/QQQK4[] w - - 0 1"
    with pytest.raises(bughouse.InvalidFenError, match=r"R7"):
        Game(bfen=bfen(queens))


def test_time_control_with_increment():
    game = Game(time_control="120+3")
    assert game.time_control == TimeControl(120_000, 3000) and game.clock("b") == 120_000
    assert str(game.time_control) == "120+3"


def test_r20_text_under_a_minute_is_ambiguous_and_refused_as_node_refuses_it():
    # "3+2": 3 minutes to lichess and chess.com users, 3 seconds in PGN's
    # TimeControl tag. The core's from_setting decides, for Node and Python.
    for text in ("3+2", "1+0", "59.999+0"):
        with pytest.raises(bughouse.BughouseError, match=r"ambiguous time control") as info:
            Game(time_control=text)
        assert info.value.code == "ERR_INVALID_ARG_VALUE"
        assert "TimeControl(base_ms, increment_ms)" in str(info.value)
        with pytest.raises(bughouse.BughouseError, match=r"ambiguous"):
            TimeControl.from_setting(text)
    assert Game(time_control="60+0").time_control == TimeControl(60_000)
    assert TimeControl.from_setting("90.5+0.25") == TimeControl(90_500, 250)


def test_r20_the_exact_form_in_milliseconds():
    for given in (TimeControl(3000, 2000), (3000, 2000)):
        game = Game(time_control=given)
        assert game.time_control == TimeControl(3000, 2000)
        assert game.clock("A", at_ms=1000) == 2000
    tc = TimeControl(1500, 250)
    assert (tc.base_ms, tc.increment_ms) == (1500, 250)
    assert repr(tc) == "TimeControl(base_ms=1500, increment_ms=250)" and str(tc) == "1.5+0.25"
    assert eval(repr(tc), {"TimeControl": TimeControl}) == tc and hash(tc) == hash(TimeControl(1500, 250))
    assert TimeControl(1000) == TimeControl(1000, 0) != TimeControl(1000, 1)
    assert pickle.loads(pickle.dumps(tc)) == tc


@pytest.mark.parametrize(
    "given, error, code",
    [
        ((0, 0), bughouse.BughouseError, "ERR_OUT_OF_RANGE"),  # the core: a base of at least 1 ms
        ((2**31, 0), bughouse.BughouseError, "ERR_OUT_OF_RANGE"),  # above the largest clock
        ((-1, 0), ValueError, "ERR_OUT_OF_RANGE"),
        ((1000, -5), ValueError, "ERR_OUT_OF_RANGE"),
        ((10**30, 0), ValueError, "ERR_OUT_OF_RANGE"),
    ],
)
def test_r20_bad_exact_time_controls_raise_typed_errors(given, error, code):
    with pytest.raises(error) as made:
        TimeControl(*given)
    with pytest.raises(error) as passed:
        Game(time_control=given)
    assert made.value.code == passed.value.code == code


@pytest.mark.parametrize("given", [180, 180.0, [1000, 0], (1000,), (1000, 0, 0), ("1", "0"), b"180+0"])
def test_r20_a_time_control_of_another_type_is_a_type_error(given):
    with pytest.raises(TypeError, match=r"time_control must be a TimeControl, a \(base_ms, increment_ms\) tuple"):
        Game(time_control=given)


def test_r20_pickle_and_log_keep_an_exact_short_time_control():
    game = Game(time_control=TimeControl(1500, 250))
    game.push("A", "e4", at_ms=100)
    for again in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert again == game and again.time_control == TimeControl(1500, 250)
        assert again.clock("A") == 1650
    rebuilt = Game.from_log(game.log(), time_control=TimeControl(1500, 250))
    assert rebuilt == game


# --- reading the game ------------------------------------------------------------------


def test_board_is_a_copy():
    game = untimed()
    board = game.board("A")
    board.push_uci("e2e4")
    assert game.board_fen("A") == START
    assert game.board("a") == game.board("A")  # either case names the board


def test_history_has_sits_timestamps_and_clocks():
    game = Game(mode="turn")
    game.push("A", "e4", at_ms=10)
    game.sit("B")
    assert game.history() == [("A", uci("e2e4"), 10, None, "e4"), ("B", None, 10, None, None)]
    assert game.moves() == [("A", uci("e2e4"))]


def test_repr_and_outcome_values():
    assert repr(Game()).startswith("<Game live 180+0, 0 moves, '")
    ended = Game()
    ended.resign("A")
    assert "over: A-White resigned: team 2 wins (R29)" in repr(ended)
    outcome = Outcome("checkmate", "a")
    assert repr(outcome) == "Outcome('checkmate', 'a')" and eval(repr(outcome)) == outcome
    assert repr(Outcome("move_cap")) == "Outcome('move_cap')"
    assert hash(outcome) == hash(Outcome("checkmate", "a")) and outcome != Outcome("checkmate", "A")
    assert outcome.result() == "1-0" and Outcome("time", "b").result() == "0-1"
    assert Outcome("agreement").result() == "1/2-1/2"
    assert Outcome("no_one_can_move").rule == "R31"


@pytest.mark.parametrize(
    "reason, seat, message",
    [
        ("mate", None, "not an ending reason: 'mate'"),
        ("checkmate", None, "checkmate names the losing seat"),
        ("agreement", "A", "agreement ends a game as a draw"),
        ("time", "x", "not a seat"),
    ],
)
def test_outcome_refuses_impossible_endings(reason, seat, message):
    with pytest.raises(bughouse.BughouseError, match=message):
        Outcome(reason, seat)


def test_every_reason_has_its_message():
    messages = {
        ("checkmate", "b"): "B-Black is checkmated: team 2 wins (R27)",
        ("time", "a"): "A-Black ran out of time: team 1 wins (R28)",
        ("time", None): "Draw: clocks of both teams ran out at the same moment (R28)",
        ("resignation", "B"): "B-White resigned: team 1 wins (R29)",
        ("abandonment", "A"): "A-White left the game: team 2 wins (R29)",
        ("agreement", None): "Draw: all human players agreed (R30)",
        ("no_one_can_move", None): "Draw: no player can ever move again (R31)",
        ("move_cap", None): "Draw: the move cap was reached (R32)",
        ("repetition", None): "Draw: the same state occurred three times (R25)",
    }
    for (reason, seat), text in messages.items():
        assert str(Outcome(reason, seat)) == text


# --- copy and pickle ---------------------------------------------------------------------


def test_copy_is_independent_and_equal():
    game = Game()
    game.push("A", "e4", at_ms=100)
    for twin in (game.copy(), copy.copy(game), copy.deepcopy(game)):
        assert twin == game and twin is not game
        twin.push("a", "e5", at_ms=200)
        assert twin != game and game.moves_played == 1
    assert game == game
    with pytest.raises(TypeError):
        hash(game)


def pickled(game: Game) -> Game:
    again = pickle.loads(pickle.dumps(game))
    assert again == game
    assert again.history() == game.history() and again.outcome() == game.outcome()
    assert again.bfen() == game.bfen() and again.now_ms == game.now_ms
    return again


def test_pickle_a_live_game_with_clocks_mid_game():
    game = Game(time_control="60+2", humans="AB")
    rng = random.Random(3)
    t = 0
    for _ in range(60):
        seats = [s for s in SEATS if game.legal_moves(s)]
        if game.is_over() or not seats:
            break
        seat = rng.choice(seats)
        t += rng.randrange(0, 300)
        game.push(seat, rng.choice(game.legal_moves(seat)), at_ms=t)
    game.tick(t + 50)
    game.offer_draw("A")
    again = pickled(game)
    assert again.draw_offers == "A" and again.clock("b") == game.clock("b")
    # The copy plays on like the original.
    seat = next(s for s in SEATS if game.legal_moves(s))
    move = game.legal_moves(seat)[0]
    for g in (game, again):
        g.push(seat, move, at_ms=t + 60)
    assert again == game


@pytest.mark.parametrize(
    "end",
    [
        lambda g: g.resign("b", at_ms=700),
        lambda g: g.abandon("A"),
        lambda g: g.tick(100_000),
        lambda g: [g.offer_draw(s) for s in "AaBb"],
    ],
)
def test_pickle_an_ended_game(end):
    game = Game(time_control=TimeControl(10_000))
    game.push("A", "e4", at_ms=100)
    game.push("B", "d4", at_ms=600)
    end(game)
    assert game.is_over()
    pickled(game)


def test_pickle_a_flag_found_by_a_refused_move():
    game = Game(time_control=TimeControl(1000))
    game.push("B", "e4", at_ms=10)
    with pytest.raises(bughouse.GameOverError):
        game.push("A", "e4", at_ms=5000)
    pickled(game)


def test_pickle_turn_based_games_with_sits_and_repetition():
    game = Game(mode="turn", humans="aB", move_cap=300)
    game.sit("A")
    game.push("B", "e4")
    game.sit("b")
    again = pickled(game)
    assert again.sits_left("A") == 2 and again.sits_left("b") == 2
    assert again.to_act == "A" and again.humans == "aB"
    rep = Game(mode="turn")
    for _ in range(4):
        rep.sit(to_act(rep))
    assert pickled(rep).outcome() == Outcome("repetition")


def test_pickle_a_game_from_a_bfen_and_a_mate():
    game = untimed(bfen=bfen(SMOTHER_A, SMOTHER_B))
    game.push("b", "Nf2#")
    again = pickled(game)
    assert again.starting_bfen == bfen(SMOTHER_A, SMOTHER_B)
    assert again.time_control is None


def test_pickle_every_protocol_and_outcome():
    game = Game()
    game.push("A", "e4", at_ms=1)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(game, protocol)) == game
    for outcome in (Outcome("checkmate", "a"), Outcome("move_cap"), Outcome("time")):
        assert pickle.loads(pickle.dumps(outcome)) == outcome


def test_unpickling_checks_the_state():
    game = Game()
    game.push("A", "e4", at_ms=1)
    cls, args, state = game.__reduce__()
    bad_move = state[:6] + ([("A", "move", "e2e5", 1, None, "")],)
    with pytest.raises(
        bughouse.BughouseError,
        match="cannot unpickle Game: log entry 0: the game refuses it: A-White: illegal move e2e5",
    ):
        Game().__setstate__(bad_move)
    two_ticks = state[:6] + ([(None, "tick", None, 5, None, ""), (None, "tick", None, 6, None, "")],)
    with pytest.raises(bughouse.BughouseError, match="log entry 1: accepted, but not as this engine logs it"):
        Game().__setstate__(two_ticks)
    bad_version = (99,) + state[1:]
    with pytest.raises(bughouse.BughouseError, match="format version 99"):
        Game().__setstate__(bad_version)


# --- BPGN out ------------------------------------------------------------------------------


def test_bpgn_writes_tags_moves_clocks_and_the_ending():
    game = Game(time_control="60+0")
    game.push("A", "e4", at_ms=1000)
    game.push("B", "d4", at_ms=1500)
    game.resign("a", at_ms=2000)
    text = game.bpgn({"WhiteA": "alice", "BlackA": "bob", "Event": "test"})
    assert '[WhiteA "alice"]' in text and '[Event "test"]' in text
    assert '[TimeControl "60+0"]' in text and '[Result "1-0"]' in text
    movetext = " ".join(text.split())
    assert "1A. e4{59} {[ts=1]} 1B. d4{58.5} {[ts=1.5]} {[resign=a][ts=2]} {bob resigns} 1-0" in movetext
    # It reads back to the same moves and ending.
    record = next(bughouse.read_bpgn(text))
    assert record.error is None and record.tags["WhiteA"] == "alice"
    assert bughouse_game(record).moves() == game.moves()
    assert record.ending_kind == "resignation" and record.loser == "a"


def test_bpgn_of_a_bfen_game_carries_the_fen():
    game = untimed(bfen=bfen(SMOTHER_A))
    game.push("A", "Nf7#")
    text = game.bpgn()
    assert f'[FEN "{bfen(SMOTHER_A)}"]' in text and "Nf7#" in text
    record = next(bughouse.read_bpgn(text))
    assert record.agrees and bughouse_game(record).outcome() == Outcome("checkmate", "a")


def test_str_shows_both_boards_side_by_side_with_pockets_clocks_and_the_outcome():
    game = Game(time_control="60+0")
    game.push("A", "e4", at_ms=1000)
    game.push("a", "d5", at_ms=2000)
    game.push("A", "exd5", at_ms=2500)
    lines = str(game).splitlines()
    assert lines[0].split() == ["board", "A", "board", "B"]
    assert lines[1].split() == ["*", "A-Black", "0:59.0", "*", "B-White", "0:57.5"]
    # B-Black (A-White's partner) got the pawn; board B is turned round.
    assert lines[2].split() == ["[]", "[]"]
    assert lines[3].split()[:9] == "8 r n b q k b n r".split() and lines[3].split()[9:] == (
        "1 R N B K Q B N R".split())
    assert lines[12].split() == ["[]", "[p]"]
    assert lines[13].split() == ["A-White", "0:58.5", "B-Black", "1:00.0"]
    game.resign("b")
    assert str(game).splitlines()[-1] == str(game.outcome())
    assert "*" not in str(game)
