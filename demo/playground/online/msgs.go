package online

import (
	"errors"
	"fmt"

	"github.com/seedgames/motorkit/netplay"
)

// The playground's own messages, next to netplay's (MsgHello, MsgWelcome,
// MsgInputs, MsgTickInputs, MsgSwitch): who is who, and why a connection
// ends.
const (
	// MsgRoster (server to client): the seats' names, sent on a change
	// and every second.
	MsgRoster byte = 6
	// MsgBye (server to client, last): why the connection ends and, when
	// the game moved to another server, its URL.
	MsgBye byte = 7
	// MsgToken (server to client, after the welcome): the seat's token.
	MsgToken byte = 8
	// MsgResync (client to server): send me a new welcome (the client's
	// state differed from the server's).
	MsgResync byte = 9
)

// MaxName is the longest name in bytes (a netplay.Hello's).
const MaxName = netplay.MaxName

// MaxClientMessage is the largest message a client may send: an Inputs
// message of MaxInputsPerMessage full commands is 80 bytes.
const MaxClientMessage = 256

// Token identifies a seat across reconnects (a netplay.Hello carries it).
type Token = netplay.Token

var errMessage = errors.New("online: bad message")

// RosterEntry is a seat's name.
type RosterEntry struct {
	Seat int
	Name string
}

// AppendRoster appends a MsgRoster.
func AppendRoster(dst []byte, entries []RosterEntry) []byte {
	dst = append(dst, MsgRoster, byte(len(entries)))
	for _, e := range entries {
		dst = append(dst, byte(e.Seat), byte(len(e.Name)))
		dst = append(dst, e.Name...)
	}
	return dst
}

// DecodeRoster decodes a MsgRoster.
func DecodeRoster(b []byte) ([]RosterEntry, error) {
	if len(b) < 2 || b[0] != MsgRoster || int(b[1]) > netplay.MaxSeats {
		return nil, fmt.Errorf("%w: not a roster", errMessage)
	}
	n, b := int(b[1]), b[2:]
	out := make([]RosterEntry, 0, n)
	for range n {
		if len(b) < 2 || int(b[1]) > MaxName || len(b) < 2+int(b[1]) || int(b[0]) >= netplay.MaxSeats {
			return nil, fmt.Errorf("%w: roster entry", errMessage)
		}
		out = append(out, RosterEntry{Seat: int(b[0]), Name: string(b[2 : 2+int(b[1])])})
		b = b[2+int(b[1]):]
	}
	if len(b) != 0 {
		return nil, fmt.Errorf("%w: roster with %d bytes left over", errMessage, len(b))
	}
	return out, nil
}

// Bye is the server's last message.
type Bye struct {
	Reason string
	// URL, when set, is the server the game moved to: reconnect there
	// with the token.
	URL string
}

// AppendBye appends a MsgBye.
func AppendBye(dst []byte, b Bye) []byte {
	r, u := cut(b.Reason, 200), cut(b.URL, 250)
	dst = append(dst, MsgBye, byte(len(r)))
	dst = append(dst, r...)
	dst = append(dst, byte(len(u)))
	return append(dst, u...)
}

// DecodeBye decodes a MsgBye.
func DecodeBye(b []byte) (Bye, error) {
	if len(b) < 3 || b[0] != MsgBye || len(b) < 2+int(b[1])+1 {
		return Bye{}, fmt.Errorf("%w: not a bye", errMessage)
	}
	r := string(b[2 : 2+int(b[1])])
	rest := b[2+int(b[1]):]
	if len(rest) != 1+int(rest[0]) {
		return Bye{}, fmt.Errorf("%w: bye", errMessage)
	}
	return Bye{Reason: r, URL: string(rest[1:])}, nil
}

func cut(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// ByeError is a connection the server ended, with its reason.
type ByeError struct{ Bye }

func (e *ByeError) Error() string {
	if e.URL != "" {
		return "online: the game moved to " + e.URL
	}
	return "online: the server ended the connection: " + e.Reason
}
