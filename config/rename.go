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

// RenameConverter is a Renamer some of whose renamed keys changed unit
// too (a window counted in ticks that is now in seconds). Decode and
// Document.Decode read an old key's value into the field of its new name
// as the file writes it, then call ConvertRenamed(old) on the value being
// decoded (a pointer, so the method may have a pointer receiver): it
// converts that field in place and returns a note the warning adds, such
// as TicksToSeconds's "3 ticks read as 0.05 s at 60 Hz", or "" for a key
// that kept its unit.
type RenameConverter interface {
	Renamer
	ConvertRenamed(old string) (note string)
}

// Until is the release up to which renamed keys are accepted.
const Until = "v0.4.0"

// TicksToSeconds converts *v, a number of ticks at rate Hz, to seconds in
// place and returns the note a RenameConverter gives for it. Reading a
// count of ticks at the rate it was tuned for gives the same count back
// there (motors.TicksFromSeconds rounds to nearest).
func TicksToSeconds(v *float64, rate float64) (note string) {
	ticks := *v
	*v = ticks / rate
	return fmt.Sprintf("%g ticks read as %.4g s at %g Hz", ticks, *v, rate)
}

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

// renameDone converts the values read under old names (RenameConverter)
// and warns once per source and old key.
func renameDone(found []renamedKey, source string, v any) {
	for _, f := range found {
		renameWarn(v, source, f.old, f.nu, f.line)
	}
}

// renameWarn converts the value of a key read under its old name when v
// is a RenameConverter, then gives the warning.
func renameWarn(v any, source, key, nu string, line int) {
	old := key[strings.LastIndex(key, ".")+1:]
	reason := fmt.Sprintf("renamed %q (the old name is accepted until %s)", nu, Until)
	if rc, ok := v.(RenameConverter); ok {
		if note := rc.ConvertRenamed(old); note != "" {
			reason = fmt.Sprintf("renamed %q, %s (the old name is accepted until %s)", nu, note, Until)
		}
	}
	warn(Warning{Source: source, Key: key, Line: line, Reason: reason})
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
