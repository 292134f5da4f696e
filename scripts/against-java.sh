#!/usr/bin/env bash
# Plays our engine against maxbennedich's Java Onitama engine, the strongest public one.
#
# Where the engine comes from: https://github.com/maxbennedich/onitama (Max Bennedich, Java). Its code
# is NOT part of this project and is never copied into it. Give this script the path of a checkout of
# that repository; it compiles the engine's sources, together with our own bridge
# (scripts/java-engine/JavaEngineBridge.java, which puts the engine behind our engine protocol), into
# a directory outside the project. The README's figures were made from its commit 4cb8c6e.
#
#   bash scripts/against-java.sh <checkout> [--match a|b|c|all|none] [--games N] [--seed S] [--out DIR] [--no-check]
#
#   --match    which match to play (default all, in the order a, c, d, b):
#                a  ours at a tenth of its time: ours 10 ms a move, theirs 100 ms; 200 games, deals from seed 1400000
#                b  both 1 s a move; 100 games, deals from seed 1410000 (about 70 minutes)
#                c  both 100 ms a move; 200 games, deals from seed 1420000
#                d  both 100 ms a move on deals from all 34 cards but Turtle (the engine's Turtle is
#                   not the published card); 200 games, deals from seed 1430000
#              none builds and checks only.
#   --games N  play N games instead (a smoke test: --match c --games 20)
#   --seed S   deal from seed S instead (deals the project has not played: the issue's fresh seeds)
#   --out DIR  where the build and the results go (default /tmp/onitama-against-java; not inside the project)
#   --no-check skip the move-generation check
#
# Steps:
#   1. builds onitama-cli (release; into $CARGO_TARGET_DIR if set) and compiles the engine with the
#      bridge into DIR/classes (javac);
#   2. checks move generation: positions from 16 quick games between our casual and apprentice levels
#      (deals from seed 1390000), 16 more dealt from the expansion cards but Turtle (seed 1390100),
#      plus two positions where one side must pass; for each, the set of legal
#      moves the Java generator finds must equal `onitama-cli legal`, and perft 4 (through the Java
#      generator and state transition, RULES.md's definition) must equal `onitama-cli perft`; and perft
#      5 from the four published starts must equal RULES.md's table. Any mismatch stops the script;
#   3. plays the matches: one `onitama-cli match` process, one game at a time (--threads 1), both engines
#      through the engine protocol, each in its own process (ours: `onitama-cli engine`).
# Results: DIR/check.txt, DIR/match-<x>.txt (each game, time and mean depth per move, W-D-L, Elo with
# its 95% interval; a line from the bridge with its searches' mean depth and time), DIR/match-<x>-records.txt (the games).
#
# Needs a JDK (Debian: apt-get install -y default-jdk-headless) and Rust. The Java engine has no pass
# move and does not see repetitions; the bridge chooses a pass itself when the engine finds no move
# (see the bridge's header). The seeds 1390000, 1390100, 1400000, 1410000, 1420000 and 1430000 were new
# to the project.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }

project=$(cd "$(dirname "$0")/.." && pwd -P)
checkout=""
which=all
games=""
seed=""
out=/tmp/onitama-against-java
check=1
while [ $# -gt 0 ]; do
    case "$1" in
        --match) which=${2:?--match needs a, b, c, d, all or none}; shift 2 ;;
        --games) games=${2:?--games needs a number}; shift 2 ;;
        --seed) seed=${2:?--seed needs a number}; shift 2 ;;
        --out) out=${2:?--out needs a directory}; shift 2 ;;
        --no-check) check=0; shift ;;
        -h|--help) usage 0 ;;
        -*) echo "unknown option $1" >&2; usage 1 ;;
        *) checkout=$1; shift ;;
    esac
