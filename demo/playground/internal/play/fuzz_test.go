package play

import (
	"testing"
)

// ParseTuning never panics; whatever it accepts builds a motor of a known
// kind.
func FuzzParseTuning(f *testing.F) {
	f.Add([]byte("friction = 9.5\n"), "arena")
	f.Add([]byte("[motor]\nkind = \"rpg\"\nmax_speed = 4.5\n"), "arena")
	f.Add([]byte("[kcc]\nstep_height = 0.4\n[motor]\nsprint_speed = 7.0\n"), "hybrid")
	f.Add([]byte("[motor]\nkind = 3\n"), "fps")
	f.Add([]byte("friction = nan\n"), "arena")
	f.Add([]byte("motor = 1\n"), "rpg")
	f.Add([]byte("[[motor]]\n"), "fps")
	f.Fuzz(func(t *testing.T, data []byte, current string) {
		tu, err := ParseTuning(data, "fuzz.toml", current)
		if err != nil {
			return
		}
		if !knownMotor(tu.Kind) {
			t.Fatalf("accepted a tuning for %q", tu.Kind)
		}
		var s Session
		if _, err := s.recipe(tu.Kind, tu); err != nil {
			t.Fatalf("accepted tuning does not build: %v", err)
		}
	})
}

// ParseRecording never panics and accepts only recordings it can replay
// the header of.
func FuzzParseRecording(f *testing.F) {
	f.Add([]byte("# playground {\"level\":\"playground\",\"motor\":\"hybrid\"}\ntick_rate = 60.0\nprefab = \"hybrid_player\"\nlevel = \"playground\"\n[[segment]]\nticks = 3\nforward = 1.0\n"))
	f.Add([]byte("tick_rate = 60.0\nprefab = \"arena_player\"\nlevel = \"flat\"\n[[segment]]\nticks = 2\n"))
	f.Add([]byte("# playground {\"level\":\"x\",\"motor\":\"rpg\",\"events\":[{\"tick\":5,\"motor\":\"nope\"}]}\ntick_rate = 60.0\n"))
	f.Add([]byte("# playground {broken\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseRecording(data, "fuzz.toml")
		if err != nil {
			return
		}
		if !knownMotor(r.Meta.Motor) || r.Meta.Level == "" {
			t.Fatalf("accepted meta %+v", r.Meta)
		}
		for _, ev := range r.Meta.Events {
			if !knownMotor(ev.Motor) {
				t.Fatalf("accepted event %+v", ev)
			}
		}
	})
}
