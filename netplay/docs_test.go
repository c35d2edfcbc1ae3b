package netplay_test

import (
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/seedgames/motorkit/netplay"
)

// TestDocsTablesAreTheDefaults: docs/netplay.md's tables of the
// ClientOptions and HostOptions fields (rows "| `Field` | default |
// meaning |" under a header naming the struct) list every field, each
// with the default DefaultClientOptions or DefaultHostOptions gives: a
// number with its unit (ms for a duration), a bool, or, for a Game, its
// level and tick rate. A default is written once, in Go.
func TestDocsTablesAreTheDefaults(t *testing.T) {
	doc, err := os.ReadFile("../docs/netplay.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		def  any
	}{{"ClientOptions", netplay.DefaultClientOptions()}, {"HostOptions", netplay.DefaultHostOptions()}} {
		rows := optionRows(string(doc), tc.name)
		v := reflect.ValueOf(tc.def)
		for i := 0; i < v.NumField(); i++ {
			name := v.Type().Field(i).Name
			got, ok := rows[name]
			if !ok {
				t.Errorf("docs/netplay.md: the %s table has no row for %s", tc.name, name)
				continue
			}
			if want := docDefault(v.Field(i)); got != want && !strings.HasPrefix(got, want+" ") {
				t.Errorf("docs/netplay.md: %s.%s's default is %q, the code's %s", tc.name, name, got, want)
			}
			delete(rows, name)
		}
		for name := range rows {
			t.Errorf("docs/netplay.md: the %s table lists %s, a field it does not have", tc.name, name)
		}
	}
}

// optionRows reads the table under "| `name` field |": each field's
// default column.
func optionRows(doc, name string) map[string]string {
	out := map[string]string{}
	in := false
	for _, line := range strings.Split(doc, "\n") {
		switch {
		case strings.HasPrefix(line, "| `"+name+"` field |"):
			in = true
		case in && strings.HasPrefix(line, "| `"):
			cols := strings.Split(line, "|")
			out[strings.Trim(strings.TrimSpace(cols[1]), "`")] = strings.TrimSpace(cols[2])
		case in && !strings.HasPrefix(line, "|"):
			return out
		}
	}
	return out
}

// docDefault is how the docs' table starts a field's default.
func docDefault(v reflect.Value) string {
	switch x := v.Interface().(type) {
	case time.Duration:
		return fmt.Sprintf("%d ms", x.Milliseconds())
	case bool:
		return fmt.Sprint(x)
	case netplay.GameOptions:
		return fmt.Sprintf("%s, `DefaultRecipes`, %g Hz", x.Level, x.TickRate)
	}
	return fmt.Sprintf("%v", v.Interface())
}
