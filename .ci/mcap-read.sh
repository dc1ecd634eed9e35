#!/usr/bin/env bash
# Reads MCAP recordings with an independent reader, Foxglove's TypeScript
# library @mcap/core from the npm registry (plus fzstd for zstd chunks), and
# prints one JSON line per file: its channels, their schema names and message
# counts. Usage: .ci/mcap-read.sh FILE.mcap...
# The packages are installed once into $MCAP_READER_DIR (default: a folder
# under the system temp directory); needs node and npm.
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
dir="${MCAP_READER_DIR:-${TMPDIR:-/tmp}/rescuekit-mcap-reader-2.2.2}"
mkdir -p "$dir"
if [ ! -f "$dir/node_modules/@mcap/core/package.json" ] || [ ! -f "$dir/node_modules/fzstd/package.json" ]; then
  [ -f "$dir/package.json" ] || echo '{"name":"rescuekit-mcap-reader","private":true,"type":"module"}' > "$dir/package.json"
  npm install --prefix "$dir" --no-audit --no-fund --silent @mcap/core@2.2.2 fzstd@0.1.1 >&2
fi
cp "$here/record/testdata/mcap-read.mjs" "$dir/mcap-read.mjs"
exec node "$dir/mcap-read.mjs" "$@"
