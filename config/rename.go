package config

import (
	"fmt"
	"sort"
	"strings"
)

// Renamer is implemented by configuration structs some of whose keys were
// renamed: RenamedKeys maps each old top-level key to its new name.
// Decode accepts an old name until the version Until names, with a
// Warning, and refuses data that sets both names.
type Renamer interface {
	RenamedKeys() map[string]string
}

// Until is the release up to which renamed keys are accepted.
const Until = "v0.4.0"

// renamedKey is an old key a decode found, for its warning.
type renamedKey struct {
	old, nu string
	line    int
}

// renameKeys rewrites the old keys of v's Renamer in data's top-level
// key = value lines (before the first table header) to their new names,
// returning the old keys found (for renameDone).
func renameKeys(data []byte, source string, v any) ([]byte, []renamedKey, error) {
	rn, ok := v.(Renamer)
	if !ok {
		return data, nil, nil
	}
	renames := rn.RenamedKeys()
	olds := make([]string, 0, len(renames))
	for old := range renames {
		olds = append(olds, old)
	}
	sort.Strings(olds) // warnings in a stable order
	lines := strings.Split(string(data), "\n")
	var found []renamedKey
	for _, old := range olds {
		nu := renames[old]
		oi, ni := topLevelKey(data, lines, old), topLevelKey(data, lines, nu)
		if oi < 0 {
			continue
		}
		if ni >= 0 {
			return nil, nil, &Error{Source: source, Key: old, Line: oi + 1,
				Reason: fmt.Sprintf("renamed %q, which is set too (line %d): keep one", nu, ni+1)}
		}
		for _, f := range found {
			if f.nu == nu {
				return nil, nil, &Error{Source: source, Key: old, Line: oi + 1,
					Reason: fmt.Sprintf("renamed %q, as %q (line %d) is: keep one", nu, f.old, f.line)}
			}
		}
		k := strings.Index(lines[oi], old)
		lines[oi] = lines[oi][:k] + nu + lines[oi][k+len(old):]
		found = append(found, renamedKey{old: old, nu: nu, line: oi + 1})
	}
	if len(found) == 0 {
		return data, nil, nil
	}
	return []byte(strings.Join(lines, "\n")), found, nil
}

// renameDone warns once per source and old key read under its old name.
func renameDone(found []renamedKey, source string) {
	for _, f := range found {
		renameWarn(source, f.old, f.nu, f.line)
	}
}

// renameWarn gives the warning for a key read under its old name.
func renameWarn(source, key, nu string, line int) {
	warn(Warning{Source: source, Key: key, Line: line,
		Reason: fmt.Sprintf("renamed %q (the old name is accepted until %s)", nu, Until)})
}

// topLevelKey returns the index of the line setting key before any table
// header (KeyLine's answer, unless that is a table header), or -1.
func topLevelKey(data []byte, lines []string, key string) int {
	i := KeyLine(data, []string{key}) - 1
	if i < 0 || strings.HasPrefix(strings.TrimSpace(lines[i]), "[") {
		return -1
	}
	return i
}
