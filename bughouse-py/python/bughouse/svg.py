"""SVG pictures of boards and games, python-chess's ``chess.svg`` for bughouse.

    >>> import bughouse, bughouse.svg
    >>> board = bughouse.Board("4k3/8/8/8/8/8/8/4K3[Nq] w - - 0 1")
    >>> picture = bughouse.svg.board(board, size=360)
    >>> picture.startswith("<svg")
    True

``board()`` draws one board with its pockets (the top player's above, the
bottom player's below), promoted pieces marked (they pass on as pawns, R6),
the king in check, the last move and arrows. ``game()`` draws a whole match:
both boards side by side, board B turned round so that partners sit on the
same side as at a real table, with pockets, clocks, the last move of each
board, checks and the outcome. ``Board`` and ``Game`` show these pictures
in notebooks (``_repr_svg_``).

Pictures only: every fact drawn is read from the engine (``Board``,
``Game``); nothing here decides a rule.
"""

from __future__ import annotations

from typing import Iterable, Optional, Union
from xml.sax.saxutils import escape, quoteattr

import bughouse

__all__ = ["Arrow", "board", "game", "piece", "SQUARE_SIZE"]

#: Side of one square, in SVG user units (python-chess uses 45 too).
SQUARE_SIZE = 45

_MARGIN = 15  # room for the coordinates
_POCKET = 45  # height of a pocket strip
_LABEL = 20  # height of a player's line in a game picture

_COLORS = {
    "square light": "#f0d9b5",
    "square dark": "#b58863",
    "lastmove": "#cdd26a",
    "check": "#e8423f",
    "margin": "#404040",
    "coord": "#e5e5e5",
    "pocket": "#e9e3d8",
    "promoted": "#d81b60",
    "arrow green": "#15781b",
    "arrow red": "#882020",
    "arrow blue": "#003088",
    "arrow yellow": "#e68f00",
}

# The pieces, drawn for this package in a 45 x 45 box. White pieces are
# white with a black outline; black pieces black, their details in white.
_BASE = '<path d="M11 36.5h23v3.5h-23z"/>'
_PIECE_SHAPES = {
    bughouse.PAWN: (
        '<circle cx="22.5" cy="14" r="5.5"/>'
        '<path d="M19 19.5h7l4 16h-15z"/>' + _BASE
    ),
    bughouse.KNIGHT: (
        '<path d="M13 36.5h19c0-9-2-17-7-22l-1-5-3.5 3.5c-5 1.5-8.5 6-9.5 10.5l2.5 2.5 '
        '4.5-2.5c1 3-2 7-5 13z"/>'
        '<circle cx="20.5" cy="17.5" r="1.3" class="detail"/>' + _BASE
    ),
    bughouse.BISHOP: (
        '<circle cx="22.5" cy="9" r="2.5"/>'
        '<path d="M16 36.5c-2.5-8 0-16 6.5-24.5 6.5 8.5 9 16.5 6.5 24.5z"/>'
        '<path d="M20 21l5 5" class="detail"/>' + _BASE
    ),
    bughouse.ROOK: (
        '<path d="M12 9h4v3h4.5v-3h4v3h4.5v-3h4v8h-21z"/>'
        '<path d="M15 17h15v19.5h-15z"/>' + _BASE
    ),
    bughouse.QUEEN: (
        '<path d="M13 36.5h19l3-22-6 10-3-13-3.5 12-3.5-12-3 13-6-10z"/>'
        '<circle cx="10" cy="13" r="2"/><circle cx="16" cy="10.5" r="2"/>'
        '<circle cx="22.5" cy="9.5" r="2"/><circle cx="29" cy="10.5" r="2"/>'
        '<circle cx="35" cy="13" r="2"/>' + _BASE
    ),
    bughouse.KING: (
        '<path d="M21 5h3v4h3.5v3h-3.5v5h-3v-5h-3.5v-3h3.5z"/>'
        '<path d="M13 36.5h19l2.5-15c-6-4-18-4-24 0z"/>' + _BASE
    ),
}

