"""`Move`: UCI (N3), fields, equality, repr, pickling, and every error path."""

import copy
import pickle

import pytest

import bughouse
from bughouse import (
    BISHOP, E1, E2, E4, E7, E8, F3, G1, KING, KNIGHT, PAWN, QUEEN, Move,
)


@pytest.mark.parametrize("text", ["e2e4", "e7e8q", "a7b8n", "N@f3", "P@e4", "Q@h8", "e1g1"])
def test_n3_uci_round_trips(text):
    assert Move.from_uci(text).uci() == text
    assert str(Move.from_uci(text)) == text


def test_n3_drop_letter_may_be_lower_case():
    assert Move.from_uci("n@f3") == Move.from_uci("N@f3")
    assert Move.from_uci("n@f3").uci() == "N@f3"


def test_fields_of_a_board_move():
    m = Move.from_uci("e2e4")
    assert (m.from_square, m.to_square, m.promotion, m.drop) == (E2, E4, None, None)
    p = Move.from_uci("e7e8q")
    assert (p.from_square, p.to_square, p.promotion, p.drop) == (E7, E8, QUEEN, None)


def test_fields_of_a_drop():
    m = Move.from_uci("N@f3")
    assert (m.from_square, m.to_square, m.promotion, m.drop) == (None, F3, None, KNIGHT)


def test_constructor_matches_from_uci():
    assert Move(E2, E4) == Move.from_uci("e2e4")
    assert Move(E7, E8, QUEEN) == Move.from_uci("e7e8q")
    assert Move(None, F3, drop=KNIGHT) == Move.from_uci("N@f3")
    # python-chess writes a drop with from_square == to_square.
    assert Move(F3, F3, drop=KNIGHT) == Move.from_uci("N@f3")


def test_eq_and_hash():
    a, b, c = Move.from_uci("e2e4"), Move.from_uci("e2e4"), Move.from_uci("e2e3")
    assert a == b and hash(a) == hash(b)
    assert a != c
    assert a != "e2e4"
    assert len({a, b, c, Move.from_uci("P@e4")}) == 3


def test_repr_evaluates_back():
    for text in ("e2e4", "e7e8q", "N@f3"):
        m = Move.from_uci(text)
        assert repr(m) == f"Move.from_uci('{text}')"
        assert eval(repr(m), {"Move": Move}) == m


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
@pytest.mark.parametrize("text", ["e2e4", "e7e8n", "P@e4"])
def test_pickles(protocol, text):
    m = Move.from_uci(text)
    assert pickle.loads(pickle.dumps(m, protocol)) == m
    assert copy.copy(m) == m and copy.deepcopy(m) == m


def test_moves_are_immutable():
    m = Move.from_uci("e2e4")
    with pytest.raises(AttributeError):
        m.to_square = E1  # type: ignore[misc]


@pytest.mark.parametrize("text", [
    "", "e2", "e2e", "e2e9", "i2e4", "e2e4x", "e7e8qq", "e7e8k", "e7e8p", "e2e2",
    "K@e4", "X@e4", "N@e9", "N@f3x", "é2e4", "00000", "000", "e2-e4",
])
def test_n3_bad_uci_raises_invalid_move_error(text):
    with pytest.raises(bughouse.InvalidMoveError) as info:
        Move.from_uci(text)
    assert repr(text) in str(info.value)  # the message names the text
    assert isinstance(info.value, ValueError)


@pytest.mark.parametrize("args, kwargs", [
    ((None, E4), {}),                       # no origin and no drop
    ((E2, E2), {}),                         # no change of square
    ((E7, E8, KING), {}),                   # promotion to a king
    ((E7, E8, PAWN), {}),                   # promotion to a pawn
    ((None, E4), {"drop": KING}),           # R3: kings are never dropped
    ((None, E4), {"drop": PAWN, "promotion": QUEEN}),
    ((G1, F3), {"drop": KNIGHT}),           # a drop with another origin
])
def test_constructor_rejects_non_moves(args, kwargs):
    with pytest.raises(bughouse.InvalidMoveError):
        Move(*args, **kwargs)


@pytest.mark.parametrize("args, kwargs", [
    ((E2, 64), {}), ((-1, E4), {}), ((E7, E8, 7), {}), ((None, E4), {"drop": 0}),
])
def test_constructor_rejects_out_of_range_numbers(args, kwargs):
    with pytest.raises(ValueError):
        Move(*args, **kwargs)


def test_from_uci_needs_a_string():
    with pytest.raises(TypeError):
        Move.from_uci(42)  # type: ignore[arg-type]


class ChessMove:
    """A stand-in with python-chess's `Move` fields (a dataclass there)."""

    def __init__(self, from_square, to_square, promotion=None, drop=None):
        self.from_square = from_square
        self.to_square = to_square
        self.promotion = promotion
        self.drop = drop


def test_python_chess_moves_are_read_by_their_fields():
    board = bughouse.Board("4k3/1P6/8/8/8/8/8/4K3[N] w - - 0 1")
    assert board.is_legal(ChessMove(bughouse.B7, bughouse.B8, bughouse.QUEEN))
    assert ChessMove(bughouse.B7, bughouse.B8, bughouse.QUEEN) in board.legal_moves
    # A drop as python-chess writes it: from_square == to_square.
    assert board.san(ChessMove(bughouse.D6, bughouse.D6, drop=bughouse.KNIGHT)) == "N@d6+"
    board.push(ChessMove(bughouse.D6, bughouse.D6, drop=bughouse.KNIGHT))
    assert board.peek() == Move.from_uci("N@d6")
    game = bughouse.Game(time_control=None)
    assert game.push("A", ChessMove(bughouse.E2, bughouse.E4)) == Move.from_uci("e2e4")
    # python-chess's null move, Move(A1, A1): in check it is refused (R13).
    with pytest.raises(bughouse.IllegalMoveError, match="null move"):
        board.push(ChessMove(0, 0))
    with pytest.raises(TypeError, match=r"expected a bughouse.Move \(or a chess.Move"):
        board.push("e2e4")  # type: ignore[arg-type]


