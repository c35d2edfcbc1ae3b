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
. demo/browser_check_lib.sh
serve_page platformer ./demo/platformer demo/platformer/web "$OUT"

# The level's flat colours and their anti-aliased edges: a drawn page has
# about ten colours, a black or blank one one or two.
echo "browser_check: $url index.html"
timeout 150 "$OUT/browsercheck" -url "${url}index.html" -out "$OUT/platformer.png" -wait 10s -min-colors 6
echo "browser_check: $url index.html?scene=topdown"
timeout 150 "$OUT/browsercheck" -url "${url}index.html?scene=topdown" -out "$OUT/topdown.png" -wait 8s -min-colors 6
echo "browser_check: OK ($OUT/platformer.png, $OUT/topdown.png)"
