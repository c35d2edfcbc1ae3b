//go:build !js

package online

import (
	"net/http"

	"github.com/coder/websocket"
)

// httpClient is DialOptions.HTTPClient's type: an *http.Client outside the
// browser.
type httpClient = *http.Client

func dialOptions(o DialOptions) *websocket.DialOptions {
	return &websocket.DialOptions{HTTPClient: o.HTTPClient}
}
