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

// windowCfg renamed a window counted in ticks to one in seconds.
type windowCfg struct {
	Buffer float64 `toml:"buffer_time"`
	Speed  float64 `toml:"max_speed"`
}

func (*windowCfg) RenamedKeys() map[string]string {
	return map[string]string{"buffer_ticks": "buffer_time", "buffer_window_ticks": "buffer_time", "run_speed": "max_speed"}
}

func (c *windowCfg) ConvertRenamed(old string) string {
	if old == "buffer_ticks" || old == "buffer_window_ticks" {
		return TicksToSeconds(&c.Buffer, 60)
	}
	return ""
}

// TestRenameConverter: a renamed key that changed unit is converted, in
// a file decoded with Decode and in a table of a Document alike: the
// same value as the new key, one warning naming the file, the line, the
// old key and the conversion; a key that kept its unit is not converted.
// Two old names of one new key are an error.
func TestRenameConverter(t *testing.T) {
	var got []Warning
	prev := SetWarningHandler(func(w Warning) { got = append(got, w) })
	defer SetWarningHandler(prev)

	want := windowCfg{Buffer: 0.05, Speed: 7}
	var fromNew windowCfg
	if err := Decode([]byte("buffer_time = 0.05\nmax_speed = 7\n"), "new.toml", &fromNew); err != nil || fromNew != want || len(got) != 0 {
		t.Fatalf("new keys: %+v, %v, warnings %v", fromNew, err, got)
	}
	var fromOld windowCfg
	if err := Decode([]byte("# old\nbuffer_ticks = 3\nrun_speed = 7\n"), "old.toml", &fromOld); err != nil {
		t.Fatal(err)
	}
	if fromOld != want {
		t.Fatalf("old keys: %+v, want %+v", fromOld, want)
	}
	if len(got) != 2 || got[0].Source != "old.toml" || got[0].Line != 2 || got[0].Key != "buffer_ticks" ||
		!strings.Contains(got[0].Reason, `renamed "buffer_time", 3 ticks read as 0.05 s at 60 Hz`) ||
		got[1].Key != "run_speed" || strings.Contains(got[1].Reason, "ticks") {
		t.Fatalf("warnings %v", got)
	}

	got = nil
	d, err := ParseDocument([]byte("[motor]\nkind = \"x\"\nbuffer_ticks = 3\nrun_speed = 7\n"), "recipe.toml")
	if err != nil {
		t.Fatal(err)
	}
	var fromTable windowCfg
	if err := d.DecodeExcept(&fromTable, []string{"kind"}, "motor"); err != nil {
		t.Fatal(err)
	}
	if fromTable != want {
		t.Fatalf("recipe table: %+v, want %+v", fromTable, want)
	}
	if len(got) != 2 || got[0].Source != "recipe.toml" || got[0].Line != 3 || got[0].Key != "motor.buffer_ticks" ||
		!strings.Contains(got[0].Reason, "3 ticks read as 0.05 s at 60 Hz") {
		t.Fatalf("warnings %v", got)
	}

	for _, text := range []string{"buffer_ticks = 3\nbuffer_window_ticks = 3\n", "[motor]\nbuffer_ticks = 3\nbuffer_window_ticks = 3\n"} {
		var c windowCfg
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
