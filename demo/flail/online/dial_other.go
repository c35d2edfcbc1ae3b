//go:build !js

package online

import "github.com/coder/websocket"

func dialOptions(o DialOptions) *websocket.DialOptions {
	return &websocket.DialOptions{HTTPClient: o.HTTPClient}
}
