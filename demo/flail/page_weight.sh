#!/usr/bin/env bash
# Page weight of the browser game, before and after the light page: the
# time from navigation to the first drawn frame and the bytes on the wire,
# measured in headless chromium (demo/flail/internal/browsercheck
# -first-frame) with no throttling and on an emulated 20 Mbit/s link.
#
#   before: flail.wasm built with symbols, served as is by a plain file server
#   after:  flail.wasm built with -ldflags="-s -w", served by flailserver
#           (gzip -9 made once, ETag, Last-Modified)
#
#   bash demo/flail/page_weight.sh          # prints one line per case
#
# Needs: Go and chromium. Not part of CI (a minute of downloads).
set -euo pipefail
cd "$(dirname "$0")/../.."
work=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/browsercheck" ./demo/flail/internal/browsercheck
go build -o "$work/webserve" ./demo/playground/internal/webserve
go build -o "$work/flailserver" ./demo/flailserver
GOROOT=$(go env GOROOT)
for d in before after; do
	mkdir -p "$work/$d"
	cp demo/flail/web/index.html "$work/$d/"
	cp "$GOROOT/lib/wasm/wasm_exec.js" "$work/$d/" 2>/dev/null || cp "$GOROOT/misc/wasm/wasm_exec.js" "$work/$d/"
done
GOOS=js GOARCH=wasm go build -o "$work/before/flail.wasm" ./demo/flail
GOOS=js GOARCH=wasm go build -ldflags="-s -w" -o "$work/after/flail.wasm" ./demo/flail

"$work/webserve" -dir "$work/before" >"$work/before.log" 2>&1 &
pids+=($!)
"$work/flailserver" -addr 127.0.0.1:0 -web "$work/after" -build-wasm=false >"$work/after.log" 2>&1 &
pids+=($!)
before="" after=""
for _ in $(seq 1 100); do
	before=$(sed -n 's#serving http://\([0-9.]*:[0-9]*\)/#\1#p' "$work/before.log" | head -1)
	after=$(sed -n 's/.*flail server on \([0-9.]*:[0-9]*\).*/\1/p' "$work/after.log" | head -1)
	[ -n "$before" ] && [ -n "$after" ] && break
	sleep 0.1
done
[ -n "$before" ] && [ -n "$after" ] || { echo "page_weight: servers did not start" >&2; cat "$work"/*.log >&2; exit 1; }

# warm flailserver's gzip cache (made once per file version, on the first request)
curl -s -o /dev/null -H "Accept-Encoding: gzip" "http://$after/flail.wasm"
for mbps in 0 20; do
	for d in before after; do
		host=$before
		[ "$d" = after ] && host=$after
		res=$("$work/browsercheck" -url "http://$host/?offline=1" -out "$work/$d.png" -first-frame \
			-throttle-mbps "$mbps" -wait 90s)
		ff=$(sed -n 's/^first frame: \([0-9]*\) ms.*/\1/p' <<<"$res")
		wasm=$(sed -n 's/^file flail.wasm: \([0-9]*\) bytes transferred, \([0-9]*\) decoded.*/\1 bytes on the wire (\2 unpacked)/p' <<<"$res")
		link="unthrottled"
		[ "$mbps" != 0 ] && link="$mbps Mbit/s"
		echo "$d, $link: first frame after $ff ms; flail.wasm $wasm"
	done
done
