// Package gendefaults writes a motor's default configuration file
// (motors/<kind>/<kind>.toml) from the one place its defaults live, the Go
// DefaultConfig: every key of the configuration struct with its default
// value, under a comment made of the first sentence of the field's doc
// comment and the allowed range its validator checks.
//
// Each motor package runs it from a test (go generate runs that test with
// -update-defaults), and the same test fails when the embedded file is not
// what Render gives, so a default changed without regenerating, a field
// added or a doc comment edited shows up in `go test`. The same holds for
// the docs' tables of option structs (RenderTable, CheckDoc: netplay's
// options, rollback.Config, the demo servers' options) and of a command's
// flags (CheckFlags). It uses the standard library only.
package gendefaults

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// Range is the allowed range of a numeric key as its validator checks it
// (the shape of config.Knob, so a config.Knob converts to it).
type Range struct {
	Key      string
	Min, Max float64
	Int      bool
}

// Spec describes one configuration struct and its defaults.
type Spec struct {
	// Dir is the directory of the package that declares the struct; Type
	// is the struct's name ("Config").
	Dir, Type string
	// Header is the file's opening comment, one line of text per line,
	// without the "# ". It should say what the file is in words: the
	// values are below it.
	Header string
	// Value is the default configuration, a value of the struct
	// (DefaultConfig()).
	Value any
	// Ranges are the allowed ranges of the numeric keys (config.Knobs of
	// the struct's Validate); the first one given for a key is written.
	Ranges []Range
	// Allowed replaces the range Ranges gives a key with words, for a
	// bound that is another key ("[0, rotation_speed_deg]").
	Allowed map[string]string
	// Notes adds a sentence to a key's comment, after the allowed range:
	// what a range cannot say (a cross-field rule, a default that follows
	// another key).
	Notes map[string]string
}

// Render returns the default file's text: the header, then every field
// of the struct with a toml tag, in declaration order, as
//
//	# <first sentence of the doc comment, Go field names given as keys>
//	# Allowed [min, max]. <note>
//	key = <default>
//
// A comment inside the struct that documents no field (a section heading
// such as "--- A) Speed caps ---") is written where it stands. Render
// refuses a field without a doc comment, and a doc comment that states a
// default ("Default 6", "default: 0") or an allowed range ("allowed [0,
// 1]"): those numbers live in DefaultConfig and the validator, and this
// file shows them.
func Render(s Spec) ([]byte, error) {
	st, comments, err := parseStruct(s.Dir, s.Type)
	if err != nil {
		return nil, err
	}
	v := reflect.ValueOf(s.Value)
	if v.Kind() != reflect.Struct || v.Type().Name() != s.Type {
		return nil, fmt.Errorf("gendefaults: Value is a %v, want a %s", v.Type(), s.Type)
	}
	keys := map[string]string{} // Go field name -> TOML key
	for _, f := range st.Fields.List {
		if k := tomlKey(f); k != "" {
			for _, n := range f.Names {
				keys[n.Name] = k
			}
		}
	}
	ranges := map[string]Range{}
	for _, r := range s.Ranges {
		if _, dup := ranges[r.Key]; !dup {
			ranges[r.Key] = r
		}
	}

	var b bytes.Buffer
	for _, l := range strings.Split(strings.TrimRight(s.Header, "\n"), "\n") {
		writeComment(&b, l)
	}
	docs := map[*ast.CommentGroup]bool{}
	for _, f := range st.Fields.List {
		if f.Doc != nil {
			docs[f.Doc] = true
		}
	}
	ci := 0
	var errs []error
	for _, f := range st.Fields.List {
		// Comments between the previous field and this one that document
		// nothing: section headings.
		for ; ci < len(comments) && comments[ci].Pos() < f.Pos(); ci++ {
			if c := comments[ci]; !docs[c] && c.Pos() > st.Fields.Opening {
				b.WriteByte('\n')
				for _, l := range wrap(c.Text(), 98) {
					writeComment(&b, l)
				}
			}
		}
		key := tomlKey(f)
		if key == "" || len(f.Names) != 1 {
			continue
		}
		name := f.Names[0].Name
		if f.Doc == nil {
			errs = append(errs, fmt.Errorf("%s.%s (%s) has no doc comment", s.Type, name, key))
			continue
		}
		text := f.Doc.Text()
		if m := statedNumber.FindString(text); m != "" {
			errs = append(errs, fmt.Errorf("%s.%s (%s): the doc comment states %q: the default and the allowed range live in DefaultConfig and the validator, and the generated file shows them", s.Type, name, key, strings.TrimSpace(m)))
		}
		val, err := tomlValue(v.FieldByName(name))
		if err != nil {
			errs = append(errs, fmt.Errorf("%s.%s: %v", s.Type, name, err))
			continue
		}
		b.WriteByte('\n')
		for _, l := range wrap(s.comment(key, withKeys(firstSentence(text), keys), ranges), 98) {
			writeComment(&b, strings.ReplaceAll(l, "\x00", " "))
		}
		fmt.Fprintf(&b, "%s = %s\n", key, val)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return b.Bytes(), nil
}

// comment is key's comment: its first sentence, then its allowed range
// (NUL joins what wrap must not break) and its note.
func (s Spec) comment(key, first string, ranges map[string]Range) string {
	comment := first
	if a, ok := s.Allowed[key]; ok {
		comment += " Allowed " + strings.ReplaceAll(a, " ", "\x00") + "."
	} else if r, ok := ranges[key]; ok {
		comment += " Allowed [" + plain(r.Min) + ",\x00" + plain(r.Max) + "]." // one word for wrap
	}
	if n := s.Notes[key]; n != "" {
		comment += " " + n
	}
	return comment
}

// statedNumber matches a default or an allowed range written in a doc
// comment.
var statedNumber = regexp.MustCompile(`(?i)\bdefault(s| is| =|:)? +([-+0-9"']|\( *[-+0-9]|(true|false|on|off)\b)|\ballowed +([\[(] *[-+0-9]|[0-9])`)

// Check compares embedded, the file a package embeds, with Render's
// output; with update it writes Render's output to path instead. The
// error names the first line that differs and how to regenerate.
func Check(s Spec, path string, embedded []byte, update bool) error {
	want, err := Render(s)
	if err != nil {
		return err
	}
	if update {
		return os.WriteFile(filepath.Join(s.Dir, path), want, 0o644)
	}
	if bytes.Equal(embedded, want) {
		return nil
	}
	got, exp := strings.Split(string(embedded), "\n"), strings.Split(string(want), "\n")
	i := 0
	for i < len(got) && i < len(exp) && got[i] == exp[i] {
		i++
	}
	line := func(ls []string) string {
		if i < len(ls) {
			return strconv.Quote(ls[i])
		}
		return "end of file"
	}
	return fmt.Errorf("%s is not generated from DefaultConfig and the doc comments: line %d is %s, want %s; run go generate in its package",
		path, i+1, line(got), line(exp))
}

// parseStruct finds the struct type name in the non-test Go files of dir,
// and the comments of its file in source order.
func parseStruct(dir, name string) (*ast.StructType, []*ast.CommentGroup, error) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, nil, err
	}
	var files []string
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			files = append(files, filepath.Join(dir, n))
		}
	}
	sort.Strings(files)
	for _, path := range files {
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return nil, nil, err
		}
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, sp := range g.Specs {
				ts := sp.(*ast.TypeSpec)
				if st, ok := ts.Type.(*ast.StructType); ok && ts.Name.Name == name {
					var inside []*ast.CommentGroup
					for _, c := range f.Comments {
						if c.Pos() > st.Fields.Opening && c.End() < st.Fields.Closing {
							inside = append(inside, c)
						}
					}
					return st, inside, nil
				}
			}
		}
	}
	return nil, nil, fmt.Errorf("gendefaults: no struct type %s in %s", name, dir)
}

