package netplay_test

import (
	"flag"
	"reflect"
	"testing"

	"github.com/seedgames/motorkit/internal/gendefaults"
	"github.com/seedgames/motorkit/netplay"
)

var updateDefaults = flag.Bool("update-defaults", false, "rewrite the option tables of docs/netplay.md from the Default functions")

// TestDefaultsTables: docs/netplay.md's tables of GameOptions,
// HostOptions and ClientOptions are the ones the Default functions and the
// field comments give (go test ./netplay -run TestDefaultsTables
// -update-defaults rewrites them).
func TestDefaultsTables(t *testing.T) {
	for _, s := range []gendefaults.TableSpec{
		{Dir: ".", Type: "GameOptions", Value: netplay.DefaultGameOptions(), Units: map[string]string{"TickRate": "Hz"},
			Words: map[string]string{"Recipes": "`DefaultRecipes`"}},
		{Dir: ".", Type: "HostOptions", Value: netplay.DefaultHostOptions(),
			Units: map[string]string{"ChecksumEvery": "ticks", "History": "ticks", "MaxLead": "ticks"},
			Words: map[string]string{"Game": "`DefaultGameOptions`"}},
		{Dir: ".", Type: "ClientOptions", Value: netplay.DefaultClientOptions(),
			Units: map[string]string{"TargetSlack": "ticks", "MaxPrediction": "ticks", "MaxCorrectionStep": "m", "SnapDistance": "m"}},
	} {
		table, err := gendefaults.RenderTable(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := gendefaults.CheckDoc("../docs/netplay.md", "netplay."+s.Type, table, *updateDefaults); err != nil {
			t.Error(err)
		}
	}
}

// A host of zero options runs with DefaultHostOptions, its game with
// DefaultGameOptions.
func TestZeroOptionsAreTheDefaults(t *testing.T) {
	h, err := netplay.NewHost(netplay.HostOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := h.Options(), netplay.DefaultHostOptions(); !reflect.DeepEqual(got, want) {
		t.Errorf("a host of zero options runs with %+v, want %+v", got, want)
	}
}