_FILES = "abcdefgh"


class Arrow:
    """An arrow from ``tail`` to ``head`` (squares; equal squares circle the
    square), as ``chess.svg.Arrow``: colours ``"green"`` (default), ``"red"``,
    ``"blue"``, ``"yellow"`` or any CSS colour."""

    def __init__(self, tail: int, head: int, *, color: str = "green") -> None:
        for square in (tail, head):
            if not (isinstance(square, int) and 0 <= square < 64):
                raise ValueError(f"an arrow's squares are in 0..63, not {square!r}")
        self.tail = tail
        self.head = head
        self.color = color

    def __repr__(self) -> str:
        return (f"Arrow({bughouse.square_name(self.tail).upper()}, "
                f"{bughouse.square_name(self.head).upper()}, color={self.color!r})")

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Arrow)
                and (self.tail, self.head, self.color) == (other.tail, other.head, other.color))

    def __hash__(self) -> int:
        return hash((self.tail, self.head, self.color))


def piece(piece_type: int, color: bool, *, size: Optional[int] = None) -> str:
    """One piece as a standalone SVG (``chess.svg.piece``)."""
    size_attrs = f' width="{size}" height="{size}"' if size is not None else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 45 45"{size_attrs}>'
            f'{_piece_group(piece_type, color, 0, 0, 1.0)}</svg>')


def _piece_group(piece_type: int, color: bool, x: float, y: float, scale: float) -> str:
    name = f"{'white' if color else 'black'}-{bughouse.PIECE_NAMES[piece_type]}"
    fill, stroke, detail = ("#fff", "#000", "#000") if color else ("#000", "#000", "#fff")
    shape = _PIECE_SHAPES[piece_type].replace(
        'class="detail"', f'stroke="{detail}" stroke-width="1.5" fill="{detail}"')
    transform = f"translate({x:g},{y:g})" + (f" scale({scale:g})" if scale != 1.0 else "")
    return (f'<g class="piece {name}" transform="{transform}" fill="{fill}" '
            f'stroke="{stroke}" stroke-width="1.5" stroke-linejoin="round">{shape}</g>')


def _square_xy(square: int, orientation: bool, x0: float, y0: float) -> tuple[float, float]:
    file, rank = square % 8, square // 8
    if orientation:  # White at the bottom
        return x0 + file * SQUARE_SIZE, y0 + (7 - rank) * SQUARE_SIZE
    return x0 + (7 - file) * SQUARE_SIZE, y0 + rank * SQUARE_SIZE


def _pocket_strip(pocket: bughouse.Pocket, x0: float, y0: float, width: float) -> str:
    """A pocket's pieces in a strip: queen first, a count beside a piece
    held more than once."""
    parts = [f'<rect class="pocket {"white" if pocket.color else "black"}" x="{x0:g}" '
             f'y="{y0:g}" width="{width:g}" height="{_POCKET}" fill="{_COLORS["pocket"]}"/>']
    slot = width / 5
    order = (bughouse.QUEEN, bughouse.ROOK, bughouse.BISHOP, bughouse.KNIGHT, bughouse.PAWN)
    for i, piece_type in enumerate(order):
        count = pocket.count(piece_type)
        if count == 0:
            continue
        x = x0 + i * slot + (slot - 36) / 2 - (6 if count > 1 else 0)
        parts.append(_piece_group(piece_type, pocket.color, x, y0 + 4.5, 0.8))
        if count > 1:
            parts.append(f'<text class="pocket-count" x="{x + 36:g}" y="{y0 + 38:g}" '
                         f'font-family="sans-serif" font-size="14" font-weight="bold" '
                         f'fill="#000">{count}</text>')
    return "".join(parts)


