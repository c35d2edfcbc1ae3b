// Package fleettest runs an embedded NATS server with JetStream for the
// tests of a fleet of flail servers (demo/flail/fleet, demo/flailserver).
package fleettest
