#!/usr/bin/env bash
# CI check of the playground online: start demo/playgroundserver on
# 127.0.0.1 (serving the browser page too: playground.wasm must come
# gzipped, at most 6 MB on the wire, and the check prints its bytes on the
# wire and unpacked), join it with the browser build in Debian's headless
# Chromium and with a native playground under Xvfb; both must be seated
# and play, the native client must end with no desync, and its screenshot
# must show the course with the browser's character in it
# (demo/playground/screencheck replays the view, the other character
# included). The screenshots are left in $OUT: look at them.
#
#   bash demo/playground/online_check.sh
#   OUT=/tmp/pgonline bash demo/playground/online_check.sh
#
# Needs: Go, Xvfb, chromium and the Ebitengine build packages.
set -euo pipefail

cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/playground_online}"
mkdir -p "$OUT"
. demo/online_check_lib.sh

echo "online_check: building the server, the playground, its browser build and the checkers"
go build -o "$work/playgroundserver" ./demo/playgroundserver
go build -o "$work/playground" ./demo/playground
go build -o "$work/screencheck" ./demo/playground/screencheck
go build -o "$work/browsercheck" ./demo/flail/internal/browsercheck
web_page demo/playground/web playground.wasm ./demo/playground

"$work/playgroundserver" -addr 127.0.0.1:0 -web "$work/web" >"$OUT/server.log" 2>&1 &
pids+=($!)
server_addr "$OUT/server.log" "playground server"
curl -fsS "http://$addr/readyz" >/dev/null
# The page is light (this first request also makes the server's gzip).
wire_weight playground.wasm 6000000

with_xvfb "$OUT/xvfb.log"

# The browser joins first (the page loads in a few seconds) and takes four
# screenshots, 12 to 24 s after it started; the native client joins once
# the browser is seated, walks up to it for 15 s (its -frames script turns
# to the nearest player) and saves its screenshot while the browser is
# still there.
timeout 150 "$work/browsercheck" -url "http://$addr/index.html?connect=ws://$addr/ws&name=Browser&motor=hybrid" \
	-out "$OUT/browser.png" -wait 12s -shots 4 -every 4s -min-colors 200 >"$OUT/browser.log" 2>&1 &
browser=$!
pids+=($browser)
for _ in $(seq 1 300); do
	grep -q 'join seat .*"Browser"' "$OUT/server.log" && break
	sleep 0.1
done
if ! grep -q 'join seat .*"Browser"' "$OUT/server.log"; then
	echo "online_check: the browser did not join:" >&2
	cat "$OUT/server.log" "$OUT/browser.log" >&2
	exit 1
fi
timeout 120 "$work/playground" -connect "ws://$addr/ws" -name Ann -motor arena -frames 900 -width 960 -height 600 \
	-screenshot "$OUT/native.png" 2> >(grep -v '^XGB: ' >"$OUT/native.log")
if ! wait "$browser"; then
	echo "online_check: the browser check failed:" >&2
	cat "$OUT/browser.log" >&2
	exit 1
fi
cat "$OUT/native.log"
grep -q 'join seat .*"Ann"' "$OUT/server.log" || { echo "online_check: Ann did not join" >&2; exit 1; }
if ! grep -q ' 0 desyncs' "$OUT/native.log"; then
	echo "online_check: the native client desynced" >&2
	exit 1
fi
# A client the server ended (bad input, a flood, a slow reader, idle...)
# fails the check; one that left does not: its reason is "closed", or
# "closed: the client left (...)" when it closed or reset the connection
# (the browser's tab closed at the end of browsercheck).
if grep 'disconnected: ' "$OUT/server.log" | grep -v 'disconnected: closed'; then
	echo "online_check: a client was thrown out:" >&2
	cat "$OUT/server.log" >&2
	exit 1
fi
if ! grep -q '"others": \[' "$OUT/native.png.json"; then
	echo "online_check: the native client did not see the browser's character" >&2
	exit 1
fi
"$work/screencheck" "$OUT/native.png"
cat "$OUT/server.log"
echo "online_check: OK ($OUT/native.png, $OUT/browser.png, $OUT/browser-2.png ... -4.png)"
