# Sourced by the online checks (demo/flail/online_check.sh,
# demo/playground/online_check.sh): a work directory and the background
# processes a check starts, all stopped and removed when it exits; the
# browser page's files; a server's address from its log; the bytes of a
# page file on the wire; Xvfb.

work=$(mktemp -d)
pids=()
cleanup() {
	for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
	for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
	rm -rf "$work"
}
trap cleanup EXIT

# web_page PAGE_DIR WASM_NAME PKG: $work/web with PAGE_DIR's index.html,
# Go's wasm_exec.js and PKG built for the browser as WASM_NAME.
web_page() {
	mkdir -p "$work/web"
	cp "$1/index.html" "$work/web/"
	local goroot
	goroot=$(go env GOROOT)
	cp "$goroot/lib/wasm/wasm_exec.js" "$work/web/" 2>/dev/null || cp "$goroot/misc/wasm/wasm_exec.js" "$work/web/"
	GOOS=js GOARCH=wasm go build -o "$work/web/$2" "$3"
}

# server_addr LOG WORDS: waits up to 10 s for the line "WORDS on
# HOST:PORT" in LOG and sets addr; exits the check when it does not come.
server_addr() {
	addr=""
	for _ in $(seq 1 100); do
		addr=$(sed -n "s/.*$2 on \([0-9.]*:[0-9]*\).*/\1/p" "$1" 2>/dev/null | head -1 || true)
		[ -n "$addr" ] && break
		sleep 0.1
	done
	if [ -z "$addr" ]; then
		echo "online_check: the server did not start:" >&2
		cat "$1" >&2
		exit 1
	fi
	echo "online_check: server on $addr"
}

# wire_weight NAME MAX: fetches the page's NAME from the server at $addr as
# a browser does (Accept-Encoding: gzip) and prints its bytes on the wire
# and unpacked; exits the check when it comes without Content-Encoding:
# gzip, does not unpack to $work/web/NAME, or is over MAX bytes on the wire.
wire_weight() {
	local wire plain
	wire=$(curl -fsS --max-time 120 -H 'Accept-Encoding: gzip' -D "$work/$1.headers" -o "$work/$1.wire" \
		-w '%{size_download}' "http://$addr/$1")
	plain=$(stat -c %s "$work/web/$1")
	echo "online_check: $1: $wire bytes on the wire, $plain unpacked"
	if ! grep -qi '^content-encoding: *gzip' "$work/$1.headers"; then
		echo "online_check: $1 came without Content-Encoding: gzip:" >&2
		cat "$work/$1.headers" >&2
		exit 1
	fi
	if ! gzip -dc "$work/$1.wire" | cmp -s - "$work/web/$1"; then
		echo "online_check: $1 does not unpack to the served file" >&2
		exit 1
	fi
	if [ "$wire" -gt "$2" ]; then
		echo "online_check: $1 is $wire bytes on the wire, more than $2" >&2
		exit 1
	fi
}

# with_xvfb LOG: a private Xvfb (demo/xvfb.sh), stopped with the rest.
with_xvfb() {
	. demo/xvfb.sh
	start_xvfb "$1"
	pids+=("$xvfb_pid")
	trap cleanup EXIT # start_xvfb set its own trap; ours stops Xvfb too
}
