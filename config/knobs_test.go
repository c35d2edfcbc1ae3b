package config

import "testing"

// TestKnobs: the keys a validator range-checks come back with their ranges,
// in order, and nothing is recorded outside Knobs.
func TestKnobs(t *testing.T) {
	validate := func() error {
		c := Checker{Source: "k.toml"}
		c.Range("speed", 5, 0, 50)
		c.IntRange("ticks", 3, 1, 60)
		c.OneOf("mode", "a", "a", "b")
		return c.Err()
	}
	got := Knobs(validate)
	want := []Knob{{Key: "speed", Min: 0, Max: 50}, {Key: "ticks", Min: 1, Max: 60, Int: true}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("knobs %+v, want %+v", got, want)
	}
	c := Checker{}
	c.Range("x", 1, 0, 2) // outside Knobs: not recorded anywhere
	if again := Knobs(func() error { return nil }); len(again) != 0 {
		t.Fatalf("empty validator gave %+v", again)
	}
}
