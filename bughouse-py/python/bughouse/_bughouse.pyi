# Hand-written stubs for the native module; checked against it by
# `python -m mypy.stubtest bughouse` (make test-python).
# Rule ids (R1…R34, N1…N4) refer to the project's rules.

import os
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, ClassVar, Literal, Optional, Protocol, Union, final

from bughouse._history import HistoryEntry
from bughouse.literals import (
    BoardStatus,
    EndReason,
    Mode,
    RecordedKind,
    Result,
    Seat,
)

class _MoveFields(Protocol):
    """Any move with python-chess's fields, such as a ``chess.Move``."""

    @property
    def from_square(self) -> Optional[int]: ...
    @property
    def to_square(self) -> int: ...
    @property
    def promotion(self) -> Optional[int]: ...
    @property
    def drop(self) -> Optional[int]: ...

class _Readable(Protocol):
    """An open file, text or binary."""

    def read(self) -> Union[str, bytes]: ...

_AnyMove = Union["Move", _MoveFields]

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
    "A1",
    "B1",
    "C1",
    "D1",
    "E1",
    "F1",
    "G1",
    "H1",
    "A2",
    "B2",
    "C2",
    "D2",
    "E2",
    "F2",
    "G2",
    "H2",
    "A3",
    "B3",
    "C3",
    "D3",
    "E3",
    "F3",
    "G3",
    "H3",
    "A4",
    "B4",
    "C4",
    "D4",
    "E4",
    "F4",
    "G4",
    "H4",
    "A5",
    "B5",
    "C5",
    "D5",
    "E5",
    "F5",
    "G5",
    "H5",
    "A6",
    "B6",
    "C6",
    "D6",
    "E6",
    "F6",
    "G6",
    "H6",
    "A7",
    "B7",
    "C7",
    "D7",
    "E7",
    "F7",
    "G7",
    "H7",
    "A8",
    "B8",
    "C8",
    "D8",
    "E8",
    "F8",
    "G8",
    "H8",
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

__version__: str

WHITE: bool
BLACK: bool
COLORS: list[bool]
COLOR_NAMES: list[str]

PAWN: int
KNIGHT: int
BISHOP: int
ROOK: int
QUEEN: int
KING: int
PIECE_TYPES: list[int]
PIECE_SYMBOLS: list[Optional[str]]
PIECE_NAMES: list[Optional[str]]

A1: int
B1: int
C1: int
D1: int
E1: int
F1: int
G1: int
H1: int
A2: int
B2: int
C2: int
D2: int
E2: int
F2: int
G2: int
H2: int
A3: int
B3: int
C3: int
D3: int
E3: int
F3: int
G3: int
H3: int
A4: int
B4: int
C4: int
D4: int
E4: int
F4: int
G4: int
H4: int
A5: int
B5: int
C5: int
D5: int
E5: int
F5: int
G5: int
H5: int
A6: int
B6: int
C6: int
D6: int
E6: int
F6: int
G6: int
H6: int
A7: int
B7: int
C7: int
D7: int
E7: int
F7: int
G7: int
H7: int
A8: int
B8: int
C8: int
D8: int
E8: int
F8: int
G8: int
H8: int
SQUARES: list[int]
SQUARE_NAMES: list[str]
STARTING_FEN: str

def square_name(square: int) -> str:
    """The name of a square: ``square_name(E4) == "e4"``."""

def parse_square(name: str) -> int:
    """The square of a name: ``parse_square("e4") == E4``; ``ValueError`` otherwise."""

def perft(fen: str, depth: int, *, crazyhouse: bool = False) -> int:
    """Leaf positions ``depth`` plies below a FEN; releases the GIL."""

class BughouseError(ValueError):
    """Base class of every error the rules engine raises."""

    code: Optional[str]
    """The stable code of the error, the same as the Node package's
    ``err.code``: ``"ERR_ILLEGAL_MOVE"``, ``"ERR_GAME_OVER"``, … Set on
    every exception the engine raises; None on one made by other code."""

class InvalidFenError(BughouseError):
    """A FEN or BFEN that cannot be read (N1, N2)."""

class InvalidMoveError(BughouseError):
    """Move text or move fields that do not describe a move (N3)."""

class IllegalMoveError(BughouseError):
    """A well-formed move that is not legal in the position; nothing changed."""

class AmbiguousMoveError(BughouseError):
    """SAN that matches more than one legal move."""

class NotYourTurnError(BughouseError):
    """A seat acted when it is not its turn."""