def test_real_python_chess_moves_when_installed():
    chess = pytest.importorskip("chess")
    board = bughouse.Board()
    board.push(chess.Move.from_uci("e2e4"))
    board.push(chess.Move.from_uci("e7e5"))
    assert [m.uci() for m in board.move_stack] == ["e2e4", "e7e5"]
    zh = bughouse.Board("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
    zh.push(chess.Move.from_uci("N@d6"))
    assert zh.is_check()


# --- the null move (python-chess's Move.null()) ----------------------------


def test_null_move_is_python_chess_s():
    null = Move.null()
    assert not null and Move.from_uci("e2e4") and Move.from_uci("N@a1")
    assert null.uci() == str(null) == "0000" and repr(null) == "Move.from_uci('0000')"
    assert Move.from_uci("0000") == null == Move(bughouse.A1, bughouse.A1)
    assert (null.from_square, null.to_square, null.promotion, null.drop) == (0, 0, None, None)
    assert hash(null) == hash(Move.from_uci("0000")) and null != Move.from_uci("a1a2")
    assert eval(repr(null), {"Move": Move}) == null
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        assert pickle.loads(pickle.dumps(null, protocol)) == null
    assert copy.deepcopy(null) == null


def test_null_move_on_a_board_passes_through_the_core():
    board = bughouse.Board("4k3/8/8/8/4P3/8/8/4K3[] b - e3 0 1")
    before = board.fen()
    board.push(Move.null())
    # The side to move passes and the en passant square lapses (the core's
    # Board::null_move); the counters stay (python-chess adds a half-move).
    assert board.fen() == "4k3/8/8/8/4P3/8/8/4K3[] w - - 0 1"
    assert board.move_stack == [Move.null()] and board.peek() == Move.null()
    assert board.pop() == Move.null() and board.fen() == before
    assert board.push_uci("0000") == Move.null() and board.turn == bughouse.WHITE
    assert 'class="lastmove' not in bughouse.svg.board(board)  # as python-chess: nothing to mark
    board.push_uci("e4e5")
    assert [m.uci() for m in board.move_stack] == ["0000", "e4e5"]
    again = pickle.loads(pickle.dumps(board))
    assert again == board and again.move_stack == board.move_stack
    assert again.pop() == Move.from_uci("e4e5") and again.pop() == Move.null()
    assert again.fen() == before


def test_null_move_is_never_legal_and_no_predicate_holds():
    board = bughouse.Board()
    null = Move.null()
    assert not board.is_legal(null) and null not in board.legal_moves
    for predicate in (board.is_capture, board.is_en_passant, board.is_castling,
                      board.is_zeroing, board.gives_check, board.is_into_check):
        assert predicate(null) is False
    assert board.san(null) == board.lan(null) == "--"
    # As python-chess's: a line of legal moves, which a null move never is.
    with pytest.raises(bughouse.IllegalMoveError, match="null move"):
        board.variation_san([Move.from_uci("e2e4"), null])


def test_null_move_in_check_is_refused_and_changes_nothing():
    board = bughouse.Board("4k3/8/8/8/8/8/8/4K2r w - - 0 1")
    before = board.fen()
    for play in (lambda: board.push(Move.null()), lambda: board.push_uci("0000"),
                 lambda: board.san(Move.null())):
        with pytest.raises(bughouse.IllegalMoveError, match=r"null move.*in check.*\(R13\)") as info:
            play()
        assert info.value.code == "ERR_ILLEGAL_MOVE"
    assert board.fen() == before and board.move_stack == []


def test_null_move_in_a_game_is_refused_with_the_code_of_the_text_0000():
    game = bughouse.Game(time_control=None)
    for given in (Move.null(), "0000"):
        with pytest.raises(bughouse.InvalidMoveError) as info:
            game.push("A", given)
        assert info.value.code == "ERR_INVALID_MOVE"
    with pytest.raises(bughouse.InvalidMoveError, match=r"A-White: the null move .* no move in a game"):
        game.push("A", Move.null())
    assert game.moves() == [] and game.log() == []
    # F12's order: not your turn before "not a move", as for any text.
    with pytest.raises(bughouse.NotYourTurnError):
        game.push("a", Move.null())
    game.resign("b")
    with pytest.raises(bughouse.GameOverError):
        game.push("A", Move.null())


def test_null_move_compared_with_python_chess():
    chess = pytest.importorskip("chess")
    assert Move.null().uci() == chess.Move.null().uci()
    board = bughouse.Board()
    board.push(chess.Move.null())  # a chess.Move null is read as the null move
    assert board.move_stack == [Move.null()] and board.turn == bughouse.BLACK
    theirs = chess.Board()
    theirs.push(chess.Move.null())
    # The same position; python-chess counts the null move as a half-move,
    # the core does not (a null move is no move).
    assert board.board_fen() == theirs.board_fen() and board.turn == theirs.turn
    assert board.ep_square == theirs.ep_square and board.castling_rights == theirs.castling_rights
    assert (board.halfmove_clock, theirs.halfmove_clock) == (0, 1)
    with pytest.raises(chess.IllegalMoveError):
        theirs.variation_san([chess.Move.null()])
