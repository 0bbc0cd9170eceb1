# One entry point for people and CI. `make test` sets up what it needs
# (Python venv, npm packages) on first use, then runs every test.

CARGO ?= cargo
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test test-rust test-rust-deep lint test-python test-node test-fuzz test-bench setup-python setup-node
.PHONY: install-python bench-python

# The main job.
run:
	$(CARGO) run --release -p bughouse-core --example selfplay -- 2

test: lint test-rust test-rust-deep test-python test-node test-fuzz test-bench

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

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

test-node:
	@echo "node: not yet"

# Every fuzz target for 20 s from its committed seeds (fuzz/run.sh installs
# cargo-fuzz if needed); any crash fails. Longer runs: fuzz/README.md.
FUZZ_SECONDS ?= 20
test-fuzz:
	fuzz/run.sh $(FUZZ_SECONDS)

test-bench:
	@echo "bench: not yet"
