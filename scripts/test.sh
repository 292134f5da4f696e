#!/usr/bin/env bash
# Installs what is missing, then runs the lints (rustfmt; clippy for the host and for the wasm
# build, warnings as errors) and every test: unit, integration and doc tests (cargo), then the
# browser tests in headless Chromium against the release build served on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."

# Each phase says on stderr how long it took, so that any run shows where the time goes
# (docs/performance.md, The test command).
phase() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  echo "phase $name: $((SECONDS - start)) s" >&2
}

phase setup bash scripts/setup.sh --browser
source scripts/env.sh

lints() {
  cargo fmt --all --check
  cargo clippy --workspace --all-targets -- -D warnings
  # The page's wasm-only code (the shell, the API, the worker), as trunk builds it.
  cargo clippy --target wasm32-unknown-unknown --lib --bin onitama --no-default-features -- -D warnings
  # The same for a first visit's page: the game alone (src/ui/features.rs).
  cargo clippy --target wasm32-unknown-unknown --lib --bin first-visit --no-default-features --features first-visit -- -D warnings
  # The online module and its pure core, and the engine module for scripts, as trunk builds them.
  cargo clippy --target wasm32-unknown-unknown -p onitama-online -p onitama-peer -p onitama-js --features onitama-js/exports -- -D warnings
}
phase lints lints

# The property and model tests draw the same sequences on every run, so that a commit passes or
# fails the same way each time and a failure can be replayed. To look for new failures, draw
# others: PROPTEST_RNG_SEED=$RANDOM PROPTEST_CASES=20000 cargo test --release --test session_model
export PROPTEST_RNG_SEED="${PROPTEST_RNG_SEED:-20261201}"
phase cargo-tests cargo test --workspace --all-targets
phase doc-tests cargo test --workspace --doc
# The first visit's page asks for the whole page for each feature (built with the feature).
phase first-visit-tests cargo test --features first-visit --test first_visit
phase trunk-build trunk build --release
# The same page with a `debug_panic` function, for the test of the crash panel.
phase trunk-build-panic-test trunk build --release --features panic-test --dist target/dist-panic-test
# Two files at a time, the slowest first (scripts/browser-tests.mjs): the tests mostly wait on the
# page. Each online test file starts a matchbox_server of its own on a free port of 127.0.0.1
# (tests/browser/online-helpers.mjs) and stops it after, so that strangers of two files are never
# paired.
phase browser-tests node scripts/browser-tests.mjs
