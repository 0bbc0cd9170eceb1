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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=400000, help="Fairy-Stockfish's nodes per judgement")
    parser.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    parser.add_argument("--cache", help="JSON cache of judgements (default: judge_cache_NODES.json)")
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
        for name, f in (("cp", clipped), ("win probability", win_probability)):
            mine = [f(cache[f"{fen}|{trace[fen]}"]) for fen in common]
            diffs = [m - f(cache[f"{fen}|{base[fen]}"]) for m, fen in zip(mine, common)]
            mean = sum(diffs) / n
            se = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else 0.0
            print(f"  {name}: mean {sum(mine) / n:.4g}, against the base {mean:+.4g} ± {se:.2g}")


if __name__ == "__main__":
    main()
