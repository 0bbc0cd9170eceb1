"""`Board`: construction, FEN, push/pop, legal moves, copies, equality,
pickling and the extras — everything the single-board API offers."""

import copy
import re
import pickle

import pytest

import bughouse
from bughouse import (
    A1, A8, B1, BISHOP, BLACK, D5, E1, E4, E8, F3, G1, H1, H8,
    KING, KNIGHT, PAWN, QUEEN, ROOK, STARTING_FEN, WHITE, Board, Move,
)

START_DIAGRAM = """\
r n b q k b n r
p p p p p p p p
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
P P P P P P P P
R N B Q K B N R"""


# -- construction and FEN ------------------------------------------------------

def test_default_is_the_standard_start_in_the_bughouse_flavour():
    board = Board()
    assert board.fen() == STARTING_FEN
    assert Board(None) == board == Board(STARTING_FEN)
    assert board.turn is WHITE
    assert not board.crazyhouse
    assert Board(crazyhouse=True).crazyhouse


def test_fen_round_trips():
    for fen in (
        STARTING_FEN,
        "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
        "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 3 20",
        "4k3/1Q~6/8/8/4b3/8/Kpp5/8[NNrr] b - - 0 1",
    ):
        assert Board(fen).fen() == fen


def test_n1_input_forms_are_accepted_and_written_canonically():
    # The 9th-rank pocket form, and missing trailing fields (EPD style).
    assert Board("4k3/8/8/8/8/8/8/4K3/Qn w - - 0 1").fen() == "4k3/8/8/8/8/8/8/4K3[Qn] w - - 0 1"
    assert Board("4k3/8/8/8/8/8/8/4K3[] w").fen() == "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"


@pytest.mark.parametrize("fen, byte", [
    ("", 0),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 43),      # no side to move
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] x", 46),  # bad side to move
    ("4k3/9/8/8/8/8/8/4K3[] w", 4),                          # bad placement char
    ("4k3/8/8/8/8/8/8/4K3[Q w", 21),                         # unclosed pocket
    ("4k3/8/8/8/8/8/8/4K3[QQQ] w", 22),                      # R8: three queens
    ("4k3/8/8/8/8/8/8/4K3[K] w", 20),                        # R3: a king in hand
    ("4k3/8/8/8/8/8/8/4K3[] w - - 0 1 extra", 32),           # trailing text
    ("4k3/8/8/8/8/8/8/4K3[] w - - x 1", 28),                 # bad counter
    ("8/8/8/8/8/8/8/8[] w - - 0 1", 0),                      # no kings
    ("4k2P/8/8/8/8/8/8/4K3[] w", 0),                         # R10: pawn on rank 8
    ("4k3/8/8/8/8/8/8/4K2r[] b", 23),                        # side not to move in check: the turn field
    ("4k3/8/8/8/8/8/8/4K3[] w KQ", 24),                      # castling without rooks: the castling field
])
def test_bad_fen_raises_invalid_fen_error_naming_the_byte(fen, byte):
    with pytest.raises(bughouse.InvalidFenError, match=f"at byte {byte}:"):
        Board(fen)


def test_bad_fen_is_a_value_error():
    with pytest.raises(ValueError):
        Board("not a fen")
    with pytest.raises(TypeError):
        Board(42)  # type: ignore[arg-type]


# -- reading the position ------------------------------------------------------

def test_piece_at_and_friends():
    board = Board()
    assert board.piece_at(E1) == (KING, WHITE)
    assert board.piece_at(E8) == (KING, BLACK)
    assert board.piece_at(B1) == (KNIGHT, WHITE)
    assert board.piece_at(E4) is None
    assert board.piece_type_at(A8) == ROOK and board.color_at(A8) is BLACK
    assert board.piece_type_at(E4) is None and board.color_at(E4) is None
    assert board.king(WHITE) == E1 and board.king(BLACK) == E8
    assert board.pieces(KNIGHT, WHITE) == [B1, G1]
    assert board.pieces(PAWN, BLACK) == list(range(48, 56))


@pytest.mark.parametrize("method", ["piece_at", "piece_type_at", "color_at", "is_promoted"])
@pytest.mark.parametrize("square", [-1, 64])
def test_squares_out_of_range_raise_value_error(method, square):
    with pytest.raises(ValueError, match="0..63"):
        getattr(Board(), method)(square)


