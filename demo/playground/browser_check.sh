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
. demo/browser_check_lib.sh
serve_page playground ./demo/playground demo/playground/web "$OUT"

echo "browser_check: $url index.html?motor=hybrid"
timeout 150 "$OUT/browsercheck" -url "${url}index.html?motor=hybrid" -out "$OUT/hybrid.png" -wait 12s -min-colors 200
echo "browser_check: $url index.html?motor=bogus"
timeout 150 "$OUT/browsercheck" -url "${url}index.html?motor=bogus" -out "$OUT/bogus.png" -wait 6s -want-status 'unknown motor "bogus"'
echo "browser_check: OK ($OUT/hybrid.png, $OUT/bogus.png)"