class GameOverError(BughouseError):
    """An action after the game ended."""

class NoSitsLeftError(BughouseError):
    """A seat tried to sit after using all its sits (R24)."""

class InvalidBpgnError(BughouseError):
    """A BPGN text that cannot be read (N4)."""

@final
class Move:
    """A move or a drop on one board (R9). Immutable and hashable."""

    def __new__(
        cls,
        from_square: Optional[int],
        to_square: int,
        promotion: Optional[int] = None,
        drop: Optional[int] = None,
    ) -> Move: ...
    @staticmethod
    def from_uci(uci: str) -> Move:
        """``"e2e4"``, ``"e7e8q"``, ``"N@f3"``, ``"P@e4"``, ``"0000"`` (null); ``InvalidMoveError`` otherwise."""
    @staticmethod
    def null() -> Move:
        """python-chess's null move: false, ``"0000"``; ``Board.push`` passes, a ``Game`` refuses it."""
    def uci(self) -> str: ...
    def __bool__(self) -> bool: ...
    @property
    def from_square(self) -> Optional[int]:
        """Where the piece stands; None for a drop."""
    @property
    def to_square(self) -> int: ...
    @property
    def promotion(self) -> Optional[int]: ...
    @property
    def drop(self) -> Optional[int]:
        """The piece type dropped, or None for a board move."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Pocket:
    """One seat's pieces in hand (R3). ``board.pockets[c]`` is the board's own,
    live: ``add``/``remove``/``reset`` edit the board (N1-checked). A game's
    pocket is read-only (R5); ``Pocket(...)`` and ``copy()`` hold their own."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __new__(cls, pieces: str = "", color: Optional[bool] = None) -> Pocket: ...
    @property
    def color(self) -> bool: ...
    def count(self, piece_type: int) -> int: ...
    def add(self, piece_type: int) -> None: ...
    def remove(self, piece_type: int) -> None: ...
    def reset(self) -> None: ...
    def copy(self) -> Pocket: ...
    def __copy__(self) -> Pocket: ...
    def __deepcopy__(self, memo: Any, /) -> Pocket: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[int]: ...
    def __contains__(self, piece_type: int, /) -> bool: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Piece:
    """A piece type of one colour: ``Piece(KNIGHT, WHITE)`` (``chess.Piece``)."""

    def __new__(cls, piece_type: int, color: bool) -> Piece: ...
    @staticmethod
    def from_symbol(symbol: str) -> Piece: ...
    @property
    def piece_type(self) -> int: ...
    @property
    def color(self) -> bool: ...
    def symbol(self) -> str: ...
    def unicode_symbol(self, *, invert_color: bool = False) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class LegalMoves:
    """``board.legal_moves``: live, sized, iterable, supports ``in``."""

    def __len__(self) -> int: ...
    def count(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __iter__(self) -> Iterator[Move]: ...
    def __contains__(self, move: object, /) -> bool: ...

@final
class Board:
    """One board. ``Board()`` is the standard start in the bughouse flavour."""

    def __new__(cls, fen: Optional[str] = None, *, crazyhouse: bool = False) -> Board: ...
    @property
    def turn(self) -> bool: ...
    @property
    def pockets(self) -> tuple[Pocket, Pocket]:
        """``(black, white)``: ``board.pockets[WHITE]`` is White's."""
    @property
    def legal_moves(self) -> LegalMoves: ...
    @property
    def move_stack(self) -> list[Move]: ...
    @property
    def crazyhouse(self) -> bool: ...
    @property
    def ep_square(self) -> Optional[int]: ...
    @property
    def halfmove_clock(self) -> int: ...
    @property
    def fullmove_number(self) -> int: ...
    def fen(self) -> str: ...
    def piece_at(self, square: int) -> Optional[tuple[int, bool]]: ...
    def piece_type_at(self, square: int) -> Optional[int]: ...
    def color_at(self, square: int) -> Optional[bool]: ...
    def is_promoted(self, square: int) -> bool: ...
    def pieces(self, piece_type: int, color: bool) -> list[int]: ...
    def king(self, color: bool) -> int: ...
    def attackers(self, color: bool, square: int) -> list[int]: ...
    def is_attacked_by(self, color: bool, square: int) -> bool: ...
    def checkers(self) -> list[int]: ...
    def legal_drop_squares(self, piece_type: Optional[int] = None) -> list[int]: ...
    def is_legal(self, move: _AnyMove) -> bool: ...
    def push(self, move: _AnyMove) -> None:
        """Plays a legal move (a ``chess.Move`` is read by its fields)."""
    def push_uci(self, uci: str) -> Move: ...
    def push_san(self, san: str) -> Move:
        """Reads SAN and plays it: ``InvalidMoveError`` / ``IllegalMoveError`` / ``AmbiguousMoveError``."""
    def parse_san(self, san: str) -> Move:
        """The legal move a SAN names here, without playing it."""
    def san(self, move: _AnyMove) -> str:
        """``"P@e4"``, ``"N@f3+"``; ``#`` only for a bughouse mate (R16). ``IllegalMoveError`` if not legal."""
    def pop(self) -> Move: ...
    def peek(self) -> Move: ...
    def piece_map(self) -> dict[int, Piece]: ...
    def set_piece_at(self, square: int, piece: Piece, promoted: bool = False) -> None:
        """Every edit must leave a valid position (N1), else ``InvalidFenError``; clears the stack."""
    def remove_piece_at(self, square: int) -> Optional[Piece]: ...
    def set_piece_map(
        self, pieces: Mapping[int, Piece], *, promoted: Optional[list[int]] = None
    ) -> None: ...
    def set_pocket(self, color: bool, pocket: Pocket) -> None: ...
    def add_to_pocket(self, color: bool, piece_type: int) -> None: ...
    def remove_from_pocket(self, color: bool, piece_type: int) -> None: ...
    def reset(self) -> None: ...
    def clear(self) -> None:
        """Only the two kings stay (a board always has both, N1)."""
    def board_fen(self) -> str: ...
    def epd(self) -> str: ...
    def mirror(self) -> Board: ...
    def pin(self, color: bool, square: int) -> list[int]: ...
    def is_pinned(self, color: bool, square: int) -> bool: ...
    @property
    def castling_rights(self) -> int: ...
    def has_castling_rights(self, color: bool) -> bool: ...
    def parse_uci(self, uci: str) -> Move: ...
    def lan(self, move: _AnyMove) -> str: ...
    def variation_san(self, moves: Iterable[_AnyMove]) -> str: ...
    def is_capture(self, move: _AnyMove) -> bool: ...
    def is_en_passant(self, move: _AnyMove) -> bool: ...
    def is_castling(self, move: _AnyMove) -> bool: ...
    def is_zeroing(self, move: _AnyMove) -> bool:
        """A capture or a pawn move (no fifty-move rule, R33; drops never)."""
    def gives_check(self, move: _AnyMove) -> bool: ...
    def is_into_check(self, move: _AnyMove) -> bool:
        """Refused only because it leaves the mover's king in check (R13)."""
    def outcome(self) -> Optional[BoardOutcome]:
        """Checkmate (R16) or None: no stalemate (R18), no other board ending (R33)."""
    def is_game_over(self) -> bool: ...
    def result(self) -> Result:
        """``"1-0"``, ``"0-1"`` after mate, else ``"*"``."""
    def is_check(self) -> bool: ...
    def is_checkmate(self) -> bool: ...
    def is_waiting(self) -> bool: ...
    def is_stalemate(self) -> bool: ...
    def drop_could_block_check(self) -> bool: ...
    def status(self) -> BoardStatus: ...
    def bot_move(
        self,
        nodes: Optional[int] = None,
        *,
        time_ms: Optional[int] = None,
        seed: int = 0,
        play: bool = False,
    ) -> Optional[Move]:
        """The computer player's move on this board alone (crazyhouse in the crazyhouse flavour).

        A ``Move`` (one of ``legal_moves``), or None when the side to move has
        none. ``nodes``, ``time_ms``, ``seed`` as for ``Game.bot_move``;
        ``play=True`` also pushes it.
        """
    def perft(self, depth: int) -> int: ...
    def copy(self, *, stack: bool = True) -> Board: ...
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: Any, /) -> Board: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    def unicode(
        self,
        *,
        invert_color: bool = False,
        borders: bool = False,
        empty_square: str = "⭘",
        orientation: bool = True,
    ) -> str:
        """python-chess's ``board.unicode()``, with the pockets above and below."""
    def _repr_svg_(self) -> str: ...
    def transposition_key(self) -> int:
        """The position's Zobrist key: a dict/set key for positions (a Board is unhashable)."""
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __setstate__(self, state: tuple[str, bool, list[str]], /) -> None: ...