def test_counters_and_en_passant_square():
    board = Board()
    board.push_uci("g1f3")
    assert (board.halfmove_clock, board.fullmove_number) == (1, 1)
    board.push_uci("g8f6")
    assert (board.halfmove_clock, board.fullmove_number) == (2, 2)
    board.push_uci("e2e4")
    assert board.halfmove_clock == 0
    assert board.ep_square is None  # no black pawn can take (R15)


def test_attackers_checkers_and_attacks():
    board = Board("4k3/8/8/8/8/5n2/8/4K2R[] w K - 0 1")
    assert board.is_check()
    assert board.checkers() == [F3]
    assert board.attackers(BLACK, E1) == [F3]
    assert board.attackers(WHITE, H8) == [H1]
    assert board.is_attacked_by(BLACK, G1) and not board.is_attacked_by(BLACK, A1)
    assert Board().checkers() == []


def test_str_is_an_ascii_diagram():
    assert str(Board()) == START_DIAGRAM
    with_pockets = Board("4k3/8/8/8/8/8/8/4K3[QNpp] w - - 0 1")
    lines = str(with_pockets).splitlines()
    assert lines[0] == "[pp]" and lines[-1] == "[QN]" and len(lines) == 10
    assert lines[1] == ". . . . k . . ."


def test_repr_evaluates_back():
    for board in (Board(), Board("4k3/8/8/8/8/8/8/4K3[Qn] b - - 3 9", crazyhouse=True)):
        again = eval(repr(board), {"Board": Board})
        assert again == board and again.crazyhouse == board.crazyhouse
    assert repr(Board()) == f"Board('{STARTING_FEN}')"


# -- moves ---------------------------------------------------------------------

def test_push_pop_and_move_stack():
    board = Board()
    board.push(Move.from_uci("e2e4"))
    assert board.push_uci("e7e5") == Move.from_uci("e7e5")
    assert board.turn is WHITE
    assert board.move_stack == [Move.from_uci("e2e4"), Move.from_uci("e7e5")]
    assert board.peek() == Move.from_uci("e7e5")
    assert board.pop() == Move.from_uci("e7e5")
    assert board.pop() == Move.from_uci("e2e4")
    assert board == Board() and board.move_stack == []


def test_pop_and_peek_on_an_empty_stack_raise_index_error():
    with pytest.raises(IndexError):
        Board().pop()
    with pytest.raises(IndexError, match="peek at empty move stack"):
        Board().peek()


@pytest.mark.parametrize("fen, uci, reason", [
    (STARTING_FEN, "e2e5", "cannot go to e5"),
    (STARTING_FEN, "e7e5", "no piece of the side to move on e7"),
    (STARTING_FEN, "N@e4", "no Knight in the pocket"),
    ("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", "N@e8", "is not empty (R9)"),
    ("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "P@a8", "rank 1 or 8 (R10)"),
    ("4k3/4r3/8/8/8/8/4B3/4K3[] w - - 0 1", "e2d3", "leaves the king in check (R13)"),
    ("4k3/8/8/8/8/8/4P3/4K3[] w - - 0 1", "e2e3q", "only a pawn reaching the last rank promotes"),
    # The core's reason, as SAN gives it for `b8` (R9).
    ("4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1", "b7b8", "a pawn reaching the last rank must promote (R9): b7b8q"),
])
def test_illegal_moves_raise_and_change_nothing(fen, uci, reason):
    board = Board(fen)
    board_before = board.copy()
    with pytest.raises(bughouse.IllegalMoveError, match=re.escape(reason)):
        board.push_uci(uci)
    with pytest.raises(bughouse.IllegalMoveError):
        board.push(Move.from_uci(uci))
    assert board == board_before and board.fen() == fen and board.move_stack == []
    assert not board.is_legal(Move.from_uci(uci))


def test_push_uci_with_bad_text_raises_invalid_move_error():
    board = Board()
    with pytest.raises(bughouse.InvalidMoveError, match="'e2e9'"):
        board.push_uci("e2e9")
    assert board == Board()


def test_push_needs_a_move():
    with pytest.raises(TypeError):
        Board().push("e2e4")  # type: ignore[arg-type]


def test_legal_moves_is_sized_iterable_and_supports_in():
    board = Board()
    moves = board.legal_moves
    assert len(moves) == 20 == moves.count()
    assert len(list(moves)) == 20 and all(isinstance(m, Move) for m in moves)
    assert Move.from_uci("g1f3") in moves
    assert Move.from_uci("e2e5") not in moves
    assert "g1f3" not in moves and None not in moves
    assert bool(moves)
    assert "g1f3" in repr(moves)


def test_legal_moves_is_live():
    board = Board()
    moves = board.legal_moves
    board.push_uci("e2e4")
    assert Move.from_uci("e7e5") in moves and Move.from_uci("e2e4") not in moves
    assert set(moves) == set(Board(board.fen()).legal_moves)


def test_legal_moves_agree_with_is_legal():
    board = Board("2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1")
    moves = list(board.legal_moves)
    assert len(moves) == len(board.legal_moves) == len(set(moves))
    assert all(board.is_legal(m) for m in moves)
    # Every square-to-square pair and every drop that is not listed is illegal.
    listed = set(moves)
    for frm in range(64):
        for to in range(64):
            if frm != to:
                m = Move(frm, to)
                assert board.is_legal(m) == (m in listed)
    for piece in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN):
        for to in range(64):
            m = Move(None, to, drop=piece)
            assert board.is_legal(m) == (m in listed)


