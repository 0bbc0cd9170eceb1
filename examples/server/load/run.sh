#!/usr/bin/env bash
# The server's load run: N all-computer tables for S seconds, the server on
# one core (taskset -c 0, one search thread), the load client on the other.
# Loopback only; bounded in time. Usage: run.sh [TABLES] [SECONDS] [NODES]
# ($SERVER_ARGS go to the server, e.g. SERVER_ARGS="--search-niceness 0").
set -euo pipefail
TABLES=${1:-1000}
SECS=${2:-60}
NODES=${3:-1000}
cd "$(dirname "$0")/../../.."
cargo build --release -q -p bughouse-server --bin bughouse-server --example load
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
WORK=$(mktemp -d)
trap 'kill "$PID" 2>/dev/null || true; rm -rf "$WORK"' EXIT
taskset -c 0 target/release/bughouse-server --port 0 --db "$WORK/load.sqlite3" \
    --search-threads 1 ${SERVER_ARGS:-} > "$WORK/server.out" 2> "$WORK/server.err" &
PID=$!
for _ in $(seq 100); do
    grep -q '^listening on ' "$WORK/server.out" 2>/dev/null && break
    sleep 0.1
done
ADDR=$(sed -n 's/^listening on //p' "$WORK/server.out")
echo "server pid $PID on $ADDR (core 0); client on core 1; load average $(cut -d' ' -f1-3 /proc/loadavg)"
taskset -c 1 target/release/examples/load --addr "$ADDR" --tables "$TABLES" \
    --seconds "$SECS" --nodes "$NODES" --server-pid "$PID"
echo "database: $(du -h "$WORK/load.sqlite3" | cut -f1) after the run; load average $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -s "$WORK/server.err" ]; then echo "server stderr:"; head -20 "$WORK/server.err"; fi