@final
class BoardOutcome:
    """How a single board ended: always checkmate (python-chess's ``Outcome``)."""

    @property
    def winner(self) -> bool: ...
    @property
    def termination(self) -> Literal["checkmate"]: ...
    def result(self) -> Result: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

@final
class Outcome:
    """How a game ended (R27–R34): winner team, reason, the seat it names (F13)."""

    def __new__(cls, reason: str, seat: Optional[str] = None) -> Outcome: ...
    @property
    def winner(self) -> Optional[int]:
        """1 (A-White + B-Black), 2 (A-Black + B-White), or None for a draw."""
    @property
    def reason(self) -> EndReason:
        """"checkmate" | "time" | "resignation" | "abandonment" | "agreement" | "no_one_can_move" | "move_cap" | "repetition"."""
    @property
    def seat(self) -> Optional[Seat]:
        """The mated / flagged / resigning / leaving seat; None for draws."""
    @property
    def rule(self) -> str:
        """The rule id: ``"R27"`` …"""
    def is_draw(self) -> bool: ...
    def result(self) -> Result:
        """``"1-0"`` (team 1 wins), ``"0-1"`` (team 2), ``"1/2-1/2"``."""
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

_TimeControlArg = Union["TimeControl", tuple[int, int], str, None]

@final
class TimeControl:
    """A live game's base time and increment, exact in ms (R20)."""

    def __new__(cls, base_ms: int, increment_ms: int = 0) -> TimeControl: ...
    @classmethod
    def from_setting(cls, text: str) -> TimeControl:
        """``"180+2"`` in whole seconds; a base under 60 s is refused as ambiguous."""
    @property
    def base_ms(self) -> int: ...
    @property
    def increment_ms(self) -> int: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class Game:
    """The match: two boards, four seats "A", "a", "B", "b" (BPGN letters)."""

    __hash__: ClassVar[None]  # type: ignore[assignment]
    def __new__(
        cls,
        *,
        mode: str = "live",
        time_control: _TimeControlArg = ...,
        humans: str = "AaBb",
        bfen: Optional[str] = None,
        move_cap: int = 800,
    ) -> Game: ...
    @property
    def mode(self) -> Mode: ...
    @property
    def time_control(self) -> Optional[TimeControl]: ...
    @property
    def humans(self) -> str: ...
    @property
    def move_cap(self) -> int: ...
    @property
    def starting_bfen(self) -> str: ...
    @property
    def to_act(self) -> Optional[Seat]:
        """Turn-based game: the seat whose turn it is (F5); None otherwise."""
    @property
    def draw_offers(self) -> str: ...
    @property
    def now_ms(self) -> int: ...
    @property
    def moves_played(self) -> int: ...
    def board(self, board: str) -> Board:
        """A copy of board "A" or "B", its moves in this game as ``move_stack``."""
    def board_fen(self, board: str) -> str: ...
    def bfen(self) -> str: ...
    def pocket(self, seat: str) -> Pocket: ...
    def legal_moves(self, seat: str) -> list[Move]:
        """Empty when that seat cannot move now."""
    def is_turn_of(self, seat: str) -> bool: ...
    def push(self, seat: str, move: Union[_AnyMove, str], at_ms: Optional[int] = None) -> Move:
        """A ``Move``, UCI or SAN; live games with clocks need ``at_ms``."""
    def sit(self, seat: str) -> Optional[Outcome]: ...
    def bot_move(
        self,
        seat: str,
        nodes: Optional[int] = None,
        *,
        time_ms: Optional[int] = None,
        clock: bool = False,
        seed: int = 0,
        play: bool = False,
        at_ms: Optional[int] = None,
    ) -> Optional[Move]:
        """The computer player's choice for ``seat`` (GIL released; deterministic per seed).

        A ``Move`` (always one of ``legal_moves(seat)``), or None when it does
        not move: turn-based, it sits (R24, only when ``can_sit(seat)``);
        live, the seat is waiting (R18). ``nodes``: the budget, >= 1 (default
        25000, about 9 ms of CPU; no node limit when a time is given).
        ``time_ms``: think at most this long. ``clock=True``: spend a share of
        the seat's own clock and increment at ``at_ms`` (live games with
        clocks). ``play=True`` also plays it (``push`` with ``at_ms``,
        or ``sit``) and returns what was played. ``GameOverError`` when the
        game is over, ``NotYourTurnError`` when it is not ``seat``'s turn.
        """
    def sits_left(self, seat: str) -> int: ...
    def can_sit(self, seat: str) -> bool: ...
    def tick(self, at_ms: int) -> Optional[Outcome]: ...
    def resign(self, seat: str, at_ms: Optional[int] = None) -> Outcome: ...
    def abandon(self, seat: str, at_ms: Optional[int] = None) -> Outcome: ...
    def offer_draw(self, seat: str) -> Optional[Outcome]: ...
    def withdraw_draw(self, seat: str) -> None: ...
    def clock(self, seat: str, at_ms: Optional[int] = None) -> int:
        """Ms left; ``BughouseError`` for a game without clocks."""
    def outcome(self) -> Optional[Outcome]: ...
    def is_over(self) -> bool: ...
    def moves(self) -> list[tuple[Seat, Move]]: ...
    def history(self) -> list[HistoryEntry]:
        """``HistoryEntry(seat, move, at_ms, clock_ms, san)`` per move, drop or sit."""
    def bpgn(self, tags: Optional[Mapping[str, str]] = None) -> str: ...
    def log(
        self,
    ) -> list[tuple[Optional[str], str, Optional[str], int, Optional[int], str]]:
        """``(seat or None, kind, uci or None, at_ms, clock_ms, offers)`` per action."""
    @staticmethod
    def from_log(
        log: list[tuple[Optional[str], str, Optional[str], int, Optional[int], str]],
        *,
        mode: str = "live",
        time_control: _TimeControlArg = ...,
        humans: str = "AaBb",
        bfen: Optional[str] = None,
        move_cap: Optional[int] = None,
    ) -> Game: ...
    def pop(self) -> tuple[Optional[str], str, Optional[str], int, Optional[int], str]: ...
    @property
    def report(self) -> Optional[dict[str, Any]]:
        """The core's report of the last accepted action."""
    def snapshot(self) -> dict[str, Any]: ...
    def copy(self) -> Game: ...
    def _repr_svg_(self) -> str: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: Any, /) -> Game: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __ne__(self, other: object, /) -> bool: ...
    def __reduce__(self) -> tuple[Any, ...]: ...
    def __setstate__(self, state: tuple[Any, ...], /) -> None: ...