def test_legal_drop_squares():
    board = Board("4k3/8/8/8/8/8/8/4K3[NP] w - - 0 1")
    assert len(board.legal_drop_squares(KNIGHT)) == 62
    pawn_squares = board.legal_drop_squares(PAWN)
    assert len(pawn_squares) == 48 and min(pawn_squares) == 8 and max(pawn_squares) == 55
    assert board.legal_drop_squares() == board.legal_drop_squares(KNIGHT)
    assert board.legal_drop_squares(QUEEN) == []
    assert Board().legal_drop_squares() == []


# -- flavours ------------------------------------------------------------------

CAPTURE = "4k3/8/8/3p4/4P3/8/8/4K3[] w - - 0 1"


def test_r5_bughouse_flavour_capture_leaves_the_board():
    board = Board(CAPTURE)
    board.push_uci("e4d5")
    assert board.piece_at(D5) == (PAWN, WHITE)
    assert len(board.pockets[WHITE]) == 0 and len(board.pockets[BLACK]) == 0
    assert board.fen() == "4k3/8/8/3P4/8/8/8/4K3[] b - - 0 1"


def test_crazyhouse_flavour_capture_goes_to_the_capturers_pocket():
    board = Board(CAPTURE, crazyhouse=True)
    board.push_uci("e4d5")
    assert board.pockets[WHITE].count(PAWN) == 1
    assert board.fen() == "4k3/8/8/3P4/8/8/8/4K3[P] b - - 0 1"
    board.pop()
    assert board.fen() == CAPTURE


def test_flavours_are_different_boards():
    assert Board(CAPTURE) != Board(CAPTURE, crazyhouse=True)


# -- copies, equality, hashing ------------------------------------------------

def test_copy_keeps_or_drops_the_stack_and_is_independent():
    board = Board()
    board.push_uci("e2e4")
    full = board.copy()
    bare = board.copy(stack=False)
    assert full == board == bare
    assert full.move_stack == [Move.from_uci("e2e4")] and bare.move_stack == []
    full.push_uci("e7e5")
    assert board.fen() != full.fen()
    assert copy.copy(board).move_stack == board.move_stack
    assert copy.deepcopy(board) == board


def test_transpositions_are_equal_and_share_a_transposition_key():
    a, b = Board(), Board()
    for uci in ("g1f3", "b8c6", "b1c3"):
        a.push_uci(uci)
    for uci in ("b1c3", "b8c6", "g1f3"):
        b.push_uci(uci)
    assert a == b and a.transposition_key() == b.transposition_key()
    assert len({a.transposition_key(), b.transposition_key()}) == 1
    assert a != Board() and a != "board"
    assert a.transposition_key() != Board().transposition_key()


def test_a_board_is_mutable_so_unhashable_as_in_python_chess():
    board = Board()
    with pytest.raises(TypeError, match="unhashable"):
        hash(board)
    with pytest.raises(TypeError, match="unhashable"):
        {board}  # noqa: B018


