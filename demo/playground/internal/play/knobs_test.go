package play

import (
	"strings"
	"testing"
)

// TestTuningPanelKnobs: every motor lists its numeric knobs with the
// ranges its validator enforces; setting one applies at once (the motor's
// configuration in force changes), clamps to the range, and is recorded.
func TestTuningPanelKnobs(t *testing.T) {
	// A knob per motor that no other knob constrains.
	free := map[string]string{"arena": "friction", "rpg": "tau_accel", "hybrid": "ground_accel", "fps": "friction"}
	for _, kind := range Motors {
		s := newSession(t, Options{Motor: kind, Record: true})
		ks, err := s.MotorKnobs()
		if err != nil || len(ks) < 5 {
			t.Fatalf("%s: %d knobs, %v", kind, len(ks), err)
		}
		at := -1
		for i, k := range ks {
			if !(k.Value >= k.Min && k.Value <= k.Max) {
				t.Fatalf("%s: knob %+v: value outside its range", kind, k)
			}
			if k.Key == free[kind] {
				at = i
			}
		}
		if at < 0 {
			t.Fatalf("%s: no knob %s in %+v", kind, free[kind], ks)
		}
		k := ks[at]
		if !(k.Value >= k.Min && k.Value <= k.Max) {
			t.Fatalf("%s: knob %+v: value outside its range", kind, k)
		}
		// Set the first knob to the middle of its range, then far above.
		mid := (k.Min + k.Max) / 2
		if k.Int {
			mid = float64(int64(mid))
		}
		if _, err := s.SetKnob(k.Knob, mid); err != nil {
			t.Fatalf("%s: set %s = %v: %v", kind, k.Key, mid, err)
		}
		after, _ := s.MotorKnobs()
		if after[at].Value != mid {
			t.Fatalf("%s: %s is %v after setting %v", kind, k.Key, after[at].Value, mid)
		}
		if _, err := s.SetKnob(k.Knob, k.Max*10+100); err != nil {
			t.Fatalf("%s: clamped set: %v", kind, err)
		}
		after, _ = s.MotorKnobs()
		if after[at].Value != k.Max {
			t.Fatalf("%s: %s is %v after setting far above, want the max %v", kind, k.Key, after[at].Value, k.Max)
		}
		if n := len(s.Recording().Meta.Events); n != 2 {
			t.Fatalf("%s: %d events recorded, want the 2 tunings", kind, n)
		}
	}
}

// TestTuningFileAnnotated: the file F5 and the panel write carries each
// motor key's range and its comment from the motor's default file (the
// comment above the key in the generated file), and
// reads back to the same configuration.
func TestTuningFileAnnotated(t *testing.T) {
	s := newSession(t, Options{Motor: "arena"})
	data, err := s.TuningFile()
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	if !strings.Contains(text, "friction = 6.0  # [0, 100] friction is the ground friction coefficient (1/s).\n") {
		t.Fatalf("friction line not annotated:\n%s", text)
	}
	tu, err := ParseTuning(data, "f5.toml", "arena")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ApplyTuning(tu); err != nil {
		t.Fatal(err)
	}
	again, _ := s.TuningFile()
	if string(again) != text {
		t.Fatal("the annotated file does not read back to the same configuration")
	}
}

// TestConsoleDebugPrints: a tuning with the hybrid motor's
// enable_console_debug prints its debug block on the session's Console
// (telemetry.InstallConsole), every console_update_interval ticks.
func TestConsoleDebugPrints(t *testing.T) {
	tu, err := ParseTuning([]byte("[motor]\nkind = \"hybrid\"\nenable_console_debug = true\nconsole_update_interval = 2\n"), "t.toml", "hybrid")
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	s := newSession(t, Options{Motor: "hybrid", Tuning: tu, Console: &out})
	for i := 0; i < 4; i++ {
		s.Pipeline.Step()
	}
	if n := strings.Count(out.String(), "Input Direction:"); n != 2 {
		t.Fatalf("%d blocks printed in 4 ticks, want 2 (ticks 0 and 2):\n%s", n, out.String())
	}
}
