#!/usr/bin/env bash
# Runs the fuzz targets for SECONDS each, starting from the committed seeds,
# and fails on the first crash (libFuzzer exits non-zero; the input is kept
# in fuzz/artifacts/<target>/).
#
#   fuzz/run.sh SECONDS [TARGET...]     # every target when none is named
#
# Environment: JOBS (default 1) targets at once; FUZZ_ARGS extra libFuzzer
# flags; SANITIZER (default none: the core forbids unsafe code, so the
# address sanitizer would find nothing the language does not, at half the
# speed; `SANITIZER=address` to use it anyway). Debug assertions and
# overflow checks are on either way. The corpus grows in fuzz/corpus/<target>/ (git-ignored), seeded
# from fuzz/seeds/<target>/ on every run. Uses the stable toolchain with
# RUSTC_BOOTSTRAP=1 (cargo-fuzz needs nightly flags) and installs
# cargo-fuzz if it is missing.
set -euo pipefail

if [[ $# -lt 1 || ! $1 =~ ^[0-9]+$ ]]; then
    echo "usage: $0 SECONDS [TARGET...]" >&2
    exit 2
fi
seconds=$1
shift
cd "$(dirname "$0")"
export RUSTC_BOOTSTRAP=1
sanitizer=${SANITIZER:-none}

if ! cargo fuzz --version >/dev/null 2>&1; then
    cargo install cargo-fuzz --locked
fi

all=$(cargo fuzz list)
targets=("$@")
if [[ ${#targets[@]} -eq 0 ]]; then
    mapfile -t targets <<<"$all"
fi
for t in "${targets[@]}"; do
    if ! grep -qx "$t" <<<"$all"; then
        echo "unknown target: $t (known: $(echo $all))" >&2
        exit 2
    fi
done

# One build for all targets, then run each from its seeds.
cargo fuzz build --sanitizer "$sanitizer"

mkdir -p logs
run_one() {
    local t=$1
    mkdir -p "corpus/$t"
    cp -n "seeds/$t"/* "corpus/$t/" 2>/dev/null || true
    # -rss_limit_mb: Game is 65 KiB and targets keep a few; far below it.
    if cargo fuzz run --sanitizer "$sanitizer" "$t" "corpus/$t" -- \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=20 \
        -print_final_stats=1 ${FUZZ_ARGS:-} >"logs/$t.log" 2>&1; then
        local runs
        runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "logs/$t.log" | grep -Eo '[0-9]+$' || echo "?")
        echo "ok    $t: $runs runs in ${seconds}s"
    else
        echo "CRASH $t: see fuzz/logs/$t.log and fuzz/artifacts/$t/" >&2
        tail -n 40 "logs/$t.log" >&2
        return 1
    fi
}

status=0
jobs=${JOBS:-1}
running=0
pids=()
for t in "${targets[@]}"; do
    run_one "$t" &
    pids+=($!)
    running=$((running + 1))
    if [[ $running -ge $jobs ]]; then
        wait -n || status=1
        running=$((running - 1))
    fi
done
while [[ $running -gt 0 ]]; do
    wait -n || status=1
    running=$((running - 1))
done
exit $status
