#!/usr/bin/env bash
# Installs what is missing, then serves the game on http://127.0.0.1:8080 (rebuilding on every edit)
# with the signalling server for online play beside it on ws://127.0.0.1:3536. Stopping this
# script (Ctrl-C) stops both.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
source scripts/env.sh

signaling_host=127.0.0.1:3536
matchbox_server "$signaling_host" &
signaling_pid=$!
# An interrupt reaches trunk and this script, not the server in the background: end it here.
trap 'kill "$signaling_pid" 2>/dev/null || true; wait "$signaling_pid" 2>/dev/null || true' EXIT
trap 'exit 130' INT TERM
echo "serve: signalling server on ws://$signaling_host (pid $signaling_pid)"
# The page is built for that server (its CSP and the online module's configuration).
export ONITAMA_SIGNALING_URL="ws://$signaling_host"
trunk serve "$@"
