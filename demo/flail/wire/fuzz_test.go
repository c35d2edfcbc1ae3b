package wire

import (
	"bytes"
	"testing"
)

// decodeAny decodes b with the decoder of its kind and re-encodes it
// (default frame); ok is false when b is not a valid message.
func decodeAny(b []byte, f Frame) (out []byte, n int, ok bool) {
	switch KindOf(b) {
	case KindHello:
		var m Hello
		if DecodeHello(b, &m) != nil || m.Version != Version {
			return nil, 0, false
		}
		return AppendHello(nil, &m), 1, true
	case KindWelcome:
		var m Welcome
		if DecodeWelcome(b, &m, f) != nil {
			return nil, 0, false
		}
		return AppendWelcome(nil, &m, f), len(m.Boxes), true
	case KindInput:
		var m Input
		if DecodeInput(b, &m, f) != nil {
			return nil, 0, false
		}
		return AppendInput(nil, &m, f), 1, true
	case KindSnapshot:
		var m Snapshot
		if DecodeSnapshot(b, &m, f) != nil {
			return nil, 0, false
		}
		return AppendSnapshot(nil, &m, f), len(m.Players), true
	case KindRoster:
		var m Roster
		if DecodeRoster(b, &m) != nil {
			return nil, 0, false
		}
		return AppendRoster(nil, &m), len(m.Players), true
	case KindBoard:
		var m Board
		if DecodeBoard(b, &m) != nil {
			return nil, 0, false
		}
		return AppendBoard(nil, &m), len(m.Rows), true
	case KindEvents:
		var m Events
		if DecodeEvents(b, &m) != nil {
			return nil, 0, false
		}
		return AppendEvents(nil, &m), len(m.Events), true
	case KindPickups:
		var m Pickups
		if DecodePickups(b, &m, f) != nil {
			return nil, 0, false
		}
		return AppendPickups(nil, &m, f), len(m.Items), true
	case KindError:
		var m Error
		if DecodeError(b, &m) != nil {
			return nil, 0, false
		}
		return AppendError(nil, &m), 1, true
	}
	return nil, 0, false
}

// FuzzDecode feeds arbitrary bytes to every decoder: none panics, the
// element count of a decoded message never exceeds the input length
// (bounded allocation), and a decoded message re-encodes to a stable form
// (encode(decode(encode(decode(b)))) == encode(decode(b))).
func FuzzDecode(f *testing.F) {
	s := sampleSnapshot()
	f.Add(AppendSnapshot(nil, &s, Frame{}))
	f.Add(AppendHello(nil, &Hello{Version: Version, Name: "Ada"}))
	f.Add(AppendInput(nil, &Input{Tick: 3, Aim: 1, Throttle: 0.5, Buttons: ButtonHeld}, Frame{}))
	f.Add(AppendWelcome(nil, &Welcome{You: 1, Boxes: []Box{{X: 1}}}, Frame{}))
	f.Add(AppendRoster(nil, &Roster{Players: []RosterEntry{{ID: 1, Name: "x"}}}))
	f.Add(AppendBoard(nil, &Board{Rows: []BoardRow{{ID: 1}}}))
	f.Add(AppendEvents(nil, &Events{Events: []Event{{Kind: 1}}}))
	f.Add(AppendPickups(nil, &Pickups{Items: []Pickup{{X: 1}}}, Frame{}))
	f.Add(AppendError(nil, &Error{Code: 1, Text: "no"}))
	f.Add([]byte{byte(KindSnapshot), 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff})
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		decodeAny(b, SeedFrame(100)) // must not panic
		out, n, ok := decodeAny(b, Frame{})
		if !ok {
			return
		}
		if n > len(b) {
			t.Fatalf("%d elements from %d bytes", n, len(b))
		}
		again, _, ok := decodeAny(out, Frame{})
		if !ok || !bytes.Equal(out, again) {
			t.Fatalf("re-encoding not stable:\n%x\n%x", out, again)
		}
	})
}
