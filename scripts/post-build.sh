#!/bin/sh
# Trunk's post-build hook (Trunk.toml), on the staged build in $TRUNK_STAGING_DIR:
# 1. Minifies the wasm-bindgen glues and the page's own scripts with esbuild (trunk's minifier
#    gives up on the glue's `export default`). Exports and file names stay as they are. The page's
#    two glues start with V8's compile hint `//# allFunctionsCalledOnLoad`: their functions are
#    compiled while the wasm downloads, not one by one on the main thread when the page starts
#    (docs/performance.md: the first visit on a slow phone).
# 2. Shortens the names each wasm imports from its glue, in both files (scripts/short-imports.mjs).
# 3. Writes the signalling server and the ICE servers into index.html (scripts/online-config.mjs).
set -eu
root="$TRUNK_SOURCE_DIR/.."
stage="$TRUNK_STAGING_DIR"
for file in onitama.js first-visit.js peer.js engine.js boot.js online.js ai-worker.js sw.js; do
  hint=
  case "$file" in onitama.js | first-visit.js) hint='--banner:js=//# allFunctionsCalledOnLoad' ;; esac
  "$root/node_modules/.bin/esbuild" "$stage/$file" --minify --log-level=warning --allow-overwrite \
    ${hint:+"$hint"} --outfile="$stage/$file"
done
for module in onitama first-visit peer engine; do
  node "$root/scripts/short-imports.mjs" "$stage" "$module"
done
node "$root/scripts/online-config.mjs" "$stage"
