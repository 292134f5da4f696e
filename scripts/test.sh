#!/usr/bin/env bash
# Installs what is missing, then runs the lints (rustfmt; clippy for the host and for the wasm
# build, warnings as errors) and every test: unit, integration and doc tests (cargo), then the
# browser tests in headless Chromium against the release build served on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
source scripts/env.sh

cargo fmt --all --check
cargo clippy --workspace --all-targets -- -D warnings
# The page's wasm-only code (the shell, the API, the worker), as trunk builds it.
cargo clippy --target wasm32-unknown-unknown --lib --bin onitama --no-default-features -- -D warnings

cargo test --workspace --all-targets
cargo test --workspace --doc
trunk build --release
# The same page with a `debug_panic` function, for the test of the crash panel.
trunk build --release --features panic-test --dist target/dist-panic-test
node --test --test-reporter=spec tests/browser/
