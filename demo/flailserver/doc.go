// Command flailserver is the flail game's authoritative online server:
// rooms of the demo's match at 40 Hz, filled with bots up to -room-size and
// emptied of bots as people join, over WebSocket at /ws with the
// demo/flail/wire protocol (docs/protocol.md). It also serves the browser build
// of the demo, which connects back to it (docs/online.md):
//
//	go run ./demo/flailserver                 # http://localhost:8040/
//	go run ./demo/flail -connect ws://127.0.0.1:8040/ws -name Ann
package main
