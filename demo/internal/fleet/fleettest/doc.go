// Package fleettest runs an embedded NATS server with JetStream for the
// tests of a fleet of game servers (demo/internal/fleet, demo/flailserver).
package fleettest
