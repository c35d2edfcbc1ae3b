package abilities

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestDocsTablesAreTheDefaults: each table of docs/abilities.md ("## ...:
// `[table]`", rows "| `key` | unit | default | what |") lists exactly the
// keys of its Go struct, each with the default its Default function
// gives: a default is written once, in Go, and the docs follow it. The
// defaults are in their own tables' ranges (Validate).
func TestDocsTablesAreTheDefaults(t *testing.T) {
	doc, err := os.ReadFile("../docs/abilities.md")
	if err != nil {
		t.Fatal(err)
	}
	tables := map[string]any{
		"climb": DefaultClimb(), "swim": DefaultSwim(), "ledge": DefaultLedge(),
		"wall": DefaultWall(), "drop_through": DefaultDropThrough(),
	}
	rows := docRows(string(doc))
	for name, def := range tables {
		want := map[string]string{}
		v := reflect.ValueOf(def)
		for i := 0; i < v.NumField(); i++ {
			want[v.Type().Field(i).Tag.Get("toml")] = docValue(v.Field(i))
		}
		got := rows[name]
		for key, val := range want {
			switch d, ok := got[key]; {
			case !ok:
				t.Errorf("docs/abilities.md: [%s] has no row for %q", name, key)
			case d != val:
				t.Errorf("docs/abilities.md: [%s] %s = %s, the code's default is %s", name, key, d, val)
			}
		}
		for key := range got {
			if _, ok := want[key]; !ok {
				t.Errorf("docs/abilities.md: [%s] lists %q, a key the table does not have", name, key)
			}
		}
		if err := def.(interface{ Validate(string) error }).Validate("defaults"); err != nil {
			t.Errorf("[%s] defaults out of their own ranges: %v", name, err)
		}
	}
	if len(rows) != len(tables) {
		t.Errorf("docs/abilities.md has tables %v, want %d", keysOf(rows), len(tables))
	}
}

// docRows reads the key tables of docs/abilities.md: by table name, each
// key's default column.
func docRows(doc string) map[string]map[string]string {
	out := map[string]map[string]string{}
	table := ""
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "## ") {
			table = ""
			if i := strings.Index(line, "`["); i >= 0 {
				table = strings.TrimSuffix(line[i+2:], "]`")
			}
			continue
		}
		if table == "" || !strings.HasPrefix(line, "| `") {
			continue
		}
		cols := strings.Split(line, "|")
		if len(cols) < 5 {
			continue
		}
		key := strings.Trim(strings.TrimSpace(cols[1]), "`")
		if out[table] == nil {
			out[table] = map[string]string{}
		}
		out[table][key] = strings.Trim(strings.TrimSpace(cols[3]), "`")
	}
	return out
}

func docValue(v reflect.Value) string {
	if v.Kind() == reflect.Bool {
		return fmt.Sprint(v.Bool())
	}
	return fmt.Sprintf("%g", v.Float())
}

func keysOf(m map[string]map[string]string) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
