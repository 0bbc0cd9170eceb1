"""The package surface: constants, `__all__`, the exception hierarchy."""

import pytest

import bughouse
from bughouse import _bughouse


def test_colors_and_piece_types_are_python_chess_values():
    assert bughouse.WHITE is True and bughouse.BLACK is False
    assert bughouse.COLORS == [True, False]
    assert [bughouse.PAWN, bughouse.KNIGHT, bughouse.BISHOP, bughouse.ROOK,
            bughouse.QUEEN, bughouse.KING] == [1, 2, 3, 4, 5, 6]
    assert bughouse.PIECE_TYPES == [1, 2, 3, 4, 5, 6]
    assert bughouse.PIECE_SYMBOLS == [None, "p", "n", "b", "r", "q", "k"]
    assert bughouse.PIECE_NAMES[bughouse.KNIGHT] == "knight"
    assert bughouse.COLOR_NAMES[bughouse.WHITE] == "white"


def test_squares_are_numbered_a1_first():
    assert bughouse.A1 == 0 and bughouse.B1 == 1 and bughouse.H1 == 7
    assert bughouse.A2 == 8 and bughouse.E4 == 28 and bughouse.H8 == 63
    assert bughouse.SQUARES == list(range(64))
    assert len(bughouse.SQUARE_NAMES) == 64
    for sq, name in enumerate(bughouse.SQUARE_NAMES):
        assert getattr(bughouse, name.upper()) == sq
        assert bughouse.square_name(sq) == name
        assert bughouse.parse_square(name) == sq
    assert type(bughouse.SQUARES[0]) is int


@pytest.mark.parametrize("bad", ["", "e9", "i1", "e44", "E4", "4e"])
def test_parse_square_rejects_non_names(bad):
    with pytest.raises(ValueError, match="square"):
        bughouse.parse_square(bad)


@pytest.mark.parametrize("bad", [-1, 64, 1000])
def test_square_name_rejects_out_of_range(bad):
    with pytest.raises(ValueError, match="0..63"):
        bughouse.square_name(bad)


def test_starting_fen_is_the_canonical_n1_form():
    assert bughouse.STARTING_FEN == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    assert bughouse.Board().fen() == bughouse.STARTING_FEN


# The one public name defined in Python: Game.history()'s named tuple.
PURE_PYTHON = {"HistoryEntry"}


def test_all_lists_exactly_the_public_names():
    public = {n for n in dir(_bughouse) if not n.startswith("_")} | {"__version__"}
    assert set(bughouse.__all__) == public | PURE_PYTHON
    assert len(bughouse.__all__) == len(set(bughouse.__all__))
    for name in public:
        assert getattr(bughouse, name) is getattr(_bughouse, name)
    assert bughouse.HistoryEntry is bughouse._history.HistoryEntry


def test_version_matches_the_crate():
    assert isinstance(bughouse.__version__, str)
    assert bughouse.__version__.count(".") == 2


def test_classes_present_themselves_as_bughouse_names():
    for cls in (bughouse.Move, bughouse.Pocket, bughouse.Board, bughouse.LegalMoves,
                bughouse.BughouseError, bughouse.IllegalMoveError):
        assert cls.__module__ == "bughouse"


def test_exception_hierarchy():
    subclasses = [
        bughouse.InvalidFenError, bughouse.InvalidMoveError, bughouse.IllegalMoveError,
        bughouse.AmbiguousMoveError, bughouse.NotYourTurnError, bughouse.GameOverError,
        bughouse.NoSitsLeftError, bughouse.InvalidBpgnError,
    ]
    assert issubclass(bughouse.BughouseError, ValueError)
    for exc in subclasses:
        assert issubclass(exc, bughouse.BughouseError)
        assert exc is not bughouse.BughouseError
    assert len(set(subclasses)) == len(subclasses)
    # Distinct kinds do not catch each other.
    assert not issubclass(bughouse.IllegalMoveError, bughouse.InvalidMoveError)
    assert not issubclass(bughouse.InvalidMoveError, bughouse.IllegalMoveError)


def test_star_import_gives_the_api():
    namespace: dict = {}
    exec("from bughouse import *", namespace)
    assert namespace["Board"] is bughouse.Board
    assert namespace["E4"] == 28


def test_exceptions_pickle_and_keep_their_message():
    import pickle

    for exc in (bughouse.InvalidFenError, bughouse.IllegalMoveError, bughouse.NoSitsLeftError):
        again = pickle.loads(pickle.dumps(exc("what and where")))
        assert type(again) is exc and str(again) == "what and where"


def test_raised_errors_carry_the_cores_message():
    with pytest.raises(bughouse.IllegalMoveError) as info:
        bughouse.Board().push_uci("e2e5")
    assert str(info.value) == "illegal move e2e5: the piece on e2 cannot go to e5"


def test_package_docstring_examples_run():
    import doctest

    result = doctest.testmod(bughouse)
    assert result.attempted >= 3 and result.failed == 0


def test_literal_types_name_exactly_what_the_engine_returns():
    import typing

    from bughouse import literals

    assert set(typing.get_args(literals.Seat)) == set("AaBb")
    # Every reason of the Literal is one the engine accepts and names back.
    for reason in typing.get_args(literals.EndReason):
        seat = None if reason in ("agreement", "no_one_can_move", "move_cap", "repetition") else "a"
        assert bughouse.Outcome(reason, seat).reason == reason
    with pytest.raises(bughouse.BughouseError):
        bughouse.Outcome("stalemate")
    assert bughouse.Board().status() in typing.get_args(literals.BoardStatus)
    assert bughouse.Game(mode="turn").mode in typing.get_args(literals.Mode)
    assert bughouse.Board().result() in typing.get_args(literals.Result)
