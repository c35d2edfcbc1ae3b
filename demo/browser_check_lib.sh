# Sourced by the browser checks (demo/playground/browser_check.sh,
# demo/platformer/browser_check.sh). serve_page NAME PKG DIR OUT builds
# PKG for js/wasm as OUT/web/NAME.wasm beside DIR's index.html and Go's
# wasm_exec.js, builds the page server and the Chromium driver
# (OUT/webserve, OUT/browsercheck), serves OUT/web on 127.0.0.1 until the
# calling script exits, and sets url to the page's address (with a
# trailing slash). Run from the repository root.
serve_page() {
	local name="$1" pkg="$2" dir="$3" out="$4" goroot
	mkdir -p "$out/web"
	cp "$dir/index.html" "$out/web/"
	goroot=$(go env GOROOT)
	cp "$goroot/lib/wasm/wasm_exec.js" "$out/web/" 2>/dev/null || cp "$goroot/misc/wasm/wasm_exec.js" "$out/web/"
	GOOS=js GOARCH=wasm go build -o "$out/web/$name.wasm" "$pkg"
	go build -o "$out/webserve" ./demo/playground/internal/webserve
	go build -o "$out/browsercheck" ./demo/flail/internal/browsercheck

	"$out/webserve" -dir "$out/web" >"$out/serve.log" 2>&1 &
	page_server=$!
	trap 'kill $page_server 2>/dev/null || true' EXIT
	url=""
	for _ in $(seq 1 50); do
		url=$(sed -n 's/^serving \(http:[^ ]*\)$/\1/p' "$out/serve.log" 2>/dev/null | head -1)
		[ -n "$url" ] && break
		sleep 0.1
	done
	[ -n "$url" ] || { echo "browser_check: the server did not start"; cat "$out/serve.log"; return 1; }
}
