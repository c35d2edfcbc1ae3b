//go:build js

package main

import "errors"

// serve: a browser cannot host the server.
func serve(flags) error {
	return errors.New("-serve: the server runs natively (go run ./demo/playground -serve ADDR)")
}