def test_pockets_count_in_equality():
    assert Board("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1") != Board("4k3/8/8/8/8/8/8/4K3[B] w - - 0 1")
    assert Board("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1").transposition_key() != Board(
        "4k3/8/8/8/8/8/8/4K3[n] w - - 0 1").transposition_key()


def test_a_board_equals_itself():
    board = Board()
    assert board == board  # comparing with itself must not dead-lock


# -- pickling ------------------------------------------------------------------

@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_pickle_keeps_position_flavour_and_stack(protocol):
    board = Board("r3k2r/8/8/8/8/8/8/R3K2R[Nn] w KQkq - 0 1", crazyhouse=True)
    for uci in ("N@f3", "e8c8", "a1a8"):
        board.push_uci(uci)
    again = pickle.loads(pickle.dumps(board, protocol))
    assert again == board and again.crazyhouse
    assert again.move_stack == board.move_stack
    assert again.pop() == Move.from_uci("a1a8")
    assert again.pockets[WHITE].count(KNIGHT) == 0  # the capture is undone too
    again.pop()
    again.pop()
    assert again.fen() == "r3k2r/8/8/8/8/8/8/R3K2R[Nn] w KQkq - 0 1"


def test_unpickling_checks_the_state():
    board = Board()
    cls, args, state = board.__reduce__()
    fresh = cls(*args)
    with pytest.raises(bughouse.IllegalMoveError):
        fresh.__setstate__((STARTING_FEN, False, ["e2e5"]))
    with pytest.raises(bughouse.InvalidMoveError):
        fresh.__setstate__((STARTING_FEN, False, ["zz"]))
    with pytest.raises(bughouse.InvalidFenError):
        fresh.__setstate__(("nonsense", False, []))
    assert fresh == Board()  # a failed restore changes nothing
    fresh.__setstate__(state)
    assert fresh == board


# -- status --------------------------------------------------------------------

def test_status_names():
    assert Board().status() == "playing"
    assert Board("6rk/5Npp/8/8/8/8/8/4K3[] b - - 0 1").status() == "checkmate"
    assert Board("7k/5Q2/6K1/8/8/8/8/8[] b - - 0 1").status() == "waiting"


# -- perft ---------------------------------------------------------------------

def test_perft_method_and_function_agree():
    board = Board()
    assert board.perft(0) == 1
    assert board.perft(3) == 8902 == bughouse.perft(STARTING_FEN, 3)


def test_perft_rejects_bad_input():
    with pytest.raises(bughouse.InvalidFenError):
        bughouse.perft("nonsense", 1)
    # A typed error naming the argument, never a bare OverflowError.
    for depth in (-1, 2**32, 10**30):
        with pytest.raises(ValueError, match="perft depth must be in 0..=4294967295") as e:
            Board().perft(depth)
        assert not isinstance(e.value, OverflowError)
        with pytest.raises(ValueError, match="perft depth"):
            bughouse.perft(STARTING_FEN, depth)
    with pytest.raises(TypeError):
        bughouse.perft(STARTING_FEN, 2, True)  # type: ignore[misc]  # crazyhouse is keyword-only


def test_unicode_is_python_chess_s_with_pockets():
    board = Board("4k3/8/8/8/8/8/8/4K3[Nq] w - - 0 1")
    lines = board.unicode().splitlines()
    assert lines[0] == "[♛]" and lines[-1] == "[♘]" and len(lines) == 10
    assert lines[1] == "⭘ ⭘ ⭘ ⭘ ♚ ⭘ ⭘ ⭘" and lines[8] == "⭘ ⭘ ⭘ ⭘ ♔ ⭘ ⭘ ⭘"
    assert board.unicode(invert_color=True).splitlines()[1] == "⭘ ⭘ ⭘ ⭘ ♔ ⭘ ⭘ ⭘"
    flipped = board.unicode(orientation=bughouse.BLACK, empty_square=".", borders=True).splitlines()
    assert flipped[0] == "  [♘]" and flipped[1] == "1 . . . ♔ . . . ."
    assert flipped[-2] == "  h g f e d c b a" and flipped[-1] == "  [♛]"
    assert str(board).splitlines()[0] == "[q]"
    # python-chess's own layout when the pockets are empty.
    assert Board().unicode().splitlines()[0] == "♜ ♞ ♝ ♛ ♚ ♝ ♞ ♜"
