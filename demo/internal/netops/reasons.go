package netops

import "strings"

// DisconnectReasons are the label values of the disconnects metric, the
// only ones ReasonLabel returns: a fixed set, so a client cannot grow the
// metric's cardinality with the reasons it provokes.
var DisconnectReasons = []string{"closed", "idle", "flood", "bad_input", "slow_reader", "replaced", "protocol", "full", "token", "restart", "other"}

// ReasonLabel maps the reason a connection ended, as a server words it for
// its log and its client, to one of DisconnectReasons: "", "closed" or
// "closed: …" (the client closed or reset the connection: LeftReason) is
// closed; "idle…", "restart…", "…flood…", "bad input…" or "bad hello…",
// "slow reader…", "replaced…"; "text message…", "unexpected…", "protocol
// version…" or "first message…" is protocol; "…full…" or "…cars from your
// address…" is full; "…token…"; anything else is other.
func ReasonLabel(reason string) string {
	switch {
	case reason == "" || reason == "closed" || strings.HasPrefix(reason, "closed:"):
		return "closed"
	case strings.HasPrefix(reason, "idle"):
		return "idle"
	case strings.HasPrefix(reason, "restart"):
		return "restart"
	case strings.Contains(reason, "flood"):
		return "flood"
	case strings.HasPrefix(reason, "bad input"), strings.HasPrefix(reason, "bad hello"):
		return "bad_input"
	case strings.HasPrefix(reason, "slow reader"):
		return "slow_reader"
	case strings.HasPrefix(reason, "replaced"):
		return "replaced"
	case strings.HasPrefix(reason, "text message"), strings.HasPrefix(reason, "unexpected"),
		strings.HasPrefix(reason, "protocol version"), strings.HasPrefix(reason, "first message"):
		return "protocol"
	case strings.Contains(reason, "full") || strings.Contains(reason, "cars from your address"):
		return "full"
	case strings.Contains(reason, "token"):
		return "token"
	}
	return "other"
}
