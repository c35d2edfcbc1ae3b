package online

import (
	"flag"
	"testing"

	"github.com/seedgames/motorkit/internal/gendefaults"
)

var updateDefaults = flag.Bool("update-defaults", false, "rewrite the ServerOptions table of docs/online.md from DefaultServerOptions")

// TestServerOptionsTable: docs/online.md's table of ServerOptions is the
// one DefaultServerOptions and the field comments give (-update-defaults
// rewrites it).
func TestServerOptionsTable(t *testing.T) {
	table, err := gendefaults.RenderTable(gendefaults.TableSpec{Dir: ".", Type: "ServerOptions", Value: DefaultServerOptions(),
		Units: map[string]string{"InputRate": "a second", "InputQueue": "inputs", "SendQueue": "messages", "MaxPending": "connections"},
		Words: map[string]string{"Config": "`match.Config(\"\")`", "Log": "`log.Default()`"}})
	if err != nil {
		t.Fatal(err)
	}
	if err := gendefaults.CheckDoc("../../../docs/online.md", "online.ServerOptions", table, *updateDefaults); err != nil {
		t.Error(err)
	}
}
