package gendefaults

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

type Config struct {
	MaxSpeed float64
	Ratio    float64
	Ticks    int
	Mode     string
	On       bool
	Hidden   float64
}

func TestRender(t *testing.T) {
	s := Spec{Dir: filepath.Join("testdata", "sample"), Type: "Config", Header: "Sample defaults.\n\nDo not edit.",
		Value:   Config{MaxSpeed: 5, Ratio: 1.0 / 3, Ticks: 6, Mode: "a", On: true},
		Ranges:  []Range{{Key: "max_speed", Min: 0.1, Max: 100}, {Key: "max_speed", Min: 1, Max: 2}, {Key: "ticks", Max: 120, Int: true}},
		Allowed: map[string]string{"ratio": "[0, max_speed]"},
		Notes:   map[string]string{"mode": "Any other value is refused."}}
	got, err := Render(s)
	if err != nil {
		t.Fatal(err)
	}
	want := `# Sample defaults.
#
# Do not edit.

# --- Speeds ---

# max_speed is the speed of a full stick (m/s). Allowed [0.1, 100].
max_speed = 5.0

# ratio is a fraction of max_speed. Allowed [0, max_speed].
ratio = 0.3333333333333333

# ticks counts ticks. Allowed [0, 120].
ticks = 6

# mode is "a" or "b". Any other value is refused.
mode = "a"

# on switches it on.
on = true
`
	if string(got) != want {
		t.Fatalf("Render:\n%s\nwant:\n%s", got, want)
	}
	if err := Check(s, "sample.toml", got, false); err != nil {
		t.Fatal(err)
	}
	err = Check(s, "sample.toml", []byte(strings.Replace(want, "6", "7", 1)), false)
	if err == nil || !strings.Contains(err.Error(), `sample.toml is not generated`) || !strings.Contains(err.Error(), "line 14") {
		t.Fatalf("a changed default: %v", err)
	}
}

// TestRenderRefusesStatedDefaults: a field doc comment that states a
// default or an allowed range, or a field with none, is an error.
func TestRenderRefusesStatedDefaults(t *testing.T) {
	type Config struct{ Speed, Undocumented float64 }
	_, err := Render(Spec{Dir: filepath.Join("testdata", "bad"), Type: "Config", Value: Config{}})
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{`states "Default 5"`, "undocumented) has no doc comment"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	for _, ok := range []string{"off by default", "DefaultConfig", "the default tier", "allowed to jump"} {
		if m := statedNumber.FindString(ok); m != "" {
			t.Errorf("%q is taken for a stated number (%q)", ok, m)
		}
	}
}

// Options is RenderTable's sample: testdata/sample/options.go declares it.
type Options struct {
	Seats int
	Wait  time.Duration
	Names []string
	On    bool
	Log   func()
}

func TestRenderTableAndCheckDoc(t *testing.T) {
	s := TableSpec{Dir: filepath.Join("testdata", "sample"), Type: "Options",
		Value: Options{Seats: 8, Wait: 1500 * time.Millisecond, Names: []string{"a", "b"}},
		Units: map[string]string{"Seats": "seats"}, Words: map[string]string{"On": "off unless asked"}}
	got, err := RenderTable(s)
	if err != nil {
		t.Fatal(err)
	}
	want := "| `Options` field | default | meaning |\n|---|---|---|\n" +
		"| `Seats` | 8 seats | Seats is the most players. |\n" +
		"| `Wait` | 1500 ms | Wait is how long to wait. |\n" +
		"| `Names` | `a`, `b` | Names are the names, in order. |\n" +
		"| `On` | off unless asked | On switches it on. |\n" +
		"| `Log` | — | Log, when set, logs. |\n"
	if string(got) != want {
		t.Fatalf("RenderTable:\n%s\nwant:\n%s", got, want)
	}
	doc := filepath.Join(t.TempDir(), "doc.md")
	if err := os.WriteFile(doc, []byte("text\n<!-- defaults x.Options -->\nold\n<!-- end defaults -->\nmore\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := CheckDoc(doc, "x.Options", got, false); err == nil || !strings.Contains(err.Error(), "-update-defaults") {
		t.Fatalf("an old table: %v", err)
	}
	if err := CheckDoc(doc, "x.Options", got, true); err != nil {
		t.Fatal(err)
	}
	if err := CheckDoc(doc, "x.Options", got, false); err != nil {
		t.Fatalf("after the update: %v", err)
	}
	if _, err := RenderTable(TableSpec{Dir: s.Dir, Type: "BadOptions", Value: BadOptions{}}); err == nil || !strings.Contains(err.Error(), "states") {
		t.Fatalf("a doc comment stating its default: %v", err)
	}
}

// BadOptions states a default in a doc comment.
type BadOptions struct{ Seats int }

func TestCheckFlags(t *testing.T) {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	fs.Int("seats", 8, "")
	fs.Duration("idle", time.Minute, "")
	fs.String("public", "", "")
	doc := filepath.Join(t.TempDir(), "doc.md")
	text := "| flag | default | |\n|---|---|---|\n| `-seats` | 8 | |\n| `-idle` | 60s | |\n| `-public URL` | from `-addr` | |\n"
	if err := os.WriteFile(doc, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	if n, err := CheckFlags(doc, fs); n != 3 || err != nil {
		t.Fatalf("%d checked, %v", n, err)
	}
	if err := os.WriteFile(doc, []byte(text+"| `-seats` | 4 | |\n| `-gone` | | |\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := CheckFlags(doc, fs); err == nil || !strings.Contains(err.Error(), `says "4"`) || !strings.Contains(err.Error(), "-gone is not a flag") {
		t.Fatalf("a wrong default and an unknown flag: %v", err)
	}
}
