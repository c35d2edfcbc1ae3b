package systems

import (
	"encoding/binary"
	"fmt"
	"math"
	"reflect"
	"unsafe"
)

// StateCodec is implemented, on the pointer, by a component type that
// RegisterState cannot copy field by field: one that holds pointers,
// slices, maps, strings or interfaces. AppendState appends the value's
// state; LoadState restores what AppendState wrote, refusing (with an
// error, changing nothing) bytes it cannot have written.
type StateCodec interface {
	AppendState(dst []byte) []byte
	LoadState(src []byte) error
}

// leafKind is how a field of plain data is stored.
type leafKind uint8

const (
	leafBool leafKind = iota
	leaf8
	leaf16
	leaf32
	leaf64
	leafF32
	leafF64
)

// leaf is one field of plain data, at off bytes into its value.
type leaf struct {
	off  uintptr
	kind leafKind
}

// size is the leaf's size in a record.
func (l leaf) size() int {
	switch l.kind {
	case leafBool, leaf8:
		return 1
	case leaf16:
		return 2
	case leaf32, leafF32:
		return 4
	}
	return 8
}

// plainCodec stores a value of plain data (numbers, bools, arrays and
// structs of them) field by field, little-endian, at the fields' offsets:
// no reflection and no allocation per value, the same bytes on every
// platform, and padding never stored.
type plainCodec struct {
	leaves []leaf
	size   int
}

// plainCodecOf builds t's codec. Fields of the types in skip are left out
// (configuration the state does not carry, such as KCCData.Controller);
// any other field that is not plain data is an error naming it.
func plainCodecOf(t reflect.Type, skip ...reflect.Type) (*plainCodec, error) {
	c := &plainCodec{}
	if err := c.walk(t, 0, t.String(), skip); err != nil {
		return nil, err
	}
	for _, l := range c.leaves {
		c.size += l.size()
	}
	return c, nil
}

func (c *plainCodec) walk(t reflect.Type, off uintptr, path string, skip []reflect.Type) error {
	for _, s := range skip {
		if t == s {
			return nil
		}
	}
	add := func(k leafKind) { c.leaves = append(c.leaves, leaf{off: off, kind: k}) }
	switch t.Kind() {
	case reflect.Bool:
		add(leafBool)
	case reflect.Int8, reflect.Uint8:
		add(leaf8)
	case reflect.Int16, reflect.Uint16:
		add(leaf16)
	case reflect.Int32, reflect.Uint32:
		add(leaf32)
	case reflect.Int64, reflect.Uint64:
		add(leaf64)
	case reflect.Int, reflect.Uint, reflect.Uintptr:
		// Stored in their size on the platform: 8 bytes on every 64-bit
		// one (amd64, arm64, wasm), so states move between those.
		if t.Size() == 4 {
			add(leaf32)
		} else {
			add(leaf64)
		}
	case reflect.Float32:
		add(leafF32)
	case reflect.Float64:
		add(leafF64)
	case reflect.Array:
		for i := 0; i < t.Len(); i++ {
			if err := c.walk(t.Elem(), off+uintptr(i)*t.Elem().Size(), fmt.Sprintf("%s[%d]", path, i), skip); err != nil {
				return err
			}
		}
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if err := c.walk(f.Type, off+f.Offset, path+"."+f.Name, skip); err != nil {
				return err
			}
		}
	default:
		return fmt.Errorf("%s is a %s, not plain data: implement systems.StateCodec on the component type", path, t.Kind())
	}
	return nil
}

// append appends the value at v.
func (c *plainCodec) append(dst []byte, v unsafe.Pointer) []byte {
	for _, l := range c.leaves {
		p := unsafe.Add(v, l.off)
		switch l.kind {
		case leafBool:
			b := byte(0)
			if *(*bool)(p) {
				b = 1
			}
			dst = append(dst, b)
		case leaf8:
			dst = append(dst, *(*uint8)(p))
		case leaf16:
			dst = binary.LittleEndian.AppendUint16(dst, *(*uint16)(p))
		case leaf32, leafF32:
			dst = binary.LittleEndian.AppendUint32(dst, *(*uint32)(p))
		case leaf64, leafF64:
			dst = binary.LittleEndian.AppendUint64(dst, *(*uint64)(p))
		}
	}
	return dst
}

// check reports why src cannot be a record of this codec: its length, a
// bool that is not 0 or 1, a NaN or infinite float.
func (c *plainCodec) check(src []byte) error {
	if len(src) != c.size {
		return fmt.Errorf("%d bytes, want %d", len(src), c.size)
	}
	o := 0
	for _, l := range c.leaves {
		switch l.kind {
		case leafBool:
			if src[o] > 1 {
				return fmt.Errorf("a bool of value %d", src[o])
			}
		case leafF32:
			f := math.Float32frombits(binary.LittleEndian.Uint32(src[o:]))
			if math.IsNaN(float64(f)) || math.IsInf(float64(f), 0) {
				return fmt.Errorf("a float of value %v", f)
			}
		case leafF64:
			f := math.Float64frombits(binary.LittleEndian.Uint64(src[o:]))
			if math.IsNaN(f) || math.IsInf(f, 0) {
				return fmt.Errorf("a float of value %v", f)
			}
		}
		o += l.size()
	}
	return nil
}

// load writes a record that check accepted into the value at v.
func (c *plainCodec) load(src []byte, v unsafe.Pointer) {
	o := 0
	for _, l := range c.leaves {
		p := unsafe.Add(v, l.off)
		switch l.kind {
		case leafBool:
			*(*bool)(p) = src[o] != 0
		case leaf8:
			*(*uint8)(p) = src[o]
		case leaf16:
			*(*uint16)(p) = binary.LittleEndian.Uint16(src[o:])
		case leaf32, leafF32:
			*(*uint32)(p) = binary.LittleEndian.Uint32(src[o:])
		case leaf64, leafF64:
			*(*uint64)(p) = binary.LittleEndian.Uint64(src[o:])
		}
		o += l.size()
	}
}
