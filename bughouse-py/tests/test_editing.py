"""Editing positions with python-chess's names: every edit is checked by the
core as a FEN is (N1) and changes nothing when refused; Piece; board_fen,
epd, mirror, pin, castling rights, parse_uci, lan, variation_san."""

import pickle

import pytest

import bughouse
from bughouse import (BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, WHITE, Board, Move, Piece,
                      Pocket)


def test_piece_symbols_and_values():
    knight = Piece(KNIGHT, WHITE)
    assert knight.symbol() == "N" and Piece.from_symbol("n") == Piece(KNIGHT, BLACK)
    assert knight.unicode_symbol() == "♘" and knight.unicode_symbol(invert_color=True) == "♞"
    assert repr(knight) == "Piece.from_symbol('N')" and str(knight) == "N"
    assert len({knight, Piece(KNIGHT, WHITE)}) == 1
    assert pickle.loads(pickle.dumps(knight)) == knight
    with pytest.raises(ValueError, match="not a piece symbol"):
        Piece.from_symbol("x")
    with pytest.raises(ValueError):
        Piece(7, WHITE)


def test_n1_set_and_remove_pieces_checked_as_a_fen():
    board = Board()
    board.push_san("e4")
    board.set_piece_at(bughouse.E5, Piece(KNIGHT, WHITE))
    assert board.piece_map()[bughouse.E5] == Piece(KNIGHT, WHITE)
    assert board.move_stack == []  # the stack no longer leads here
    assert board.remove_piece_at(bughouse.H1) == Piece.from_symbol("R")
    assert board.fen() == "rnbqkbnr/pppppppp/8/4N3/4P3/8/PPPP1PPP/RNBQKBN1[] b Qkq - 0 1"
    assert board.castling_rights == 1 << bughouse.A1 | 1 << bughouse.A8 | 1 << bughouse.H8
    before = board.fen()
    for call, reason in [
        (lambda: board.remove_piece_at(bughouse.E1), "exactly one White king"),
        (lambda: board.set_piece_at(bughouse.A8, Piece(PAWN, BLACK)), "rank"),
    ]:
        with pytest.raises(bughouse.InvalidFenError, match="the edit would make an invalid position"):
            call()
        assert board.fen() == before
    board.set_piece_at(bughouse.D4, Piece(QUEEN, WHITE), promoted=True)
    assert board.is_promoted(bughouse.D4) and "Q~" in board.board_fen()
    # What if my partner sends me a knight?
    board.add_to_pocket(BLACK, KNIGHT)
    assert board.pockets[BLACK] == Pocket("n") and "N@f6" in [board.san(m) for m in board.legal_moves]
    board.remove_from_pocket(BLACK, KNIGHT)
    with pytest.raises(bughouse.BughouseError, match="holds no n"):
        board.remove_from_pocket(BLACK, KNIGHT)
    board.set_pocket(WHITE, Pocket("QR"))
    # R7: with d1's queen, two more would be more queens than the game holds
    # (the promoted d4 counts as a pawn).
    with pytest.raises(bughouse.InvalidFenError, match="more Queens of White"):
        board.set_pocket(WHITE, Pocket("QQ"))
    assert board.pockets[WHITE] == Pocket("QR")


def test_piece_map_clear_reset():
    board = Board()
    board.set_piece_map({bughouse.A1: Piece(KING, WHITE), bughouse.H8: Piece(KING, BLACK),
                         bughouse.C2: Piece(BISHOP, WHITE)}, promoted=[bughouse.C2])
    assert board.fen() == "7k/8/8/8/8/8/2B~5/K7[] w - - 0 1"
    # The side not to move may not be in check (N1): nothing changes.
    with pytest.raises(bughouse.InvalidFenError, match="not to move is in check"):
        board.set_piece_at(bughouse.C3, Piece(BISHOP, WHITE))
    assert board.fen() == "7k/8/8/8/8/8/2B~5/K7[] w - - 0 1"
    board.clear()
    assert board.fen() == "7k/8/8/8/8/8/8/K7[] w - - 0 1"
    board.reset()
    assert board.fen() == bughouse.STARTING_FEN


def test_board_fen_epd_mirror_pin():
    board = Board("r3k2r/pP6/8/3pP3/8/8/8/R3K2R[Qn] w KQkq d6 0 3")
    assert board.board_fen() == "r3k2r/pP6/8/3pP3/8/8/8/R3K2R"
    assert board.epd() == "r3k2r/pP6/8/3pP3/8/8/8/R3K2R[Qn] w KQkq d6"
    mirrored = board.mirror()
    assert mirrored.fen() == "r3k2r/8/8/8/3Pp3/8/Pp6/R3K2R[Nq] b KQkq d3 0 3"
    assert mirrored.mirror() == board and mirrored.move_stack == []
    pinned = Board("4k3/4r3/8/8/8/8/4B3/4K3[] w - - 0 1")
    assert pinned.is_pinned(WHITE, bughouse.E2) and not pinned.is_pinned(WHITE, bughouse.E1)
    assert set(pinned.pin(WHITE, bughouse.E2)) == set(range(bughouse.E1, 64, 8))
    assert len(pinned.pin(BLACK, bughouse.E7)) == 64
    assert pinned.has_castling_rights(WHITE) is False and board.has_castling_rights(BLACK)


def test_parse_uci_lan_and_variation_san():
    board = Board()
    assert board.parse_uci("g1f3") == Move.from_uci("g1f3")
    with pytest.raises(bughouse.IllegalMoveError, match="cannot go to e5"):
        board.parse_uci("e2e5")
    assert board.lan(Move.from_uci("g1f3")) == "Ng1-f3" and board.lan(Move.from_uci("e2e4")) == "e2-e4"
    line = [Move.from_uci(u) for u in ("e2e4", "d7d5", "e4d5", "d8d5", "b1c3")]
    assert board.variation_san(line) == "1. e4 d5 2. exd5 Qxd5 3. Nc3"
    assert board.fen() == bughouse.STARTING_FEN
    board.push_san("e4")
    assert board.variation_san([Move.from_uci("e7e5")]) == "1...e5"
    with pytest.raises(bughouse.IllegalMoveError, match="e2e4"):
        board.variation_san([Move.from_uci("e7e5"), Move.from_uci("e2e4")])
    zh = Board("4k3/1P6/8/8/8/8/8/4K3[N] w - - 0 1")
    assert zh.lan(Move.from_uci("b7b8q")) == "b7-b8=Q+" and zh.lan(Move.from_uci("N@d6")) == "N@d6+"
    castle = Board("4k3/8/8/8/8/8/8/4K2R[] w K - 0 1")
    assert castle.lan(Move.from_uci("e1g1")) == "O-O"


def test_edit_errors_carry_the_core_codes():
    board = Board()
    with pytest.raises(bughouse.InvalidFenError) as refused:
        board.remove_piece_at(bughouse.E8)
    assert refused.value.code == "ERR_INVALID_FEN"  # type: ignore[attr-defined]
    with pytest.raises(ValueError) as bad:
        Piece.from_symbol("x" * 10**6)
    assert bad.value.code == "ERR_INVALID_ARG_VALUE"  # type: ignore[attr-defined]
    assert len(str(bad.value)) < 200  # the input is not echoed whole
    with pytest.raises(ValueError) as deep:
        board.perft(-1)
    assert deep.value.code == "ERR_OUT_OF_RANGE"  # type: ignore[attr-defined]
