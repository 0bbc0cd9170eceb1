"""Time per `Game.bot_move` from Python: the default budget and a few
others, over positions of bot-played games (both boards, all four seats).

    .venv/bin/python bughouse-py/bench/bench_bot.py [games]

Positions come from turn-based self-play with a small budget (seeded, so
every run times the same positions); each is then timed with
`bot_move(seat, nodes)` without playing. Wall time (on a shared machine it
varies with the load) and the process's CPU time per call; both include the
thread start and the fresh table of every call.
"""

import statistics
import sys
import time

import bughouse


def positions(games: int, moves: int = 60) -> list:
    found = []
    for g in range(games):
        game = bughouse.Game(mode="turn", humans="", move_cap=400)
        for _ in range(moves):
            seat = game.to_act
            if seat is None or game.is_over():
                break
            found.append((game.copy(), seat))
            game.bot_move(seat, 300, seed=g, play=True)
    return found


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    work = positions(games)
    print(f"{len(work)} positions from {games} bot games")
    for nodes in (1, 3_000, 25_000):
        times = []
        cpu0 = time.process_time()
        for i, (game, seat) in enumerate(work):
            t0 = time.perf_counter()
            game.bot_move(seat, nodes, seed=i)
            times.append((time.perf_counter() - t0) * 1000)
        cpu = (time.process_time() - cpu0) * 1000 / len(work)
        times.sort()
        print(
            f"nodes={nodes:>6}: mean {statistics.mean(times):7.3f} ms, "
            f"median {statistics.median(times):7.3f} ms, "
            f"p90 {times[int(len(times) * 0.9)]:7.3f} ms, max {times[-1]:7.3f} ms; "
            f"CPU {cpu:7.3f} ms"
        )


if __name__ == "__main__":
    main()
