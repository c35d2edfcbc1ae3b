// Package netops holds the operational pieces of the demo's authoritative
// game servers that do not depend on a game: per-address connection
// limits behind trusted proxies (AddressLimits), player-name cleaning
// (CleanName), the listener and socket plumbing that bounds a close
// handshake (LimitListener, ConnContext, RawConn, CloseWithin), the idle
// clock of a connection (Idle), the operator's endpoints (OpsHandler:
// /healthz, /readyz and a JSON list), the Prometheus metrics (Metrics,
// with a fixed set of disconnect reasons, ReasonLabel) and the room
// description a fleet directory and a drain's handoff share (RoomInfo,
// Handoff).
//
// The flail server (demo/flail/online) is built on it, and the fleet of
// servers on NATS (demo/internal/fleet) speaks RoomInfo and Handoff, so a
// second game's server reuses them rather than a copy of each. Nothing
// here knows a wire protocol, a room's simulation or a state file's
// format.
//
// The package compiles for js/wasm (a game's client shares its server's
// package): there the Metrics record nothing and serve no handler, so the
// Prometheus client stays out of the browser build.
package netops
