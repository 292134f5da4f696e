#!/usr/bin/env python3
"""Tunes the evaluation weights (src/ai/eval.rs) by SPSA: each step plays `onitama-cli match`
between the weights nudged up and nudged down along a random direction, and moves the weights
towards the side that scored better. Prints the weights after every step; copy the last ones
into WEIGHTS and confirm the gain with a longer `match`.

    python3 scripts/tune-weights.py --steps 100 --games 40 --engine depth=6
"""
import argparse
import random
import re
import subprocess

# name: (start, perturbation); the student stays 100, the unit of the scale.
START = {
    "mobility": (4, 1.0),
    "side_card_mobility": (2, 1.0),
    "master_advance": (6, 2.0),
    "master_attacked": (30, 6.0),
    "master_guarded": (8, 2.0),
    "centre": (3, 1.0),
    "tempo": (10, 3.0),
}


def spec(engine, weights):
    return ",".join([engine] + [f"{name}={round(value)}" for name, value in weights.items()])


def play(cli, a, b, games, seed, threads):
    out = subprocess.run(
        [cli, "match", "--a", a, "--b", b, "--games", str(games), "--seed", str(seed), "--threads", str(threads)],
        capture_output=True, text=True, check=True).stdout
    wins, draws, losses = map(int, re.search(r"A: (\d+) wins, (\d+) draws, (\d+) losses", out).groups())
    return (wins - losses) / (wins + draws + losses)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cli", default="target/release/onitama-cli")
    parser.add_argument("--engine", default="depth=6", help="the limit both sides search with")
    parser.add_argument("--steps", type=int, default=100)
    parser.add_argument("--games", type=int, default=40, help="games per step")
    parser.add_argument("--rate", type=float, default=1.0)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    weights = {name: float(start) for name, (start, _) in START.items()}
    for step in range(args.steps):
        shrink = (step + 1) ** -0.101
        direction = {name: rng.choice((-1, 1)) for name in weights}
        up = {n: max(0.0, w + shrink * START[n][1] * direction[n]) for n, w in weights.items()}
        down = {n: max(0.0, w - shrink * START[n][1] * direction[n]) for n, w in weights.items()}
        result = play(args.cli, spec(args.engine, up), spec(args.engine, down), args.games,
                      args.seed * 100_000 + step * args.games, args.threads)
        rate = args.rate * (step + 1 + args.steps / 10) ** -0.602 * (1 + args.steps / 10) ** 0.602
        for name in weights:
            weights[name] = max(0.0, weights[name] + rate * result * direction[name] * START[name][1])
        shown = " ".join(f"{n}={w:.1f}" for n, w in weights.items())
        print(f"step {step + 1:3}: up-down {result:+.2f}  {shown}", flush=True)


if __name__ == "__main__":
    main()
