package binstate

import (
	"encoding/binary"
	"math"
)

// A record is a fixed layout of small state (a motor's): a version byte,
// then flags (a byte each), ints (8 bytes each, signed) and finite floats
// (8 bytes each), in the order given. AppendRecord writes one and
// LoadRecord reads it back into the same fields, neither allocating.

// AppendRecord appends a record to dst.
func AppendRecord(dst []byte, version byte, flags []bool, ints []int, floats []float64) []byte {
	dst = append(dst, version)
	for _, f := range flags {
		b := byte(0)
		if f {
			b = 1
		}
		dst = append(dst, b)
	}
	for _, v := range ints {
		dst = binary.LittleEndian.AppendUint64(dst, uint64(int64(v)))
	}
	for _, v := range floats {
		dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(v))
	}
	return dst
}

// LoadRecord reads a record of src into the fields, after checking all of
// it: its length and version, that every flag is 0 or 1, every int within
// [0, maxInt] and every float finite. It reports false, and changes
// nothing, when a check fails.
func LoadRecord(src []byte, version byte, flags []*bool, ints []*int, maxInt int, floats []*float64) bool {
	if len(src) != 1+len(flags)+8*(len(ints)+len(floats)) || src[0] != version {
		return false
	}
	o := 1
	for range flags {
		if src[o] > 1 {
			return false
		}
		o++
	}
	for range ints {
		if v := int64(binary.LittleEndian.Uint64(src[o:])); v < 0 || v > int64(maxInt) {
			return false
		}
		o += 8
	}
	for range floats {
		if v := math.Float64frombits(binary.LittleEndian.Uint64(src[o:])); math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
		o += 8
	}
	o = 1
	for _, f := range flags {
		*f = src[o] != 0
		o++
	}
	for _, p := range ints {
		*p = int(int64(binary.LittleEndian.Uint64(src[o:])))
		o += 8
	}
	for _, p := range floats {
		*p = math.Float64frombits(binary.LittleEndian.Uint64(src[o:]))
		o += 8
	}
	return true
}
