package config

import (
	"errors"
	"strings"
	"testing"
)

type renamedCfg struct {
	Buffer int     `toml:"jump_buffer_ticks"`
	Speed  float64 `toml:"speed"`
}

func (renamedCfg) RenamedKeys() map[string]string {
	return map[string]string{"jump_buffer_window_ticks": "jump_buffer_ticks"}
}

// TestRenamedKeys: an old key name decodes into the new field with a
// warning naming file, line, old and new name; both names at once, or the
// old name inside a table, are errors.
func TestRenamedKeys(t *testing.T) {
	var got []Warning
	prev := SetWarningHandler(func(w Warning) { got = append(got, w) })
	defer SetWarningHandler(prev)
	var c renamedCfg
	if err := Decode([]byte("speed = 2\n  jump_buffer_window_ticks = 4 # old\n"), "old.toml", &c); err != nil {
		t.Fatal(err)
	}
	if c.Buffer != 4 || c.Speed != 2 {
		t.Fatalf("decoded %+v", c)
	}
	if len(got) != 1 || got[0].Line != 2 || got[0].Key != "jump_buffer_window_ticks" ||
		!strings.Contains(got[0].String(), `renamed "jump_buffer_ticks"`) || !strings.Contains(got[0].String(), Until) {
		t.Fatalf("warnings %v", got)
	}
	err := Decode([]byte("jump_buffer_ticks = 1\njump_buffer_window_ticks = 4\n"), "both.toml", &c)
	var ce *Error
	if !errors.As(err, &ce) || ce.Line != 2 || !strings.Contains(ce.Reason, "keep one") {
		t.Fatalf("both names: %v", err)
	}
	err = Decode([]byte("[t]\njump_buffer_window_ticks = 4\n"), "table.toml", &c)
	if err == nil || !strings.Contains(err.Error(), "unknown key") {
		t.Fatalf("an old name inside a table is not a top-level key: %v", err)
	}
}

// speedCfg renamed two keys to one name, and another.
type speedCfg struct {
	Buffer float64 `toml:"buffer_time"`
	Speed  float64 `toml:"max_speed"`
}

func (*speedCfg) RenamedKeys() map[string]string {
	return map[string]string{"buffer": "buffer_time", "buffer_window": "buffer_time", "run_speed": "max_speed"}
}

// TestRenamedKeysInATable: in a table of a Document the old names read
// as the new ones, as in a file decoded with Decode: the same values, one
// warning per old key naming the file, the line and the full key. Two old
// names of one new key are an error, in a file and in a table.
func TestRenamedKeysInATable(t *testing.T) {
	var got []Warning
	prev := SetWarningHandler(func(w Warning) { got = append(got, w) })
	defer SetWarningHandler(prev)

	want := speedCfg{Buffer: 0.05, Speed: 7}
	var fromFile speedCfg
	if err := Decode([]byte("# old\nbuffer = 0.05\nrun_speed = 7\n"), "old.toml", &fromFile); err != nil || fromFile != want {
		t.Fatalf("old keys in a file: %+v, %v", fromFile, err)
	}
	got = nil
	d, err := ParseDocument([]byte("[motor]\nkind = \"x\"\nbuffer = 0.05\nrun_speed = 7\n"), "recipe.toml")
	if err != nil {
		t.Fatal(err)
	}
	var fromTable speedCfg
	if err := d.DecodeExcept(&fromTable, []string{"kind"}, "motor"); err != nil {
		t.Fatal(err)
	}
	if fromTable != want {
		t.Fatalf("recipe table: %+v, want %+v", fromTable, want)
	}
	if len(got) != 2 || got[0].Source != "recipe.toml" || got[0].Line != 3 || got[0].Key != "motor.buffer" ||
		!strings.Contains(got[0].Reason, `renamed "buffer_time"`) || got[1].Key != "motor.run_speed" {
		t.Fatalf("warnings %v", got)
	}

	for _, text := range []string{"buffer = 3\nbuffer_window = 3\n", "[motor]\nbuffer = 3\nbuffer_window = 3\n"} {
		var c speedCfg
		if strings.HasPrefix(text, "[") {
			d, _ := ParseDocument([]byte(text), "two.toml")
			err = d.Decode(&c, "motor")
		} else {
			err = Decode([]byte(text), "two.toml", &c)
		}
		var ce *Error
		if !errors.As(err, &ce) || !strings.Contains(ce.Reason, "keep one") || ce.Line == 0 {
			t.Errorf("two old names of one key in %q: %v", text, err)
		}
	}
}
