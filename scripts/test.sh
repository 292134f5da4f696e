#!/usr/bin/env bash
# Installs what is missing, then runs every test: unit, integration and doc tests (cargo), then
# the browser tests in headless Chromium against the release build served on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --browser
source scripts/env.sh

cargo test --all-targets
cargo test --doc
trunk build --release
node --test --test-reporter=spec tests/browser/
