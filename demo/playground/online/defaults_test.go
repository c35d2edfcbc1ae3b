package online

import (
	"flag"
	"testing"

	"github.com/seedgames/motorkit/internal/gendefaults"
)

var updateDefaults = flag.Bool("update-defaults", false, "rewrite the Options table of docs/netplay.md from DefaultOptions")

// TestOptionsTable: docs/netplay.md's table of the server's Options is
// the one DefaultOptions and the field comments give (-update-defaults
// rewrites it).
func TestOptionsTable(t *testing.T) {
	table, err := gendefaults.RenderTable(gendefaults.TableSpec{Dir: ".", Type: "Options", Value: DefaultOptions(),
		Units: map[string]string{"InputRate": "a second", "SendQueue": "messages", "SlowDrops": "messages"},
		Words: map[string]string{"Game": "`netplay.DefaultGameOptions` with `Recipes`", "Log": "`log.Default()`"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := gendefaults.CheckDoc("../../../docs/netplay.md", "online.Options", table, *updateDefaults); err != nil {
		t.Error(err)
	}
}
