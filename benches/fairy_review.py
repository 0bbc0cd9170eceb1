#!/usr/bin/env python3
"""What each of our bot's moves cost, in Fairy-Stockfish's judgement.

Reads a trace written by `VS_FAIRY_TRACE=FILE benches/vs_fairy.sh ...` (one
line per decision: FEN with both pockets, our move in UCI, our score, our
depth; tab-separated), asks Fairy-Stockfish for its score of each position
before our move and after it (`go movetime MS` each), writes one line per
decision to OUT (the trace's fields, Fairy's best move, its score before,
after, and the difference, all from the mover's side) and prints a summary:
how many moves cost 150 cp or more from a position that was not lost, how
many walked into a forced mate, how far our scores sit from Fairy's, and
per game the score trajectory.

    benches/fairy_review.py TRACE OUT [--movetime MS] [--variant crazyhouse|bughouse]

Standard library only; FAIRY names the engine (default: fairy-stockfish on
the PATH, else /usr/games/fairy-stockfish). Fairy-Stockfish's bughouse
variant does not know the other board, so in bughouse its scores are those
of a board whose captures vanish: a guide, not a verdict.
"""

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys

MATE = 30000
SCORE = re.compile(r"score (cp|mate) (-?\d+)")


class Fairy:
    def __init__(self, path, variant):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait("uciok")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Hash value 64")
        self.send("isready")
        self.wait("readyok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                sys.exit("fairy-stockfish ended unexpectedly")
            if line.startswith(prefix):
                return line

    def score(self, fen, moves, movetime):
        """Fairy's best move and score (centipawns, mate as ±(30000 − 10·n))
        for the side to move."""
        self.send(f"position fen {fen}" + (f" moves {moves}" if moves else ""))
        self.send(f"go movetime {movetime}")
        last = ("cp", 0)
        while True:
            line = self.proc.stdout.readline()
            m = SCORE.search(line)
            if m:
                last = (m.group(1), int(m.group(2)))
            if line.startswith("bestmove"):
                best = line.split()[1]
                break
        kind, value = last
        if kind == "cp":
            return best, value
        return best, (MATE - 10 * abs(value)) * (1 if value > 0 else -1)


def games_of(rows):
    """Splits the decisions into games: a game starts where the move number falls."""
    games, current, last = [], [], 0
    for r in rows:
        number = int(r["fen"].split()[-1])
        if number < last and current:
            games.append(current)
            current = []
        current.append(r)
        last = number
    if current:
        games.append(current)
    return games


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("trace")
    ap.add_argument("out")
    ap.add_argument("--movetime", type=int, default=150)
    ap.add_argument("--variant", default="crazyhouse", choices=["crazyhouse", "bughouse"])
    a = ap.parse_args()
    path = os.environ.get("FAIRY") or shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
    fairy = Fairy(path, a.variant)
    rows = []
    with open(a.trace) as trace, open(a.out, "w") as out:
        for line in trace:
            fen, move, ours, depth = line.rstrip("\n").split("\t")
            best, before = fairy.score(fen, "", a.movetime)
            _, reply = fairy.score(fen, move, a.movetime)
            after = -reply
            r = dict(fen=fen, move=move, ours=int(ours), depth=int(depth), best=best,
                     before=before, after=after, cost=before - after)
            rows.append(r)
            out.write("\t".join(str(r[k]) for k in
                                ("fen", "move", "ours", "depth", "best", "before", "after", "cost")) + "\n")
            out.flush()
    fairy.send("quit")

    bound = MATE - 1000
    costly = [r for r in rows if r["before"] > -300 and r["cost"] >= 150]
    mated = [r for r in rows if r["after"] <= -bound < r["before"]]
    plain = [r for r in rows if abs(r["ours"]) < 3000 and abs(r["before"]) < 3000]
    print(f"{len(rows)} decisions, our average depth {statistics.mean(r['depth'] for r in rows):.1f}")
    print(f"moves costing >= 150 cp from a position not lost (Fairy > -300): {len(costly)}")
    print(f"moves into a forced mate Fairy had not seen before: {len(mated)}"
          + (f" (our depth there {statistics.mean(r['depth'] for r in mated):.1f})" if mated else ""))
    if plain:
        gaps = [r["ours"] - r["before"] for r in plain]
        print(f"our score minus Fairy's (both below 3000): mean {statistics.mean(gaps):.0f}, "
              f"median {statistics.median(gaps):.0f}")
    for i, g in enumerate(games_of(rows)):
        final = g[-1]["after"]
        result = "won" if final >= bound else ("lost" if final <= -bound else "open")
        path = " ".join(str(max(-9999, min(9999, r["before"]))) for r in g)
        print(f"game {i + 1} ({result}, best {max(r['before'] for r in g)}): {path}")


if __name__ == "__main__":
    main()
