package main

import (
	"encoding/hex"

	"github.com/seedgames/motorkit/demo/flail/wire"
)

// parseToken reads a reconnect token written as 32 hex digits.
func parseToken(s string) (wire.Token, bool) {
	var t wire.Token
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(t) {
		return t, false
	}
	copy(t[:], b)
	return t, true
}
