// Command browsercheck loads a page in the system's headless Chromium
// (Debian's chromium package; no downloaded browser), waits, and saves a
// screenshot through the DevTools protocol. demo/flail/online_check.sh uses
// it to check that the browser build served by demo/flailserver connects
// and draws the arena:
//
//	go run ./demo/flail/internal/browsercheck -url http://127.0.0.1:8040/ -out shot.png -wait 20s
//
// It also prints the page's document title and whether it has a canvas,
// and fails when the page shows the loader's "failed" message.
package main
