//go:build js

package online

import "github.com/coder/websocket"

// dialOptions: in a browser the page's websocket makes the handshake.
func dialOptions() *websocket.DialOptions { return nil }
