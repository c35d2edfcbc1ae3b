package prefabs

import (
	"errors"
	"strings"

	"github.com/seedgames/motorkit/config"
)

// A recipe is merged and re-encoded before its sections are decoded, so the
// decoders see text the user never wrote. locate puts the user's file and
// line back on such an error: it finds the *config.Error in err, turns its
// key (relative to the section named in its source, "file [motor]") into a
// path under prefix in the user's text data, and looks that path up.
func locate(err error, data []byte, source string, prefix ...string) error {
	var ce *config.Error
	if !errors.As(err, &ce) {
		return err
	}
	if i := strings.LastIndex(ce.Source, " ["); i >= 0 && strings.HasSuffix(ce.Source, "]") {
		sec := ce.Source[i+2 : len(ce.Source)-1]
		if ce.Key != "" {
			ce.Key = sec + "." + ce.Key
		} else {
			ce.Key = sec
		}
	} else if ce.Key == "" {
		ce.Line = 0
		return err
	}
	ce.Source = source
	ce.Line = keyLine(data, append(append([]string{}, prefix...), strings.Split(ce.Key, ".")...))
	return err
}

// keyLine returns the 1-based line of the TOML text where the key path is
// set, or of the table header that opens it when the key itself is not
// written (a table-level error), 0 when neither is found. It understands the
// subset recipe and level files use: [table.headers], [[arrays]], and
// key = value lines with bare, dotted or quoted keys.
func keyLine(data []byte, path []string) int {
	var table []string
	header, best := 0, 0
	for i, line := range strings.Split(string(data), "\n") {
		l := strings.TrimSpace(line)
		if l == "" || l[0] == '#' {
			continue
		}
		if l[0] == '[' {
			end := strings.LastIndex(l, "]")
			if end < 0 {
				continue
			}
			name := strings.Trim(l[:end+1], "[]")
			table = splitKey(name)
			if hasPrefix(path, table) && len(table) > best {
				header, best = i+1, len(table)
			}
			continue
		}
		eq := strings.Index(l, "=")
		if eq < 0 {
			continue
		}
		full := append(append([]string{}, table...), splitKey(l[:eq])...)
		if equal(full, path) {
			return i + 1
		}
	}
	return header
}

func splitKey(k string) []string {
	parts := strings.Split(strings.TrimSpace(k), ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return parts
}

func hasPrefix(path, pre []string) bool {
	return len(pre) <= len(path) && equal(path[:len(pre)], pre)
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
