# Sourced by the scripts: puts the project's tools on PATH and keeps trunk off the network.
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"
export TRUNK_SKIP_VERSION_CHECK=true
