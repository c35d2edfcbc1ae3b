#!/usr/bin/env bash
# Browser check of the playground: builds playground.wasm, serves the page
# on 127.0.0.1 and loads it in Debian's headless Chromium twice: with
# ?motor=hybrid the page must draw (a screenshot with many colors), and with
# ?motor=bogus it must show the start-up error on the page (#status), not a
# black screen. Exits non-zero on failure.
#
#   bash demo/playground/browser_check.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/playground_browser}"
mkdir -p "$OUT/web"
cp demo/playground/web/index.html "$OUT/web/"
GOROOT=$(go env GOROOT)
cp "$GOROOT/lib/wasm/wasm_exec.js" "$OUT/web/" 2>/dev/null || cp "$GOROOT/misc/wasm/wasm_exec.js" "$OUT/web/"
GOOS=js GOARCH=wasm go build -o "$OUT/web/playground.wasm" ./demo/playground
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

echo "browser_check: $url index.html?motor=hybrid"
timeout 150 "$OUT/browsercheck" -url "${url}index.html?motor=hybrid" -out "$OUT/hybrid.png" -wait 12s -min-colors 200
echo "browser_check: $url index.html?motor=bogus"
timeout 150 "$OUT/browsercheck" -url "${url}index.html?motor=bogus" -out "$OUT/bogus.png" -wait 6s -want-status 'unknown motor "bogus"'
echo "browser_check: OK ($OUT/hybrid.png, $OUT/bogus.png)"
