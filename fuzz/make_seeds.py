#!/usr/bin/env python3
"""Writes the committed seed corpora under fuzz/seeds/<target>/.

Real data only where it exists: the FENs of the perft files, game records
of bughouse-core/tests/data/corpus/, and positions reached in those games
(listed in src/lib.rs as EXTRA_FENS and SEED_BFENS). The bytes that drive
random play are from a fixed-seed generator, so the seeds are reproducible:
    python3 fuzz/make_seeds.py
"""
import pathlib
import random
import re

ROOT = pathlib.Path(__file__).resolve().parent
DATA = ROOT.parent / "bughouse-core" / "tests" / "data"
SEEDS = ROOT / "seeds"
LIB = (ROOT / "src" / "lib.rs").read_text()
rng = random.Random(0xB06)


def consts(name):
    block = re.search(name + r"[^=]*= &?\[(.*?)\n\];", LIB, re.S).group(1)
    return re.findall(r'"([^"]+)"', block)


perft_fens = [
    line[4:].strip()
    for f in sorted(DATA.glob("*.perft"))
    for line in f.read_text().splitlines()
    if line.startswith("epd ")
]
fens = list(dict.fromkeys(perft_fens + consts("EXTRA_FENS")))
bfens = consts("SEED_BFENS")


def write(target, items):
    d = SEEDS / target
    d.mkdir(parents=True, exist_ok=True)
    # Inputs that once crashed (regress-*) stay; generated seeds are rewritten.
    for old in d.glob("seed-*"):
        old.unlink()
    for i, data in enumerate(items):
        if isinstance(data, str):
            data = data.encode()
        (d / f"seed-{i:03}").write_bytes(data)


def noise(n):
    return bytes(rng.randrange(256) for _ in range(n))


write("fen_from_ascii", fens + [
    "", "8/8/8/8/8/8/8/8 w - - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qq w KQkq - 0 1",
    "4k3/8/8/8/8/8/8/4K3[] w - e3 0 1", "4k3/8/8/8/8/8/8/4K3[] w - - 0 0",
    "4k3/8/8/8/8/8/8/4K3[] w - - 999999 999999",
])

write("bfen_from_ascii", bfens + [
    f"{a} | {b}" for a, b in zip(fens[::3], fens[1::3])
] + ["|", " | ", fens[0]])

UCI = {
    0: ["e2e4", "e2e5", "g1f3", "e1g1", "a2a1q", "P@e4", "e7e5"],
    "4k3/1P6/8/3pP3/8/8/6p1/R3K2R[Nn] w KQ d6 0 1":
        ["e5d6", "b7b8q", "b7b8n", "e1c1", "e1g1", "N@d6", "n@f3", "b7b8k", "e5e6"],
    "4k3/8/8/8/4r3/8/8/4K3[NQ] w - - 0 1": ["N@e2", "Q@e3", "e1d1", "e1e2", "N@a1"],
    "8/8/8/KPp4r/8/8/8/4k3[] w - c6 0 1": ["b5c6", "b5b6", "a5a4"],
    "4k3/8/8/8/8/8/1q~6/4K3[P] w - - 0 1": ["P@d2", "P@a1", "e1b2", "e1f1"],
}
SAN = {
    0: ["e4", "Nf3", "O-O", "e5", "exd5", "N@f3", "Qxf7#", "Ng1f3", "e2-e4", "0-0-0"],
    "4k3/1P6/8/3pP3/8/8/6p1/R3K2R[Nn] w KQ d6 0 1":
        ["exd6", "exd6 e.p.", "b8=Q+", "b8Q", "b8=N", "O-O-O", "O-O", "N@d6+", "@d6", "N*d6", "Ra8+", "Kf2"],
    "4k3/8/8/8/4r3/8/8/4K3[NQ] w - - 0 1": ["N@e2", "Q@e3", "Kd1", "Kxe4"],
    "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[QRBNPqrbnp] b KQkq - 0 1":
        ["Nxc3", "Bxc3+", "O-O", "P@d6", "p@d6", "Q@h4", "Ng5", "N4xc3", "Ne4xc3"],
    "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - - 0 1":
        ["Q@e7#", "Qd5+", "Rxf5", "P@e4", "cxb7", "Nd4+"],
}


def context(fen):
    return fen.encode() + b"\n" if isinstance(fen, str) else bytes([fen])


write("uci_from_ascii", [context(f) + m.encode() for f, ms in UCI.items() for m in ms])
write("san_from_ascii", [context(f) + m.encode() for f, ms in SAN.items() for m in ms])

records = [
    *sorted((DATA / "corpus" / "fics-bpgn").rglob("*.bpgn")),
    *sorted((DATA / "corpus" / "fics-embedded").glob("*.bpgn")),
    *sorted((DATA / "corpus" / "chesscom-derived-bpgn").glob("*.bpgn"))[:4],
    *sorted((DATA / "corpus" / "crazyhouse-lichess").glob("*.pgn")),
]
zh = (DATA / "corpus" / "crazyhouse-fics" / "zh.pgn").read_bytes()
zh_games = re.split(rb"\n(?=\[Event )", zh)[:3]
write("bpgn_from_ascii", [p.read_bytes() for p in records] + zh_games)

legals = []
for fen in fens:
    for flavour in (2, 6):  # bughouse, crazyhouse; a FEN line follows
        legals.append(bytes([flavour]) + fen.encode() + b"\n" + noise(96))
for head in (0, 1, 4, 5):  # a seed by index; a board built from bytes
    for _ in range(4):
        legals.append(bytes([head]) + noise(128))
write("legals_are_legal", legals)

games = []
for mode in range(8):
    for start in range(len(bfens)):
        if rng.random() < 0.25:
            cap = rng.choice([5, 20, 40, 220])
            games.append(bytes([mode, rng.randrange(16), cap]) + noise(3) + bytes([start, 0]) + noise(400))
# Long games: a burst of 2040 random moves (op 150) to the default cap of
# 800 or the largest one, in each way of playing.
for mode in (0, 2, 3):
    for cap in (200, 253):
        games.append(bytes([mode, 15, cap, 0xFF, 0xFF, 0, rng.randrange(len(bfens)), 0, 150, 255]) + noise(4) + noise(40))
write("game_actions", games)

zh_fens = [f for f in fens if "[" in f or f.count("/") == 8]
write("crazyhouse_vs_shakmaty", [f.encode() + b"\n" + noise(120) for f in zh_fens])
