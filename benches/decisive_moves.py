#!/usr/bin/env python3
"""Where the matches against Fairy-Stockfish are lost (issue 15,
benches/README.md, session 31): for each lost match of a run, the move of
ours after which Fairy-Stockfish's score for us fell to -300 or below for
good, by Fairy-Stockfish's review of the run's trace.

    .venv/bin/python benches/decisive_moves.py [--after OUT] POSITIONS REVIEW...

POSITIONS is the run's `VS_FAIRY_POSITIONS` file (each match's result),
REVIEW the output of `vs_fairy --review TRACE --out REVIEW` on its
`VS_FAIRY_TRACE` (one line per decision of ours: match, FEN, move, our
score, depth, Fairy-Stockfish's move, its score before our move and
after it, both for us), in one file or several (a trace reviewed in
parts). It reads the moves with python-chess, the project's development
dependency (the Makefile's `setup-python` installs it).

With `--after OUT` it also writes the positions just after the decisive
moves that came among our first fifteen while our own score was -100 or
above (the moves the bot did not see coming), one trace line each
(match, FEN with the opponent to move, our move, our score, 0, -,
Fairy-Stockfish's scores before and after it): `bot_trace NODES < OUT`
and `fairy_scaling.py depth OUT NODES...` search them (session 32).
"""
import argparse
import collections

import chess
import chess.variant

from mate_upside import match_results

LOST = -300
# The moves --after writes: among our first fifteen, at our score -100 or above.
EARLY = 15
UNSEEN = -100


def reviewed(paths):
    by_match = collections.defaultdict(list)
    for path in paths:
        with open(path) as f:
            for line in f:
                x = line.rstrip("\n").split("\t")
                by_match[int(x[0])].append(
                    {
                        "fen": x[1],
                        "move": x[2],
                        "ours": int(x[3]),
                        "before": int(x[6]),
                        "after": int(x[7]),
                    }
                )
    return by_match


def piece_moved(fen, move):
    """The piece a UCI move moves ("drop N" for N@e4), upper case."""
    if "@" in move:
        return "drop " + move[0].upper()
    board = chess.variant.CrazyhouseBoard(fen)
    return board.piece_at(chess.parse_square(move[:2])).symbol().upper()


def median(values):
    values = sorted(values)
    return values[len(values) // 2] if values else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--after", help="write the positions after early unseen decisive moves here")
    parser.add_argument("positions")
    parser.add_argument("reviews", nargs="+")
    args = parser.parse_args()
    results = match_results(args.positions)
    rows = reviewed(args.reviews)
    lost = sorted(m for m, r in results.items() if r == 0 and m in rows)
    from_start = [m for m in lost if rows[m][0]["before"] <= LOST]
    decisive = []
    for m in lost:
        if m in from_start:
            continue
        last = None
        for i, row in enumerate(rows[m]):
            if row["before"] > LOST >= row["after"]:
                last = i
        if last is not None:
            decisive.append((m, last, rows[m][last]))
    print(
        f"lost {len(lost)}: lost at our first decision (Fairy-Stockfish "
        f"{LOST} or below) {len(from_start)}, with a decisive move {len(decisive)}"
    )
    by_index = collections.Counter(min(i // 5 * 5, 30) for _, i, _ in decisive)
    print(
        "  our decision it was (0: the first), by fives: "
        + ", ".join(f"{k}-{k + 4 if k < 30 else ''}: {n}" for k, n in sorted(by_index.items()))
    )
    kinds = collections.Counter(piece_moved(r["fen"], r["move"]) for _, _, r in decisive)
    print("  the piece moved: " + ", ".join(f"{k} {n}" for k, n in kinds.most_common()))
    print(
        f"  medians: our score {median(r['ours'] for _, _, r in decisive)}, "
        f"Fairy-Stockfish's before {median(r['before'] for _, _, r in decisive)}, "
        f"the move's cost {median(r['before'] - r['after'] for _, _, r in decisive)}; "
        f"our score 0 or more at {sum(r['ours'] >= 0 for _, _, r in decisive)}"
    )
    if args.after:
        with open(args.after, "w") as out:
            for m, i, r in decisive:
                if i >= EARLY or r["ours"] < UNSEEN:
                    continue
                board = chess.variant.CrazyhouseBoard(r["fen"])
                board.push_uci(r["move"])
                out.write(
                    f"{m}\t{board.fen()}\t{r['move']}\t{r['ours']}\t0\t-\t{r['before']}\t{r['after']}\n"
                )
    once_ahead = sum(1 for m in lost if any(r["before"] >= -LOST for r in rows[m]))
    print(f"  lost matches Fairy-Stockfish once scored {-LOST} or more for us: {once_ahead}")


if __name__ == "__main__":
    main()
