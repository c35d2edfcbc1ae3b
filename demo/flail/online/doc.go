// Package online is the flail game over the network: an authoritative
// Server (rooms of the demo's match at 40 Hz, filled with bots, WebSocket
// transport with the demo/flail/wire protocol) and a Client (connection,
// snapshot interpolation, own-car prediction) that the demo's -connect mode
// and the load tests use. It does not import ebiten.
//
// The server trusts nothing from a client but its inputs: each Input is
// applied once, in tick order; names are cut and cleaned; NaN aims are
// clamped; garbage, oversized or unexpected messages, floods and slow
// readers end the connection with a logged reason, without stalling the
// room.
//
// The parts that do not depend on the game (per-address limits behind
// trusted proxies, name cleaning, the bounded close, the idle clock, the
// operator's endpoints and the metrics) are demo/internal/netops's, shared
// with other games' servers; the fleet of servers on NATS is
// demo/internal/fleet.
package online
