#!/usr/bin/env bash
# Installs what is missing, then serves the game on http://127.0.0.1:8080 (rebuilding on every edit).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh
exec trunk serve "$@"
