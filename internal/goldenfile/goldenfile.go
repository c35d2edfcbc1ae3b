// Package goldenfile reads and writes the recorded-hash files of the golden
// tests: one "key value" pair per line, "#" comments, recorded once and
// compared on every platform (docs/architecture.md#determinism).
package goldenfile

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Read returns the file's pairs.
func Read(path string) (map[string]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, " ")
		if !ok {
			return nil, fmt.Errorf("%s:%d: want \"key value\", got %q", path, n, line)
		}
		out[k] = strings.TrimSpace(v)
	}
	return out, sc.Err()
}

// Write writes the pairs of keys, in that order, under a comment line.
func Write(path, comment string, keys []string, values map[string]string) error {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s\n", comment)
	for _, k := range keys {
		fmt.Fprintf(&sb, "%s %s\n", k, values[k])
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(sb.String()), 0o644)
}

// Compare returns one line per key whose value differs from the recorded
// one, and one per recorded key the run did not produce.
func Compare(path string, keys []string, got map[string]string) ([]string, error) {
	want, err := Read(path)
	if err != nil {
		return nil, err
	}
	var diffs []string
	seen := map[string]bool{}
	for _, k := range keys {
		seen[k] = true
		if got[k] != want[k] {
			diffs = append(diffs, fmt.Sprintf("%s: %s, recorded %s", k, got[k], want[k]))
		}
	}
	for k := range want {
		if !seen[k] {
			diffs = append(diffs, fmt.Sprintf("%s: recorded in %s but not produced", k, path))
		}
	}
	return diffs, nil
}

// Check is a golden test's last step: with update it writes got to path
// (under comment) and stops; otherwise it reports, as errors of t, each key
// whose value differs from the recorded one (what names the keys' kind).
func Check(t testing.TB, path, comment string, update bool, what string, keys []string, got map[string]string) {
	t.Helper()
	if update {
		if err := Write(path, comment, keys, got); err != nil {
			t.Fatal(err)
		}
		return
	}
	diffs, err := Compare(path, keys, got)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diffs {
		t.Errorf("%s %s", what, d)
	}
}
