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


def write(target, items, prefix="seed"):
    d = SEEDS / target
    d.mkdir(parents=True, exist_ok=True)
    # Inputs that once crashed (regress-*) stay; generated seeds are rewritten.
    for old in d.glob(f"{prefix}-*"):
        old.unlink()
    for i, data in enumerate(items):
        if isinstance(data, str):
            data = data.encode()
        (d / f"{prefix}-{i:03}").write_bytes(data)


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

# --- game_actions: the `arbitrary` encoding of fuzz_targets/game_actions.rs
# (arbitrary 1.x: integers little-endian, bool = byte & 1, Option = bool then
# the value, an enum variant k of n = a u32 x with (x * n) >> 32 == k, and the
# last field, the action list, as "keep going" bools before each element).
# Only fixed-size fields are written (no text: its length is read from the
# end of the input).

def u8(x):
    return bytes([x & 0xFF])


def u16(x):
    return (x & 0xFFFF).to_bytes(2, "little")


def u32(x):
    return (x & 0xFFFFFFFF).to_bytes(4, "little")


def variant(k, n):
    x = (k * 2**32) // n + 1
    assert (x * n) >> 32 == k
    return u32(x)


MODES = {"clocked": 0, "unclocked": 1, "turn": 2}
ACTIONS = ["move", "written", "uci", "text", "drop", "raw", "recorded", "sit", "tick",
           "offer", "withdraw", "resign", "abandon", "undo", "burst"]


def act(name):
    return variant(ACTIONS.index(name), len(ACTIONS))


def seat(r):
    return variant(0, 2) + u8(r.randrange(256)) if r.random() < 0.8 else variant(1, 2) + u8(r.randrange(256))


def pick(r):
    return variant(r.randrange(3), 3) + u16(r.randrange(65536))


def when(r):
    x = r.random()
    if x < 0.6:
        return variant(0, 3) + u8(r.randrange(256))
    if x < 0.8:
        return variant(1, 3)
    odd = r.choice([0, 1, 1, 2, 3])
    tail = [b"", u16(r.randrange(65536)), u8(r.randrange(16)), u8(r.randrange(256))][odd]
    return variant(2, 3) + variant(odd, 4) + tail


def rarely(yes):
    return u8(0 if yes else 255)


def setup(mode, humans, cap, start, base=None, increment=0, with_clock=False):
    out = variant(MODES[mode], 3)
    if mode == "turn":
        out += u8(1 if with_clock else 0)
    out += u8(humans)
    kinds = {"default": 1, "largest": 2}
    out += variant(0, 4) + u8(cap) if isinstance(cap, int) else variant(kinds[cap], 4)
    return out + u16(base if base is not None else 0xFFFF) + u8(increment) + u8(start)


def action(r, mode):
    names = ["move"] * 8 + ["written"] * 2 + ["drop", "raw", "recorded", "tick", "tick",
             "offer", "withdraw", "undo", "burst"] + (["sit"] * 3 if mode == "turn" else [])
    name = r.choice(names)
    body = act(name)
    if name == "move":
        body += seat(r) + pick(r) + when(r)
    elif name == "written":
        body += seat(r) + pick(r) + u8(r.randrange(2)) + when(r)
    elif name == "drop":
        body += seat(r) + u8(r.randrange(6)) + u8(r.randrange(64)) + when(r)
    elif name == "raw":
        body += seat(r) + u8(r.randrange(64)) + u8(r.randrange(64)) + u8(r.randrange(12)) + when(r)
    elif name == "recorded":
        body += seat(r) + pick(r) + (u8(1) + u16(r.randrange(600)) if r.random() < 0.5 else u8(0))
    elif name in ("sit", "offer", "withdraw"):
        body += seat(r)
    elif name == "tick":
        body += when(r)
    elif name == "burst":
        body += u8(r.randrange(1, 40)) + rarely(False) + u32(r.randrange(2**32))
    return body


def actions(items):
    return b"".join(b"\x01" + a for a in items)


def game_action_seeds():
    r = random.Random(0xAC7)
    out = []
    # Every way of playing from every start, with small caps and the
    # default one: a few dozen mixed actions each.
    for mode in MODES:
        for start in range(len(bfens)):
            cap = r.choice([5, 20, 40, "default"])
            humans = r.randrange(16)
            items = [action(r, mode) for _ in range(r.randrange(12, 40))]
            out.append(setup(mode, humans, cap, start, base=r.randrange(20, 2000)) + actions(items))
    # Long games: one long burst (255 x 8 = 2040 moves) to the default cap of
    # 800 or the largest one, in each way of playing, then an undo, an offer
    # and a tick on the full log.
    for mode in MODES:
        for cap in ("default", "largest"):
            burst = act("burst") + u8(255) + rarely(True) + u32(r.randrange(2**32))
            tail = [act("undo"), act("offer") + variant(1, 2) + u8(r.randrange(4)),
                    act("tick") + variant(0, 3) + u8(200)]
            out.append(setup(mode, 15, cap, r.randrange(len(bfens))) + actions([burst] + tail))
    # Endings at once: resigning, leaving, an agreed draw by every human.
    for mode in ("clocked", "turn"):
        resign = act("resign") + seat(r) + when(r) + rarely(True)
        abandon = act("abandon") + seat(r) + when(r) + rarely(True)
        out.append(setup(mode, 0, 40, 0) + actions([action(r, mode) for _ in range(6)] + [resign, act("undo")]))
        out.append(setup(mode, 0, 40, 1) + actions([action(r, mode) for _ in range(6)] + [abandon]))
        offers = [act("offer") + variant(1, 2) + u8(i) for i in range(4)]
        out.append(setup(mode, 15, 40, 2) + actions(offers + [act("undo")]))
    return out


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
# The seed-* bytes above were written for the target's first, hand-decoded
# input format; they still run (any bytes are an input) and are kept. The
# target now reads a derived `Input` (the arbitrary crate), and actions-*
# are written in that format by the encoder below.
write("game_actions", game_action_seeds(), prefix="actions")

zh_fens = [f for f in fens if "[" in f or f.count("/") == 8]
write("crazyhouse_vs_shakmaty", [f.encode() + b"\n" + noise(120) for f in zh_fens])
