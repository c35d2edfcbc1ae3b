#!/usr/bin/env bash
# Browser check of the platformer: builds platformer.wasm, serves the page
# on 127.0.0.1 and loads it in Debian's headless Chromium, the platformer
# and its top-down scene: each page must draw the level (a screenshot with
# the level's colours, not a black or blank page). Exits non-zero on
# failure.
#
#   bash demo/platformer/browser_check.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/platformer_browser}"
mkdir -p "$OUT/web"
cp demo/platformer/web/index.html "$OUT/web/"
GOROOT=$(go env GOROOT)
cp "$GOROOT/lib/wasm/wasm_exec.js" "$OUT/web/" 2>/dev/null || cp "$GOROOT/misc/wasm/wasm_exec.js" "$OUT/web/"
GOOS=js GOARCH=wasm go build -o "$OUT/web/platformer.wasm" ./demo/platformer
go build -o "$OUT/webserve" ./demo/playground/internal/webserve
go build -o "$OUT/browsercheck" ./demo/flail/internal/browsercheck

"$OUT/webserve" -dir "$OUT/web" >"$OUT/serve.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
url=""
for _ in $(seq 1 50); do
	url=$(sed -n 's/^serving \(http:[^ ]*\)$/\1/p' "$OUT/serve.log" | head -1)
	[ -n "$url" ] && break
	sleep 0.1
done
[ -n "$url" ] || { echo "browser_check: the server did not start"; cat "$OUT/serve.log"; exit 1; }

# The level's flat colours and their anti-aliased edges: a drawn page has
# about ten colours, a black or blank one one or two.
echo "browser_check: $url index.html"
timeout 150 "$OUT/browsercheck" -url "${url}index.html" -out "$OUT/platformer.png" -wait 10s -min-colors 6
echo "browser_check: $url index.html?scene=topdown"
timeout 150 "$OUT/browsercheck" -url "${url}index.html?scene=topdown" -out "$OUT/topdown.png" -wait 8s -min-colors 6
echo "browser_check: OK ($OUT/platformer.png, $OUT/topdown.png)"
