package binstate

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Writer appends values to Buf.
type Writer struct {
	Buf []byte
}

// U8 appends one byte.
func (w *Writer) U8(v uint8) { w.Buf = append(w.Buf, v) }

// Bool appends 1 for true and 0 for false.
func (w *Writer) Bool(v bool) {
	if v {
		w.U8(1)
	} else {
		w.U8(0)
	}
}

// U32 appends v in 4 bytes.
func (w *Writer) U32(v uint32) { w.Buf = binary.LittleEndian.AppendUint32(w.Buf, v) }

// U64 appends v in 8 bytes.
func (w *Writer) U64(v uint64) { w.Buf = binary.LittleEndian.AppendUint64(w.Buf, v) }

// Int appends v as a signed 64-bit value.
func (w *Writer) Int(v int) { w.U64(uint64(int64(v))) }

// F64 appends the bits of v.
func (w *Writer) F64(v float64) { w.U64(math.Float64bits(v)) }

// Vec3 appends the three components of v.
func (w *Writer) Vec3(v mgl64.Vec3) {
	w.F64(v[0])
	w.F64(v[1])
	w.F64(v[2])
}

// Bytes appends the length of b and b.
func (w *Writer) Bytes(b []byte) {
	w.U32(uint32(len(b)))
	w.Buf = append(w.Buf, b...)
}

// String appends the length of s and s.
func (w *Writer) String(s string) {
	w.U32(uint32(len(s)))
	w.Buf = append(w.Buf, s...)
}

// BeginRecord starts a record that Bytes reads back: it appends room for
// the record's length and returns where it is. Append the record's bytes
// to Buf, then call EndRecord with what BeginRecord returned. A record
// appended by another function (an AppendState) needs no copy this way.
func (w *Writer) BeginRecord() (at int) {
	at = len(w.Buf)
	w.U32(0)
	return at
}

// EndRecord writes the length of the record begun at at (BeginRecord).
func (w *Writer) EndRecord(at int) {
	binary.LittleEndian.PutUint32(w.Buf[at:], uint32(len(w.Buf)-at-4))
}

// ErrShort is the error of a read past the end of the data.
var ErrShort = errors.New("truncated")

// Reader reads values back in the order a Writer wrote them. The first
// failed read sets Err; later reads return zero values, so a decoder reads
// everything and checks Err once.
type Reader struct {
	b   []byte
	off int
	err error
}

// NewReader returns a reader of b.
func NewReader(b []byte) *Reader { return &Reader{b: b} }

// Err is the first error met (nil when every read succeeded).
func (r *Reader) Err() error { return r.err }

// Fail records err (with the offset it happened at) unless an error is
// already recorded. Decoders call it for values out of range.
func (r *Reader) Fail(format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("at byte %d: %s", r.off, fmt.Sprintf(format, args...))
	}
}

// Left is the number of unread bytes.
func (r *Reader) Left() int { return len(r.b) - r.off }

func (r *Reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if n < 0 || n > len(r.b)-r.off {
		r.err = fmt.Errorf("at byte %d: %w (%d bytes wanted, %d left)", r.off, ErrShort, n, len(r.b)-r.off)
		return nil
	}
	s := r.b[r.off : r.off+n]
	r.off += n
	return s
}

// U8 reads one byte.
func (r *Reader) U8() uint8 {
	if s := r.take(1); s != nil {
		return s[0]
	}
	return 0
}

// Bool reads a byte that must be 0 or 1.
func (r *Reader) Bool() bool {
	switch v := r.U8(); v {
	case 0:
		return false
	case 1:
		return true
	default:
		r.Fail("bool byte %d", v)
		return false
	}
}

// U32 reads 4 bytes.
func (r *Reader) U32() uint32 {
	if s := r.take(4); s != nil {
		return binary.LittleEndian.Uint32(s)
	}
	return 0
}

// U64 reads 8 bytes.
func (r *Reader) U64() uint64 {
	if s := r.take(8); s != nil {
		return binary.LittleEndian.Uint64(s)
	}
	return 0
}

// Int reads a signed 64-bit value.
func (r *Reader) Int() int { return int(int64(r.U64())) }

// F64 reads a float's bits.
func (r *Reader) F64() float64 { return math.Float64frombits(r.U64()) }

// Vec3 reads three floats.
func (r *Reader) Vec3() mgl64.Vec3 { return mgl64.Vec3{r.F64(), r.F64(), r.F64()} }

// Bytes reads a length-prefixed blob (a sub-slice of the reader's data).
func (r *Reader) Bytes() []byte { return r.take(int(r.U32())) }

// String reads a length-prefixed string.
func (r *Reader) String() string { return string(r.Bytes()) }

// Count reads an element count and checks that count elements of at least
// minSize bytes each fit in what is left (and that count <= max), so a
// corrupted count cannot make the decoder allocate without bound.
func (r *Reader) Count(what string, minSize, max int) int {
	n := int(r.U32())
	if r.err != nil {
		return 0
	}
	if n > max {
		r.Fail("%s: %d, more than %d", what, n, max)
		return 0
	}
	if minSize > 0 && n > r.Left()/minSize {
		r.Fail("%s: %d of them do not fit in %d bytes", what, n, r.Left())
		return 0
	}
	return n
}

// Finite checks that v is a finite float; what names it in the error.
func (r *Reader) Finite(what string, v float64) float64 {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		r.Fail("%s is %v", what, v)
		return 0
	}
	return v
}

// FiniteVec3 is Finite for each component of v.
func (r *Reader) FiniteVec3(what string, v mgl64.Vec3) mgl64.Vec3 {
	for i := range v {
		r.Finite(what, v[i])
	}
	return v
}

// End checks that every byte was read.
func (r *Reader) End() {
	if r.err == nil && r.Left() != 0 {
		r.Fail("%d bytes of trailing data", r.Left())
	}
}

// Fixed reads n bytes written without a length (a fixed-size value).
func (r *Reader) Fixed(n int) []byte { return r.take(n) }