def _arrow(arrow: Arrow, orientation: bool, x0: float, y0: float) -> str:
    color = _COLORS.get(f"arrow {arrow.color}", arrow.color)
    tx, ty = _square_xy(arrow.tail, orientation, x0, y0)
    hx, hy = _square_xy(arrow.head, orientation, x0, y0)
    half = SQUARE_SIZE / 2
    tx, ty, hx, hy = tx + half, ty + half, hx + half, hy + half
    if arrow.tail == arrow.head:
        return (f'<circle class="arrow" cx="{hx:g}" cy="{hy:g}" r="{half * 0.85:g}" '
                f'fill="none" stroke={quoteattr(color)} stroke-width="4" opacity="0.8"/>')
    dx, dy = hx - tx, hy - ty
    length = (dx * dx + dy * dy) ** 0.5
    ux, uy = dx / length, dy / length
    head_len, head_w, shaft = SQUARE_SIZE * 0.45, SQUARE_SIZE * 0.3, SQUARE_SIZE * 0.2
    bx, by = hx - ux * head_len, hy - uy * head_len
    px, py = -uy, ux
    return (f'<g class="arrow" opacity="0.8">'
            f'<line x1="{tx:g}" y1="{ty:g}" x2="{bx:g}" y2="{by:g}" stroke={quoteattr(color)} '
            f'stroke-width="{shaft:g}" stroke-linecap="round"/>'
            f'<polygon points="{hx:g},{hy:g} {bx + px * head_w:g},{by + py * head_w:g} '
            f'{bx - px * head_w:g},{by - py * head_w:g}" fill={quoteattr(color)}/></g>')