@final
class GameRecord:
    """One game of a BPGN archive, replayed through the rules."""

    def __new__(
        cls,
        tags: dict[str, str],
        game: Optional[Game],
        error: Optional[str] = None,
        recorded_ending: Optional[str] = None,
        moves_replayed: int = 0,
        agrees: bool = False,
        ending_kind: str = "unknown",
        loser: Optional[str] = None,
        is_bughouse: bool = True,
        number: int = 1,
        line: int = 1,
        board: Optional[Board] = None,
    ) -> GameRecord: ...
    @property
    def tags(self) -> dict[str, str]: ...
    @property
    def game(self) -> Optional[Game]:
        """The match replayed (bughouse records); None for a crazyhouse record."""
    @property
    def board(self) -> Optional[Board]:
        """The crazyhouse board reached (single-board records); None for bughouse."""
    @property
    def error(self) -> Optional[str]:
        """Why replay stopped early (game no., move, seat, text, reason), or None."""
    @property
    def recorded_ending(self) -> Optional[str]:
        """The termination comment as written, or None."""
    @property
    def moves_replayed(self) -> int: ...
    @property
    def agrees(self) -> bool: ...
    @property
    def ending_kind(self) -> RecordedKind: ...
    @property
    def loser(self) -> Optional[Seat]: ...
    @property
    def is_bughouse(self) -> bool: ...
    @property
    def number(self) -> int: ...
    @property
    def line(self) -> int: ...
    def __reduce__(self) -> tuple[Any, ...]: ...

@final
class BpgnReader:
    """What ``read_bpgn`` returns: an iterator of ``GameRecord``."""

    def __iter__(self) -> BpgnReader: ...
    def __next__(self) -> GameRecord: ...

def read_bpgn(
    source: Union[str, bytes, os.PathLike[str], _Readable], *, strict: bool = False
) -> BpgnReader:
    """The games of a BPGN archive, replayed lazily (GIL released).

    ``os.PathLike``: a file; an open file: read whole; a ``str`` or ``bytes``
    that is empty or holds a newline or ``[``: the archive's text; any other
    ``str``: a file path (other ``bytes``: ``TypeError``). Bughouse records
    replay as a ``Game``, single-board (crazyhouse) records on a crazyhouse
    ``Board``. Ctrl-C stops between records.
    """
