//go:build js

package online

import "github.com/coder/websocket"

// dialOptions: in a browser the page's websocket does the handshake.
func dialOptions(DialOptions) *websocket.DialOptions { return nil }
