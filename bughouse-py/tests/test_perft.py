"""Perft through the binding, against numbers published for chess and
crazyhouse and computed for single-board bughouse (copied from
bughouse-core/tests/data/*.perft; only entries quick enough for every run)."""

import pytest

import bughouse
from bughouse import Board

# (id, fen, depth, leaves, crazyhouse)
CASES = [
    # Standard chess: a bughouse board whose pockets stay empty moves like chess.
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -", 3, 97862, False),
    ("position3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 5, 674624, False),
    ("position4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3, 9467, False),
    ("position5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3, 62379, False),
    # Crazyhouse: captures go to the capturer's own pocket.
    ("zh-all-drop-types", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - -", 2, 75353, True),
    ("zh-drops", "2k5/8/8/8/8/8/8/4K3[Qn] w - -", 3, 88634, True),
    ("zh-drops-9th-rank", "2k5/8/8/8/8/8/8/4K3/Qn w - -", 3, 88634, True),
    ("zh-middlegame", "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq -", 3, 58057, True),
    ("zh-promoted", "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -", 4, 132758, True),
    ("zh-midgame", "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - -", 3, 314782, True),
    # Single-board bughouse: captures leave the board.
    ("bug-startpos", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq -", 4, 197281, False),
    ("bug-drops", "2k5/8/8/8/8/8/8/4K3[Qn] w - -", 4, 931004, False),
    ("bug-middlegame", "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq -", 3, 54040, False),
    ("bug-promoted", "4k3/1Q~6/8/8/4b3/8/Kpp5/8[] b - -", 4, 102141, False),
    ("bug-midgame", "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - -", 3, 313181, False),
]


@pytest.mark.parametrize("name, fen, depth, leaves, crazyhouse", CASES, ids=[c[0] for c in CASES])
def test_perft_matches_published_numbers(name, fen, depth, leaves, crazyhouse):
    assert bughouse.perft(fen, depth, crazyhouse=crazyhouse) == leaves
    assert Board(fen, crazyhouse=crazyhouse).perft(depth) == leaves


def test_flavours_differ_from_depth_three_on():
    fen = "2k5/8/8/8/8/8/8/4K3[Qn] w - -"
    assert bughouse.perft(fen, 4) == 931004
    assert bughouse.perft(fen, 4, crazyhouse=True) == 932554


def python_perft(board: Board, depth: int) -> int:
    """Perft driven from Python: `legal_moves`, `push`, `pop`."""
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += python_perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize("name, fen, depth, leaves, crazyhouse",
                         [c for c in CASES if c[3] < 100_000], ids=[c[0] for c in CASES if c[3] < 100_000])
def test_python_driven_perft_agrees(name, fen, depth, leaves, crazyhouse):
    board = Board(fen, crazyhouse=crazyhouse)
    depth = min(depth, 3)
    start = board.fen()
    assert python_perft(board, depth) == board.perft(depth)
    assert board.fen() == start and board.move_stack == []
