# One entry point for people and CI. `make test` sets up what it needs
# (Python venv, npm packages) on first use, then runs every test.

CARGO ?= cargo
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test test-rust test-rust-deep lint test-python test-node test-fuzz test-bench bench setup-python setup-node
.PHONY: install-python bench-python bench-node test-node-pack

# The main job.
run:
	$(CARGO) run --release -p bughouse-core --example selfplay -- 2

test: lint test-rust test-rust-deep test-python test-node test-node-pack test-fuzz test-bench

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc -p bughouse-core --no-deps

test-rust:
	$(CARGO) test --workspace

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

test-python: install-python
	$(PY) -m pytest bughouse-py/tests -q
	$(PY) -m mypy.stubtest bughouse
	$(PY) -m mypy --check-untyped-defs bughouse-py/tests

# The side-by-side run against python-chess (not part of `make test`).
bench-python: install-python
	$(PY) -m pip install --quiet chess==1.11.2
	$(PY) bughouse-py/bench/bench_vs_python_chess.py

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
