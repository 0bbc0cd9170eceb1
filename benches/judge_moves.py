#!/usr/bin/env python3
"""Judges the moves of crazyhouse traces by Fairy-Stockfish's score after
each move, so that two versions of the bot can be compared on the same
positions without playing matches.

A trace line is tab-separated: match, FEN (both pockets), move (UCI),
score, depth — what `VS_FAIRY_TRACE` writes and what
`benches/examples/bot_trace.rs` writes for a fixed set of positions. The
first trace is the base; for every other one the script prints the mean
difference to the base over the positions both decided, with its standard
error, in clipped centipawns and in win probability (a logistic of the
score, 400 cp per factor of ten), and how many moves were the same.

    python3 benches/judge_moves.py --nodes 400000 BASE.tsv OTHER.tsv...

With `--gap` it also prints how far the traces' own scores (their fourth
field) sit from the judge's, and a least-squares fit of that gap on the
material in hand and on the board (pawns of 1/3/3/5/9, from the mover's
side).

Fairy-Stockfish searches each position after a move once, from a new game
(`ucinewgame`), at a fixed node budget. Its score is not exactly
reproducible there (the same position judged twice in a row at 400 000
nodes gave -57 and -69 cp; a second run over 20 moves differed by up to
317 cp), so the judgements are cached by position and move in `--cache`
(the default is keyed by the budget): a move two versions share is judged
once and adds nothing to their difference, and the standard error printed
includes the judge's own noise. Two engines work in parallel. The judge is
Fairy-Stockfish itself, so its own moves may be favoured; between two
versions of ours it is neutral.
"""
import argparse
import json
import math
import os
import subprocess
import threading

CLIP = 2000
MATE = 30000


class Engine:
    """One Fairy-Stockfish process speaking UCI, set to crazyhouse."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        self.wait("uciok")
        for option in ("UCI_Variant value crazyhouse", "Threads value 1", "Hash value 16"):
            self.send(f"setoption name {option}")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix):
        """Reads up to a line starting with `prefix`; returns the last
        score seen on the way (side to move; mate in n as ±(30000 − 10n))."""
        score = None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("fairy-stockfish exited")
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                kind, value = words[words.index("score") + 1:][:2]
                if kind == "cp":
                    score = int(value)
                elif kind == "mate":
                    n = int(value)
                    score = (MATE - 10 * abs(n)) * (1 if n > 0 else -1)
            if line.startswith(prefix):
                return score

    def judge(self, fen, move, nodes):
        """Fairy-Stockfish's score after `move`, for the side that made it."""
        self.send("ucinewgame")
        self.send(f"position fen {fen} moves {move}")
        self.send(f"go nodes {nodes}")
        score = self.wait("bestmove")
        return 0 if score is None else -score


def read_trace(path):
    """FEN -> move, from a trace's lines."""
    moves = {}
    with open(path) as f:
        for n, line in enumerate(f, 1):
            fields = line.rstrip("\n").split("\t")
            if len(fields) < 3:
                raise SystemExit(f"{path}:{n}: not a trace line (match, FEN, move, ...)")
            moves[fields[1]] = fields[2]
    return moves


PAWNS = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9, "k": 0}


def material(fen):
    """Material of the side to move and of the other, on the board and in
    hand, in pawns (1/3/3/5/9): (ours on board, theirs on board, ours in
    hand, theirs in hand)."""
    board, rest = fen.split("[", 1)
    hand, after = rest.split("]", 1)
    white = after.split()[0] == "w"

    def count(text, upper):
        return sum(PAWNS[c.lower()] for c in text if c.isalpha() and c.isupper() == upper)

    mine = (count(board, white), count(board, not white), count(hand, white), count(hand, not white))
    return mine