done
[ -n "$checkout" ] || { echo "give the path of a checkout of github.com/maxbennedich/onitama" >&2; usage 1; }
case "$which" in a|b|c|d|all|none) ;; *) echo "--match is a, b, c, d, all or none" >&2; exit 1 ;; esac
expansion=base,senseis-path,promo,-turtle
src="$checkout/src/main/java"
[ -f "$src/onitama/ai/Searcher.java" ] || { echo "$checkout does not look like a checkout of maxbennedich/onitama (no $src/onitama/ai/Searcher.java)" >&2; exit 1; }
command -v javac >/dev/null || { echo "no JDK: install one, e.g. apt-get install -y default-jdk-headless" >&2; exit 1; }
out=$(realpath -m "$out")
case "$out/" in "$project"/*) echo "--out must be outside the project ($project)" >&2; exit 1 ;; esac
mkdir -p "$out"

echo "== the Java engine: maxbennedich/onitama from $checkout (commit $(git -C "$checkout" rev-parse --short HEAD 2>/dev/null || echo unknown)); its code is not part of this project"
rm -rf "$out/classes"
javac -nowarn -encoding UTF-8 -d "$out/classes" -sourcepath "$src" "$project/scripts/java-engine/JavaEngineBridge.java"
# One search thread; the serial collector keeps the JVM's garbage collection off the other core.
java_engine="java -XX:+UseSerialGC -Xms64m -Xmx512m -cp $out/classes JavaEngineBridge"
echo "   built into $out/classes; engine command: $java_engine"

(cd "$project" && cargo build --release --quiet --bin onitama-cli)
# CARGO_TARGET_DIR lets a second match run from its own build while another is playing.
target_dir=${CARGO_TARGET_DIR:-target}
case "$target_dir" in /*) ;; *) target_dir="$project/$target_dir" ;; esac
cli="$target_dir/release/onitama-cli"
ours="$cli engine"

if [ "$check" = 1 ]; then
    echo "== checking the Java engine's move generation against ours"
    report="$out/check.txt"
    : >"$report"
    "$cli" match --a casual --b apprentice --games 16 --seed 1390000 --threads 1 --records "$out/check-games.txt" >/dev/null
    "$cli" match --a casual --b apprentice --games 16 --seed 1390100 --threads 1 --packs "$expansion" \
        --records "$out/check-games-expansion.txt" >/dev/null
    {
        # Every position of every game but the last (finished) one.
        while read -r kind rest; do
            case "$kind" in
                start) start=$rest ;;
                moves)
                    read -ra moves <<<"$rest"
                    for ((k = 0; k < ${#moves[@]}; k++)); do
                        "$cli" play "$start" "${moves[@]:0:k}" </dev/null | head -n 1
                    done ;;
            esac
        done < <(cat "$out/check-games.txt" "$out/check-games-expansion.txt")
        # Red must pass; Blue must pass.
        echo "R4/r4/r3B/r4/r4 tiger,horse crab,ox boar r"
        echo "4b/4b/R3b/4b/4B crab,ox tiger,horse boar b"
    } | awk '!seen[$0]++' >"$out/check-positions.txt"
    count=$(wc -l <"$out/check-positions.txt")
    {
        while read -r pos; do
            echo "legal $pos"
            echo "perft 4 $pos"
        done <"$out/check-positions.txt"
        for start in "ox,boar horse,elephant crab" "rooster,tiger rabbit,cobra frog" "goose,dragon mantis,eel crane" "crab,dragon monkey,tiger mantis"; do
            echo "perft 5 bbBbb/5/5/5/rrRrr $start r"
        done
        echo quit
    } | java -Dbridge.warmupMs=0 -XX:+UseSerialGC -cp "$out/classes" JavaEngineBridge >"$out/check-java.txt"
    {
        while read -r pos; do
            echo "legal $("$cli" legal "$pos" </dev/null | sort | paste -sd ' ')"
            echo "perft $("$cli" perft "$pos" 4 </dev/null 2>/dev/null | tail -n 1)"
        done <"$out/check-positions.txt"
        # RULES.md's published perft 5 figures.
        printf 'perft %s\n' 487780 138879 211643 325011
    } >"$out/check-ours.txt"
    if diff "$out/check-ours.txt" "$out/check-java.txt" >"$out/check-diff.txt"; then
        echo "move generation agrees: $count positions (legal moves and perft 4 each), perft 5 from the 4 published starts" | tee "$report"
    else
        echo "MISMATCH between the Java engine's move generation and ours (< ours, > Java; lines: $out/check-ours.txt):" | tee "$report"
        head -n 40 "$out/check-diff.txt" | tee -a "$report"
        exit 1
    fi
fi

run_match() { # name, ours ms, theirs ms, games, seed, packs
    local name=$1 ms_ours=$2 ms_theirs=$3 n=${games:-$4} seed=${seed:-$5} packs=$6
    local file="$out/match-$name.txt"
    local cmd=("$cli" match --a "movetime=$ms_ours,command=$ours" --b "movetime=$ms_theirs,command=$java_engine"
        --games "$n" --seed "$seed" --threads 1 --packs "$packs" --records "$out/match-$name-records.txt")
    echo "== match $name: ours $ms_ours ms vs the Java engine $ms_theirs ms a move, $n games, deals from seed $seed ($packs)"
    {
        printf '%q ' "${cmd[@]}"
        echo
        "${cmd[@]}" 2>&1
    } | tee "$file"
    echo "   written to $file"
}

case "$which" in a|all) run_match a 10 100 200 1400000 base ;; esac
case "$which" in c|all) run_match c 100 100 200 1420000 base ;; esac
case "$which" in d|all) run_match d 100 100 200 1430000 "$expansion" ;; esac
case "$which" in b|all) run_match b 1000 1000 100 1410000 base ;; esac
