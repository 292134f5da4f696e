#!/usr/bin/env bash
# Installs what is missing, then runs every test: unit, integration and doc tests (cargo), then
# the browser tests in headless Chromium against the release build served on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
source scripts/env.sh

cargo test --workspace --all-targets
cargo test --workspace --doc
trunk build --release
# The same page with a `debug_panic` function, for the test of the crash panel.
trunk build --release --features panic-test --dist target/dist-panic-test
node --test --test-reporter=spec tests/browser/
