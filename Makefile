# One entry point for people and CI. `make test` sets up what it needs
# (Python venv, npm packages) on first use, then runs every test.

CARGO ?= cargo
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test test-rust test-rust-deep lint test-python test-node test-fuzz test-bench bench setup-python setup-node
.PHONY: install-python bench-python bench-python-parallel bench-node setup-chromium test-node-pack test-server test-server-browser load-server
.PHONY: setup-wasm build-wasm test-node-wasm test-browser bench-browser demo demo-online test-fairy

# The main job.
run:
	$(CARGO) run --release -p bughouse-core --example selfplay -- 2

test: lint test-rust test-rust-deep test-server test-python build-wasm test-node test-node-pack test-node-wasm test-browser test-server-browser test-fuzz test-bench test-fairy

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc -p bughouse-core --no-deps
	cd bughouse-node/wasm && $(CARGO) fmt -- --check && $(CARGO) clippy --all-targets -- -D warnings

test-rust:
	$(CARGO) test --workspace --exclude bughouse-server

# The reference server (examples/server): loopback integration tests (a
# live game of four WebSocket clients, seats, bad clients, kill -9 and
# restart of 20 games).
test-server:
	$(CARGO) test -p bughouse-server

# The server's load run (not part of `make test`): N all-computer tables for
# 60 s on one core; see examples/server/README.md.
LOAD_TABLES ?= 1000
load-server:
	examples/server/load/run.sh $(LOAD_TABLES)

# Deep perft and other long tests, optimised.
test-rust-deep:
	$(CARGO) test --release -p bughouse-core -- --ignored

# Python: a venv in $(VENV) on first use (pinned tools), the package built in
# release mode and installed into it, then pytest and the stub check. pytest
# exits 5 when it collects no test: that fails here, as it should. The stub
# check compares the .pyi with the module; mypy over the tests checks that
# the stubs describe real use.
PY_TOOLS := bughouse-py/requirements-dev.txt

$(VENV)/.tools: $(PY_TOOLS)
	test -x $(PY) || python3 -m venv $(VENV)
	$(PY) -m pip install --quiet -r $(PY_TOOLS)
	touch $@

setup-python: $(VENV)/.tools

# --no-build-isolation builds with the venv's pinned maturin (no download per
# build); maturin's PEP 517 hook calls the `maturin` binary, hence PATH.
install-python: setup-python
	PATH="$(abspath $(VENV))/bin:$$PATH" $(PY) -m pip install --quiet \
		--no-build-isolation --no-deps --force-reinstall ./bughouse-py

# The SVG pictures are rendered in headless Chromium (tests/test_svg.py):
# Debian's package, installed on first use.
setup-chromium:
	command -v chromium >/dev/null 2>&1 || (apt-get update && \
		apt-get install -y --no-install-recommends chromium)

test-python: install-python setup-chromium
	$(PY) -m pytest bughouse-py/tests -q
	$(PY) -m mypy.stubtest bughouse --allowlist bughouse-py/stubtest-allowlist.txt
	$(PY) -m mypy --strict bughouse-py/python/bughouse
	$(PY) -m mypy --check-untyped-defs bughouse-py/tests

# The side-by-side run against python-chess (not part of `make test`).
bench-python: install-python
	$(PY) -m pip install --quiet chess==1.11.2
	$(PY) bughouse-py/bench/bench_vs_python_chess.py

# Reading many archive files at once: one thread, two threads, two processes,
# with wall and CPU time and the load average (not part of `make test`).
bench-python-parallel: install-python
	$(PY) bughouse-py/bench/bench_parallel_read.py

# Node package (bughouse-node): npm packages on first use (or when the lock
# file changes), the addon built in release through the napi CLI with a check
# that the committed index.d.ts matches the Rust sources, then node's runner.
NPM ?= npm
NODE ?= node
NODE_PKG := bughouse-node

