// Package binstate is the little-endian binary codec of the module's state
// snapshots (flail rules and players, flail matches, online rooms): a
// Writer that appends fixed-size values and length-prefixed blobs, and a
// Reader that checks every read against what is left, so a truncated or
// corrupted snapshot gives an error, never a panic or a huge allocation.
//
// Floats are written as their IEEE-754 bits, so a snapshot restores the
// exact values (NaN payloads and signed zeros included).
//
// A snapshot that is stored or sent (a flail match, a server's state file,
// a room handed to another server) is wrapped in an Envelope: magic, format
// version, length and CRC-32C checksums, all checked by Envelope.Open before
// the payload is decoded, so a changed byte or a cut is refused as such
// (ErrChecksum, ErrShort) rather than decoded into another valid state.
package binstate
