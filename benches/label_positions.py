#!/usr/bin/env python3
"""Labels crazyhouse positions with Fairy-Stockfish's score, for fitting
the bot's evaluation to it (`benches/examples/tune_eval.rs`).

Reads traces (tab-separated lines whose second field is a FEN with both
pockets: what `VS_FAIRY_TRACE` and `benches/examples/bot_trace.rs`
write), and writes one line per distinct position that is not in check:
FEN, Fairy-Stockfish's score for the side to move (centipawns; a mate in
n as ±(30000 − n)), its best move (UCI), and whether that move captures
(1) or not (0) — the tuner keeps the quiet ones, where the static
evaluation should already see what the search sees.

    .venv/bin/python benches/label_positions.py --nodes 16000 --out LABELS.tsv TRACE.tsv...

Each position is searched from a new game at a fixed node budget by two
engines in parallel (`judge_moves.on_two_engines`: python-chess's UCI
client, the project's development dependency), split between them by
their order in the input, so the same input gives the same labels.
"""
import argparse

import chess
import chess.engine
import chess.variant

from judge_moves import on_two_engines

MATE = 30000


def label(engine, fen, nodes):
    """(score for the side to move, best move, whether it captures)."""
    board = chess.variant.CrazyhouseBoard(fen)
    # A new `game` each time makes python-chess send `ucinewgame`.
    info = engine.analyse(board, chess.engine.Limit(nodes=nodes), game=object())
    score = info["score"].pov(board.turn).score(mate_score=MATE)
    best = info["pv"][0] if info.get("pv") else None
    captures = best is not None and board.is_capture(best)
    return score, best.uci() if best else "-", int(captures)


def read_positions(paths):
    """The distinct FENs of the traces, in order of first appearance, that
    python-chess reads as legal crazyhouse positions not in check."""
    seen = {}
    for path in paths:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                fields = line.rstrip("\n").split("\t")
                if len(fields) < 2:
                    raise SystemExit(f"{path}:{n}: not a trace line (match, FEN, ...)")
                seen.setdefault(fields[1], None)
    positions = []
    for fen in seen:
        board = chess.variant.CrazyhouseBoard(fen)
        if not board.is_check() and not board.is_game_over():
            positions.append(fen)
    return positions


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--nodes", type=int, default=16000, help="Fairy-Stockfish's nodes per position")
    parser.add_argument("--fairy", default="/usr/games/fairy-stockfish")
    parser.add_argument("--out", required=True, help="labels file to write")
    parser.add_argument("traces", nargs="+")
    args = parser.parse_args()
    positions = read_positions(args.traces)
    print(f"{len(positions)} positions to label at {args.nodes} nodes")
    labels = on_two_engines(args.fairy, positions, lambda engine, fen: label(engine, fen, args.nodes))
    with open(args.out, "w") as f:
        for fen, (score, best, captures) in zip(positions, labels):
            f.write(f"{fen}\t{score}\t{best}\t{captures}\n")


if __name__ == "__main__":
    main()
