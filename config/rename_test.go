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
