package binstate

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestRoundTrip writes one of each value and reads them back exactly,
// negative zero and a NaN payload included.
func TestRoundTrip(t *testing.T) {
	nan := math.Float64frombits(0x7ff8000000000123)
	var w Writer
	w.U8(7)
	w.Bool(true)
	w.U32(1 << 31)
	w.U64(math.MaxUint64)
	w.Int(-5)
	w.F64(math.Copysign(0, -1))
	w.F64(nan)
	w.Vec3(mgl64.Vec3{1, -2, 3.5})
	w.String("héllo")
	w.Bytes([]byte{1, 2})
	r := NewReader(w.Buf)
	if r.U8() != 7 || !r.Bool() || r.U32() != 1<<31 || r.U64() != math.MaxUint64 || r.Int() != -5 {
		t.Fatal("integers differ")
	}
	if z := r.F64(); z != 0 || !math.Signbit(z) {
		t.Fatalf("negative zero came back as %v", z)
	}
	if b := math.Float64bits(r.F64()); b != 0x7ff8000000000123 {
		t.Fatalf("NaN payload %x", b)
	}
	if v := r.Vec3(); v != (mgl64.Vec3{1, -2, 3.5}) {
		t.Fatalf("vec %v", v)
	}
	if s := r.String(); s != "héllo" {
		t.Fatalf("string %q", s)
	}
	if b := r.Bytes(); len(b) != 2 || b[1] != 2 {
		t.Fatalf("bytes %v", b)
	}
	r.End()
	if r.Err() != nil {
		t.Fatal(r.Err())
	}
}

// TestShortAndBad: reads past the end, a bad bool, an oversized count and
// trailing bytes are errors, the first one kept.
func TestShortAndBad(t *testing.T) {
	r := NewReader([]byte{1, 2, 3})
	_ = r.U64()
	if !errors.Is(r.Err(), ErrShort) {
		t.Fatalf("short read: %v", r.Err())
	}
	if r.U8() != 0 || r.String() != "" {
		t.Fatal("reads after an error return zero values")
	}
	if r = NewReader([]byte{2}); r.Bool() || r.Err() == nil {
		t.Fatal("bool byte 2 accepted")
	}
	var w Writer
	w.U32(1000)
	if r = NewReader(w.Buf); r.Count("things", 8, 1<<20) != 0 || r.Err() == nil {
		t.Fatal("a count that cannot fit accepted")
	}
	if r = NewReader(w.Buf); r.Count("things", 0, 10) != 0 || r.Err() == nil {
		t.Fatal("a count above its maximum accepted")
	}
	if r = NewReader([]byte{1, 2}); r.U8() != 1 {
		t.Fatal("byte")
	} else if r.End(); r.Err() == nil {
		t.Fatal("trailing byte accepted")
	}
	if r = NewReader(nil); r.Finite("x", math.Inf(1)) != 0 || r.Err() == nil {
		t.Fatal("infinity accepted")
	}
}
