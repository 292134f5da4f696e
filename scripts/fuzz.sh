#!/usr/bin/env bash
# Runs every fuzz target for a while (default 600 s each) with cargo-fuzz (libFuzzer), starting
# from the corpora in fuzz/corpus/. This machine has stable Rust only: RUSTC_BOOTSTRAP lets it
# accept the sanitizer flags cargo-fuzz needs. Usage: bash scripts/fuzz.sh [seconds] [target...]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-600}"
shift || true
targets=("$@")
[[ ${#targets[@]} -gt 0 ]] || targets=(position_notation move_notation game_record game_actions save_and_link worker_protocol online_protocol online_bridge)
command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
export RUSTC_BOOTSTRAP=1
for target in "${targets[@]}"; do
  echo "== fuzzing $target for $seconds s"
  cargo fuzz run --fuzz-dir fuzz "$target" "fuzz/corpus/$target" -- -max_total_time="$seconds" -rss_limit_mb=2048
done
