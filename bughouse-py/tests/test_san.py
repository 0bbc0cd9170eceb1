"""SAN (N3) through `Board.san`, `Board.parse_san`, `Board.push_san`, and
`Game.push` with SAN text."""

import random

import pytest

import bughouse
from bughouse import Board, Game, Move

KNIGHTS = "4k3/8/8/8/8/8/8/1N2KN2[] w - - 0 1"
POCKET = "4k3/8/8/8/8/8/8/4K3[PN] w - - 0 1"
SMOTHERED = "6rk/6pp/8/6N1/8/8/8/4K3[] w - - 0 1"
START = bughouse.STARTING_FEN


@pytest.mark.parametrize(
    "fen, uci, san",
    [
        (START, "g1f3", "Nf3"),
        (START, "e2e4", "e4"),
        (POCKET, "P@e4", "P@e4"),  # pawn drops keep the P (FICS style)
        (POCKET, "N@d6", "N@d6+"),  # a drop may give check (R12)
        (SMOTHERED, "g5f7", "Nf7#"),  # a knight check no drop can block: mate (R16)
        # A back-rank check a drop could block is not mate, even with empty
        # pockets (R17): "+", never "#".
        ("6k1/5ppp/8/8/8/8/8/R3K3[] w - - 0 1", "a1a8", "Ra8+"),
        ("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8q", "a8=Q+"),
        ("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1", "a7a8n", "a8=N"),
        (KNIGHTS, "b1d2", "Nbd2"),
        (KNIGHTS, "f1d2", "Nfd2"),
        ("r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1", "e1g1", "O-O"),
        ("r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1", "e1c1", "O-O-O"),
        ("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR[] w KQkq d6 0 2", "e4d5", "exd5"),
    ],
)
def test_san_writes_fics_style(fen, uci, san):
    board = Board(fen)
    move = Move.from_uci(uci)
    assert board.san(move) == san
    assert board.parse_san(san) == move
    assert board.fen() == Board(fen).fen()  # san and parse_san change nothing


@pytest.mark.parametrize(
    "text, uci",
    [("@e4", "P@e4"), ("P*e4", "P@e4"), ("p@e4", "P@e4"), ("n@f3", "N@f3"), ("N@f3+", "N@f3")],
)
def test_n3_tolerant_drop_forms(text, uci):
    assert Board(POCKET).parse_san(text) == Move.from_uci(uci)


def test_tolerant_castling_and_promotion_forms():
    board = Board("r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1")
    assert board.parse_san("0-0") == Move.from_uci("e1g1")
    assert board.parse_san("0-0-0") == Move.from_uci("e1c1")
    promo = Board("4k3/P7/8/8/8/8/8/4K3[] w - - 0 1")
    assert promo.parse_san("a8Q") == promo.parse_san("a8=q") == Move.from_uci("a7a8q")


def test_push_san_plays_and_returns_the_move():
    board = Board()
    assert board.push_san("e4") == Move.from_uci("e2e4")
    assert board.push_san("Nf6") == Move.from_uci("g8f6")
    assert board.move_stack == [Move.from_uci("e2e4"), Move.from_uci("g8f6")]
    assert board.pop() == Move.from_uci("g8f6")


@pytest.mark.parametrize(
    "fen, text, exc, message",
    [
        (START, "Zz9", bughouse.InvalidMoveError, r"invalid SAN 'Zz9' at byte 0"),
        (START, "", bughouse.InvalidMoveError, r"empty SAN"),
        (START, "Ke3x", bughouse.InvalidMoveError, r"at byte 4"),
        (START, "Nf6", bughouse.IllegalMoveError, r"no white knight can go to f6"),
        (START, "O-O", bughouse.IllegalMoveError, r"castling king side is not allowed"),
        (POCKET, "Q@e4", bughouse.IllegalMoveError, r"no Queen in the pocket"),
        (POCKET, "P@e8", bughouse.IllegalMoveError, r"e8 is not empty \(R9\)"),
        ("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", "P@d8", bughouse.IllegalMoveError, r"R10"),
        (KNIGHTS, "Nd2", bughouse.AmbiguousMoveError, r"ambiguous SAN Nd2: b1d2 and f1d2 both match"),
    ],
)
def test_bad_san_raises_its_kind_and_changes_nothing(fen, text, exc, message):
    board = Board(fen)
    with pytest.raises(exc, match=message):
        board.push_san(text)
    with pytest.raises(exc, match=message):
        board.parse_san(text)
    assert board.fen() == Board(fen).fen() and board.move_stack == []


def test_san_exception_kinds_are_value_errors():
    with pytest.raises(ValueError):
        Board(KNIGHTS).push_san("Nd2")


def test_san_of_an_illegal_move_raises_and_says_why():
    with pytest.raises(bughouse.IllegalMoveError, match="the piece on e2 cannot go to e5"):
        Board().san(Move.from_uci("e2e5"))
    with pytest.raises(bughouse.IllegalMoveError, match=r"R10"):
        Board("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1").san(Move.from_uci("P@a8"))


def test_san_round_trips_over_random_games():
    rng = random.Random(5)
    checked = 0
    for _ in range(20):
        game = Game(time_control=None)
        for _ in range(120):
            seats = [s for s in "AaBb" if game.legal_moves(s)]
            if not seats or game.is_over():
                break
            seat = rng.choice(seats)
            board = game.board(seat.upper())
            for move in board.legal_moves:
                san = board.san(move)
                assert board.parse_san(san) == move, (board.fen(), san)
                checked += 1
            game.push(seat, rng.choice(game.legal_moves(seat)))
    assert checked > 10_000


def test_game_push_takes_san():
    game = Game(time_control=None)
    assert game.push("A", "e4") == Move.from_uci("e2e4")
    assert game.push("B", "Nf3") == Move.from_uci("g1f3")
    assert game.push("a", "d5") == Move.from_uci("d7d5")
    assert game.push("A", "exd5") == Move.from_uci("e4d5")
    # The captured pawn went to B-Black (R5): a SAN drop plays it.
    assert game.push("b", "P@e6") == Move.from_uci("P@e6")
    assert game.push("a", "Qxd5") == Move.from_uci("d8d5")


def test_game_push_with_bad_san():
    game = Game(bfen=f"{KNIGHTS} | {START}", time_control=None)
    with pytest.raises(bughouse.AmbiguousMoveError, match="b1d2 and f1d2"):
        game.push("A", "Nd2")
    with pytest.raises(bughouse.IllegalMoveError, match=r"A-White: illegal SAN Nf3"):
        game.push("A", "Nf3")
    with pytest.raises(bughouse.InvalidMoveError, match=r"A-White: invalid move 'Nz9'"):
        game.push("A", "Nz9")
    assert game.moves() == [] and game.bfen() == f"{KNIGHTS} | {START}"
    assert game.push("A", "Nbd2") == Move.from_uci("b1d2")