// tomlKey returns the name in the field's toml tag ("" for none or "-").
func tomlKey(f *ast.Field) string {
	if f.Tag == nil {
		return ""
	}
	tag, err := strconv.Unquote(f.Tag.Value)
	if err != nil {
		return ""
	}
	k, _, _ := strings.Cut(reflect.StructTag(tag).Get("toml"), ",")
	if k == "-" {
		return ""
	}
	return k
}

// tomlValue writes a field's value as TOML.
func tomlValue(v reflect.Value) (string, error) {
	switch v.Kind() {
	case reflect.Float64, reflect.Float32:
		return num(v.Float()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10), nil
	case reflect.Bool:
		return strconv.FormatBool(v.Bool()), nil
	case reflect.String:
		return strconv.Quote(v.String()), nil
	}
	return "", fmt.Errorf("gendefaults: cannot write a %v", v.Type())
}

// plain writes a number for a reader: 100, 0.005, 1e+06.
func plain(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// num writes a float as TOML reads it back to the same bits: always with
// a point or an exponent.
func num(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if len(s) > 16 {
		s = strconv.FormatFloat(x, 'g', -1, 64)
	}
	if !strings.ContainsAny(s, ".eEn") { // n: NaN, Inf
		s += ".0"
	}
	return s
}

// firstSentence is the doc comment's first sentence on one line
// (go/doc's synopsis rule).
func firstSentence(text string) string {
	var p doc.Package
	return p.Synopsis(text)
}

// goName matches an exported Go identifier.
var goName = regexp.MustCompile(`\b[A-Z][A-Za-z0-9]*\b`)

// withKeys writes the Go field names of the struct in s as their TOML
// keys: the file speaks the file's names.
func withKeys(s string, keys map[string]string) string {
	return goName.ReplaceAllStringFunc(s, func(n string) string {
		if k, ok := keys[n]; ok {
			return k
		}
		return n
	})
}

func writeComment(b *bytes.Buffer, line string) {
	line = strings.TrimRightFunc(line, unicode.IsSpace)
	if line == "" {
		b.WriteString("#\n")
		return
	}
	b.WriteString("# " + line + "\n")
}

// wrap breaks s into lines of at most width bytes at spaces.
func wrap(s string, width int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len(line)+1+len(w) > width {
			out = append(out, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}
