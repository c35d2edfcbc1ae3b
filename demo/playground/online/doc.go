// Package online is the 3D playground over the network: a Server (an
// authoritative netplay.Host at 60 Hz behind a WebSocket endpoint, with
// the operational pieces the flail server has: health, readiness,
// metrics, per-address limits, idle eviction, a drain that saves its
// state, the NATS fleet) and a Client (the connection and a
// netplay.Client that predicts the player's own character and draws the
// others 100 ms back). It does not import ebiten: demo/playgroundserver
// runs the Server, the playground's -connect mode the Client.
// docs/netplay.md explains the protocol.
//
// The server trusts nothing from a client but its commands: a message
// that does not decode, an input too far ahead, a flood, a slow reader or
// a client that stays silent ends the connection with a logged reason.
package online
