# One entry point for people and CI. `make test` sets up what it needs
# (Python venv, npm packages) on first use, then runs every test.

CARGO ?= cargo
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: run test test-rust test-rust-deep lint test-python test-node test-fuzz test-bench bench setup-python setup-node

# The main job.
run:
	$(CARGO) run --release -p bughouse-core --example perft -- 5

test: lint test-rust test-rust-deep test-python test-node test-fuzz test-bench

lint:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --workspace --all-targets -- -D warnings

test-rust:
	$(CARGO) test --workspace

# Deep perft and other long tests, optimised.
test-rust-deep:
	$(CARGO) test --release -p bughouse-core -- --ignored

test-python:
	@echo "python: not yet"

test-node:
	@echo "node: not yet"

test-fuzz:
	@echo "fuzz: not yet"

# Smoke run of the criterion benches (each benchmark once, no timing).
test-bench:
	$(CARGO) bench -p bughouse-benches -- --test

# Perft side by side with shakmaty and cozy-chess: nodes/s and ratios.
bench:
	$(CARGO) run --release -p bughouse-benches --bin perft_vs
