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

    .venv/bin/python benches/judge_moves.py --nodes 400000 BASE.tsv OTHER.tsv...

With `--gap` it also prints how far the traces' own scores (their fourth
field) sit from the judge's, and a least-squares fit of that gap on the
material in hand and on the board (pawns of 1/3/3/5/9, from the mover's
side).

Fairy-Stockfish searches each position after a move once, from a new game
(`ucinewgame`), at a fixed node budget, driven by python-chess's UCI
client (the project's development dependency, in its `.venv`). Its score depends
on what the engine searched before, even after `ucinewgame`: the same
moves in the same order give the same scores again, but the same position
judged twice in a row at 400 000 nodes gave -57 and -69 cp, and 20 moves
judged in another order than the cache's differed from it by up to 317
cp. So the judgements are cached by position and move in `--cache`
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
import statistics
import threading

import chess
import chess.engine
import chess.variant

CLIP = 2000
MATE = 30000


def judge(engine, fen, move, nodes):
    """Fairy-Stockfish's score after `move`, for the side that made it
    (mate in n as ±(30000 − n)), searched from a new game."""
    board = chess.variant.CrazyhouseBoard(fen)
    mover = board.turn
    board.push_uci(move)
    # A new `game` each time makes python-chess send `ucinewgame`.
    info = engine.analyse(board, chess.engine.Limit(nodes=nodes), game=object())
    return info["score"].pov(mover).score(mate_score=MATE)


def on_two_engines(fairy, items, work):
    """`work(engine, item)` for every item, on two Fairy-Stockfish engines
    in parallel (one takes the even places, the other the odd, each in
    order, so the same items give the same answers); the answers in the
    items' order."""
    answers = [None] * len(items)

    def run(start):
        with chess.engine.SimpleEngine.popen_uci(fairy) as engine:
            engine.configure({"Threads": 1, "Hash": 16})
            for i in range(start, len(items), 2):
                answers[i] = work(engine, items[i])

    workers = [threading.Thread(target=run, args=(start,)) for start in range(2)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    return answers


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
    (y, x) rows (normal equations, Gauss-Jordan: the standard library fits one
    variable only)."""
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
    gaps = [o - j for o, j, _ in rows]
    print(f"our score minus the judge's over {len(rows)} decisions (both below 3000): "
          f"mean {statistics.mean(gaps):.0f}, median {statistics.median(gaps):.0f}")
    # Ours in hand, theirs in hand, the board lead (pawns, mover's side).
    features = [[1, m[2], m[3], m[0] - m[1]] for _, _, m in rows]
    fit = least_squares(list(zip(gaps, features)))
    residual = sum((g - sum(c * x for c, x in zip(fit, f))) ** 2 for g, f in zip(gaps, features))
    r2 = 1 - residual / sum((g - statistics.mean(gaps)) ** 2 for g in gaps)
    print("  gap ≈ {:.0f} + {:.0f} per pawn of ours in hand + {:.0f} per pawn of theirs in hand "
          "{:+.0f} per pawn of board lead (R² {:.2f})".format(*fit, r2))
    slope, intercept = statistics.linear_regression([o for o, _, _ in rows], [j for _, j, _ in rows])
    print(f"  judge ≈ {intercept:.0f} + {slope:.2f} × ours")


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
    scores = on_two_engines(args.fairy, todo, lambda engine, key: judge(engine, *key.split("|"), args.nodes))
    cache.update(zip(todo, scores))
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
            se = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
            print(f"  {name}: mean {statistics.mean(mine):.4g}, "
                  f"against the base {statistics.mean(diffs):+.4g} ± {se:.2g}")
    if args.gap:
        print_gap(args.traces, cache)


if __name__ == "__main__":
    main()
