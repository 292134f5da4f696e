#!/usr/bin/env bash
# The evaluation's training pipeline: play games, fit the weights to them, check the fit by a match.
#
#   bash scripts/train.sh generate [--games N] [--seed S] [--packs P] [--threads T] [--out DIR]
#   bash scripts/train.sh fit [--terms-only | --cards-of PACKS] [--out DIR]
#   bash scripts/train.sh check [--games N] [--seed S] [--movetime MS] [--packs P] [--against REV] [--out DIR]
#
#   generate  plays N games (default 6000) between two equal depth-6 engines that choose among
#             near-equal moves by chance (temperature 8), deals from seed S (default 60000000; give
#             each run a seed of its own), from the packs P (default base; e.g.
#             base,senseis-path,promo), on T threads (default 2), into DIR/games-S.txt
#   fit       fits the weights to every DIR/games-*.txt (`onitama-cli tune`, every tenth game held
#             out) and writes them over crates/core/src/ai/weights.rs: `git diff` shows the change,
#             `git checkout crates/core/src/ai/weights.rs` takes it back. --terms-only keeps the
#             card tables; --cards-of fits only those packs' card tables
#   check     builds the working tree's engine (the new weights) and the engine of REV (default
#             HEAD: the weights before), each on its own, and plays them against each other
#             through the engine protocol: N games (default 400) from deals of seed S (default
#             61000000), MS milliseconds a move (default 10), one game at a time. Keep a fit only
#             if its Elo interval lies above zero
#
#   --out DIR  where the games, the builds and the results go (default /tmp/onitama-training; not
#              inside the project)
#
# Times and sizes on a 2-core machine are in docs/engine.md (Tuning).
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }

project=$(cd "$(dirname "$0")/.." && pwd -P)
step=${1:-}
[ $# -gt 0 ] && shift
games="" seed="" packs=base threads=2 movetime=10 against=HEAD fit=() out=/tmp/onitama-training
while [ $# -gt 0 ]; do
    case "$1" in
        --games) games=${2:?--games needs a number}; shift 2 ;;
        --seed) seed=${2:?--seed needs a number}; shift 2 ;;
        --packs) packs=${2:?--packs needs a list}; shift 2 ;;
        --threads) threads=${2:?--threads needs a number}; shift 2 ;;
        --movetime) movetime=${2:?--movetime needs milliseconds}; shift 2 ;;
        --against) against=${2:?--against needs a revision}; shift 2 ;;
        --terms-only) fit=(--terms-only); shift ;;
        --cards-of) fit=(--cards-of "${2:?--cards-of needs packs}"); shift 2 ;;
        --out) out=${2:?--out needs a directory}; shift 2 ;;
        -h|--help) usage 0 ;;
        *) echo "unknown argument $1" >&2; usage 1 ;;
    esac
done
out=$(realpath -m "$out")
case "$out/" in "$project"/*) echo "--out must be outside the project ($project)" >&2; exit 1 ;; esac
mkdir -p "$out"
started=$SECONDS
cli="$project/target/release/onitama-cli"
build() { (cd "$project" && cargo build --release --quiet --bin onitama-cli); }

case "$step" in
    generate)
        build
        seed=${seed:-60000000}
        records="$out/games-$seed.txt"
        "$cli" match --a depth=6,temperature=8 --b depth=6,temperature=8 --games "${games:-6000}" --seed "$seed" \
            --threads "$threads" --packs "$packs" --records "$records" | tail -n 3
        echo "generate: $(grep -c '^moves' "$records") games, $(du -h "$records" | cut -f1) in $records, $((SECONDS - started)) s"
        ;;
    fit)
        build
        shopt -s nullglob
        records=("$out"/games-*.txt)
        [ ${#records[@]} -gt 0 ] || { echo "no games in $out: run 'generate' first" >&2; exit 1; }
        "$cli" tune "${records[@]}" "${fit[@]}" --output "$project/crates/core/src/ai/weights.rs"
        echo "fit: ${#records[@]} file(s), $(cat "${records[@]}" | wc -c) bytes, $((SECONDS - started)) s; wrote crates/core/src/ai/weights.rs"
        ;;
    check)
        build
        cp "$cli" "$out/onitama-cli-new"
        base="$out/base"
        rm -rf "$base"
        git -C "$project" worktree prune
        git -C "$project" worktree add --quiet --detach "$base" "$against"
        (cd "$base" && CARGO_TARGET_DIR="$out/base-target" cargo build --release --quiet --bin onitama-cli)
        git -C "$project" worktree remove --force "$base"
        old="$out/base-target/release/onitama-cli"
        "$out/onitama-cli-new" match --a "movetime=$movetime,command=$out/onitama-cli-new engine" \
            --b "movetime=$movetime,command=$old engine" --games "${games:-400}" --seed "${seed:-61000000}" \
            --threads 1 --packs "$packs" | tee "$out/check.txt" | tail -n 3
        echo "check: the working tree's weights (A) against $against's (B), $((SECONDS - started)) s; games in $out/check.txt"
        ;;
    *) usage 1 ;;
esac
