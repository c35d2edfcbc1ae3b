// Package netplay joins motorkit's pipeline to package rollback: Command,
// a player's character command in 8 bytes, and Characters, a
// rollback.Simulation that runs a systems.Pipeline with one character per
// player. docs/netplay.md explains snapshots, sessions and SyncTest.
package netplay
