"""The entries of ``Game.history()``: named tuples, so that an entry reads
as ``entry.san`` and unpacks as ``seat, move, at_ms, clock_ms, san = entry``."""

from typing import NamedTuple, Optional

from bughouse._bughouse import Move
from bughouse.literals import Seat


class HistoryEntry(NamedTuple):
    """One move, drop or sit of a game, in play order.

    ``seat``: who acted (``"A"``, ``"a"``, ``"B"``, ``"b"``). ``move``: the
    move or drop, None for a sit (R24). ``at_ms``: the game's time when it
    was accepted. ``clock_ms``: the mover's clock after it (a live game with
    clocks, or as recorded in a record; else None). ``san``: the move in
    SAN as it was played on its board (``"exd5"``, ``"N@f7+"``, ``#`` for a
    bughouse mate, R16), None for a sit.
    """

    seat: Seat
    move: Optional[Move]
    at_ms: int
    clock_ms: Optional[int]
    san: Optional[str]
