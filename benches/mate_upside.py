#!/usr/bin/env python3
"""What a mate probe could change in a run against Fairy-Stockfish, counted
from the run itself rather than screened (issue 15, benches/README.md,
session 31).

A screen of a probe against the default runs two sets of games that part
at their first different move, so one 200-match score difference carries
a standard error of about 4.5 points. A probe that only plays proved
mates changes a game only from the first position where it proves one:
up to there the bot decides alone (its nodes aside). So the default's own
run says what the probe can win: the matches it did not win where the
probe proves a mate at one of our positions.

    mate_upside.py POSITIONS TRACE PROBE
    mate_upside.py --after POSITIONS TRACE PROBE
    mate_upside.py --paired TRACE PROBE_RUN_TRACE

POSITIONS is the run's `VS_FAIRY_POSITIONS` file (each position with the
result for the side to move and its match), TRACE its `VS_FAIRY_TRACE`
(one line per decision of ours: match, FEN, move, score, depth) and PROBE
`mate_probe --pn NODES < TRACE` (one line per trace line). With
`--after`, PROBE is `mate_probe --pn --after NODES < TRACE`: Fairy-
Stockfish's mates after our moves, and the count is of the matches we
did not win by the bot's score when its move first allowed one.

The count is exact when the probe costs the bot nothing and each match
gets a new Fairy-Stockfish (`VS_FAIRY_MATE_PROBE=NODES:9:0`,
`vs_fairy --fresh-engine`): the run with the probe then plays each match
as the run without it up to the probe's first mate, which it plays out.
`--paired` checks that on the two runs' traces (the probe's moves are
those of depth 0 with a mate score): every match the same up to there.
"""
import argparse
import collections

# The bot's mate score less its longest line (bughouse_core::bot::search's
# MATE and MAX_PLY): a score beyond it is a mate the bot has seen.
MATE_BOUND = 30000 - 64


def match_results(path):
    """Our score (1, 0.5, 0) in each match, from its first position: we
    play White in even matches."""
    results = {}
    with open(path) as f:
        for line in f:
            fen, result, _quiet, match = line.rstrip("\n").split("\t")
            match = int(match)
            if match in results:
                continue
            for_white = float(result)
            if fen.split()[1] != "w":
                for_white = 1 - for_white
            results[match] = for_white if match % 2 == 0 else 1 - for_white
    return results


def first_proved(trace_path, probe_path):
    """Each match's first trace line whose probe line proves a mate: the
    match, our move, our score, the probe's mate and its length."""
    first = {}
    with open(trace_path) as trace, open(probe_path) as probe:
        for n, (t, p) in enumerate(zip(trace, probe, strict=True)):
            match, _fen, move, score, _depth = t.rstrip("\n").split("\t")
            fields = p.rstrip("\n").split("\t")
            if int(fields[0]) != n:
                raise SystemExit(f"probe line {n + 1} is for trace line {fields[0]}")
            if fields[1].startswith("Mate") and int(match) not in first:
                first[int(match)] = (move, int(score), fields[1], int(fields[2]))
    return first


def decisions_by_match(path):
    by_match = collections.defaultdict(list)
    with open(path) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            by_match[int(fields[0])].append(fields)
    return by_match


def check_paired(trace_path, probe_run_path):
    """Whether each match of the probe's run decided as the run without it
    up to the probe's first move (and all of it, without one)."""
    without = decisions_by_match(trace_path)
    with_probe = decisions_by_match(probe_run_path)
    parted = []
    for match in sorted(set(without) | set(with_probe)):
        a, b = without.get(match, []), with_probe.get(match, [])
        first = next(
            (i for i, f in enumerate(b) if f[4] == "0" and int(f[3]) > MATE_BOUND),
            None,
        )
        same = a[:first] == b[:first] if first is not None else a == b
        if not same:
            parted.append(match)
    print(
        f"matches {len(set(without) | set(with_probe))}, "
        f"parted before the probe's first mate: {len(parted)}"
    )
    for match in parted:
        print(f"  match {match}")
    return not parted


def score_band(score):
    if score >= MATE_BOUND:
        return "we saw our mate"
    if score <= -MATE_BOUND:
        return "we saw our loss"
    if score <= -1000:
        return "below -1000"
    if score <= -300:
        return "-1000 to -300"
    return "above -300"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--after", action="store_true")
    parser.add_argument("--paired", action="store_true")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    if args.paired:
        if len(args.files) != 2:
            parser.error("--paired takes TRACE PROBE_RUN_TRACE")
        raise SystemExit(0 if check_paired(*args.files) else 1)
    if len(args.files) != 3:
        parser.error("takes POSITIONS TRACE PROBE")
    args.positions, args.trace, args.probe = args.files
    results = match_results(args.positions)
    first = first_proved(args.trace, args.probe)
    not_won = sorted(m for m, r in results.items() if r < 1)
    print(
        f"matches {len(results)}, our score {sum(results.values())}, "
        f"not won {len(not_won)}"
    )
    if args.after:
        walked = [m for m in not_won if m in first]
        print(f"not won, and a move of ours allowed a proved mate: {len(walked)}")
        bands = collections.Counter(score_band(first[m][1]) for m in walked)
        for band, count in bands.most_common():
            print(f"  our score then {band}: {count}")
        for m in walked:
            move, score, mate, length = first[m]
            if score > -300:
                print(f"  match {m}: {move} at {score}, then {mate} in {length}")
        return
    found = [m for m in not_won if m in first]
    print(
        f"matches with a proved mate {len(first)}; not won with one: "
        f"{len(found)} (the probe's most: "
        f"+{sum(1 - results[m] for m in found)} to our score)"
    )
    for m in found:
        move, score, mate, length = first[m]
        print(f"  match {m}: {mate} in {length} where we played {move} at {score}")


if __name__ == "__main__":
    main()
