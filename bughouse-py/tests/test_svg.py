"""Pictures: `bughouse.svg.board` / `bughouse.svg.game` and `_repr_svg_`.
Every picture parses as XML and draws what the engine reads (promoted
pieces, pockets, checks, last moves, clocks); one board is rendered in
headless Chromium and compared with a stored reference image."""

import os
import shutil
import struct
import subprocess
import xml.etree.ElementTree as ET
import zlib
from pathlib import Path

import pytest

import bughouse
import bughouse.svg
from bughouse.svg import Arrow

NS = "{http://www.w3.org/2000/svg}"
REFERENCE = Path(__file__).parent / "data" / "svg_board_reference.png"

# Promoted queen on b4 (R6), a pawn about to promote, a knight drop giving
# check, both pockets full of several pieces each.
PICTURED_FEN = "r1bqk2r/pP3ppp/2n5/8/1Q~6/3n4/P4PPP/R1B1K1NR[QRRBBNNPPPPPqrbnppp] w KQkq - 0 2"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    return root


def with_class(root: ET.Element, name: str) -> list:
    return [e for e in root.iter() if name in e.get("class", "").split()]


def pictured() -> bughouse.Board:
    board = bughouse.Board(PICTURED_FEN)
    assert board.is_check() and board.is_promoted(bughouse.B4)
    return board


def test_a_board_picture_shows_pieces_promotions_pockets_and_check():
    board = pictured()
    root = parse(bughouse.svg.board(board))
    pieces = with_class(root, "piece")
    on_board = sum(1 for sq in range(64) if board.piece_at(sq) is not None)
    in_pockets = sum(1 for p in board.pockets for t in (1, 2, 3, 4, 5) if p.count(t))
    assert len(pieces) == on_board + in_pockets
    assert [e.get("class") for e in with_class(root, "promoted")] == ["promoted b4"]
    assert [e.get("class") for e in with_class(root, "check")] == ["check e1"]
    counts = sorted(e.text for e in with_class(root, "pocket-count"))
    assert counts == sorted(["2", "2", "2", "5", "3"])  # R R, B B, N N, 5 P; 3 p
    assert len(with_class(root, "pocket")) == 2
    assert len(with_class(root, "white-queen")) == 2  # b4 and White's pocket


def test_last_move_arrows_orientation_and_size():
    board = bughouse.Board()
    board.push_san("e4")
    root = parse(bughouse.svg.board(board, arrows=[Arrow(bughouse.G1, bughouse.F3),
                                                   (bughouse.D1, bughouse.D1)], size=200))
    assert sorted(e.get("class") for e in with_class(root, "lastmove")) == [
        "lastmove e2", "lastmove e4"]
    assert len(with_class(root, "arrow")) == 2 and root.get("width") == "200"
    # A drop marks only its square; Black at the bottom flips the board.
    zh = bughouse.Board("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", crazyhouse=True)
    zh.push_uci("N@d6")
    flipped = parse(bughouse.svg.board(zh, orientation=bughouse.BLACK))
    assert [e.get("class") for e in with_class(flipped, "lastmove")] == ["lastmove d6"]
    a1 = next(e for e in with_class(flipped, "a1") if "square" in e.get("class", ""))
    assert (a1.get("x"), a1.get("y")) == ("330", "60")  # top right
    with pytest.raises(ValueError, match="0..63"):
        Arrow(0, 64)


def test_repr_svg_is_the_picture():
    board = pictured()
    assert board._repr_svg_() == bughouse.svg.board(board)
    game = bughouse.Game()
    assert game._repr_svg_() == bughouse.svg.game(game)
    piece = parse(bughouse.svg.piece(bughouse.KNIGHT, bughouse.BLACK, size=45))
    assert len(with_class(piece, "black-knight")) == 1


