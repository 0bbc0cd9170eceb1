"""Move predicates and a board's ending, python-chess's names and meanings
(the core decides each: R9–R18). Where python-chess is installed, its
crazyhouse board gives the same answers over random games."""

import random

import pytest

import bughouse
from bughouse import Board, Move


def uci(text: str) -> Move:
    return Move.from_uci(text)


def test_r9_captures_en_passant_castling_and_zeroing():
    board = Board("r3k3/8/8/3pP3/8/8/8/R3K2R[N] w KQq d6 0 2")
    assert board.is_en_passant(uci("e5d6")) and board.is_capture(uci("e5d6"))
    assert not board.is_capture(uci("e5e6")) and board.is_zeroing(uci("e5e6"))
    assert board.is_capture(uci("a1a8")) and board.is_zeroing(uci("a1a8"))
    assert not board.is_zeroing(uci("a1a7")) and not board.is_zeroing(uci("N@c3"))
    assert board.is_castling(uci("e1g1")) and board.is_castling(uci("e1c1"))
    assert not board.is_castling(uci("e1f1")) and not board.is_capture(uci("N@d6"))


def test_r12_r13_checks_and_moves_into_check():
    board = Board("4k3/4r3/8/8/8/8/4B3/4K3[N] w - - 0 1")
    assert board.gives_check(uci("N@d6")) and not board.gives_check(uci("N@a1"))
    assert board.is_into_check(uci("e2d3"))  # pinned (R13)
    assert not board.is_into_check(uci("e2e3"))  # a bishop cannot go there
    assert not board.gives_check(uci("e2d3"))  # not legal: no check
    with pytest.raises(TypeError):
        board.gives_check("N@d6")  # type: ignore[arg-type]


def test_r16_r18_a_board_ends_only_by_checkmate():
    mated = Board("7k/6Q1/6K1/8/8/8/8/8[] b - - 0 1")
    outcome = mated.outcome()
    assert outcome is not None and outcome.winner == bughouse.WHITE
    assert outcome.termination == "checkmate" and outcome.result() == "1-0"
    assert mated.is_game_over() and mated.result() == "1-0"
    assert repr(outcome) == "BoardOutcome(termination='checkmate', winner=WHITE)"
    waiting = Board("7k/8/6QK/8/8/8/8/8[] b - - 0 1")  # python-chess: stalemate
    assert waiting.is_waiting() and waiting.outcome() is None
    assert not waiting.is_game_over() and waiting.result() == "*"


def test_predicates_agree_with_python_chess_crazyhouse():
    chess_variant = pytest.importorskip("chess.variant")
    rng = random.Random(14)
    compared = 0
    for _ in range(30):
        ours = Board(crazyhouse=True)
        theirs = chess_variant.CrazyhouseBoard()
        for _ in range(80):
            moves = list(ours.legal_moves)
            if not moves:
                break
            for m in moves:
                pc = theirs.parse_uci(m.uci())
                assert ours.is_capture(m) == theirs.is_capture(pc), (ours.fen(), m)
                assert ours.is_en_passant(m) == theirs.is_en_passant(pc)
                assert ours.is_castling(m) == theirs.is_castling(pc)
                # The one difference: python-chess's crazyhouse is_zeroing
                # says True for a pawn drop (see the next test).
                if m.drop != bughouse.PAWN:
                    assert ours.is_zeroing(m) == theirs.is_zeroing(pc)
                assert ours.gives_check(m) == theirs.gives_check(pc)
                compared += 1
            m = rng.choice(moves)
            ours.push(m)
            theirs.push(theirs.parse_uci(m.uci()))
    assert compared > 10000


def test_is_zeroing_is_what_push_does_to_the_clock_as_python_chess_pushes():
    """python-chess's CrazyhouseBoard.is_zeroing says True for a pawn drop,
    yet its push leaves the half-move clock counting on every drop; ours is
    True exactly when push resets the clock, and both engines' clocks agree
    after every move (R33: the clock is for FEN only)."""
    chess_variant = pytest.importorskip("chess.variant")
    rng = random.Random(1414)
    pawn_drops = 0
    for _ in range(20):
        ours = Board("4k3/pppppp2/8/8/8/8/PPPPPP2/4K3[PPNNpn] w - - 7 12", crazyhouse=True)
        theirs = chess_variant.CrazyhouseBoard(ours.fen())
        for _ in range(60):
            moves = list(ours.legal_moves)
            if not moves:
                break
            for m in moves:
                pc = theirs.parse_uci(m.uci())
                theirs.push(pc)
                their_clock = theirs.halfmove_clock
                theirs.pop()
                assert ours.is_zeroing(m) == (their_clock == 0), (ours.fen(), m)
                if m.drop == bughouse.PAWN:
                    pawn_drops += 1
                    assert theirs.is_zeroing(pc) and not ours.is_zeroing(m)
            m = rng.choice(moves)
            ours.push(m)
            theirs.push(theirs.parse_uci(m.uci()))
            assert ours.halfmove_clock == theirs.halfmove_clock
    assert pawn_drops > 500
