"""The one-board rules, by id (RULES.md), through `Board`."""

import pytest

import bughouse
from bughouse import (
    A1, A8, D6, E2, E3, E4, F8, G7, H1, KING, KNIGHT, PAWN, QUEEN, WHITE, BLACK,
    Board, Move,
)


def test_r3_a_king_is_never_dropped():
    with pytest.raises(bughouse.InvalidMoveError):
        Move.from_uci("K@e4")
    with pytest.raises(bughouse.InvalidMoveError):
        Move(None, E4, drop=KING)
    with pytest.raises(bughouse.InvalidFenError, match="R8"):
        Board("4k3/8/8/8/8/8/8/4K3[K] w - - 0 1")


def test_r5_a_capture_leaves_the_board_in_the_bughouse_flavour():
    board = Board("4k3/8/8/8/8/8/3q4/4K3[] w - - 0 1")
    board.push_uci("e1d2")
    assert len(board.pockets[WHITE]) == 0 and len(board.pockets[BLACK]) == 0
    assert board.pieces(QUEEN, BLACK) == []


def test_r6_promotion_marks_the_piece_and_a_capture_passes_it_as_a_pawn():
    board = Board("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", crazyhouse=True)
    board.push_uci("a7a8q")
    assert board.is_promoted(A8) and board.piece_at(A8) == (QUEEN, WHITE)
    assert board.fen().startswith("Q~3k3/")
    # Crazyhouse shows where it goes: the capturer's pocket gets a pawn.
    board = Board("3k4/8/8/8/8/8/8/r~R2K3[] w - - 0 1", crazyhouse=True)
    assert board.is_promoted(A1)
    board.push_uci("b1a1")
    assert str(board.pockets[WHITE]) == "P"
    assert not board.is_promoted(A1)


def test_r6_a_dropped_piece_is_never_marked_promoted():
    board = Board("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1")
    board.push_uci("Q@d4")
    assert not any(board.is_promoted(sq) for sq in range(64))


def test_r8_pocket_bounds_in_fen():
    Board("4k3/8/8/8/8/8/8/4K3[QQRRRRBBBBNNNNPPPPPPPPPPPPPPPP] w - - 0 1")
    for pocket in ("QQQ", "RRRRR", "BBBBB", "NNNNN", "P" * 17):
        with pytest.raises(bughouse.InvalidFenError, match="R8"):
            Board(f"4k3/8/8/8/8/8/8/4K3[{pocket}] w - - 0 1")


