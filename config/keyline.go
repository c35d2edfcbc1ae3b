package config

import "strings"

// KeyLine returns the 1-based line of the TOML text where the key path is
// set, or of the table header that opens it when the key itself is not
// written (a table-level error), 0 when neither is found. It understands the
// subset recipe and level files use: [table.headers], [[arrays]], and
// key = value lines with bare, dotted or quoted keys.
func KeyLine(data []byte, path []string) int {
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
