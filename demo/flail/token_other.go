//go:build !js

package main

import "github.com/seedgames/motorkit/demo/flail/wire"

// saveToken does nothing outside the browser: a native client keeps its
// token in memory for the whole session.
func saveToken(wire.Token) {}