def _board_body(b: bughouse.Board, x0: float, y0: float, *, orientation: bool,
                lastmove: Optional[bughouse.Move], check: Optional[int],
                arrows: Iterable[Union[Arrow, tuple[int, int]]], coordinates: bool) -> str:
    """The 64 squares, highlights, pieces and arrows, top-left at (x0, y0)."""
    parts = []
    marked = set()
    if lastmove:  # the null move marks nothing, as in python-chess
        if lastmove.from_square is not None:
            marked.add(lastmove.from_square)
        marked.add(lastmove.to_square)
    for square in range(64):
        x, y = _square_xy(square, orientation, x0, y0)
        light = (square % 8 + square // 8) % 2 == 1
        name = bughouse.SQUARE_NAMES[square]
        fill = _COLORS["square light" if light else "square dark"]
        parts.append(f'<rect class="square {"light" if light else "dark"} {name}" x="{x:g}" '
                     f'y="{y:g}" width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" fill="{fill}"/>')
        if square in marked:
            parts.append(f'<rect class="lastmove {name}" x="{x:g}" y="{y:g}" '
                         f'width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" '
                         f'fill="{_COLORS["lastmove"]}" opacity="0.75"/>')
        if square == check:
            parts.append(f'<rect class="check {name}" x="{x:g}" y="{y:g}" '
                         f'width="{SQUARE_SIZE}" height="{SQUARE_SIZE}" '
                         f'fill="{_COLORS["check"]}" opacity="0.8"/>')
    if coordinates:
        for i in range(8):
            file = _FILES[i if orientation else 7 - i]
            rank = str(8 - i if orientation else i + 1)
            parts.append(f'<text class="coord" x="{x0 + i * SQUARE_SIZE + SQUARE_SIZE - 4:g}" '
                         f'y="{y0 + 8 * SQUARE_SIZE - 3:g}" font-family="sans-serif" '
                         f'font-size="9" text-anchor="end" fill="#000" opacity="0.6">{file}</text>')
            parts.append(f'<text class="coord" x="{x0 + 2:g}" y="{y0 + i * SQUARE_SIZE + 10:g}" '
                         f'font-family="sans-serif" font-size="9" fill="#000" '
                         f'opacity="0.6">{rank}</text>')
    for square in range(64):
        found = b.piece_at(square)
        if found is None:
            continue
        piece_type, color = found
        x, y = _square_xy(square, orientation, x0, y0)
        parts.append(_piece_group(piece_type, color, x, y, 1.0))
        if b.is_promoted(square):
            # Captured, it passes on as a pawn (R6).
            parts.append(f'<circle class="promoted {bughouse.SQUARE_NAMES[square]}" '
                         f'cx="{x + SQUARE_SIZE - 6:g}" cy="{y + 6:g}" r="4" '
                         f'fill="{_COLORS["promoted"]}" stroke="#fff" stroke-width="1"/>')
    for arrow in arrows:
        if not isinstance(arrow, Arrow):
            arrow = Arrow(*arrow)
        parts.append(_arrow(arrow, orientation, x0, y0))
    return "".join(parts)


def _svg(width: float, height: float, size: Optional[int], body: str) -> str:
    if size is not None:
        dims = f' width="{size}" height="{size * height / width:g}"'
    else:
        dims = f' width="{width:g}" height="{height:g}"'
    return (f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" '
            f'viewBox="0 0 {width:g} {height:g}"{dims}>{body}</svg>')


def _check_square(b: bughouse.Board) -> Optional[int]:
    return b.king(b.turn) if b.is_check() else None


def board(b: bughouse.Board, *, orientation: bool = bughouse.WHITE,
          lastmove: Optional[bughouse.Move] = None, check: Optional[int] = None,
          arrows: Iterable[Union[Arrow, tuple[int, int]]] = (), size: Optional[int] = None,
          coordinates: bool = True, pockets: bool = True) -> str:
    """One board as SVG, python-chess's ``chess.svg.board`` plus pockets.

    ``lastmove`` defaults to the board's last pushed move and ``check`` to
    the king of the side to move when it is in check (pass them to draw
    something else). Unlike python-chess, the pockets are drawn (``pockets``)
    — the top player's above the board, the bottom player's below — and a
    promoted piece carries a red dot: captured, it passes on as a pawn (R6).
    ``size``: the width in pixels (the height follows).
    """
    if lastmove is None and b.move_stack:
        lastmove = b.peek()
    if check is None:
        check = _check_square(b)
    side = 8 * SQUARE_SIZE
    margin = _MARGIN if coordinates else 0
    width = side + 2 * margin
    top = _POCKET if pockets else 0
    height = side + 2 * margin + 2 * top
    parts = []
    if coordinates:
        parts.append(f'<rect x="0" y="{top}" width="{width}" height="{side + 2 * margin}" '
                     f'fill="{_COLORS["margin"]}"/>')
        for i in range(8):
            file = _FILES[i if orientation else 7 - i]
            rank = str(8 - i if orientation else i + 1)
            cx = margin + i * SQUARE_SIZE + SQUARE_SIZE / 2
            cy = top + margin + i * SQUARE_SIZE + SQUARE_SIZE / 2
            for fx, fy, text in ((cx, top + margin - 4, file), (cx, top + height - 2 * top - 4, file),
                                 (margin / 2, cy + 4, rank), (width - margin / 2, cy + 4, rank)):
                parts.append(f'<text class="coord" x="{fx:g}" y="{fy:g}" font-family="sans-serif" '
                             f'font-size="11" text-anchor="middle" '
                             f'fill="{_COLORS["coord"]}">{text}</text>')
    parts.append(_board_body(b, margin, top + margin, orientation=orientation, lastmove=lastmove,
                             check=check, arrows=arrows, coordinates=False))
    if pockets:
        black, white = b.pockets
        upper, lower = (black, white) if orientation else (white, black)
        parts.append(_pocket_strip(upper, 0, 0, width))
        parts.append(_pocket_strip(lower, 0, height - _POCKET, width))
    return _svg(width, height, size, "".join(parts))


def _clock_text(ms: int) -> str:
    tenths = ms // 100
    minutes, tenths = divmod(tenths, 600)
    return f"{minutes}:{tenths // 10:02d}.{tenths % 10}"


def game(g: bughouse.Game, *, arrows: Iterable[tuple[str, Union[Arrow, tuple[int, int]]]] = (),
         size: Optional[int] = None, names: Optional[dict[str, str]] = None,
         coordinates: bool = True) -> str:
    """A whole match as SVG: board A (White at the bottom) and board B
    turned round beside it, so that each team's two players sit on the same
    side, as at a table: A-White with B-Black at the bottom. Each board has
    its pockets, each player a line with its name (``names``: seat letter →
    name, default the seat) and its clock at the game's time (live games
    with clocks), the side to move marked; the last move of each board is
    highlighted, a king in check is red, and the outcome is written under the
    boards once the game is over. ``arrows``: ``(board letter, arrow)``
    pairs, such as ``("A", Arrow(E2, E4))``.
    """
    names = names or {}
    side = 8 * SQUARE_SIZE
    margin = 0  # the coordinates, if any, sit inside the squares
    panel_w = side + 2 * margin
    gap = 30
    panel_h = side + 2 * margin + 2 * _POCKET + 2 * _LABEL
    outcome = g.outcome()
    footer = 28 if outcome is not None else 0
    width, height = 2 * panel_w + gap, panel_h + footer
    last: dict[str, Optional[bughouse.Move]] = {"A": None, "B": None}
    for mover, move in g.moves():
        last[mover.upper()] = move
    board_arrows: dict[str, list[Union[Arrow, tuple[int, int]]]] = {"A": [], "B": []}
    for letter, arrow in arrows:
        if letter.upper() not in board_arrows:
            raise ValueError(f"not a board: {letter!r} (boards are 'A' and 'B')")
        board_arrows[letter.upper()].append(arrow)
    try:
        clocks: Optional[dict[str, int]] = {s: g.clock(s) for s in "AaBb"}
    except bughouse.BughouseError:
        clocks = None  # no clocks in this game
    parts = [f'<rect width="{width}" height="{height}" fill="#fff"/>']
    for i, letter in enumerate("AB"):
        b = g.board(letter)
        orientation = letter == "A"
        x0 = i * (panel_w + gap)
        top_seat, bottom_seat = (letter.lower(), letter) if orientation else (letter, letter.lower())
        for seat, y in ((top_seat, 0), (bottom_seat, panel_h - _LABEL)):
            white_seat = seat.isupper()
            to_move = outcome is None and b.turn == white_seat
            label = escape(names.get(seat, f"{letter}-{'White' if white_seat else 'Black'}"))
            parts.append(f'<text class="player {seat}" x="{x0 + 2:g}" y="{y + 15:g}" '
                         f'font-family="sans-serif" font-size="14" '
                         f'font-weight="{"bold" if to_move else "normal"}" fill="#000">'
                         f'{"▶ " if to_move else ""}{label}</text>')
            if clocks is not None:
                parts.append(f'<text class="clock {seat}" x="{x0 + panel_w - 2:g}" y="{y + 15:g}" '
                             f'font-family="monospace" font-size="14" text-anchor="end" '
                             f'fill="{"#c00" if clocks[seat] == 0 else "#000"}">'
                             f'{_clock_text(clocks[seat])}</text>')
        y0 = _LABEL
        black, white = b.pockets
        upper, lower = (black, white) if orientation else (white, black)
        parts.append(_pocket_strip(upper, x0, y0, panel_w))
        parts.append(f'<rect x="{x0:g}" y="{y0 + _POCKET}" width="{panel_w}" '
                     f'height="{side + 2 * margin}" fill="{_COLORS["margin"]}"/>')
        parts.append(_board_body(b, x0 + margin, y0 + _POCKET + margin, orientation=orientation,
                                 lastmove=last[letter], check=_check_square(b),
                                 arrows=board_arrows[letter], coordinates=coordinates))
        parts.append(_pocket_strip(lower, x0, y0 + _POCKET + side + 2 * margin, panel_w))
        parts.append(f'<text class="board-name" x="{x0 + panel_w / 2:g}" y="15" '
                     f'font-family="sans-serif" font-size="12" text-anchor="middle" '
                     f'fill="#666">board {letter}</text>')
    if outcome is not None:
        parts.append(f'<text class="outcome" x="{width / 2:g}" y="{panel_h + 20:g}" '
                     f'font-family="sans-serif" font-size="15" text-anchor="middle" '
                     f'fill="#000">{escape(str(outcome))}</text>')
    return _svg(width, height, size, "".join(parts))
