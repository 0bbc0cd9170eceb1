"""`Pocket`: one seat's pieces in hand (R3): a board's pocket is live and
edits the board, as python-chess's crazyhouse pockets; a caller's own
pocket holds its pieces; a game's is read-only (R5)."""

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


def test_eq_and_repr_evaluate_back_and_pockets_are_unhashable():
    for p in (Pocket("QNPP"), Pocket("rb"), Pocket(""), Pocket("", color=False)):
        again = eval(repr(p), {"Pocket": Pocket})
        assert again == p and not (again != p)
    assert repr(Pocket("QN")) == "Pocket('QN')"
    assert Pocket("Q") != "Q" and Pocket("Q") != None  # noqa: E711
    # A pocket may change (a board's follows its board): like a Board, it
    # is no dict key.
    with pytest.raises(TypeError, match="unhashable"):
        hash(Pocket("Q"))
    with pytest.raises(TypeError, match="unhashable"):
        {Board().pockets[WHITE]}


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickles(protocol):
    for p in (Pocket("QNPP"), Pocket("", color=BLACK), Pocket("rbbp")):
        assert pickle.loads(pickle.dumps(p, protocol)) == p
    assert copy.deepcopy(Pocket("qq")) == Pocket("qq")


def test_a_boards_pocket_follows_the_board_and_a_copy_keeps_its_pieces():
    board = Board("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
    live, kept = board.pockets[WHITE], board.pockets[WHITE].copy()
    board.push_uci("N@d6")
    assert live.count(KNIGHT) == 0 and len(live) == 0 and str(live) == ""
    assert kept.count(KNIGHT) == 1 and kept == Pocket("N")
    board.pop()
    assert live == Pocket("N") and copy.copy(live) == Pocket("N")


def test_adding_to_a_boards_pocket_edits_the_board_as_python_chess():
    # "What if my partner sends me a knight?"
    board = Board("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
    board.pockets[WHITE].add(KNIGHT)
    assert board.fen() == "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"
    assert "N@d6" in [m.uci() for m in board.legal_moves]
    black = board.pockets[BLACK]
    black.add(QUEEN)
    black.add(PAWN)
    assert board.fen() == "4k3/8/8/8/8/8/8/4K3[Nqp] w - - 0 1"
    black.remove(QUEEN)
    assert str(board.pockets[BLACK]) == "p" and black == Pocket("p")
    board.pockets[WHITE].reset()
    assert board.fen() == "4k3/8/8/8/8/8/8/4K3[p] w - - 0 1"


def test_pocket_edits_match_python_chess_crazyhouse():
    variant = pytest.importorskip("chess.variant")
    chess = pytest.importorskip("chess")
    ours = Board("r3k3/8/8/8/8/8/8/4K2R[Nb] w Kq - 3 9", crazyhouse=True)
    theirs = variant.CrazyhouseBoard(ours.fen())
    for color, piece, op in [(WHITE, KNIGHT, "add"), (BLACK, ROOK, "add"), (WHITE, QUEEN, "add"),
                             (BLACK, BISHOP, "remove"), (WHITE, KNIGHT, "remove"), (WHITE, PAWN, "add")]:
        getattr(ours.pockets[color], op)(piece)
        getattr(theirs.pockets[color], op)(piece)
        assert ours.fen() == theirs.fen()
        assert str(ours.pockets[color]).lower() == str(theirs.pockets[color])  # python-chess: lower case
        assert {m.uci() for m in ours.legal_moves} == {m.uci() for m in theirs.legal_moves}
    assert ours.fen() == "r3k3/8/8/8/8/8/8/4K2R[QNPr] w Kq - 3 9"
    assert chess.WHITE == WHITE


def test_a_refused_pocket_edit_changes_nothing():
    board = Board("4k3/8/8/8/8/8/8/4K3[QQNNNN] w - - 0 1")
    board.push_uci("e1e2")
    before, stack = board.fen(), board.move_stack
    white = board.pockets[WHITE]
    with pytest.raises(bughouse.BughouseError, match=r"R8") as full:
        white.add(QUEEN)  # R8: at most 2 queens in a pocket
    assert full.value.code == "ERR_INVALID_ARG_VALUE"
    with pytest.raises(bughouse.BughouseError, match=r"R8"):
        white.add(KNIGHT)
    with pytest.raises(bughouse.BughouseError, match=r"holds no R"):
        white.remove(ROOK)
    with pytest.raises(bughouse.BughouseError, match=r"holds no r"):
        board.pockets[BLACK].remove(ROOK)
    with pytest.raises(ValueError, match=r"piece type must be in 1..6"):
        white.add(7)
    assert board.fen() == before and board.move_stack == stack


def test_r7_a_pocket_edit_is_checked_as_a_fen_is():
    # A third unpromoted white queen (one on the board, two in the pocket)
    # is more than a game holds (R7), though a pocket may hold two (R8):
    # InvalidFenError, nothing changed.
    board = Board("4k3/8/8/8/8/8/8/Q3K3[Q] w - - 0 1")
    before = board.fen()
    with pytest.raises(bughouse.InvalidFenError, match=r"R7") as info:
        board.pockets[WHITE].add(QUEEN)
    assert info.value.code == "ERR_INVALID_FEN" and board.fen() == before


def test_a_pocket_edit_clears_the_move_stack_as_every_edit():
    board = Board("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
    board.push_uci("e1e2")
    board.pockets[WHITE].add(KNIGHT)
    assert board.move_stack == [] and board.fen() == "4k3/8/8/8/8/8/4K3/8[N] b - - 1 1"


def test_a_callers_own_pocket_changes_in_place():
    p = Pocket("N")
    p.add(QUEEN)
    p.add(PAWN)
    assert p == Pocket("QNP") and len(p) == 3
    p.remove(KNIGHT)
    assert str(p) == "QP"
    with pytest.raises(bughouse.BughouseError, match="holds no N"):
        p.remove(KNIGHT)
    for _ in range(15):
        p.add(PAWN)
    with pytest.raises(bughouse.BughouseError, match="R8"):
        p.add(PAWN)  # 16 pawns at most
    assert p.count(PAWN) == 16 and str(p) == "Q" + "P" * 16
    p.reset()
    assert len(p) == 0 and p == Pocket()
    board = Board("4k3/8/8/8/8/8/8/4K3[] w - - 0 1")
    board.set_pocket(WHITE, Pocket("RB"))
    assert str(board.pockets[WHITE]) == "RB"


def test_a_games_pocket_is_read_only():
    game = bughouse.Game(time_control=None)
    pocket = game.pocket("A")
    for change in (lambda: pocket.add(KNIGHT), lambda: pocket.remove(KNIGHT), pocket.reset):
        with pytest.raises(TypeError, match=r"read-only.*captures \(R5\)"):
            change()
    assert game.pocket("A") == Pocket() and pocket.copy() == Pocket()
    # A board taken from a game is a copy: editing it leaves the game.
    board = game.board("A")
    board.pockets[WHITE].add(KNIGHT)
    assert str(board.pockets[WHITE]) == "N" and len(game.pocket("A")) == 0


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
