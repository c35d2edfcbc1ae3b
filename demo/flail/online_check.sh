#!/usr/bin/env bash
# CI check of online play: start demo/flailserver on 127.0.0.1,
# connect two native clients (Ann and Bob, under Xvfb, autopilot), a native
# spectator and the
# browser build in Debian's headless chromium; all three must join room 0,
# and the screenshots of a native client and of the browser must show the
# arena with the local car at the center (demo/flail/screencheck). The
# screenshots are left in $OUT: look at them.
#
#   bash demo/flail/online_check.sh
#   OUT=/tmp/online bash demo/flail/online_check.sh   # keep the screenshots there
#
# Needs: Go, Xvfb, chromium and the Ebitengine build packages.
set -euo pipefail

cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/flail_online}"
mkdir -p "$OUT"
. demo/online_check_lib.sh

echo "online_check: building the server, the native client and the browser build"
go build -o "$work/flailserver" ./demo/flailserver
go build -o "$work/flail" ./demo/flail
go build -o "$work/browsercheck" ./demo/flail/internal/browsercheck
web_page demo/flail/web flail.wasm ./demo/flail

"$work/flailserver" -addr 127.0.0.1:0 -web "$work/web" -build-wasm=false -room-size 12 >"$OUT/server.log" 2>&1 &
pids+=($!)
server_addr "$OUT/server.log" "flail server"
# the page as a browser fetches it: flail.wasm gzipped, at most 6 MB.
wire_weight flail.wasm 6000000

with_xvfb "$OUT/xvfb.log"

# Ann plays 20 s, Bob 12 s and saves a screenshot; the browser joins meanwhile.
timeout 120 "$work/flail" -connect "ws://$addr/ws" -name Ann -frames 1200 -width 960 -height 600 \
	2> >(grep -v '^XGB: ' >"$OUT/ann.log") &
ann=$!
pids+=($ann)
sleep 1
timeout 120 "$work/flail" -connect "ws://$addr/ws" -name Bob -frames 720 -width 960 -height 600 \
	-screenshot "$OUT/native.png" 2> >(grep -v '^XGB: ' >"$OUT/bob.log") &
bob=$!
pids+=($bob)
# A spectator: no car, the camera on the leader.
timeout 120 "$work/flail" -connect "ws://$addr/ws" -spectate -frames 480 -width 960 -height 600 \
	-screenshot "$OUT/spectator.png" 2> >(grep -v '^XGB: ' >"$OUT/spectator.log") &
spec=$!
pids+=($spec)
timeout 150 "$work/browsercheck" -url "http://$addr/?name=Browser" -out "$OUT/browser.png" -wait 15s -shots 3 -every 2s
wait "$bob"
wait "$ann"
wait "$spec"
if ! grep -q 'join .*("spectator", room 0, player 0)' "$OUT/server.log"; then
	echo "online_check: the spectator did not watch room 0:" >&2
	cat "$OUT/server.log" >&2
	exit 1
fi

for who in Ann Bob Browser; do
	if ! grep -q "join .*(\"$who\", room 0," "$OUT/server.log"; then
		echo "online_check: $who did not join room 0:" >&2
		cat "$OUT/server.log" >&2
		exit 1
	fi
done
echo "online_check: Ann, Bob and Browser played in room 0"
# A client the server ended ("disconnect WHO: REASON": bad input, a flood, a
# slow reader, idle...) fails the check; one that left does not ("leave
# WHO: closed", or "closed: the client left (...)" when it reset the
# connection, as the browser's tab does at the end of browsercheck).
if grep 'disconnect ' "$OUT/server.log"; then
	echo "online_check: a client was thrown out:" >&2
	cat "$OUT/server.log" >&2
	exit 1
fi
# The match is live (wall clock, other players), so whether a bot is in view
# at the moment of the screenshot is chance: only the arena floor and the
# local car at the center are required here.
# A bot may also have just destroyed the browser's car (the "destroyed"
# screen, 3 s until the respawn): one of three screenshots 2 s apart must
# show the arena with the car.
go run ./demo/flail/screencheck -min-bot-pixels 0 "$OUT/native.png"
# the spectator's camera follows the leader, drawn where the own car is.
go run ./demo/flail/screencheck -min-bot-pixels 0 "$OUT/spectator.png"
shown=""
for shot in "$OUT/browser.png" "$OUT/browser-2.png" "$OUT/browser-3.png"; do
	if go run ./demo/flail/screencheck -min-bot-pixels 0 "$shot"; then
		shown=$shot
		break
	fi
	echo "online_check: $shot does not show the browser's car in the arena; the next screenshot"
done
[ -n "$shown" ] || exit 1
echo "online_check: OK ($OUT/native.png, $shown)"
