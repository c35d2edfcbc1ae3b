package systems_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/internal/binstate"
	"github.com/seedgames/motorkit/internal/scripted"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

// stateRun plays a scripted scene for ticks ticks, recording the checksum
// after every tick (sums[t] is the state after t ticks) and the state
// after each tick in saveAt.
func stateRun(t testing.TB, o scripted.Options, ticks int, saveAt []int) (sums []uint64, states map[int][]byte, s *scripted.Scene) {
	t.Helper()
	s, err := scripted.New(o)
	if err != nil {
		t.Fatal(err)
	}
	states = map[int][]byte{}
	sums = append(sums, s.Pipeline.Checksum())
	for tick := 1; tick <= ticks; tick++ {
		if err := s.Advance(); err != nil {
			t.Fatal(err)
		}
		sums = append(sums, s.Pipeline.Checksum())
		if slices.Contains(saveAt, tick) {
			b, err := s.Pipeline.SaveState(nil)
			if err != nil {
				t.Fatal(err)
			}
			states[tick] = b
		}
	}
	return sums, states, s
}

// replayFrom loads state (saved after from ticks) into s and plays on to
// to, comparing every tick's checksum with the uninterrupted run's.
func replayFrom(t *testing.T, s *scripted.Scene, state []byte, from, to int, sums []uint64, what string) {
	t.Helper()
	if err := s.Pipeline.LoadState(state); err != nil {
		t.Fatalf("%s: LoadState of tick %d: %v", what, from, err)
	}
	if got := s.Pipeline.Checksum(); got != sums[from] {
		t.Fatalf("%s: loaded tick %d: checksum %016x, saved %016x", what, from, got, sums[from])
	}
	for tick := from + 1; tick <= to; tick++ {
		if err := s.Advance(); err != nil {
			t.Fatal(err)
		}
		if got := s.Pipeline.Checksum(); got != sums[tick] {
			t.Fatalf("%s: from tick %d, tick %d: checksum %016x, the uninterrupted run %016x", what, from, tick, got, sums[tick])
		}
	}
}

// Restoring the state of tick T and stepping gives, tick by tick, the
// checksums of never stopping: on the same pipeline (a rewind from 300
// ticks on) and on a fresh one with no characters (a client joining), for
// every recipe, on the playground and living levels, with and without
// character collisions, with states saved around a removal (the script
// removes a character at tick 40 mod 97) and a spawn (70 mod 97).
func TestStateRestoreSameChecksums(t *testing.T) {
	saveAt := []int{1, 39, 41, 69, 71, 120, 233}
	for _, level := range []string{"playground", "living"} {
		for _, collide := range []bool{false, true} {
			o := scripted.Options{Level: level, Pipeline: systems.Options{CharacterCollisions: collide}}
			name := fmt.Sprintf("%s/collisions=%v", level, collide)
			t.Run(name, func(t *testing.T) {
				const ticks = 300
				sums, states, s := stateRun(t, o, ticks, saveAt)
				for _, from := range saveAt {
					replayFrom(t, s, states[from], from, min(from+80, ticks), sums, "rewind")
				}
				for _, from := range saveAt {
					fresh, err := scripted.NewEmpty(o)
					if err != nil {
						t.Fatal(err)
					}
					replayFrom(t, fresh, states[from], from, min(from+80, ticks), sums, "fresh pipeline")
				}
			})
		}
	}
}

// A state is refused, with an error that says why, when it is cut short,
// has any byte changed, is of another format version or not a pipeline
// state at all, or comes from a pipeline on another level; the refused
// load changes nothing.
func TestStateRefusesBadStates(t *testing.T) {
	o := scripted.Options{Level: "playground"}
	_, states, s := stateRun(t, o, 50, []int{50})
	good := states[50]
	before := s.Pipeline.Checksum()
	check := func(what string, b []byte, want string) {
		t.Helper()
		err := s.Pipeline.LoadState(b)
		if err == nil || !errors.Is(err, systems.ErrState) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an ErrState saying %q", what, err, want)
		}
		if got := s.Pipeline.Checksum(); got != before {
			t.Fatalf("%s: the refused load changed the state", what)
		}
	}
	check("empty", nil, "truncated")
	check("cut", good[:len(good)-1], "truncated")
	for _, i := range []int{0, 8, 9, 13, 17, 30, len(good) / 2, len(good) - 1} {
		bad := slices.Clone(good)
		bad[i] ^= 0x10
		check(fmt.Sprintf("byte %d changed", i), bad, "checksum mismatch")
	}
	payload := good[binstate.HeaderSize:]
	foreign, _ := binstate.Envelope{Magic: "MKFLAILM", Version: 1}.Append(nil, payload)
	check("a flail match's frame", foreign, "foreign data")
	newer, _ := binstate.Envelope{Magic: "MKPIPEST", Version: 3}.Append(nil, payload)
	check("format version 3", newer, "version 3, want 2")
	older, _ := binstate.Envelope{Magic: "MKPIPEST", Version: 1}.Append(nil, payload)
	check("format version 1 (v0.2's)", older, "version 1, want 2")
	other, err := scripted.New(scripted.Options{Level: "living"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := other.Pipeline.SaveState(nil)
	if err != nil {
		t.Fatal(err)
	}
	check("another level", b, "another pipeline")
}

// With no spawns or removals between the save and the load (the usual
// rollback), SaveState, LoadState and Checksum allocate nothing.
func TestStateAllocatesNothing(t *testing.T) {
	s, err := scripted.New(scripted.Options{Level: "living", NoChurn: true})
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		s.Advance()
	}
	buf, err := s.Pipeline.SaveState(nil)
	if err != nil {
		t.Fatal(err)
	}
	state := slices.Clone(buf)
	allocs := testing.AllocsPerRun(50, func() {
		buf, _ = s.Pipeline.SaveState(buf[:0])
		if err := s.Pipeline.LoadState(state); err != nil {
			t.Fatal(err)
		}
		s.Pipeline.Checksum()
	})
	if allocs != 0 {
		t.Errorf("%v allocations per save, load and checksum, want 0", allocs)
	}
}

