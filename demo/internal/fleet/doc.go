// Package fleet runs many servers of a game (any Server: the flail
// server, demo/flail/online, is one) as one game over NATS: each server
// registers its rooms, players and capacity in a JetStream key-value
// bucket with a TTL heartbeat; any server answers /rooms for the whole
// fleet and /join with the server and room a new player should take (the
// fullest room with space, so rooms fill); and a draining server hands
// its rooms to another through NATS, which resumes them at their tick
// while the players reconnect there with their tokens. No registry or
// protocol of its own: the directory is a NATS KV bucket, the handoff a
// NATS request. Each game has its own bucket (Options.Bucket), from which
// its handoff subjects derive, so two games' fleets can share one NATS.
// See docs/online.md#a-fleet-of-servers.
//
// The package is for servers only (it is not built for js/wasm).
package fleet
