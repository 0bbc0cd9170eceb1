#!/bin/sh
# Matches of our bot against Fairy-Stockfish: installs Debian's
# fairy-stockfish when it is missing (apt-get, as root or through sudo),
# builds the match binary (release) and runs it with the arguments given.
# See benches/src/bin/vs_fairy.rs for the options; results in benches/README.md.
# VS_FAIRY_RT=1 runs the matches (not the build) under real-time scheduling
# (chrt -f 1, needs root or CAP_SYS_NICE), so that on a loaded machine
# neither side waits for a core: equal time stays equal. The matches are
# turn-based, so they keep one core busy and leave the other to the rest.
set -eu
cd "$(dirname "$0")/.."
FAIRY=${FAIRY:-}
if [ -z "$FAIRY" ]; then
    FAIRY=$(command -v fairy-stockfish || true)
    [ -n "$FAIRY" ] || [ ! -x /usr/games/fairy-stockfish ] || FAIRY=/usr/games/fairy-stockfish
fi
if [ -z "$FAIRY" ]; then
    echo "fairy-stockfish is missing: installing it (apt-get)" >&2
    SUDO=
    [ "$(id -u)" = 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq fairy-stockfish >/dev/null
    FAIRY=$(command -v fairy-stockfish || echo /usr/games/fairy-stockfish)
fi
${CARGO:-cargo} build --quiet --release -p bughouse-benches --bin vs_fairy
if [ "${VS_FAIRY_RT:-}" = 1 ]; then
    exec chrt -f 1 target/release/vs_fairy --fairy "$FAIRY" "$@"
fi
exec nice target/release/vs_fairy --fairy "$FAIRY" "$@"