def test_r9_a_drop_goes_on_any_empty_square():
    board = Board("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
    assert len(board.legal_drop_squares(KNIGHT)) == 62
    assert len(board.legal_moves) == 62 + 5
    with pytest.raises(bughouse.IllegalMoveError, match=r"not empty \(R9\)"):
        board.push_uci("N@e8")


def test_r10_pawns_are_never_dropped_on_rank_1_or_8():
    board = Board("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1")
    squares = board.legal_drop_squares(PAWN)
    assert squares == [sq for sq in range(8, 56)]
    for uci in ("P@a1", "P@h8", "P@d8", "P@d1"):
        with pytest.raises(bughouse.IllegalMoveError, match=r"R10"):
            board.push_uci(uci)
    black = Board("4k3/8/8/8/8/8/8/4K3[p] b - - 0 1")
    assert black.legal_drop_squares(PAWN) == list(range(8, 56))


def test_r11_a_dropped_pawn_may_double_step_and_be_taken_en_passant():
    board = Board("4k3/8/8/8/3p4/8/8/4K3[P] w - - 0 1")
    board.push_uci("P@e2")
    board.push_uci("e8d7")
    board.push_uci("e2e4")
    assert board.ep_square == E3
    assert " e3 " in board.fen()
    board.push_uci("d4e3")
    assert board.piece_at(E4) is None and board.piece_at(E3) == (PAWN, BLACK)


def test_r12_a_drop_may_give_check():
    board = Board("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
    board.push(Move(None, D6, drop=KNIGHT))
    assert board.is_check() and board.checkers() == [D6]
    assert not board.is_checkmate()


def test_r12_a_pawn_drop_may_give_mate():
    board = Board("6bk/7p/4N3/8/8/8/8/4K3[P] w - - 0 1")
    board.push_uci("P@g7")
    assert board.is_check() and board.checkers() == [G7]
    assert board.is_checkmate()
    assert not board.drop_could_block_check()


def test_r13_a_move_may_not_leave_the_own_king_in_check():
    board = Board("4k3/4r3/8/8/8/8/4B3/4K3[] w - - 0 1")  # the bishop is pinned
    with pytest.raises(bughouse.IllegalMoveError, match=r"R13"):
        board.push_uci("e2d3")
    assert all(m.from_square != E2 for m in board.legal_moves)


def test_r13_in_check_a_drop_is_legal_only_if_it_blocks():
    board = Board("R5k1/5ppp/8/8/8/8/8/4K3[n] b - - 0 1")
    assert board.is_check()
    assert board.legal_drop_squares(KNIGHT) == list(range(57, 62))  # b8..f8
    assert len(board.legal_moves) == 5
    with pytest.raises(bughouse.IllegalMoveError, match=r"R13"):
        board.push_uci("N@a1")


def test_r14_castling_rights_are_lost_for_good():
    board = Board("4k3/8/8/8/8/8/8/R3K2R[] w KQ - 0 1")
    board.push_uci("h1h2")
    board.push_uci("e8d8")
    board.push_uci("h2h1")
    board.push_uci("d8e8")
    assert " Q " in board.fen()
    assert Move.from_uci("e1g1") not in board.legal_moves
    assert Move.from_uci("e1c1") in board.legal_moves


def test_r14_a_rook_dropped_on_its_corner_does_not_restore_castling():
    board = Board("4k3/8/8/8/8/8/8/4K3[R] w - - 0 1")
    board.push_uci("R@h1")
    board.push_uci("e8d8")
    assert board.piece_at(H1) is not None
    assert Move.from_uci("e1g1") not in board.legal_moves
    assert " - - " in board.fen()


def test_r15_en_passant_square_only_when_a_capture_is_legal():
    board = Board()
    board.push_uci("e2e4")
    assert board.ep_square is None and " - 0 1" in board.fen()
    # Input accepts a well-placed square that no pawn can use; output drops it.
    board = Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq e3 0 1")
    assert board.ep_square is None
    assert board == Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq - 0 1")
    with pytest.raises(bughouse.InvalidFenError, match="en passant"):
        Board("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b KQkq e4 0 1")


def test_r16_a_knight_check_is_mate_even_with_pieces_in_hand():
    board = Board("6rk/5Npp/8/8/8/8/8/4K3[qrbnp] b - - 0 1")
    assert board.is_check() and board.is_checkmate()
    assert not board.drop_could_block_check() and not board.is_waiting()
    assert len(board.legal_moves) == 0 and not board.legal_moves


def test_r16_a_slider_next_to_the_king_is_mate():
    board = Board("6Rk/7p/8/8/8/8/8/4K1R1[q] b - - 0 1")
    assert board.is_checkmate() and not board.drop_could_block_check()
    # With the g-file closed the king takes the rook: check, not mate.
    board = Board("6Rk/6pp/8/8/8/8/8/4K1R1[q] b - - 0 1")
    assert board.is_check() and not board.is_checkmate()
    assert list(board.legal_moves) == [Move.from_uci("h8g8")]


def test_r16_a_double_check_is_mate_when_the_king_cannot_move():
    board = Board("R6k/6p1/8/8/8/8/8/4K2R[nn] b - - 0 1")
    assert len(board.checkers()) == 2
    assert board.is_checkmate() and not board.drop_could_block_check()


def test_r16_r17_a_blockable_check_is_not_mate_even_with_an_empty_pocket():
    board = Board("R5k1/5ppp/8/8/8/8/8/4K3[] b - - 0 1")
    assert board.is_check() and not board.legal_moves
    assert board.drop_could_block_check()
    assert not board.is_checkmate()
    assert board.is_waiting()


def test_r17_only_pawns_in_hand_and_every_blocking_square_on_the_back_rank():
    board = Board("R5k1/5ppp/8/8/8/8/8/4K3[p] b - - 0 1")
    assert len(board.legal_moves) == 0
    assert board.drop_could_block_check()
    assert not board.is_checkmate() and board.is_waiting()


def test_r16_the_same_check_with_a_knight_in_hand_is_answered_by_a_drop():
    board = Board("R5k1/5ppp/8/8/8/8/8/4K3[n] b - - 0 1")
    board.push_uci("N@f8")
    assert board.piece_at(F8) == (KNIGHT, BLACK)


def test_r18_no_stalemate_a_side_with_no_move_waits():
    board = Board("7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1")
    assert not board.is_check()
    assert not board.legal_moves and len(board.legal_moves) == 0
    assert board.is_waiting() and not board.is_checkmate()
    assert board.status() == "waiting"


def test_r18_a_pocket_piece_ends_the_wait():
    board = Board("7k/5Q2/6K1/8/8/8/8/8[n] b - - 0 1")
    assert not board.is_waiting()
    assert len(board.legal_moves) == len(board.legal_drop_squares(KNIGHT)) > 0


def test_n3_castling_is_the_kings_two_square_move():
    board = Board("r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1")
    board.push_uci("e1g1")
    assert board.piece_at(bughouse.G1) == (KING, WHITE)
    assert board.piece_at(bughouse.F1) == (bughouse.ROOK, WHITE)
    board.push_uci("e8c8")
    assert board.piece_at(bughouse.D8) == (bughouse.ROOK, BLACK)
    assert board.fen().startswith("2kr3r/8/8/8/8/8/8/R4RK1[] w - -")
