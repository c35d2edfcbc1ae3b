package binstate

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"math"
)

// An Envelope wraps a stored or sent snapshot: a header naming
// the kind of data (Magic) and its format (Version), the payload's length
// and checksum, and a checksum of the header itself. Open checks all of it
// before a byte of the payload is decoded, so a snapshot that was cut short
// or changed on disk or on the wire is refused with an error saying which,
// instead of being decoded into a different, valid-looking state.
//
// The layout, HeaderSize bytes and then the payload (integers little-endian):
//
//	offset  size  field
//	0       8     Magic
//	8       1     Version
//	9       4     payload length in bytes
//	13      4     CRC-32C (Castagnoli) of the payload
//	17      4     CRC-32C of bytes 0 to 16 (the fields above)
//	21            payload
//
// The magic and the version keep their offsets in every version, so data
// of another format version, in an envelope or from before envelopes, is reported
// by its version number. CRC-32C catches every change of up to 32
// consecutive bits and misses a random larger change with probability
// 2^-32: it guards against damage, not against someone who writes a
// snapshot on purpose (a decoder still checks every value it reads).
type Envelope struct {
	// Magic names the kind of data; it must be 8 bytes.
	Magic string
	// Version is the payload's format version.
	Version uint8
}

// HeaderSize is the size of an Envelope's header, the bytes before the payload.
const HeaderSize = 21

const (
	offVersion = 8
	offLength  = 9
	offSum     = 13
	offHdrSum  = 17
)

// The errors of Envelope.Open, each wrapped with the details of what was
// found. A truncation wraps ErrShort.
var (
	// ErrChecksum: a checksum does not match, the bytes changed after they
	// were written.
	ErrChecksum = errors.New("checksum mismatch")
	// ErrVersion: the data is of a format version this build does not read.
	ErrVersion = errors.New("unsupported format version")
	// ErrForeign: the data does not start with the envelope's magic.
	ErrForeign = errors.New("foreign data")
	// ErrTrailing: bytes follow the payload.
	ErrTrailing = errors.New("trailing data")
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

func (f Envelope) check() error {
	if len(f.Magic) != 8 {
		return fmt.Errorf("binstate: envelope magic %q is not 8 bytes", f.Magic)
	}
	return nil
}

// header returns the first offHdrSum bytes of a header of f with the
// length and payload checksum of h (a header as read).
func (f Envelope) header(h []byte) [offHdrSum]byte {
	var b [offHdrSum]byte
	copy(b[:8], f.Magic)
	b[offVersion] = f.Version
	copy(b[offLength:], h[offLength:offHdrSum])
	return b
}

// Begin appends a header of f to b, its length and checksums still zero.
// Append the payload after it, then call Seal on the bytes from the header
// on.
func (f Envelope) Begin(b []byte) []byte {
	var h [HeaderSize]byte
	copy(h[:8], f.Magic)
	h[offVersion] = f.Version
	return append(b, h[:]...)
}

// Seal fills in the length and checksums of sealed: a header appended by
// Begin followed by the whole payload. It fails when sealed does not start
// with such a header or the payload is longer than 4 GiB - 1.
func (f Envelope) Seal(sealed []byte) error {
	if err := f.check(); err != nil {
		return err
	}
	if len(sealed) < HeaderSize || string(sealed[:8]) != f.Magic || sealed[offVersion] != f.Version {
		return fmt.Errorf("binstate: Seal of data that does not start with a %q header from Begin", f.Magic)
	}
	payload := sealed[HeaderSize:]
	if uint64(len(payload)) > math.MaxUint32 {
		return fmt.Errorf("binstate: a payload of %d bytes does not fit an envelope", len(payload))
	}
	binary.LittleEndian.PutUint32(sealed[offLength:], uint32(len(payload)))
	binary.LittleEndian.PutUint32(sealed[offSum:], crc32.Checksum(payload, castagnoli))
	binary.LittleEndian.PutUint32(sealed[offHdrSum:], crc32.Checksum(sealed[:offHdrSum], castagnoli))
	return nil
}

// Append appends payload to b in an envelope of f (Begin, the payload, Seal).
func (f Envelope) Append(b, payload []byte) ([]byte, error) {
	start := len(b)
	b = append(f.Begin(b), payload...)
	if err := f.Seal(b[start:]); err != nil {
		return b[:start], err
	}
	return b, nil
}

// Open checks data, an envelope of f, and returns its payload (a sub-slice of
// data). Nothing is decoded before every check passed: the error wraps
//   - ErrShort when data ends before the header or the payload does,
//   - ErrForeign when it does not start with f's magic,
//   - ErrVersion when its version is not f's,
//   - ErrChecksum when the header or the payload changed after Seal (a
//     changed magic or version byte in a header whose checksum holds for
//     f's is reported so too, not as foreign data or another version),
//   - ErrTrailing when bytes follow the payload.
func (f Envelope) Open(data []byte) ([]byte, error) {
	if err := f.check(); err != nil {
		return nil, err
	}
	if n := min(len(data), 8); string(data[:n]) != f.Magic[:n] {
		if len(data) >= HeaderSize && f.headerHolds(data) {
			return nil, fmt.Errorf("%w in the header: its magic changed to %q", ErrChecksum, data[:8])
		}
		return nil, fmt.Errorf("%w: starts %q, not %q", ErrForeign, data[:n], f.Magic)
	}
	if len(data) <= offVersion {
		return nil, fmt.Errorf("%w: %d bytes, shorter than the %d-byte header", ErrShort, len(data), HeaderSize)
	}
	if v := data[offVersion]; v != f.Version {
		if len(data) >= HeaderSize && f.headerHolds(data) {
			return nil, fmt.Errorf("%w in the header: its version byte changed to %d", ErrChecksum, v)
		}
		return nil, fmt.Errorf("%w %d, want %d", ErrVersion, v, f.Version)
	}
	if len(data) < HeaderSize {
		return nil, fmt.Errorf("%w: %d bytes, shorter than the %d-byte header", ErrShort, len(data), HeaderSize)
	}
	if !f.headerHolds(data) {
		return nil, fmt.Errorf("%w in the header: it changed after it was written", ErrChecksum)
	}
	n := uint64(binary.LittleEndian.Uint32(data[offLength:]))
	payload := data[HeaderSize:]
	switch {
	case uint64(len(payload)) < n:
		return nil, fmt.Errorf("%w: %d of the %d payload bytes", ErrShort, len(payload), n)
	case uint64(len(payload)) > n:
		return nil, fmt.Errorf("%w: %d bytes after the %d-byte payload", ErrTrailing, uint64(len(payload))-n, n)
	}
	if sum, want := crc32.Checksum(payload, castagnoli), binary.LittleEndian.Uint32(data[offSum:]); sum != want {
		return nil, fmt.Errorf("%w: the payload's CRC-32C is %08x, the header recorded %08x: it changed after it was written", ErrChecksum, sum, want)
	}
	return payload, nil
}

// headerHolds reports whether the header checksum of data (at least
// HeaderSize bytes) matches f's magic and version with data's length and
// payload checksum.
func (f Envelope) headerHolds(data []byte) bool {
	want := binary.LittleEndian.Uint32(data[offHdrSum:])
	if string(data[:8]) == f.Magic && data[offVersion] == f.Version {
		// data's own header is f's: checked in place, allocating nothing
		return crc32.Checksum(data[:offHdrSum], castagnoli) == want
	}
	h := f.header(data)
	return crc32.Checksum(h[:], castagnoli) == want
}
