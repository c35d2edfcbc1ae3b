package config

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
)

// Document is a TOML text parsed once, whose tables a loader decodes into
// typed values one at a time (Decode), each straight from the text the user
// wrote: errors name the source, the line and the full dotted key, with no
// re-encoding in between. Recipes use it to decode each file once into
// typed sections.
type Document struct {
	source string
	text   []byte
	md     toml.MetaData
	top    map[string]toml.Primitive
}

// ParseDocument parses data (a whole TOML file) for decoding; source names it in
// errors. A syntax error is an *Error with its line.
func ParseDocument(data []byte, source string) (*Document, error) {
	d := &Document{source: source, text: data}
	md, err := toml.Decode(string(data), &d.top)
	if err != nil {
		return nil, AsError(err, source)
	}
	d.md = md
	return d, nil
}

// Source returns the name errors give the document.
func (d *Document) Source() string { return d.source }

// IsDefined reports whether the document sets the key path (a table or a
// value).
func (d *Document) IsDefined(path ...string) bool { return d.md.IsDefined(path...) }

// Line returns the 1-based line that sets the key path (or opens its
// table), 0 when the document does not.
func (d *Document) Line(path ...string) int { return KeyLine(d.text, path) }

// Error returns an *Error at the key path with its line.
func (d *Document) Error(path []string, reason string) *Error {
	return &Error{Source: d.source, Key: strings.Join(path, "."), Reason: reason, Line: d.Line(path...)}
}

// prim returns the primitive value at path ("" path: the whole document
// as a table), or ok false when the document does not set it.
func (d *Document) prim(path []string) (p toml.Primitive, ok bool, err error) {
	if len(path) == 0 {
		return p, false, nil
	}
	p, ok = d.top[path[0]]
	for i := 1; ok && i < len(path); i++ {
		var m map[string]toml.Primitive
		if err := d.md.PrimitiveDecode(p, &m); err != nil {
			return p, false, d.Error(path[:i], "must be a table")
		}
		p, ok = m[path[i]]
	}
	return p, ok, nil
}

// isTable reports whether the value at path is a table: one the document
// writes ([a.b], a = { ... }) or one it implies (the a of [a.b]).
func (d *Document) isTable(path []string) bool {
	t := d.md.Type(path...)
	return t == "" || t == "Hash"
}

// Keys returns the keys of the table at path (the document's top level
// for an empty path), sorted; an error when the value there is not a
// table. A table the document does not set has no keys.
func (d *Document) Keys(path ...string) ([]string, error) {
	var m map[string]toml.Primitive
	if len(path) == 0 {
		m = d.top
	} else {
		p, ok, err := d.prim(path)
		if err != nil || !ok {
			return nil, err
		}
		if !d.isTable(path) {
			return nil, d.Error(path, "must be a table")
		}
		if err := d.md.PrimitiveDecode(p, &m); err != nil {
			return nil, d.Error(path, "must be a table")
		}
	}
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out, nil
}

// Decode decodes the table at path over v (a pointer to a struct with toml
// tags): keys the table leaves out keep the values v holds, so a loader
// decodes over its defaults, and several layers (a recipe, then a file of
// overrides) decode one over another. A table the document does not set
// changes nothing. Unknown keys (with a suggestion for a likely typo), wrong
// types and a value that is not a table are *Errors with the line and the
// full dotted key. When v implements Renamer, an old key name is read into
// the field of its new name, with a Warning (and an Error when both are
// set).
func (d *Document) Decode(v any, path ...string) error {
	return d.decode(v, path, nil)
}

// DecodeExcept is Decode that leaves the keys except alone: another
// decoder reads them (a recipe's [motor] table holds its kind next to the
// motor's keys).
func (d *Document) DecodeExcept(v any, except []string, path ...string) error {
	return d.decode(v, path, except)
}

func (d *Document) decode(v any, path, except []string) error {
	p, ok, err := d.prim(path)
	if err != nil || !ok {
		return err
	}
	if len(path) > 0 && !d.isTable(path) {
		return d.Error(path, "must be a table")
	}
	if err := d.renamed(p, v, path); err != nil {
		return err
	}
	if err := d.md.PrimitiveDecode(p, v); err != nil {
		return AsError(err, d.source)
	}
	return d.unknown(v, path, except)
}

