#!/usr/bin/env python3
"""What more nodes buy Fairy-Stockfish in crazyhouse (issue 15,
benches/README.md, session 32): its depth at a node budget, and its score
against itself at a smaller budget.

    .venv/bin/python benches/fairy_scaling.py games BIG SMALL GAMES SEED
    .venv/bin/python benches/fairy_scaling.py depth TRACE NODES...

`games` plays Fairy-Stockfish at BIG nodes a move against itself at SMALL,
colours swapped every game, each pair from the same four random plies
(seeded); a game ends by mate, a third repetition or 600 plies (a draw).
The bot's own figure comes from `bot_selfplay` with `BOT_NODES_BASE`.

`depth` prints Fairy-Stockfish's mean depth at each budget over the
positions of TRACE (a `VS_FAIRY_TRACE` file, or `bot_trace`'s input: the
FEN is its second field), each searched with a new game (an empty table);
`bot_trace NODES < TRACE` gives the bot's depths on the same positions.

It drives the engine with python-chess (the project's development
dependency; the Makefile's `setup-python` installs it).
"""
import argparse
import math
import random

import chess
import chess.engine
import chess.variant

FAIRY = "/usr/games/fairy-stockfish"
MOST_PLIES = 600


def elo(score):
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def play_one(engines, budgets, big_white, rng, game_id):
    """One game from four random plies; 1, 0.5 or 0 for the BIG side."""
    board = chess.variant.CrazyhouseBoard()
    for _ in range(4):
        board.push(rng.choice(list(board.legal_moves)))
    for _ in range(MOST_PLIES):
        if board.is_game_over():
            break
        side = 0 if (board.turn == chess.WHITE) == big_white else 1
        limit = chess.engine.Limit(nodes=budgets[side])
        board.push(engines[side].play(board, limit, game=(game_id, side)).move)
        if board.is_repetition(3):
            return 0.5
    if not board.is_checkmate():
        return 0.5
    big_mated = (board.turn == chess.WHITE) == big_white
    return 0.0 if big_mated else 1.0


def games(args):
    results = []
    with (
        chess.engine.SimpleEngine.popen_uci(args.fairy) as big,
        chess.engine.SimpleEngine.popen_uci(args.fairy) as small,
    ):
        for index in range(args.games):
            rng = random.Random(args.seed * 100_003 + index // 2)
            results.append(
                play_one([big, small], [args.big, args.small], index % 2 == 0, rng, index)
            )
    wins, draws = results.count(1.0), results.count(0.5)
    losses = len(results) - wins - draws
    score = sum(results) / len(results)
    print(
        f"Fairy-Stockfish {args.big} against {args.small} nodes: "
        f"{100 * score:.1f} % ({wins} W {draws} D {losses} L), Elo {elo(score):+.0f}"
    )


def depth(args):
    fens = []
    with open(args.trace) as f:
        for line in f:
            fens.append(line.rstrip("\n").split("\t")[1])
    with chess.engine.SimpleEngine.popen_uci(args.fairy) as engine:
        for nodes in args.nodes:
            depths = []
            for index, fen in enumerate(fens):
                board = chess.variant.CrazyhouseBoard(fen)
                info = engine.analyse(
                    board, chess.engine.Limit(nodes=nodes), game=(nodes, index)
                )
                depths.append(info.get("depth", 0))
            print(f"{nodes} nodes: mean depth {sum(depths) / len(depths):.2f} ({len(depths)} positions)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--fairy", default=FAIRY)
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("games")
    g.add_argument("big", type=int)
    g.add_argument("small", type=int)
    g.add_argument("games", type=int)
    g.add_argument("seed", type=int)
    d = sub.add_parser("depth")
    d.add_argument("trace")
    d.add_argument("nodes", type=int, nargs="+")
    args = parser.parse_args()
    {"games": games, "depth": depth}[args.command](args)


if __name__ == "__main__":
    main()
