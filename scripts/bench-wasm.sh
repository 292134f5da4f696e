#!/usr/bin/env bash
# Runs perft in WebAssembly under Node (the same Rust code the page loads) beside the native CLI,
# and prints both speeds and their ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/env.sh
position="${1:-bbBbb/5/5/5/rrRrr crab,dragon monkey,tiger mantis r}"
depth="${2:-8}"

cargo build --release --quiet --bin onitama-cli
cargo rustc --release --quiet --lib --target wasm32-unknown-unknown --crate-type cdylib
wasm-bindgen --target nodejs --out-dir target/wasm-node target/wasm32-unknown-unknown/release/onitama.wasm

native=$(target/release/onitama-cli perft "$position" "$depth" 2>&1 >/dev/null | sed -E 's/.*\(([0-9.]+) M leaves\/s\).*/\1/')
node scripts/bench-wasm.mjs "$position" "$depth" "$native"
