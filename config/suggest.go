package config

import (
	"reflect"
	"strings"
)

// suggest returns the key of v's TOML structure closest to the unknown
// dotted key (same table, edit distance at most 2, or a third of the
// name for long names), or "" when none is close: a typo's likely intent.
func suggest(v any, key string) string {
	parts := strings.Split(key, ".")
	t := reflect.TypeOf(v)
	for _, p := range parts[:len(parts)-1] {
		t = tableType(t)
		if t == nil {
			return ""
		}
		f, ok := fieldByTOML(t, p)
		if !ok {
			return ""
		}
		t = f.Type
	}
	t = tableType(t)
	if t == nil {
		return ""
	}
	name := parts[len(parts)-1]
	best, bestD := "", max(2, len(name)/3)+1
	for _, k := range tomlNames(t) {
		if d := editDistance(name, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// tableType dereferences pointers, slices and arrays down to a struct type
// (nil for anything else: a map's keys are not known).
func tableType(t reflect.Type) reflect.Type {
	for t != nil {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			t = t.Elem()
		case reflect.Struct:
			return t
		default:
			return nil
		}
	}
	return nil
}

// tomlName is the key a struct field decodes from ("" for none).
func tomlName(f reflect.StructField) string {
	tag := f.Tag.Get("toml")
	if tag == "-" || !f.IsExported() {
		return ""
	}
	if n, _, _ := strings.Cut(tag, ","); n != "" {
		return n
	}
	return f.Name
}

func tomlNames(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Tag.Get("toml") == "" {
			if et := tableType(f.Type); et != nil {
				out = append(out, tomlNames(et)...)
				continue
			}
		}
		if n := tomlName(f); n != "" {
			out = append(out, n)
		}
	}
	return out
}

func fieldByTOML(t reflect.Type, name string) (reflect.StructField, bool) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Tag.Get("toml") == "" {
			if et := tableType(f.Type); et != nil {
				if g, ok := fieldByTOML(et, name); ok {
					return g, true
				}
				continue
			}
		}
		if tomlName(f) == name {
			return f, true
		}
	}
	return reflect.StructField{}, false
}

// editDistance is the Levenshtein distance between a and b (bytes).
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
