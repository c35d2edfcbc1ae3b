package gendefaults

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"reflect"
	"strconv"
	"strings"
	"time"
)

// TableSpec describes an options struct whose defaults a Markdown doc
// shows as a table (netplay's HostOptions, the servers' options).
type TableSpec struct {
	// Dir is the directory of the package that declares the struct; Type
	// is the struct's name.
	Dir, Type string
	// Value holds the defaults (DefaultHostOptions()).
	Value any
	// Units follow a field's default ("ticks", "m").
	Units map[string]string
	// Words replace a field's default: what a value cannot say ("the
	// game's", "DefaultGameOptions").
	Words map[string]string
}

// RenderTable returns the Markdown table of s: a header naming the type,
// then a row per exported field in declaration order with its default
// (numbers plain, durations in ms, s or min, strings in backticks, the
// zero value of a field that is not a number as "—") and the first
// sentence of its doc comment. It refuses a field without a doc comment
// and a doc comment that states a default: the number lives in the
// defaults function, and the table shows it.
func RenderTable(s TableSpec) ([]byte, error) {
	st, _, err := parseStruct(s.Dir, s.Type)
	if err != nil {
		return nil, err
	}
	v := reflect.ValueOf(s.Value)
	if v.Kind() != reflect.Struct || v.Type().Name() != s.Type {
		return nil, fmt.Errorf("gendefaults: Value is a %v, want a %s", v.Type(), s.Type)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "| `%s` field | default | meaning |\n|---|---|---|\n", s.Type)
	var errs []error
	for _, f := range st.Fields.List {
		for _, n := range f.Names {
			name := n.Name
			if !n.IsExported() {
				continue
			}
			if f.Doc == nil {
				errs = append(errs, fmt.Errorf("%s.%s has no doc comment", s.Type, name))
				continue
			}
			text := f.Doc.Text()
			if m := statedNumber.FindString(text); m != "" {
				errs = append(errs, fmt.Errorf("%s.%s: the doc comment states %q: the default lives in the defaults function, and the table shows it",
					s.Type, name, strings.TrimSpace(m)))
			}
			def, ok := s.Words[name]
			if !ok {
				def = cell(v.FieldByName(name))
				if u := s.Units[name]; u != "" && def != "—" {
					def += " " + u
				}
			}
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", name, def, strings.ReplaceAll(firstSentence(text), "|", `\|`))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return b.Bytes(), nil
}

// cell writes a default for a reader.
func cell(v reflect.Value) string {
	if d, ok := v.Interface().(time.Duration); ok {
		switch {
		case d == 0:
			return "—"
		case d%time.Minute == 0:
			return plain(d.Minutes()) + " min"
		case d%time.Second == 0:
			return plain(d.Seconds()) + " s"
		}
		return plain(float64(d)/float64(time.Millisecond)) + " ms"
	}
	switch v.Kind() {
	case reflect.Float64, reflect.Float32:
		return plain(v.Float())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.String:
		if v.String() != "" {
			return "`" + v.String() + "`"
		}
	case reflect.Slice:
		var parts []string
		for i := range v.Len() {
			parts = append(parts, cell(v.Index(i)))
		}
		if len(parts) > 0 {
			return strings.Join(parts, ", ")
		}
	}
	return "—"
}

// Markers around a generated table in a doc: "<!-- defaults NAME -->"
// and "<!-- end defaults -->".
const (
	beginMarker = "<!-- defaults %s -->\n"
	endMarker   = "<!-- end defaults -->\n"
)

// CheckDoc checks that the Markdown file at path holds table between the
// markers of name; with update it writes table there instead. The error
// says how to regenerate.
func CheckDoc(path, name string, table []byte, update bool) error {
	doc, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	begin := fmt.Sprintf(beginMarker, name)
	i := bytes.Index(doc, []byte(begin))
	if i < 0 {
		return fmt.Errorf("%s has no line %q for the table of %s", path, strings.TrimSpace(begin), name)
	}
	i += len(begin)
	j := bytes.Index(doc[i:], []byte(endMarker))
	if j < 0 {
		return fmt.Errorf("%s: the table of %s has no line %q after it", path, name, strings.TrimSpace(endMarker))
	}
	if bytes.Equal(doc[i:i+j], table) {
		return nil
	}
	if update {
		out := append(append(append([]byte{}, doc[:i]...), table...), doc[i+j:]...)
		return os.WriteFile(path, out, 0o644)
	}
	return fmt.Errorf("%s: the table of %s is not the one the code gives (its defaults function and doc comments); run the test with -update-defaults:\n%s",
		path, name, table)
}

// CheckFlags checks every row of the Markdown file at path whose first
// cell names one of fs's flags (`-name` or `-name VALUE`): its second cell
// must be the flag's default as fs prints it (backticks aside), unless the
// default is its type's zero (the cell may then say what an unset flag
// means). Rows of other flags are refused unless other lists them (a flag
// of another command on the same page). It reports how many rows it
// checked.
func CheckFlags(path string, fs *flag.FlagSet, other ...string) (int, error) {
	doc, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	n := 0
	var errs []error
	for _, line := range strings.Split(string(doc), "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 4 || !strings.HasPrefix(strings.TrimSpace(cells[1]), "`-") {
			continue
		}
		name := strings.TrimPrefix(strings.Trim(strings.TrimSpace(cells[1]), "`"), "-")
		name, _, _ = strings.Cut(name, " ")
		got := strings.Trim(strings.TrimSpace(cells[2]), "`")
		f := fs.Lookup(name)
		switch {
		case f == nil && !contains(other, name):
			errs = append(errs, fmt.Errorf("%s: flag -%s is not a flag of %s", path, name, fs.Name()))
		case f != nil && !sameDefault(got, f.DefValue) && !isZero(f.DefValue):
			errs = append(errs, fmt.Errorf("%s: flag -%s: the doc says %q, the default is %q", path, name, got, f.DefValue))
		case f != nil:
			n++
		}
	}
	return n, errors.Join(errs...)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// sameDefault reports whether a doc's cell says def: the same text, or
// the same duration ("60s" for "1m0s").
func sameDefault(cell, def string) bool {
	if cell == def {
		return true
	}
	a, errA := time.ParseDuration(cell)
	b, errB := time.ParseDuration(def)
	return errA == nil && errB == nil && a == b
}

// isZero reports whether a flag's printed default is its type's zero.
func isZero(def string) bool {
	return def == "" || def == "0" || def == "false" || def == "0s" || def == "[]"
}