// Stable IDs are state: after a rewind across removals and spawns, the
// characters made next get the stable IDs the uninterrupted run gave
// them, the characters run in that order, and a donburi.Entity kept from
// the abandoned future is invalid.
func TestStateKeepsStableIDs(t *testing.T) {
	o := scripted.Options{Level: "playground", Characters: 16}
	_, states, s := stateRun(t, o, 300, []int{30})
	future := s.IDs(nil)
	// a character spawned after tick 30
	var stale donburi.Entity
	components.Body.Each(s.World, func(e *donburi.Entry) {
		if components.ID.GetValue(e) == future[len(future)-1] {
			stale = e.Entity()
		}
	})
	if future[len(future)-1] <= components.StableID(o.Characters) {
		t.Fatalf("stable IDs %v: the script spawned nobody after the start", future)
	}
	if err := s.Pipeline.LoadState(states[30]); err != nil {
		t.Fatal(err)
	}
	if s.World.Valid(stale) {
		t.Errorf("%v, spawned after the state's tick, is still valid after loading it", stale)
	}
	for i := 30; i < 300; i++ {
		s.Advance()
	}
	if again := s.IDs(nil); !slices.Equal(future, again) {
		t.Errorf("stable IDs after replaying: %v, uninterrupted %v", again, future)
	}
}

// FuzzStateRestore: for any save tick, replay length, level and
// collision setting, restoring the saved state (into the same pipeline
// and into a fresh one) and stepping gives the uninterrupted run's
// checksums, around the script's spawns and removals.
func FuzzStateRestore(f *testing.F) {
	f.Add(uint16(40), uint8(30), false, false)
	f.Add(uint16(69), uint8(10), true, true)
	f.Add(uint16(137), uint8(45), true, false)
	f.Fuzz(func(t *testing.T, at uint16, span uint8, living, collide bool) {
		from := 1 + int(at)%200
		to := from + 1 + int(span)%60
		level := "playground"
		if living {
			level = "living"
		}
		o := scripted.Options{Level: level, Characters: 8, Pipeline: systems.Options{CharacterCollisions: collide}}
		sums, states, s := stateRun(t, o, to, []int{from})
		replayFrom(t, s, states[from], from, to, sums, "rewind")
		fresh, err := scripted.NewEmpty(o)
		if err != nil {
			t.Fatal(err)
		}
		replayFrom(t, fresh, states[from], from, to, sums, "fresh pipeline")
	})
}

// FuzzLoadStateBytes: a state with any bytes changed behind a valid frame
// (so the decoder, not the checksum, meets them) is refused or loaded
// without a panic; a loaded one steps without a panic and keeps every
// position and velocity finite (a crafted state may hold any finite
// value, 1e306 m included: the pipeline keeps it finite, not sensible).
func FuzzLoadStateBytes(f *testing.F) {
	o := scripted.Options{Level: "living", Characters: 4}
	_, states, _ := stateRun(f, o, 45, []int{45})
	payload := states[45][binstate.HeaderSize:]
	f.Add(payload)
	f.Add(payload[:len(payload)/2])
	s, err := scripted.New(o) // one scene, reset to the good state for each input
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, p []byte) {
		if err := s.Pipeline.LoadState(states[45]); err != nil {
			t.Fatal(err)
		}
		framed, err := binstate.Envelope{Magic: "MKPIPEST", Version: 2}.Append(nil, p)
		if err != nil {
			return
		}
		if s.Pipeline.LoadState(framed) != nil {
			return
		}
		for i := 0; i < 5; i++ {
			s.Advance()
		}
		components.Body.Each(s.World, func(e *donburi.Entry) {
			b := components.Body.Get(e)
			for _, v := range [...]float64{b.Position[0], b.Position[1], b.Position[2], b.Velocity[0], b.Velocity[1], b.Velocity[2]} {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("entity %v: position %v, velocity %v", e.Entity(), b.Position, b.Velocity)
				}
			}
		})
	})
}