// unknown reports the first key under path that no decode has read, as
// an *Error naming its line and a likely intended key.
func (d *Document) unknown(v any, path, except []string) error {
	var keys []string
	for _, k := range d.md.Undecoded() {
		if len(k) <= len(path) || !equal(k[:len(path)], path) {
			continue
		}
		if len(except) > 0 && len(k) == len(path)+1 && slices.Contains(except, k[len(path)]) {
			continue
		}
		keys = append(keys, k.String())
	}
	if len(keys) == 0 {
		return nil
	}
	sort.Strings(keys)
	rel := strings.TrimPrefix(keys[0], strings.Join(path, ".")+".")
	reason := "unknown key"
	if s := suggest(v, rel); s != "" {
		reason += ` (did you mean "` + s + `"?)`
	}
	return &Error{Source: d.source, Key: keys[0], Reason: reason + others(keys),
		Line: KeyLine(d.text, strings.Split(keys[0], "."))}
}

// renamed reads the old keys of v's Renamer in the table p at path into
// the fields of their new names, warning once per source and key.
func (d *Document) renamed(p toml.Primitive, v any, path []string) error {
	rn, ok := v.(Renamer)
	if !ok {
		return nil
	}
	renames := rn.RenamedKeys()
	olds := make([]string, 0, len(renames))
	for old := range renames {
		olds = append(olds, old)
	}
	sort.Strings(olds) // warnings in a stable order
	byNew := map[string]string{}
	for _, old := range olds {
		nu := renames[old]
		op, np := append(append([]string{}, path...), old), append(append([]string{}, path...), nu)
		if !d.md.IsDefined(op...) {
			continue
		}
		if d.md.IsDefined(np...) {
			return d.Error(op, fmt.Sprintf("renamed %q, which is set too (line %d): keep one", nu, d.Line(np...)))
		}
		if other, ok := byNew[nu]; ok {
			return d.Error(op, fmt.Sprintf("renamed %q, as %q (line %d) is: keep one", nu, other,
				d.Line(append(append([]string{}, path...), other)...)))
		}
		byNew[nu] = old
		if err := decodeKeyInto(&d.md, p, v, old, nu); err != nil {
			return AsError(err, d.source)
		}
		renameWarn(d.source, strings.Join(op, "."), nu, d.Line(op...))
	}
	return nil
}

// decodeKeyInto decodes key old of the table p into the field of v whose
// TOML name is nu, through a one-field struct tagged old.
func decodeKeyInto(md *toml.MetaData, p toml.Primitive, v any, old, nu string) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		return errors.New("config: a Renamer must be a pointer to a struct")
	}
	f, ok := fieldByTOML(rv.Elem().Type(), nu)
	if !ok {
		return fmt.Errorf("config: renamed key %q has no field %q", old, nu)
	}
	val, err := decodeKey(md, p, old, f.Type)
	if err != nil {
		return err
	}
	rv.Elem().FieldByName(f.Name).Set(val)
	return nil
}

// decodeKey decodes key of the table p as a value of type t, through a
// one-field struct tagged key (the decoder reads only that key).
func decodeKey(md *toml.MetaData, p toml.Primitive, key string, t reflect.Type) (reflect.Value, error) {
	one := reflect.New(reflect.StructOf([]reflect.StructField{{Name: "V", Type: t, Tag: reflect.StructTag(`toml:"` + key + `"`)}}))
	if err := md.PrimitiveDecode(p, one.Interface()); err != nil {
		return reflect.Value{}, err
	}
	return one.Elem().Field(0), nil
}

// Defined returns the keys the document sets under path (tables and
// values, dotted, relative to path), in the document's order.
func (d *Document) Defined(path ...string) []string {
	var out []string
	for _, k := range d.md.Keys() {
		if len(k) > len(path) && equal(k[:len(path)], path) {
			out = append(out, strings.Join(k[len(path):], "."))
		}
	}
	return out
}

// DecodeValue decodes the one value at path (a key of a table) into v, a
// pointer; a wrong type is an *Error with the line. A value the document
// does not set leaves v alone.
func (d *Document) DecodeValue(v any, path ...string) error {
	if len(path) == 0 || !d.md.IsDefined(path...) {
		return nil
	}
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer {
		return errors.New("config: DecodeValue needs a pointer")
	}
	key := path[len(path)-1]
	if len(path) == 1 {
		tmp := reflect.New(rv.Elem().Type())
		if err := d.md.PrimitiveDecode(d.top[key], tmp.Interface()); err != nil {
			return AsError(err, d.source)
		}
		rv.Elem().Set(tmp.Elem())
		return nil
	}
	p, _, err := d.prim(path[:len(path)-1])
	if err != nil {
		return err
	}
	val, err := decodeKey(&d.md, p, key, rv.Elem().Type())
	if err != nil {
		return AsError(err, d.source)
	}
	rv.Elem().Set(val)
	return nil
}
