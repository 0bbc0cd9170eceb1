"""The reference rules engine for bughouse chess, with python-chess manners.

    >>> import bughouse
    >>> board = bughouse.Board("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1")
    >>> board.push_uci("N@d6")
    Move.from_uci('N@d6')
    >>> board.is_check()
    True

A match: seats are the BPGN letters "A", "a", "B", "b"; moves are a
``Move``, UCI or SAN.

    >>> game = bughouse.Game(bfen="6rk/6pp/8/6N1/8/8/8/4K3[] w - - 0 1 | " + bughouse.STARTING_FEN)
    >>> game.push("A", "Nf7#", at_ms=1500)
    Move.from_uci('g5f7')
    >>> print(game.outcome())
    A-Black is checkmated: team 1 wins (R27)

Every rule lives in the Rust core (``bughouse-core``); this package is a thin
binding over it. Rule ids (R1…R34, N1…N4) in the docs refer to the project's
rules.
"""

from bughouse._bughouse import (
    __version__,
    WHITE,
    BLACK,
    COLORS,
    COLOR_NAMES,
    PAWN,
    KNIGHT,
    BISHOP,
    ROOK,
    QUEEN,
    KING,
    PIECE_TYPES,
    PIECE_SYMBOLS,
    PIECE_NAMES,
    SQUARES,
    SQUARE_NAMES,
    STARTING_FEN,
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    square_name,
    parse_square,
    perft,
    Move,
    Piece,
    Pocket,
    Board,
    BoardOutcome,
    LegalMoves,
    Outcome,
    TimeControl,
    Game,
    GameRecord,
    BpgnReader,
    read_bpgn,
    BughouseError,
    InvalidFenError,
    InvalidMoveError,
    IllegalMoveError,
    AmbiguousMoveError,
    NotYourTurnError,
    GameOverError,
    NoSitsLeftError,
    InvalidBpgnError,
)

__all__ = [
    "__version__",
    "WHITE",
    "BLACK",
    "COLORS",
    "COLOR_NAMES",
    "PAWN",
    "KNIGHT",
    "BISHOP",
    "ROOK",
    "QUEEN",
    "KING",
    "PIECE_TYPES",
    "PIECE_SYMBOLS",
    "PIECE_NAMES",
    "SQUARES",
    "SQUARE_NAMES",
    "STARTING_FEN",
    "A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1",
    "A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2",
    "A3", "B3", "C3", "D3", "E3", "F3", "G3", "H3",
    "A4", "B4", "C4", "D4", "E4", "F4", "G4", "H4",
    "A5", "B5", "C5", "D5", "E5", "F5", "G5", "H5",
    "A6", "B6", "C6", "D6", "E6", "F6", "G6", "H6",
    "A7", "B7", "C7", "D7", "E7", "F7", "G7", "H7",
    "A8", "B8", "C8", "D8", "E8", "F8", "G8", "H8",
    "square_name",
    "parse_square",
    "perft",
    "Move",
    "Piece",
    "Pocket",
    "Board",
    "BoardOutcome",
    "LegalMoves",
    "Outcome",
    "TimeControl",
    "Game",
    "GameRecord",
    "BpgnReader",
    "read_bpgn",
    "BughouseError",
    "InvalidFenError",
    "InvalidMoveError",
    "IllegalMoveError",
    "AmbiguousMoveError",
    "NotYourTurnError",
    "GameOverError",
    "NoSitsLeftError",
    "InvalidBpgnError",
]

from bughouse._history import HistoryEntry  # noqa: E402

__all__.append("HistoryEntry")

# Pictures (pure Python over the engine's reads): `bughouse.svg.board(b)`.
from bughouse import svg  # noqa: E402
