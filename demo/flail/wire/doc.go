// Package wire is the flail game's network protocol: compact, versioned,
// little-endian binary messages, one per WebSocket binary message (see
// docs/protocol.md for the byte layout).
//
// A client opens with Hello (protocol Version, a name, a reconnect token);
// the server answers Welcome (the player's ID, a new token, the tick rate and
// the arena) or Error. Then the client sends one Input per client tick,
// tagged with its tick number, and the server sends a Snapshot per server
// tick (with the last input tick it applied), a Roster when players come and
// go, the Board (leaderboard), Events (kills, respawns) and Pickups.
//
// Messages hold physical values in the simulation's units (meters,
// radians); a Frame converts them on the wire. The default frame sends
// meters and radians unchanged; SeedFrame uses the reference game's conventions
// (positions in world units / 10, the car angle shifted by -pi/2).
//
// Decoding never panics and allocates at most in proportion to the input
// (every count is checked against the bytes left before anything is
// allocated); the decoders reuse the slices of the message they fill.
//
// The package is pure Go (no donburi, no ebiten).
package wire
