package netops

import (
	"slices"
	"testing"
)

// The flail server's reasons map to their labels; anything else is other.
func TestReasonLabel(t *testing.T) {
	for reason, want := range map[string]string{
		"":       "closed",
		"closed": "closed",
		"closed: the client left (connection reset by peer)":            "closed",
		"slow reader: a write took over 2s":                             "slow_reader",
		"idle: no input for 61.0 s":                                     "idle",
		"restart: the server is restarting, reconnect in a few seconds": "restart",
		"message flood: more than 120 messages per second":              "flood",
		"input flood: 200 inputs in 1.0 s":                              "flood",
		"bad input: short message":                                      "bad_input",
		"bad hello: short message":                                      "bad_input",
		"slow reader: 80 snapshots dropped":                             "slow_reader",
		"replaced by a reconnect":                                       "replaced",
		"text message (the protocol is binary)":                         "protocol",
		"unexpected Snapshot message":                                   "protocol",
		"protocol version 3, server speaks 4":                           "protocol",
		"first message is not binary":                                   "protocol",
		"every room is full":                                            "full",
		"4 cars from your address already (at most 4)":                  "full",
		"unknown token":                                                 "token",
		"something else":                                                "other",
	} {
		got := ReasonLabel(reason)
		if got != want {
			t.Errorf("ReasonLabel(%q) = %q, want %q", reason, got, want)
		}
		if !slices.Contains(DisconnectReasons, got) {
			t.Errorf("ReasonLabel(%q) = %q, not one of DisconnectReasons", reason, got)
		}
	}
}

func TestPercentile(t *testing.T) {
	xs := []float64{5, 1, 4, 2, 3}
	for _, tc := range []struct{ q, want float64 }{{0, 1}, {0.2, 1}, {0.5, 3}, {0.99, 5}, {1, 5}, {2, 5}, {-1, 1}} {
		if got := Percentile(xs, tc.q); got != tc.want {
			t.Errorf("Percentile(%v, %v) = %v, want %v", xs, tc.q, got, tc.want)
		}
	}
	if !slices.Equal(xs, []float64{5, 1, 4, 2, 3}) {
		t.Errorf("Percentile sorted its argument: %v", xs)
	}
	if got := Percentile(nil, 0.5); got != 0 {
		t.Errorf("Percentile(nil) = %v", got)
	}
}
