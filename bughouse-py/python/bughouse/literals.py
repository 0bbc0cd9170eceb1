"""The fixed vocabularies of the API as `typing.Literal` types, for type
checkers: what a method returns is one of these strings (arguments take any
``str`` and a bad one is a typed error at run time).

    >>> from bughouse.literals import Seat
    >>> def partner(seat: Seat) -> Seat: ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from typing_extensions import TypeAlias

__all__ = ["Seat", "BoardLetter", "Mode", "EndReason", "BoardStatus", "RecordedKind", "Result"]

#: A seat as its BPGN letter: A-White, A-Black, B-White, B-Black.
Seat: TypeAlias = Literal["A", "a", "B", "b"]
#: A board's letter.
BoardLetter: TypeAlias = Literal["A", "B", "a", "b"]
#: How a game is played (R19, R22).
Mode: TypeAlias = Literal["live", "turn"]
#: Why a game ended (R27–R32, R25).
EndReason: TypeAlias = Literal[
    "checkmate", "time", "resignation", "abandonment", "agreement",
    "no_one_can_move", "move_cap", "repetition",
]
#: One board's state (R16, R18).
BoardStatus: TypeAlias = Literal["playing", "checkmate", "waiting"]
#: How a record says its game ended (N4).
RecordedKind: TypeAlias = Literal[
    "checkmate", "time", "resignation", "abandonment", "draw", "aborted", "unknown"
]
#: A PGN result.
Result: TypeAlias = Literal["1-0", "0-1", "1/2-1/2", "*"]

