//go:build js

package main

import (
	"encoding/hex"
	"syscall/js"

	"github.com/seedgames/motorkit/demo/flail/wire"
)

// saveToken keeps the car's reconnect token in the tab's sessionStorage,
// where the page (web/index.html) finds it after a reload and passes it as
// -token: a reload within the server's grace time gets the same car back.
func saveToken(t wire.Token) {
	if s := js.Global().Get("sessionStorage"); s.Truthy() {
		s.Call("setItem", "flail.token", hex.EncodeToString(t[:]))
	}
}
