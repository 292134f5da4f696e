#!/usr/bin/env bash
# The engine module in WebAssembly under Node (the same Rust rules core and AI the page's worker
# runs) beside the native CLI: perft and the search bench, with the speed ratio of each.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
position="${1:-bbBbb/5/5/5/rrRrr crab,dragon monkey,tiger mantis r}"
depth="${2:-8}"

cargo build --release --quiet --bin onitama-cli
# PROFILE=web measures the build the page ships (its size-optimized profile); the default is release.
profile="${PROFILE:-release}"
cargo build --profile "$profile" --quiet -p onitama-js --features exports --bin engine --target wasm32-unknown-unknown
wasm-bindgen --target nodejs --out-dir target/wasm-node "target/wasm32-unknown-unknown/$profile/engine.wasm"

native=$(target/release/onitama-cli perft "$position" "$depth" 2>&1 >/dev/null | sed -E 's/.*\(([0-9.]+) M leaves\/s\).*/\1/')
target/release/onitama-cli bench --depth "${BENCH_DEPTH:-11}" > target/bench-native.txt 2>/dev/null
node scripts/bench-wasm.mjs "$position" "$depth" "$native" target/bench-native.txt