// StateDiff names the component where two states part.
func TestStateDiffNamesTheComponent(t *testing.T) {
	o := scripted.Options{Level: "playground", NoChurn: true}
	_, states, s := stateRun(t, o, 10, []int{10})
	e, _ := components.Body.First(s.World)
	components.View.Get(e).Yaw += 1e-9
	b, err := s.Pipeline.SaveState(nil)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("entity %d: View", components.ID.GetValue(e))
	if got := s.Pipeline.StateDiff(states[10], b); got != want {
		t.Errorf("StateDiff = %q, want %q", got, want)
	}
	if got := s.Pipeline.StateDiff(states[10], states[10]); got != "" {
		t.Errorf("StateDiff of a state with itself = %q", got)
	}
}

// A game's own components join the state in one line each: a plain-data
// one field by field, one with a slice through its StateCodec.
type testScore struct {
	Points int64
	Streak float64
	Combo  [2]uint8
	Alive  bool
}

var (
	scoreComp = donburi.NewComponentType[testScore]()
	trailComp = Trail // the example's (state_example_test.go)
)

func TestRegisterStateGameComponents(t *testing.T) {
	s, err := scripted.New(scripted.Options{Level: "playground", Characters: 3, NoChurn: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := systems.RegisterState(s.Pipeline, scoreComp); err != nil {
		t.Fatal(err)
	}
	if err := systems.RegisterState(s.Pipeline, trailComp); err != nil {
		t.Fatal(err)
	}
	if err := systems.RegisterState(s.Pipeline, scoreComp); err == nil {
		t.Error("a component registered twice")
	}
	type withMap struct{ M map[int]int }
	if err := systems.RegisterState(s.Pipeline, donburi.NewComponentType[withMap]()); err == nil || !strings.Contains(err.Error(), "M is a map") {
		t.Errorf("a map component: %v, want an error naming the field", err)
	}
	// a scoring system: points and a trail of positions, from the state
	s.Pipeline.Add(systems.StageRules, "score", func(w donburi.World, tk systems.Tick) {
		scoreComp.Each(w, func(e *donburi.Entry) {
			sc, tr := scoreComp.Get(e), trailComp.Get(e)
			x := components.Body.Get(e).Position[0]
			sc.Points += int64(tk.N % 7)
			sc.Streak = float64(sc.Streak*0.5) + x
			sc.Combo[tk.N%2]++
			sc.Alive = !sc.Alive
			tr.Xs = append(tr.Xs, x)
			if len(tr.Xs) > 5 {
				tr.Xs = tr.Xs[1:]
			}
		})
	})
	e, _ := s.Pipeline.Character(2)
	e.AddComponent(scoreComp)
	e.AddComponent(trailComp)
	var sums []uint64
	var saved []byte
	for i := 0; i < 60; i++ {
		s.Advance()
		if i == 19 {
			saved, _ = s.Pipeline.SaveState(nil)
		}
		sums = append(sums, s.Pipeline.Checksum())
	}
	want := *scoreComp.Get(e)
	if want.Points == 0 || len(trailComp.Get(e).Xs) != 5 {
		t.Fatalf("the scoring system did not run: %+v", want)
	}
	if err := s.Pipeline.LoadState(saved); err != nil {
		t.Fatal(err)
	}
	for i := 20; i < 60; i++ {
		s.Advance()
		if got := s.Pipeline.Checksum(); got != sums[i] {
			t.Fatalf("tick %d: checksum %x, uninterrupted %x", i+1, got, sums[i])
		}
	}
	e, _ = s.Pipeline.Character(2)
	if got := *scoreComp.Get(e); got != want {
		t.Errorf("score after the rewind %+v, uninterrupted %+v", got, want)
	}
}

// A load that fails half-way (the Spawner cannot spawn a saved
// character) returns its error, and a later load of a good state works:
// the failed one left nothing of its own behind.
func TestStateLoadRecoversFromASpawnerError(t *testing.T) {
	o := scripted.Options{Level: "playground", Characters: 4}
	sums, states, _ := stateRun(t, o, 20, []int{20})
	fresh, err := scripted.NewEmpty(o)
	if err != nil {
		t.Fatal(err)
	}
	fresh.Pipeline.SetSpawner(func(donburi.World, components.OriginData) (donburi.Entity, error) {
		return donburi.Null, errors.New("the recipe library is not loaded yet")
	})
	if err := fresh.Pipeline.LoadState(states[20]); err == nil || !strings.Contains(err.Error(), "not loaded yet") {
		t.Fatalf("LoadState with a failing spawner: %v", err)
	}
	fresh.Pipeline.SetSpawner(prefabs.Respawn)
	if err := fresh.Pipeline.LoadState(states[20]); err != nil {
		t.Fatalf("a good state after a failed load: %v", err)
	}
	if got := fresh.Pipeline.Checksum(); got != sums[20] {
		t.Errorf("checksum %x, saved %x", got, sums[20])
	}
}

// A pipeline over a world with no entity at all (no archetype yet) saves
// and loads its state; it panicked on the empty archetype list before.
func TestStateOfAnEmptyWorld(t *testing.T) {
	p := systems.NewPipeline(donburi.NewWorld(), systems.Options{})
	b, err := p.SaveState(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.LoadState(b); err != nil {
		t.Fatal(err)
	}
}
