package config

import (
	"errors"
	"math"
	"strings"
	"testing"
)

type sample struct {
	Speed float64 `toml:"speed"`
	Mode  string  `toml:"mode"`
	Inner struct {
		Ticks int `toml:"ticks"`
	} `toml:"inner"`
}

func TestDecodeKeepsDefaultsAndRejectsUnknownKeys(t *testing.T) {
	s := sample{Speed: 7, Mode: "soft"}
	if err := Decode([]byte("mode = \"hard\"\n[inner]\nticks = 3\n"), "a.toml", &s); err != nil {
		t.Fatal(err)
	}
	if s.Speed != 7 || s.Mode != "hard" || s.Inner.Ticks != 3 {
		t.Fatalf("decoded %+v", s)
	}
	err := Decode([]byte("speeed = 1\n[inner]\ntick = 2\n"), "a.toml", &s)
	var ce *Error
	if !errors.As(err, &ce) || ce.Source != "a.toml" || ce.Key != "inner.tick" {
		t.Fatalf("want unknown-key error naming a.toml and inner.tick, got %v", err)
	}
	if !strings.Contains(err.Error(), "speeed") {
		t.Fatalf("error should list every unknown key: %v", err)
	}
}

func TestDecodeSyntaxErrorNamesLine(t *testing.T) {
	var s sample
	err := Decode([]byte("speed = 1\nmode = \n"), "b.toml", &s)
	if err == nil || !strings.Contains(err.Error(), "b.toml:2: ") {
		t.Fatalf("want line-2 syntax error, got %v", err)
	}
}

func TestCheckerRanges(t *testing.T) {
	c := Checker{Source: "c.toml"}
	c.Range("ok", 1, 0, 2)
	c.Range("nan", math.NaN(), 0, 2)
	c.IntRange("ticks", 9, 0, 6)
	c.OneOf("mode", "bogus", "none", "soft")
	err := c.Err()
	for _, want := range []string{`"nan"`, "[0, 2]", `"ticks"`, "[0, 6]", "none, soft"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Fatalf("error %v lacks %s", err, want)
		}
	}
	if strings.Contains(err.Error(), `"ok"`) {
		t.Fatalf("in-range key reported: %v", err)
	}
	// Every problem, one line each, in the order checked (the doc's promise).
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], `"nan"`) || !strings.Contains(lines[1], `"ticks"`) || !strings.Contains(lines[2], `"mode"`) {
		t.Fatalf("want three lines nan, ticks, mode; got %q", lines)
	}
}

func TestEncodeRoundTrip(t *testing.T) {
	in := sample{Speed: 0.1 + 0.2, Mode: "soft"}
	in.Inner.Ticks = 4
	b, err := Encode(in)
	if err != nil {
		t.Fatal(err)
	}
	var out sample
	if err := Decode(b, "rt", &out); err != nil {
		t.Fatal(err)
	}
	if out != in {
		t.Fatalf("round trip %+v != %+v", out, in)
	}
}

func FuzzDecode(f *testing.F) {
	f.Add([]byte("speed = 1\n"))
	f.Add([]byte("[inner]\nticks = -1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var s sample
		_ = Decode(data, "fuzz", &s) // must not panic
	})
}

type ranged struct {
	Speed float64 `toml:"speed"`
}

func (r ranged) Validate(source string) error {
	c := Checker{Source: source}
	c.Range("speed", r.Speed, 0, 10)
	return c.Err()
}

func TestLoadDecodesOverBaseAndValidates(t *testing.T) {
	base := ranged{Speed: 3}
	got, err := Load([]byte("speed = 4\n"), "l.toml", base)
	if err != nil || got.Speed != 4 || base.Speed != 3 {
		t.Fatalf("Load = %+v, %v (base %+v)", got, err, base)
	}
	if got, err := Load(nil, "l.toml", base); err != nil || got != base {
		t.Fatalf("empty data should give base: %+v, %v", got, err)
	}
	if _, err := Load([]byte("speed = 40\n"), "l.toml", base); err == nil || !strings.Contains(err.Error(), `l.toml: key "speed"`) {
		t.Fatalf("out of range: %v", err)
	}
	if _, err := Load([]byte("sped = 4\n"), "l.toml", base); err == nil || !strings.Contains(err.Error(), "sped") {
		t.Fatalf("unknown key: %v", err)
	}
}

func TestKeyLine(t *testing.T) {
	text := "# recipes\n[prefab.a]\nmotor.kind = \"basic\"\n\n[prefab.a.kcc]\nradius = 1 # r\n'quoted' = 2\n"
	for _, tc := range []struct {
		path string
		want int
	}{
		{"prefab.a.motor.kind", 3},
		{"prefab.a.kcc.radius", 6},
		{"prefab.a.kcc.quoted", 7},
		{"prefab.a.kcc", 5},      // a table: its header
		{"prefab.a.kcc.gone", 5}, // a key not written: the table that would hold it
		{"prefab.b.x", 0},
	} {
		if got := KeyLine([]byte(text), strings.Split(tc.path, ".")); got != tc.want {
			t.Errorf("KeyLine(%s) = %d, want %d", tc.path, got, tc.want)
		}
	}
}
