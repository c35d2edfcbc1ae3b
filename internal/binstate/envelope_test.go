package binstate

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

var testEnvelope = Envelope{Magic: "MKTEST\x00\x01", Version: 3}

// TestEnvelopeRoundTrip: Open returns the payload Append or Begin, a Writer
// and Seal framed, after bytes already in the buffer; an empty payload
// too.
func TestEnvelopeRoundTrip(t *testing.T) {
	for _, payload := range [][]byte{nil, []byte("x"), bytes.Repeat([]byte("payload "), 100)} {
		b, err := testEnvelope.Append([]byte("prefix"), payload)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.HasPrefix(b, []byte("prefix")) || len(b) != len("prefix")+HeaderSize+len(payload) {
			t.Fatalf("%d bytes after the prefix for a %d-byte payload", len(b)-len("prefix"), len(payload))
		}
		got, err := testEnvelope.Open(b[len("prefix"):])
		if err != nil || !bytes.Equal(got, payload) {
			t.Fatalf("opened %q, %v; want %q", got, err, payload)
		}
		w := Writer{Buf: testEnvelope.Begin([]byte("prefix"))}
		w.Buf = append(w.Buf, payload...)
		if err := testEnvelope.Seal(w.Buf[len("prefix"):]); err != nil || !bytes.Equal(w.Buf, b) {
			t.Fatalf("Begin and Seal framed differently from Append (%v)", err)
		}
	}
}

// TestEnvelopeRefusesEveryChange flips every bit of a framed payload, header
// included, and cuts it at every length: each flip is a checksum mismatch
// (a flipped magic or version byte too), each cut is truncated, and an
// extra byte is trailing data.
func TestEnvelopeRefusesEveryChange(t *testing.T) {
	b, err := testEnvelope.Append(nil, []byte("a payload of some forty bytes, give or take"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range b {
		for bit := 0; bit < 8; bit++ {
			bad := bytes.Clone(b)
			bad[i] ^= 1 << bit
			if _, err := testEnvelope.Open(bad); !errors.Is(err, ErrChecksum) {
				t.Fatalf("bit %d of byte %d flipped: %v", bit, i, err)
			}
		}
	}
	for n := 0; n < len(b); n++ {
		if _, err := testEnvelope.Open(b[:n]); !errors.Is(err, ErrShort) {
			t.Fatalf("cut to %d bytes: %v", n, err)
		}
	}
	if _, err := testEnvelope.Open(append(bytes.Clone(b), 0)); !errors.Is(err, ErrTrailing) {
		t.Fatalf("a byte appended: %v", err)
	}
}

// TestEnvelopeForeignAndVersion: another kind of data is foreign, another
// version (framed, or an unframed format that kept magic and version at
// the start) says which version it is.
func TestEnvelopeForeignAndVersion(t *testing.T) {
	payload := []byte("the same payload")
	other, _ := Envelope{Magic: "MKOTHER!", Version: 3}.Append(nil, payload)
	older, _ := Envelope{Magic: testEnvelope.Magic, Version: 2}.Append(nil, payload)
	unframed := append([]byte(testEnvelope.Magic), 1, 0xde, 0xad, 0xbe, 0xef, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14)
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
		{"magic and a version", []byte(testEnvelope.Magic + "\x07"), ErrVersion, "version 7, want 3"},
	} {
		_, err := testEnvelope.Open(c.data)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%s: %v, want %v saying %q", c.name, err, c.want, c.says)
		}
	}
}

// TestEnvelopeBadMagic: a magic that is not 8 bytes is an error of Seal and
// Open, not a panic.
func TestEnvelopeBadMagic(t *testing.T) {
	f := Envelope{Magic: "short", Version: 1}
	if _, err := f.Append(nil, []byte("x")); err == nil {
		t.Fatal("a 5-byte magic sealed")
	}
	if _, err := f.Open(bytes.Repeat([]byte{0}, 40)); err == nil {
		t.Fatal("a 5-byte magic opened")
	}
	if err := testEnvelope.Seal([]byte("too short")); err == nil {
		t.Fatal("Seal of a buffer without a header")
	}
}

// FuzzEnvelopeOpen: any bytes open to an error or to a payload that frames
// back to the same bytes; never a panic.
func FuzzEnvelopeOpen(f *testing.F) {
	b, _ := testEnvelope.Append(nil, []byte("seed payload"))
	f.Add(b)
	f.Add(b[:HeaderSize])
	f.Add([]byte(testEnvelope.Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		payload, err := testEnvelope.Open(data)
		if err != nil {
			for _, e := range []error{ErrShort, ErrChecksum, ErrVersion, ErrForeign, ErrTrailing} {
				if errors.Is(err, e) {
					return
				}
			}
			t.Fatalf("an error of no kind: %v", err)
		}
		again, err := testEnvelope.Append(nil, payload)
		if err != nil || !bytes.Equal(again, data) {
			t.Fatalf("opened data that does not frame back to itself (%v)", err)
		}
	})
}
