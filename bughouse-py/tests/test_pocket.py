"""`Pocket`: one seat's pieces in hand (R3), as a value."""

import copy
import pickle

import pytest

import bughouse
from bughouse import BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, Board, Pocket


def test_board_pockets_are_black_then_white_as_in_python_chess():
    board = Board("4k3/8/8/8/8/8/8/4K3[QNPPbr] w - - 0 1")
    black, white = board.pockets
    assert board.pockets[WHITE] == white and board.pockets[BLACK] == black
    assert white.color is WHITE and black.color is BLACK
    assert [white.count(p) for p in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)] == [2, 1, 0, 0, 1, 0]
    assert [black.count(p) for p in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)] == [0, 0, 1, 1, 0, 0]
    assert len(white) == 4 and len(black) == 2


def test_str_is_fen_letters_queen_first_cased_by_colour():
    board = Board("4k3/8/8/8/8/8/8/4K3[PNQPbr] w - - 0 1")
    assert str(board.pockets[WHITE]) == "QNPP"
    assert str(board.pockets[BLACK]) == "rb"
    assert str(Board().pockets[WHITE]) == ""


def test_constructor_reads_letters_and_colour():
    assert Pocket("QNPP") == Board("4k3/8/8/8/8/8/8/4K3[QNPP] w - - 0 1").pockets[WHITE]
    assert Pocket("qnpp").color is BLACK
    assert Pocket("QNPP", color=BLACK) == Pocket("qnpp")
    assert Pocket() == Pocket("", color=WHITE)
    assert Pocket("", color=BLACK) != Pocket("")  # same pieces, other seat


def test_iteration_and_membership():
    p = Pocket("QNPP")
    assert sorted(p) == [PAWN, PAWN, KNIGHT, QUEEN]
    assert KNIGHT in p and ROOK not in p and KING not in p
    assert not Pocket() and p


def test_eq_hash_and_repr_evaluate_back():
    for p in (Pocket("QNPP"), Pocket("rb"), Pocket(""), Pocket("", color=False)):
        again = eval(repr(p), {"Pocket": Pocket})
        assert again == p and hash(again) == hash(p)
    assert repr(Pocket("QN")) == "Pocket('QN')"


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickles(protocol):
    for p in (Pocket("QNPP"), Pocket("", color=BLACK), Pocket("rbbp")):
        assert pickle.loads(pickle.dumps(p, protocol)) == p
    assert copy.deepcopy(Pocket("qq")) == Pocket("qq")


def test_pocket_is_a_snapshot():
    board = Board("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
    before = board.pockets[WHITE]
    board.push_uci("N@d6")
    assert before.count(KNIGHT) == 1
    assert board.pockets[WHITE].count(KNIGHT) == 0


@pytest.mark.parametrize("pieces", [
    "K",            # R3: never a king
    "QQQ",          # R8: at most 2 queens
    "NNNNN",        # R8: at most 4 knights
    "P" * 17,       # R8: at most 16 pawns
    "Qx",           # not a piece letter
    "Qq",           # mixed colours without color=
    "Q N",
])
def test_r3_r8_bad_pockets_raise(pieces):
    with pytest.raises(bughouse.BughouseError):
        Pocket(pieces)


def test_r8_bounds_are_reachable():
    p = Pocket("P" * 16 + "NNNNBBBBRRRRQQ")
    assert len(p) == 30


def test_count_rejects_non_piece_types():
    with pytest.raises(ValueError):
        Pocket("Q").count(0)
    with pytest.raises(ValueError):
        Pocket("Q").count(7)
