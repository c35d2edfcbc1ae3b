//go:build js

package online

import "github.com/coder/websocket"

// httpClient is DialOptions.HTTPClient's type; in the browser, where the page
// makes the handshake, it holds nothing (and keeps net/http's client out of
// the wasm build).
type httpClient = struct{}

// dialOptions: in a browser the page's websocket does the handshake.
func dialOptions(DialOptions) *websocket.DialOptions { return nil }
