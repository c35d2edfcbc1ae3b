package binstate

import (
	"encoding/binary"
	"math"
)

// Fields reads a fixed-size record field by field, without allocating (a
// Reader is for variable data and reports errors; a Fields is for a record
// whose length was checked first). Reading past the end panics, so check
// the length before.
type Fields struct {
	B   []byte
	Off int
}

// U8 reads one byte.
func (f *Fields) U8() uint8 {
	v := f.B[f.Off]
	f.Off++
	return v
}

// Bool reads a byte as a bool (non-zero is true).
func (f *Fields) Bool() bool { return f.U8() != 0 }

// U32 reads 4 bytes.
func (f *Fields) U32() uint32 {
	v := binary.LittleEndian.Uint32(f.B[f.Off:])
	f.Off += 4
	return v
}

// U64 reads 8 bytes.
func (f *Fields) U64() uint64 {
	v := binary.LittleEndian.Uint64(f.B[f.Off:])
	f.Off += 8
	return v
}

// F64 reads a float64's bits.
func (f *Fields) F64() float64 { return math.Float64frombits(f.U64()) }

// Finite reports whether every float64 of b (8 bytes each from off, n of
// them) is finite.
func Finite(b []byte, off, n int) bool {
	for i := 0; i < n; i++ {
		v := math.Float64frombits(binary.LittleEndian.Uint64(b[off+8*i:]))
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
