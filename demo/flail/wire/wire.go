package wire

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"unicode/utf8"
)

// Version is the protocol version a Hello carries; a server answers a
// different version with an Error (CodeVersion).
const Version = 1

// Size limits. A server reads client messages up to MaxClientMessage bytes;
// clients read server messages up to MaxServerMessage bytes.
const (
	MaxClientMessage = 256
	MaxServerMessage = 256 << 10
	// MaxName is the longest player name (bytes of UTF-8).
	MaxName = 24
	// MaxNodes is the most rope nodes a player state carries.
	MaxNodes = 8
	// MaxText is the longest error text.
	MaxText = 200
)

// Kind is a message's first byte.
type Kind uint8

// Message kinds. Hello and Input go from client to server, the others from
// server to client.
const (
	KindHello    Kind = 1
	KindWelcome  Kind = 2
	KindInput    Kind = 3
	KindSnapshot Kind = 4
	KindRoster   Kind = 5
	KindBoard    Kind = 6
	KindEvents   Kind = 7
	KindError    Kind = 8
	KindPickups  Kind = 9
)

// String names the kind.
func (k Kind) String() string {
	names := [...]string{"?", "hello", "welcome", "input", "snapshot", "roster", "board", "events", "error", "pickups"}
	if int(k) < len(names) && k != 0 {
		return names[k]
	}
	return fmt.Sprintf("kind(%d)", uint8(k))
}

// Errors a decoder returns (wrapped with details).
var (
	ErrShort    = errors.New("wire: message too short")
	ErrKind     = errors.New("wire: unexpected message kind")
	ErrTrailing = errors.New("wire: trailing bytes")
	ErrRange    = errors.New("wire: value out of range")
)

// Frame converts between simulation units (meters, radians) and wire
// units.
type Frame struct {
	// Seed selects the reference game's conventions: positions and speeds in world
	// units / 10 (world units are meters * UnitsPerMeter), the car angle
	// sent as angle - pi/2 and read back from an input as angle - pi/2.
	Seed bool
	// UnitsPerMeter is the world units per meter (used with Seed only).
	UnitsPerMeter float64
}

// SeedFrame returns the frame of the reference game's wire conventions.
func SeedFrame(unitsPerMeter float64) Frame { return Frame{Seed: true, UnitsPerMeter: unitsPerMeter} }

func (f Frame) scale() float64 {
	if !f.Seed || !(f.UnitsPerMeter > 0) {
		return 1
	}
	return f.UnitsPerMeter / 10
}

// Pos converts a length (m) to wire units.
func (f Frame) Pos(m float64) float32 { return float32(m * f.scale()) }

// Meters converts a wire length back to meters.
func (f Frame) Meters(w float32) float64 { return float64(w) / f.scale() }

// CarAngle converts a car's aim (radians) to the snapshot's wire angle.
func (f Frame) CarAngle(a float64) float32 {
	if f.Seed {
		a -= math.Pi / 2
	}
	return float32(a)
}

// CarAngleIn is the inverse of CarAngle.
func (f Frame) CarAngleIn(w float32) float64 {
	a := float64(w)
	if f.Seed {
		a += math.Pi / 2
	}
	return a
}

// InputAngle converts a client's aim to the Input's wire angle (the server
// subtracts pi/2 in the seed frame, as the reference game's input decoder does).
func (f Frame) InputAngle(a float64) float32 {
	if f.Seed {
		a += math.Pi / 2
	}
	return float32(a)
}

// InputAngleIn is the server's reading of an input angle: wire - pi/2 in
// the seed frame.
func (f Frame) InputAngleIn(w float32) float64 {
	a := float64(w)
	if f.Seed {
		a -= math.Pi / 2
	}
	return a
}

// writer appends little-endian values.
type writer struct{ b []byte }

func (w *writer) u8(v uint8)   { w.b = append(w.b, v) }
func (w *writer) u16(v uint16) { w.b = binary.LittleEndian.AppendUint16(w.b, v) }
func (w *writer) u32(v uint32) { w.b = binary.LittleEndian.AppendUint32(w.b, v) }
func (w *writer) f32(v float32) {
	w.b = binary.LittleEndian.AppendUint32(w.b, math.Float32bits(v))
}

// count writes an element count (at most 0xffff) and returns it.
func (w *writer) count(n int) int {
	n = min(n, 0xffff)
	w.u16(uint16(n))
	return n
}

func (w *writer) str(s string, max int) {
	if len(s) > max {
		s = s[:max]
		for len(s) > 0 && !utf8.ValidString(s) { // do not cut a rune
			s = s[:len(s)-1]
		}
	}
	w.u8(uint8(len(s)))
	w.b = append(w.b, s...)
}

// reader consumes little-endian values; the first failure sticks.
type reader struct {
	b   []byte
	err error
}

func (r *reader) fail(err error) {
	if r.err == nil {
		r.err = err
	}
}

func (r *reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if len(r.b) < n {
		r.fail(ErrShort)
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *reader) u8() uint8 {
	if v := r.take(1); v != nil {
		return v[0]
	}
	return 0
}

func (r *reader) u16() uint16 {
	if v := r.take(2); v != nil {
		return binary.LittleEndian.Uint16(v)
	}
	return 0
}

func (r *reader) u32() uint32 {
	if v := r.take(4); v != nil {
		return binary.LittleEndian.Uint32(v)
	}
	return 0
}

func (r *reader) f32() float32 { return math.Float32frombits(r.u32()) }

// str reads a length-prefixed UTF-8 string of at most max bytes.
func (r *reader) str(max int) string {
	n := int(r.u8())
	if n > max {
		r.fail(fmt.Errorf("%w: string of %d bytes (max %d)", ErrRange, n, max))
		return ""
	}
	v := r.take(n)
	if v == nil {
		return ""
	}
	if !utf8.Valid(v) {
		r.fail(fmt.Errorf("%w: string is not UTF-8", ErrRange))
		return ""
	}
	return string(v)
}

// strCut reads a string of up to 255 bytes and cuts it to max bytes at a
// rune boundary: a peer's longer name is shortened, not refused.
func (r *reader) strCut(max int) string {
	v := r.take(int(r.u8()))
	if v == nil {
		return ""
	}
	if !utf8.Valid(v) {
		r.fail(fmt.Errorf("%w: string is not UTF-8", ErrRange))
		return ""
	}
	for len(v) > max {
		_, size := utf8.DecodeLastRune(v)
		v = v[:len(v)-size]
	}
	return string(v)
}

// count reads a u16 element count and checks that count elements of at
// least elem bytes each fit in what is left (bounded allocation).
func (r *reader) count(elem, max int) int {
	n := int(r.u16())
	if r.err != nil {
		return 0
	}
	if n > max {
		r.fail(fmt.Errorf("%w: %d elements (max %d)", ErrRange, n, max))
		return 0
	}
	if n*elem > len(r.b) {
		r.fail(fmt.Errorf("%w: %d elements of %d bytes in %d bytes", ErrShort, n, elem, len(r.b)))
		return 0
	}
	return n
}

func (r *reader) kind(want Kind) {
	if k := Kind(r.u8()); r.err == nil && k != want {
		r.fail(fmt.Errorf("%w: %v, want %v", ErrKind, k, want))
	}
}

func (r *reader) done() error {
	if r.err == nil && len(r.b) != 0 {
		r.fail(fmt.Errorf("%w: %d", ErrTrailing, len(r.b)))
	}
	return r.err
}

// KindOf returns a message's kind (0 for an empty message).
func KindOf(b []byte) Kind {
	if len(b) == 0 {
		return 0
	}
	return Kind(b[0])
}

func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
