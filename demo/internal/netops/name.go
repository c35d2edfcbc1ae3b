package netops

import (
	"strings"
	"unicode"
)

// CleanName is a player's name as a server keeps and shows it: the
// printable runes of n, without surrounding spaces, cut on a rune boundary
// to at most maxBytes bytes; an empty result becomes "player".
func CleanName(n string, maxBytes int) string {
	n = strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return -1
	}, n)
	n = strings.TrimSpace(n)
	for len(n) > maxBytes {
		n = n[:len(n)-lastRuneLen(n)]
	}
	if n == "" {
		n = "player"
	}
	return n
}

// lastRuneLen is the length in bytes of the last rune of s (1 for a stray
// continuation byte).
func lastRuneLen(s string) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] < 0x80 || s[i] >= 0xC0 {
			return len(s) - i
		}
	}
	return 1
}