test-node: $(NODE_PKG)/node_modules/.package-lock.json
	cd $(NODE_PKG) && $(NODE) scripts/build.mjs --check-types
	cd $(NODE_PKG) && $(NODE) --test __test__/*.test.mjs

setup-node: $(NODE_PKG)/node_modules/.package-lock.json

# The tarball as users get it: `npm pack`, installed into an empty folder with
# no cargo on PATH (the prebuilt addon it ships must do), then require and
# import there (scripts/pack-smoke.mjs).
test-node-pack: setup-node
	cd $(NODE_PKG) && $(NODE) scripts/pack-smoke.mjs

# npm writes node_modules/.package-lock.json on every install. The addon is
# built by test-node, so the package's own install script is skipped here.
$(NODE_PKG)/node_modules/.package-lock.json: $(NODE_PKG)/package-lock.json
	cd $(NODE_PKG) && $(NPM) ci --ignore-scripts

# Side-by-side speed against chessops (not part of `make test`).
bench-node: setup-node
	cd $(NODE_PKG) && $(NODE) scripts/build.mjs
	cd $(NODE_PKG) && $(NODE) bench/bench_vs_chessops.mjs
	cd $(NODE_PKG) && $(NODE) bench/bench_bpgn_stream.mjs

# Every fuzz target for 20 s from its committed seeds (fuzz/run.sh installs
# cargo-fuzz if needed); any crash fails. Longer runs: fuzz/README.md.
FUZZ_SECONDS ?= 20
test-fuzz:
	fuzz/run.sh $(FUZZ_SECONDS)

# Smoke run of the criterion benches (each benchmark once, no timing).
test-bench:
	$(CARGO) bench -p bughouse-benches -- --test

# Perft side by side with shakmaty and cozy-chess: nodes/s and ratios.
bench:
	$(CARGO) run --release -p bughouse-benches --bin perft_vs

# The WebAssembly build of the Node package (bughouse-node/wasm) and the
# browser tests. setup-wasm installs from Debian what the machine lacks:
# Debian's rustc-web (its standard library sources build wasm32's with
# -Zbuild-std) unless rustup has the wasm32-unknown-unknown target, and
# Chromium for the tests (driven by the npm package playwright-core).
# wasm/build.mjs chooses the toolchain and installs wasm-bindgen-cli once
# into bughouse-node/.tools/ (git-ignored).
WASM_DEBIAN := rustc-web cargo-web rust-web-src rust-web-llvm lld-22
CHROMIUM ?= /usr/bin/chromium

setup-wasm:
	@pkgs=""; \
	if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown \
	   && ! { test -x /usr/bin/rustc && test -d /usr/lib/rustlib/src/rust/library && test -x /usr/bin/rust-lld; }; then \
	  pkgs="$(WASM_DEBIAN)"; fi; \
	test -x $(CHROMIUM) || pkgs="$$pkgs chromium"; \
	if [ -n "$$pkgs" ]; then \
	  echo "setup-wasm: apt-get install $$pkgs"; \
	  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$pkgs; \
	fi

build-wasm: setup-wasm setup-node
	cd $(NODE_PKG) && $(NODE) wasm/build.mjs

# The node --test suite again, against the WebAssembly build in Node: the
# whole suite (what a browser cannot have is written in wasm/gaps.mjs, and
# the few tests of it skip themselves under wasm/as-wasm.cjs, saying why).
# WASM_SUITE_GAPS names suite files to leave out: none.
WASM_SUITE_GAPS :=
WASM_SUITE := $(filter-out $(addprefix __test__/,$(addsuffix .test.mjs,$(WASM_SUITE_GAPS))),$(patsubst $(NODE_PKG)/%,%,$(wildcard $(NODE_PKG)/__test__/*.test.mjs)))
test-node-wasm: build-wasm
	cd $(NODE_PKG) && $(NODE) --require ./wasm/as-wasm.cjs --test $(WASM_SUITE)

# Headless Chromium: the demo played to the end by clicks (both ways of
# playing), Vite-, esbuild- and webpack-built projects and an import-map page
# importing the package by name; screenshots
# and the speed figures in bughouse-node/.artifacts/.
test-browser: build-wasm
	cd $(NODE_PKG) && CHROMIUM=$(CHROMIUM) $(NODE) --test --test-concurrency=1 __browser__/*.test.mjs

# The speed page in full (perft 4; not part of `make test`), then the
# start-up bench: ready time and first calls against warm, in Node and in
# Chromium (bughouse-node/bench/bench_wasm_startup.mjs).
bench-browser: build-wasm
	cd $(NODE_PKG) && BUGHOUSE_SPEED_FULL=1 CHROMIUM=$(CHROMIUM) $(NODE) --test __browser__/vite.test.mjs
	cd $(NODE_PKG) && CHROMIUM=$(CHROMIUM) $(NODE) bench/bench_wasm_startup.mjs

# The playable page: http://127.0.0.1:8080/demo/
demo: build-wasm
	cd $(NODE_PKG) && $(NODE) demo/serve.mjs 8080

# Online play: the reference server on 127.0.0.1:8081 (its database in
# target/) and the demo page as its client; Ctrl-C stops both.
demo-online: build-wasm
	$(CARGO) build --release -p bughouse-server
	@echo "online play: http://127.0.0.1:8080/demo/?server=127.0.0.1:8081"
	target/release/bughouse-server --port 8081 --db target/bughouse-server.sqlite3 & \
	  trap "kill $$!" EXIT INT TERM; cd $(NODE_PKG) && $(NODE) demo/serve.mjs 8080

# The project's demo page as the server's client (demo/online.mjs): four
# Chromium pages at one table, then one human with three computer seats
# (playwright-core from bughouse-node's packages, Chromium at $(CHROMIUM),
# installed by setup-chromium when missing; the page needs the wasm build).
test-server-browser: setup-chromium build-wasm
	$(CARGO) build -p bughouse-server
	CHROMIUM=$(CHROMIUM) $(NODE) --test examples/server/browser/

# Smoke run of the bot against Fairy-Stockfish (installed with apt-get when
# missing): one short pair of matches per variant, about 20 s. The real
# matches are in benches/README.md (benches/vs_fairy.sh). The crazyhouse
# pair writes its decisions (VS_FAIRY_TRACE), --review has
# Fairy-Stockfish score each of them (benches/decisive_moves.py finds the
# move that lost each lost match), and the evaluation's fit runs one
# pass on their labels (benches/label_positions.py, tune_eval); six more
# matches write their positions (VS_FAIRY_POSITIONS) for one pass of the
# fit to results (tune_eval --results) and, with their trace, mate_probe
# and benches/mate_upside.py count what a mate probe could change in
# them; mate_probe finds a back-rank drop mate, by both its searches; two
# matches run with the proof-number mate probe (VS_FAIRY_MATE_PROBE), and
# four with a new engine each (--fresh-engine) without and with a probe
# that costs nothing, whose decisions must agree up to its first mate;
# two with the mate guard (VS_FAIRY_MATE_GUARD). What more nodes buy
# (session 32): bot_selfplay with the base side at fewer nodes
# (BOT_NODES_BASE), and benches/fairy_scaling.py, Fairy-Stockfish against
# itself and its depth on the trace's positions; decisive_moves.py --after
# writes the positions after the decisive moves.
test-fairy: setup-python
	benches/vs_fairy.sh --variant bughouse --nodes 2000 --matches 2 --max-actions 160
	mkdir -p target
	rm -f target/fairy-trace-positions.tsv
	VS_FAIRY_TRACE=target/fairy-trace.tsv VS_FAIRY_POSITIONS=target/fairy-trace-positions.tsv benches/vs_fairy.sh --variant crazyhouse --movetime 10 --matches 2 --max-actions 160
	benches/vs_fairy.sh --variant crazyhouse --movetime 5 --review target/fairy-trace.tsv --out target/fairy-review.tsv
	test "$$(wc -l < target/fairy-review.tsv)" = "$$(wc -l < target/fairy-trace.tsv)"
	rm -f target/fairy-after.tsv
	$(PY) benches/decisive_moves.py --after target/fairy-after.tsv target/fairy-trace-positions.tsv target/fairy-review.tsv | grep '^lost [0-9]' >/dev/null
	test -f target/fairy-after.tsv
	BOT_NODES_BASE=2000 $(CARGO) run --release -q -p bughouse-benches --example bot_selfplay -- c 4000 2 1 0 | grep '^crazyhouse budget 4000 ' >/dev/null
	$(PY) benches/fairy_scaling.py games 2000 400 2 1 | grep '^Fairy-Stockfish 2000 against 400 nodes: ' >/dev/null
	$(PY) benches/fairy_scaling.py depth target/fairy-trace.tsv 1000 | grep '^1000 nodes: mean depth ' >/dev/null
	$(PY) benches/label_positions.py --nodes 2000 --out target/fairy-labels.tsv target/fairy-trace.tsv
	test -s target/fairy-labels.tsv
	$(CARGO) run --release -q -p bughouse-benches --example tune_eval -- --passes 1 target/fairy-labels.tsv
	rm -f target/fairy-positions.tsv
	VS_FAIRY_POSITIONS=target/fairy-positions.tsv VS_FAIRY_TRACE=target/fairy-positions-trace.tsv benches/vs_fairy.sh --variant crazyhouse --nodes 2000 --matches 6 --max-actions 160
	$(CARGO) run --release -q -p bughouse-benches --example mate_probe -- --pn 2000 < target/fairy-positions-trace.tsv > target/fairy-probe.tsv
	$(PY) benches/mate_upside.py target/fairy-positions.tsv target/fairy-positions-trace.tsv target/fairy-probe.tsv | grep '^matches 6, ' >/dev/null
	$(CARGO) run --release -q -p bughouse-benches --example mate_probe -- --pn --after 2000 < target/fairy-positions-trace.tsv > target/fairy-probe-after.tsv
	$(PY) benches/mate_upside.py --after target/fairy-positions.tsv target/fairy-positions-trace.tsv target/fairy-probe-after.tsv | grep '^not won, and a move of ours allowed a proved mate: [0-9]' >/dev/null
	$(CARGO) run --release -q -p bughouse-benches --example tune_eval -- --results --bound 30 --passes 1 target/fairy-positions.tsv
	printf '0\t6k1/5ppp/8/8/8/8/5PPP/6K1[R] w - - 0 1\n' | $(CARGO) run --release -q -p bughouse-benches --example mate_probe -- 1000 | grep -q 'mate in 1: R@a8'
	printf '0\t6k1/5ppp/8/8/8/8/5PPP/6K1[R] w - - 0 1\tg1f1\n' | $(CARGO) run --release -q -p bughouse-benches --example mate_probe -- --pn 1000 | grep -q 'Mate(R@a8)'
	VS_FAIRY_MATE_PROBE=2000 benches/vs_fairy.sh --variant crazyhouse --nodes 2000 --matches 2 --max-actions 160 | grep 'mate probe (2000 positions, mate in 9, 6 bot nodes a position): [1-9]' >/dev/null
	VS_FAIRY_TRACE=target/fairy-fresh.tsv benches/vs_fairy.sh --variant crazyhouse --nodes 2000 --matches 4 --max-actions 160 --fresh-engine >/dev/null
	VS_FAIRY_MATE_PROBE=2000:9:0 VS_FAIRY_TRACE=target/fairy-fresh-probe.tsv benches/vs_fairy.sh --variant crazyhouse --nodes 2000 --matches 4 --max-actions 160 --fresh-engine >/dev/null
	$(PY) benches/mate_upside.py --paired target/fairy-fresh.tsv target/fairy-fresh-probe.tsv
	VS_FAIRY_MATE_GUARD=2000:2000 benches/vs_fairy.sh --variant crazyhouse --nodes 2000 --matches 2 --max-actions 160 2>/dev/null | grep 'mate guard (2000 positions, 2000 nodes a reply): fired [0-9]' >/dev/null

