package binstate

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

var testFrame = Frame{Magic: "MKTEST\x00\x01", Version: 3}

// TestFrameRoundTrip: Open returns the payload Append or Begin, a Writer
// and Seal framed, after bytes already in the buffer; an empty payload
// too.
func TestFrameRoundTrip(t *testing.T) {
	for _, payload := range [][]byte{nil, []byte("x"), bytes.Repeat([]byte("payload "), 100)} {
		b, err := testFrame.Append([]byte("prefix"), payload)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte("prefix")) || len(b) != len("prefix")+HeaderSize+len(payload) {
			t.Fatalf("%d bytes after the prefix for a %d-byte payload", len(b)-len("prefix"), len(payload))
		}
		got, err := testFrame.Open(b[len("prefix"):])
		if err != nil || !bytes.Equal(got, payload) {
			t.Fatalf("opened %q, %v; want %q", got, err, payload)
		}
		w := Writer{Buf: testFrame.Begin([]byte("prefix"))}
		w.Buf = append(w.Buf, payload...)
		if err := testFrame.Seal(w.Buf[len("prefix"):]); err != nil || !bytes.Equal(w.Buf, b) {
			t.Fatalf("Begin and Seal framed differently from Append (%v)", err)
		}
	}
}

// TestFrameRefusesEveryChange flips every bit of a framed payload, header
// included, and cuts it at every length: each flip is a checksum mismatch
// (a flipped magic or version byte too), each cut is truncated, and an
// extra byte is trailing data.
func TestFrameRefusesEveryChange(t *testing.T) {
	b, err := testFrame.Append(nil, []byte("a payload of some forty bytes, give or take"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range b {
		for bit := 0; bit < 8; bit++ {
			bad := bytes.Clone(b)
			bad[i] ^= 1 << bit
			if _, err := testFrame.Open(bad); !errors.Is(err, ErrChecksum) {
				t.Fatalf("bit %d of byte %d flipped: %v", bit, i, err)
			}
		}
	}
	for n := 0; n < len(b); n++ {
		if _, err := testFrame.Open(b[:n]); !errors.Is(err, ErrShort) {
			t.Fatalf("cut to %d bytes: %v", n, err)
		}
	}
	if _, err := testFrame.Open(append(bytes.Clone(b), 0)); !errors.Is(err, ErrTrailing) {
		t.Fatalf("a byte appended: %v", err)
	}
}

// TestFrameForeignAndVersion: another kind of data is foreign, another
// version (framed, or an unframed format that kept magic and version at
// the start) says which version it is.
func TestFrameForeignAndVersion(t *testing.T) {
	payload := []byte("the same payload")
	other, _ := Frame{Magic: "MKOTHER!", Version: 3}.Append(nil, payload)
	older, _ := Frame{Magic: testFrame.Magic, Version: 2}.Append(nil, payload)
	unframed := append([]byte(testFrame.Magic), 1, 0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
	for _, c := range []struct {
		name string
		data []byte
		want error
		says string
	}{
		{"another kind", other, ErrForeign, `starts "MKOTHER!"`},
		{"text", []byte("hello, world"), ErrForeign, `starts "hello, w"`},
		{"short text", []byte("hi"), ErrForeign, `starts "hi"`},
		{"version 2", older, ErrVersion, "version 2, want 3"},
		{"unframed version 1", unframed, ErrVersion, "version 1, want 3"},
		{"magic and a version", []byte(testFrame.Magic + "\x07"), ErrVersion, "version 7, want 3"},
	} {
		_, err := testFrame.Open(c.data)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want %v saying %q", c.name, err, c.want, c.says)
		}
	}
}

// TestFrameBadMagic: a magic that is not 8 bytes is an error of Seal and
// Open, not a panic.
func TestFrameBadMagic(t *testing.T) {
	f := Frame{Magic: "short", Version: 1}
	if _, err := f.Append(nil, []byte("x")); err == nil {
		t.Fatal("a 5-byte magic sealed")
	}
	if _, err := f.Open(bytes.Repeat([]byte{0}, 40)); err == nil {
		t.Fatal("a 5-byte magic opened")
	}
	if err := testFrame.Seal([]byte("too short")); err == nil {
		t.Fatal("Seal of a buffer without a header")
	}
}

// FuzzFrameOpen: any bytes open to an error or to a payload that frames
// back to the same bytes; never a panic.
func FuzzFrameOpen(f *testing.F) {
	b, _ := testFrame.Append(nil, []byte("seed payload"))
	f.Add(b)
	f.Add(b[:HeaderSize])
	f.Add([]byte(testFrame.Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		payload, err := testFrame.Open(data)
		if err != nil {
			for _, e := range []error{ErrShort, ErrChecksum, ErrVersion, ErrForeign, ErrTrailing} {
				if errors.Is(err, e) {
					return
				}
			}
			t.Fatalf("an error of no kind: %v", err)
		}
		again, err := testFrame.Append(nil, payload)
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("opened data that does not frame back to itself (%v)", err)
		}
	})
}
