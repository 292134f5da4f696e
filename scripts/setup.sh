#!/usr/bin/env bash
# Installs what this machine lacks to build (and, with --browser, to test) the game. Idempotent:
# each step checks first and does nothing when the right version is already there.
# Pinned versions, and why each: README.md (Two commands) and the comments below.
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
# The signalling server that introduces two browsers for online play (docs/online.md).
MATCHBOX_SERVER_VERSION=0.15.0
want_browser=false
[[ "${1:-}" == "--browser" ]] && want_browser=true

say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }
as_root() { if [[ $(id -u) == 0 ]]; then "$@"; else sudo "$@"; fi; }
apt_updated=false
apt_install() {
  if ! $apt_updated; then as_root apt-get update -qq; apt_updated=true; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

command -v cargo >/dev/null || { echo "setup: Rust is missing: install rustup first (stable toolchain)" >&2; exit 1; }
# Some crates that trunk and the signalling server build from source compile C (ring); the fuzz
# targets, checked by CI, C++ (libFuzzer).
if ! command -v cc >/dev/null || ! command -v c++ >/dev/null; then
  say "installing a C compiler (build-essential)"
  apt_install build-essential
fi

# The test command's lints.
for component in clippy rustfmt; do
  if ! rustup component list --installed | grep -q "^$component"; then
    say "adding the $component component"
    rustup component add "$component"
  fi
done

if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [[ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]]; then
  say "installing trunk $TRUNK_VERSION (takes several minutes once)"
  cargo install --locked trunk --version "$TRUNK_VERSION"
fi

# `cargo install --list` reads cargo's own ledger: no network, nothing compiled when it is there
# (grep without -q reads it all, so that pipefail never sees cargo cut off).
if ! command -v matchbox_server >/dev/null ||
   ! cargo install --list | grep -x "matchbox_server v$MATCHBOX_SERVER_VERSION:" >/dev/null; then
  say "installing matchbox_server $MATCHBOX_SERVER_VERSION (the signalling server; a few minutes once)"
  cargo install --locked matchbox_server --version "$MATCHBOX_SERVER_VERSION"
fi

# The CLI must equal the wasm-bindgen crate in Cargo.lock, or trunk tries to download one.
bindgen_version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if [[ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $bindgen_version" ]]; then
  say "installing wasm-bindgen-cli $bindgen_version"
  # Not --locked: its lockfile names a crate version the registry lacks.
  cargo install wasm-bindgen-cli --version "$bindgen_version"
fi

if ! command -v npm >/dev/null; then
  say "installing Node.js and npm"
  apt_install nodejs npm
fi
# playwright-core, which drives Chromium in the browser tests, needs Node.js 20 or newer.
node_major=$(node --version | sed -E 's/^v([0-9]+).*/\1/')
if (( node_major < 20 )); then
  echo "setup: Node.js $(node --version) is too old: the browser tests need Node.js 20 or newer (Debian 12's own package is 18; Debian 13's is 20)" >&2
  exit 1
fi
# wasm-opt from npm's binaryen (Debian's is too old and breaks the wasm); esbuild minifies the
# wasm-bindgen glue after each build; playwright-core and axe-core for the browser tests.
if [[ ! -x node_modules/.bin/wasm-opt || ! -x node_modules/.bin/esbuild || ! -d node_modules/playwright-core ||
      ! -f node_modules/axe-core/axe.min.js ]] ||
   ! node_modules/.bin/wasm-opt --version | grep -q 'version 132'; then
  say "installing wasm-opt, esbuild, playwright-core and axe-core from package-lock.json"
  npm ci --no-audit --no-fund --loglevel=error
fi

if $want_browser && ! command -v chromium >/dev/null; then
  say "installing Chromium for the browser tests"
  apt_install chromium
fi

# Trunk runs cargo offline: fetch the crates once.
cargo fetch --quiet