def least_squares(rows):
    """Coefficients b minimising the squared error of y ≈ b·x over
    (y, x) rows (normal equations, Gauss-Jordan)."""
    k = len(rows[0][1])
    m = [[0.0] * (k + 1) for _ in range(k)]
    for y, x in rows:
        for i in range(k):
            m[i][k] += x[i] * y
            for j in range(k):
                m[i][j] += x[i] * x[j]
    for i in range(k):
        pivot = max(range(i, k), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        for r in range(k):
            if r != i:
                factor = m[r][i] / m[i][i]
                m[r] = [a - factor * b for a, b in zip(m[r], m[i])]
    return [m[i][k] / m[i][i] for i in range(k)]


def print_gap(paths, cache):
    """How far the traces' own scores sit from the judge's, and a fit of
    that gap on the material in hand and on the board."""
    rows = []
    for path in paths:
        with open(path) as f:
            for line in f:
                _, fen, move, ours = line.split("\t")[:4]
                judged = cache[f"{fen}|{move}"]
                if abs(int(ours)) < 3000 and abs(judged) < 3000:
                    rows.append((int(ours), judged, material(fen)))
    if len(rows) < 5:
        return
    gaps = sorted(o - j for o, j, _ in rows)
    print(f"our score minus the judge's over {len(rows)} decisions (both below 3000): "
          f"mean {sum(gaps) / len(gaps):.0f}, median {gaps[len(gaps) // 2]}")
    fit = least_squares([(o - j, [1, m[2], m[3], m[0] - m[1]]) for o, j, m in rows])
    mean = sum(gaps) / len(gaps)
    residual = sum((o - j - sum(c * x for c, x in zip(fit, [1, m[2], m[3], m[0] - m[1]]))) ** 2
                   for o, j, m in rows)
    r2 = 1 - residual / sum((g - mean) ** 2 for g in gaps)
    print("  gap ≈ {:.0f} + {:.0f} per pawn of ours in hand + {:.0f} per pawn of theirs in hand "
          "{:+.0f} per pawn of board lead (R² {:.2f})".format(*fit, r2))
    line = least_squares([(j, [1, o]) for o, j, _ in rows])
    print("  judge ≈ {:.0f} + {:.2f} × ours".format(*line))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=400000, help="Fairy-Stockfish's nodes per judgement")
    parser.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    parser.add_argument("--cache", help="JSON cache of judgements (default: judge_cache_NODES.json)")
    parser.add_argument("--gap", action="store_true",
                        help="also compare the traces' own scores with the judge's")
    parser.add_argument("traces", nargs="+", help="the base trace first")
    args = parser.parse_args()
    cache_path = args.cache or f"judge_cache_{args.nodes}.json"
    cache = {}
    if os.path.exists(cache_path):
        with open(cache_path) as f:
            cache = json.load(f)
    traces = [read_trace(t) for t in args.traces]
    todo = sorted({f"{fen}|{mv}" for t in traces for fen, mv in t.items()} - cache.keys())
    print(f"{len(todo)} moves to judge at {args.nodes} nodes")
    lock = threading.Lock()

    def work(keys):
        engine = Engine(args.fairy)
        for key in keys:
            fen, move = key.split("|")
            score = engine.judge(fen, move, args.nodes)
            with lock:
                cache[key] = score

    workers = [threading.Thread(target=work, args=(todo[i::2],)) for i in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    with open(cache_path, "w") as f:
        json.dump(cache, f)

    def clipped(s):
        return max(-CLIP, min(CLIP, s))

    def win_probability(s):
        return 1 / (1 + 10 ** (-clipped(s) / 400))

    base = traces[0]
    for path, trace in zip(args.traces, traces):
        common = [fen for fen in trace if fen in base]
        n = len(common)
        same = sum(trace[fen] == base[fen] for fen in common)
        print(f"{path}: {n} positions, {same} moves as the base's")
        if n == 0:
            continue
        for name, f in (("cp", clipped), ("win probability", win_probability)):
            mine = [f(cache[f"{fen}|{trace[fen]}"]) for fen in common]
            diffs = [m - f(cache[f"{fen}|{base[fen]}"]) for m, fen in zip(mine, common)]
            mean = sum(diffs) / n
            se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
            print(f"  {name}: mean {sum(mine) / n:.4g}, against the base {mean:+.4g} ± {se:.2g}")
    if args.gap:
        print_gap(args.traces, cache)


if __name__ == "__main__":
    main()
