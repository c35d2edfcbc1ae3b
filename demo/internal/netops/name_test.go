package netops

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCleanName(t *testing.T) {
	for _, tc := range []struct {
		in   string
		max  int
		want string
	}{
		{"Ann", 16, "Ann"},
		{"  Ann  ", 16, "Ann"},
		{"", 16, "player"},
		{"   ", 16, "player"},
		{"\x00\x07\n\t\x1b[31m", 16, "[31m"}, // control characters go
		{"A\u200bnn", 16, "Ann"},             // a zero-width space is not printable
		{"\x00\x01", 16, "player"},           // nothing printable left
		{"Zoë Ångström", 16, "Zoë Ångström"}, // 15 bytes: fits
		{"Zoë Ångström", 8, "Zoë Ån"},        // cut on a rune boundary, 8 bytes
		{"ééééé", 5, "éé"},                   // 2-byte runes: not half of the third
		{"日本語", 4, "日"},                      // 3-byte runes
		{"a😀", 4, "a"},                       // a 4-byte rune that does not fit goes whole
		{"abcdef", 3, "abc"},                 // ASCII
		{"ab \x00cd", 3, "ab "},              // trimmed before the cut: a space the cut exposes stays
		{"bad\xffbyte", 16, "bad\uFFFDbyte"}, // an invalid byte is a replacement rune
		{strings.Repeat("x", 40), 16, strings.Repeat("x", 16)},
	} {
		got := CleanName(tc.in, tc.max)
		if got != tc.want {
			t.Errorf("CleanName(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.want)
		}
		if len(got) > tc.max && got != "player" || !utf8.ValidString(got) {
			t.Errorf("CleanName(%q, %d) = %q: too long or not UTF-8", tc.in, tc.max, got)
		}
	}
}