def test_a_game_picture_shows_both_boards_clocks_pockets_and_the_outcome():
    game = bughouse.Game(
        time_control="60+0", bfen="6rk/6pp/8/6N1/8/8/8/4K3[] w - - 0 1 | " + bughouse.STARTING_FEN)
    game.push("B", "e4", at_ms=500)
    game.push("b", "d5", at_ms=900)
    game.push("B", "exd5", at_ms=1500)  # the black pawn goes to B-White's partner, A-Black
    root = parse(bughouse.svg.game(game, names={"A": "Ann & <co>"},
                                   arrows=[("B", Arrow(bughouse.D1, bughouse.H5))]))
    clocks = {e.get("class"): e.text for e in with_class(root, "clock")}
    assert clocks == {"clock a": "1:00.0", "clock A": "0:58.5", "clock B": "0:58.9",
                      "clock b": "0:59.6"}
    players = [e.text for e in with_class(root, "player")]
    assert "▶ Ann & <co>" in players  # escaped in the XML, read back whole
    assert len(with_class(root, "lastmove")) == 2  # board B's exd5
    assert len(with_class(root, "arrow")) == 1
    # The pawn taken on board B went to the partner's pocket on board A.
    assert game.pocket("a").count(bughouse.PAWN) == 1
    assert len(with_class(root, "black-pawn")) == 2 + 7 + 1  # A, B, the pocket
    game.push("A", "Nf7#", at_ms=2000)
    over = parse(bughouse.svg.game(game))
    assert [e.text for e in with_class(over, "outcome")] == [str(game.outcome())]
    assert [e.get("class") for e in with_class(over, "check")] == ["check h8"]
    # A game without clocks has no clock text.
    untimed = parse(bughouse.svg.game(bughouse.Game(mode="turn")))
    assert with_class(untimed, "clock") == []


# --- the picture in a browser -------------------------------------------------


def read_png(data: bytes) -> tuple[int, int, list]:
    """The pixels of an 8-bit RGB or RGBA, non-interlaced PNG, as rows of
    RGB tuples (what Chromium's screenshots are)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    assert header is not None
    width, height, depth, color_type, _, _, interlace = header
    assert depth == 8 and color_type in (2, 6) and interlace == 0, header
    channels = 3 if color_type == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append([tuple(line[x * channels:x * channels + 3]) for x in range(width)])
        previous = line
    return width, height, rows


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if found is None:
        if os.environ.get("BUGHOUSE_SKIP_BROWSER"):
            pytest.skip("no chromium (BUGHOUSE_SKIP_BROWSER set)")
        pytest.fail("chromium is needed (make test-python installs Debian's chromium)")
    return found


def render(svg: str, tmp_path: Path, width: int, height: int) -> bytes:
    page = tmp_path / "picture.svg"
    page.write_text(svg, encoding="utf-8")
    shot = tmp_path / "picture.png"
    subprocess.run(
        [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--force-device-scale-factor=1", f"--window-size={width},{height}",
         f"--screenshot={shot}", page.as_uri()],
        check=True, capture_output=True, timeout=120,
    )
    return shot.read_bytes()


def test_the_board_picture_renders_in_chromium_as_the_reference(tmp_path):
    # No text (fonts differ between machines): no coordinates, and the
    # pockets hold single pieces only. A promoted queen, a drop that checks.
    board = bughouse.Board("r1bqk2r/pP3ppp/2n5/8/1Q~6/8/P4PPP/R1B1K1NR[QRBNPqrbnp] b KQkq - 0 2")
    board.push_san("N@d3+")
    svg = bughouse.svg.board(board, coordinates=False, arrows=[Arrow(bughouse.B4, bughouse.F8)])
    parse(svg)
    width, height = 360, 450
    shot = render(svg, tmp_path, width, height)
    if os.environ.get("BUGHOUSE_WRITE_REFERENCE"):
        REFERENCE.write_bytes(shot)
    got = read_png(shot)
    want = read_png(REFERENCE.read_bytes())
    assert got[:2] == want[:2] == (width, height)
    differing = sum(
        1
        for row_got, row_want in zip(got[2], want[2])
        for a, b in zip(row_got, row_want)
        if max(abs(x - y) for x, y in zip(a, b)) > 48
    )
    # Anti-aliasing may differ a little between Chromium builds.
    assert differing < 0.02 * width * height, differing
    # And the picture is not blank: the board's squares are there.
    colours = {pixel for row in got[2][::15] for pixel in row[::15]}
    assert len(colours) > 5
