//go:build !js

package online

import "github.com/coder/websocket"

// dialOptions: native clients make the handshake with net/http's default
// client.
func dialOptions() *websocket.DialOptions { return &websocket.DialOptions{} }
