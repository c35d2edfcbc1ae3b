package play

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/motors/rpg"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
	"github.com/yohamta/donburi/filter"
)

func newSession(t *testing.T, o Options) *Session {
	t.Helper()
	s, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// run submits cmd with yaw every frame for frames frames of dt.
func run(s *Session, frames int, dt float64, cmd components.CommandData, yaw float64) {
	for i := 0; i < frames; i++ {
		s.Submit(cmd, components.ViewData{Yaw: yaw})
		s.Advance(dt)
	}
}

// Every switch keeps the feet where they were and the velocity bit for bit,
// and the new motor is the one of the key's prefab.
func TestSwitchMotorKeepsPositionAndVelocity(t *testing.T) {
	s := newSession(t, Options{Motor: "arena"})
	run(s, 50, 1.0/60, components.CommandData{Forward: 1, Strafe: 0.3}, 0.2)
	for _, kind := range []string{"rpg", "hybrid", "fps", "arena", "hybrid"} {
		before := s.State()
		if before.PlanarSpeed < 1 {
			t.Fatalf("%s: moving only %.3f m/s before the switch", before.Motor, before.PlanarSpeed)
		}
		feet := before.Body.Position[1] - before.KCC.Shape.HalfHeight - before.KCC.Shape.Radius
		if err := s.SwitchMotor(kind); err != nil {
			t.Fatal(err)
		}
		after := s.State()
		if after.Motor != kind || components.Motor.Get(s.entry()).Motor.Kind() != kind {
			t.Fatalf("switched to %s, motor is %s", kind, components.Motor.Get(s.entry()).Motor.Kind())
		}
		if after.Body.Velocity != before.Body.Velocity {
			t.Errorf("%s -> %s: velocity %v, want %v", before.Motor, kind, after.Body.Velocity, before.Body.Velocity)
		}
		afterFeet := after.Body.Position[1] - after.KCC.Shape.HalfHeight - after.KCC.Shape.Radius
		if after.Body.Position[0] != before.Body.Position[0] || after.Body.Position[2] != before.Body.Position[2] ||
			math.Abs(afterFeet-feet) > 1e-12 {
			t.Errorf("%s -> %s: position %v (feet %v), want %v (feet %v)", before.Motor, kind,
				after.Body.Position, afterFeet, before.Body.Position, feet)
		}
		if after.View != before.View || after.KCC.Grounded != before.KCC.Grounded {
			t.Errorf("%s -> %s: view %v grounded %v, want %v %v", before.Motor, kind, after.View, after.KCC.Grounded, before.View, before.KCC.Grounded)
		}
		run(s, 20, 1.0/60, components.CommandData{Forward: 1}, 0.2)
	}
	// One player and one level resource (the world also holds the bus of
	// systems.Events once a character event was published).
	chars := donburi.NewQuery(filter.Contains(components.Body)).Count(s.World)
	levels := donburi.NewQuery(filter.Contains(components.Level)).Count(s.World)
	if chars != 1 || levels != 1 {
		t.Errorf("world holds %d characters and %d levels after the switches, want 1 and 1", chars, levels)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func arenaFriction(t *testing.T, s *Session) float64 {
	t.Helper()
	m, ok := components.Motor.Get(s.entry()).Motor.(*arena.Motor)
	if !ok {
		t.Fatalf("motor is %T, want arena", components.Motor.Get(s.entry()).Motor)
	}
	return m.Config().Friction
}

// A saved tuning file rebuilds the motor with the new values; a bad one
// (syntax, unknown key, out of range) is reported with the file and key and
// the previous tuning stays in force; both layouts (bare motor keys, recipe
// tables) work.
func TestReloadTuning(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "my.toml")
	s := newSession(t, Options{Motor: "arena", Level: "flat"})
	def := arenaFriction(t, s)

	writeFile(t, path, "friction = 9.5\n")
	if err := s.ReloadTuning(path); err != nil {
		t.Fatal(err)
	}
	if f := arenaFriction(t, s); f != 9.5 {
		t.Fatalf("friction %v after reload, want 9.5 (default %v)", f, def)
	}
	run(s, 30, 1.0/60, components.CommandData{Forward: 1}, 0)
	pos := s.State().Body.Position
	text := s.Tuning().Text

	for _, bad := range []struct{ text, key string }{
		{"friction = 99999.0\n", "friction"},
		{"frictionn = 3.0\n", "frictionn"},
		{"[motor]\nfriction = -1.0\n", "friction"},
		{"[kcc]\nstep_height = -2.0\n", "step_height"},
		{"friction = \n", ""},
	} {
		writeFile(t, path, bad.text)
		err := s.ReloadTuning(path)
		var ce *config.Error
		if !errors.As(err, &ce) {
			t.Fatalf("%q: error %v, want a *config.Error", bad.text, err)
		}
		if ce.Source != "my.toml" || !strings.Contains(ce.Key, bad.key) {
			t.Errorf("%q: error source %q key %q, want my.toml and %q", bad.text, ce.Source, ce.Key, bad.key)
		}
		if f := arenaFriction(t, s); f != 9.5 {
			t.Errorf("%q: friction %v after a bad file, want the previous 9.5", bad.text, f)
		}
		if s.State().Body.Position != pos || s.Tuning().Text != text || s.Motor() != "arena" {
			t.Errorf("%q: the bad file changed the session", bad.text)
		}
	}
	if !strings.Contains(err2str(s.ReloadTuning(filepath.Join(dir, "missing.toml"))), "missing.toml") {
		t.Error("a missing file's error does not name it")
	}

	// Recipe layout naming another kind switches to it, keeping the position.
	writeFile(t, path, "[motor]\nkind = \"rpg\"\nmax_speed = 4.5\n")
	if err := s.ReloadTuning(path); err != nil {
		t.Fatal(err)
	}
	st := s.State()
	if st.Motor != "rpg" || st.Body.Position[0] != pos[0] || st.Body.Position[2] != pos[2] {
		t.Fatalf("motor %s at %v, want rpg at %v", st.Motor, st.Body.Position, pos)
	}
	run(s, 120, 1.0/60, components.CommandData{Forward: 1}, 0)
	if v := s.State().PlanarSpeed; math.Abs(v-4.5) > 1e-6 {
		t.Errorf("rpg with max_speed 4.5 runs at %v m/s", v)
	}
}

func err2str(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// F5's file reads back to the same motor configuration.
func TestCurrentTOMLRoundTrip(t *testing.T) {
	for _, kind := range Motors {
		s := newSession(t, Options{Motor: kind})
		data, err := s.CurrentTOML()
		if err != nil {
			t.Fatal(err)
		}
		tu, err := ParseTuning(data, "f5.toml", "arena")
		if err != nil {
			t.Fatalf("%s: F5 output does not parse: %v\n%s", kind, err, data)
		}
		if tu.Kind != kind {
			t.Fatalf("F5 output of %s is for %s", kind, tu.Kind)
		}
		if err := s.ApplyTuning(tu); err != nil {
			t.Fatal(err)
		}
		again, err := s.CurrentTOML()
		if err != nil {
			t.Fatal(err)
		}
		if string(again) != string(data) {
			t.Errorf("%s: F5 output changed after reloading it:\n%s\nvs\n%s", kind, data, again)
		}
	}
}

// The watcher reports a write and a replace-by-rename of the file, and
// nothing for other files in the directory.
func TestWatcher(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "my.toml")
	writeFile(t, path, "friction = 6.0\n")
	w, err := NewWatcher(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	wait := func(what string, want bool) {
		t.Helper()
		select {
		case <-w.Changed():
			if !want {
				t.Errorf("%s: a change was reported", what)
			}
		case <-time.After(2 * time.Second):
			if want {
				t.Fatalf("%s: no change reported within 2 s", what)
			}
		}
	}
	writeFile(t, filepath.Join(dir, "other.toml"), "x = 1\n")
	select {
	case <-w.Changed():
		t.Error("a change of another file was reported")
	case <-time.After(200 * time.Millisecond):
	}
	writeFile(t, path, "friction = 7.0\n")
	wait("write", true)
	for len(w.Changed()) > 0 {
		<-w.Changed()
	}
	tmp := filepath.Join(dir, ".my.toml.swp")
	writeFile(t, tmp, "friction = 8.0\n")
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
	wait("rename over", true)

	// End to end: the reload the game does on a notice.
	s := newSession(t, Options{Motor: "arena"})
	if err := s.ReloadTuning(path); err != nil {
		t.Fatal(err)
	}
	if f := arenaFriction(t, s); f != 8 {
		t.Errorf("friction %v after the watched reload, want 8", f)
	}
}

// script drives a live session: per-frame commands with varied frame
// lengths, a motor switch and a tuning change in the middle.
func liveSession(t *testing.T, record bool) *Session {
	s := newSession(t, Options{Motor: "arena", Record: record})
	dts := []float64{1.0 / 60, 1.0 / 144, 0.03, 1.0 / 60, 0.05}
	frame := 0
	step := func(n int, cmd components.CommandData, yaw float64) {
		for i := 0; i < n; i++ {
			c := cmd
			c.JumpPressed = cmd.JumpPressed && i == 0
			s.Submit(c, components.ViewData{Yaw: yaw + 0.01*float64(frame)})
			s.Advance(dts[frame%len(dts)])
			frame++
		}
	}
	step(40, components.CommandData{Forward: 1}, 0)
	step(30, components.CommandData{Forward: 1, Strafe: 1, JumpPressed: true, JumpHeld: true}, 0.3)
	if err := s.SwitchMotor("hybrid"); err != nil {
		t.Fatal(err)
	}
	step(40, components.CommandData{Forward: 1, Sprint: true}, 0.5)
	tu, err := ParseTuning([]byte("[motor]\nkind = \"fps\"\njump_height = 1.3\n"), "t.toml", "hybrid")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ApplyTuning(tu); err != nil {
		t.Fatal(err)
	}
	step(50, components.CommandData{Forward: 1, Strafe: -1, JumpPressed: true, JumpHeld: true, Crouch: true}, -0.4)
	step(20, components.CommandData{}, -0.4)
	return s
}

// A recorded session with motor switches and a tuning change replays bit
// for bit: same tick count and state hash, at another frame rate, and
// through the encoded file.
func TestRecordReplayBitIdentical(t *testing.T) {
	rec, want, ticks := liveRecording(t)
	if len(rec.Meta.Events) != 2 {
		t.Fatalf("recorded %d events, want 2 (switch, tuning)", len(rec.Meta.Events))
	}
	for _, dt := range []float64{1.0 / 60, 1.0 / 30, 0.007} {
		s := newSession(t, Options{Replay: rec, Motor: "rpg", Level: "flat"})
		for s.Replaying() {
			s.Advance(dt)
		}
		// The last frame may have run past the recording's end.
		if s.Pipeline.Ticks() != ticks {
			s2 := newSession(t, Options{Replay: rec})
			for i := uint64(0); i < ticks; i++ {
				s2.Runner.Step()
			}
			s = s2
		}
		if s.Motor() != "fps" {
			t.Errorf("dt %v: replay ends with motor %s, want fps", dt, s.Motor())
		}
		if got := s.StateHash(); got != want {
			t.Errorf("dt %v: replay hash %x, live %x (replay at %v)", dt, got, want, s.State().Body.Position)
		}
		// The recording's state hashes (one a second) all matched.
		if c := s.ReplayCheck(); c == nil || c.Err() != nil || c.Checks() != len(rec.Trace.Check.Hashes) || c.Checks() != int(ticks)/60 {
			t.Errorf("dt %v: replay checks %v", dt, c)
		}
	}

	// Recording a replay records its switches and tunings too: the
	// re-recording replays to the same hash.
	re := newSession(t, Options{Replay: rec, Record: true})
	for i := uint64(0); i < ticks; i++ {
		re.Runner.Step()
	}
	data2, err := re.Recording().Encode()
	if err != nil {
		t.Fatal(err)
	}
	rec2, err := ParseRecording(data2, "rec2.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(rec2.Meta.Events) != 2 {
		t.Fatalf("the re-recording has %d events, want 2", len(rec2.Meta.Events))
	}
	s2 := newSession(t, Options{Replay: rec2})
	for i := uint64(0); i < ticks; i++ {
		s2.Runner.Step()
	}
	if got := s2.StateHash(); got != want {
		t.Errorf("replay of the re-recording: hash %x, want %x", got, want)
	}
}

// Without switches a recording is a plain motorkit trace: trace.Replay
// reproduces the live session's final position bit for bit.
func TestRecordingIsAPlainTrace(t *testing.T) {
	s := newSession(t, Options{Motor: "rpg", Record: true})
	run(s, 90, 1.0/50, components.CommandData{Forward: 1, Strafe: -0.5}, 0.7)
	run(s, 30, 1.0/50, components.CommandData{}, 0.7)
	data, err := s.Recording().Encode()
	if err != nil {
		t.Fatal(err)
	}
	tr, err := trace.Parse(data, "rec.toml")
	if err != nil {
		t.Fatal(err)
	}
	res, err := trace.Replay(tr)
	if err != nil {
		t.Fatal(err)
	}
	last := res.Samples[len(res.Samples)-1]
	if got, want := last.Position, s.State().Body.Position; got != want {
		t.Errorf("trace.Replay ends at %v, the session at %v", got, want)
	}
}

// The default script moves every motor and ends standing near the start,
// facing +X.
func TestDefaultScript(t *testing.T) {
	for _, kind := range Motors {
		s := newSession(t, Options{Replay: ScriptRecording(DefaultScript(), DefaultLevel, kind)})
		maxSpeed := 0.0
		for s.Replaying() {
			s.Advance(1.0 / 60)
			maxSpeed = math.Max(maxSpeed, s.State().PlanarSpeed)
		}
		st := s.State()
		if maxSpeed < 2 || st.View.Yaw != 0 || st.Body.Position.Sub(mgl64.Vec3{0, st.Body.Position[1], 0}).Len() > 8 {
			t.Errorf("%s: max speed %.2f, end %v yaw %v", kind, maxSpeed, st.Body.Position, st.View.Yaw)
		}
		n := 0
		s.History.Speeds(func(i, total int, v float64) { n = total })
		if n == 0 {
			t.Errorf("%s: no speed history", kind)
		}
	}
}

// Crouched under the low ceiling, a tuning reload keeps the fps motor
// crouched, and a switch to a motor that cannot crouch is refused (no room
// to stand) instead of pushing the capsule into the floor.
func TestSwitchUnderCeiling(t *testing.T) {
	s := newSession(t, Options{Motor: "fps"})
	run(s, 300, 1.0/60, components.CommandData{Forward: 1, Crouch: true}, math.Pi) // -X, under the slab (x -12..-6)
	st := s.State()
	if !st.KCC.Crouched || st.Body.Position[0] > -7 || st.Body.Position[0] < -11 {
		t.Fatalf("fps at %v crouched %v, want crouched under the ceiling", st.Body.Position, st.KCC.Crouched)
	}
	tu, err := ParseTuning([]byte("max_speed = 3.0\n"), "t.toml", "fps")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ApplyTuning(tu); err != nil {
		t.Fatal(err)
	}
	after := s.State()
	if !after.KCC.Crouched || after.Body.Position != st.Body.Position || after.KCC.Shape != st.KCC.Shape {
		t.Errorf("after the reload: %v crouched %v shape %v, want %v crouched %v", after.Body.Position, after.KCC.Crouched, after.KCC.Shape, st.Body.Position, st.KCC.Shape)
	}
	if err := s.SwitchMotor("arena"); err == nil || !strings.Contains(err.Error(), "no room") {
		t.Fatalf("switch to arena under the ceiling: err %v, want no room to stand", err)
	}
	if s.Motor() != "fps" {
		t.Errorf("motor %s after the refused switch, want fps", s.Motor())
	}
}

// A live replay reports the recording's own tick count and state hash at
// its end, whatever frame length drives it (frames of several ticks run
// past the recording's last tick).
func TestReplayEndFigures(t *testing.T) {
	rec, want, ticks := liveRecording(t)
	for _, dt := range []float64{1.0 / 60, 1.0 / 20, 0.07} {
		s := newSession(t, Options{Replay: rec})
		for i := 0; i < 1000; i++ {
			if _, _, ok := s.ReplayEnd(); ok {
				break
			}
			s.Advance(dt)
		}
		tick, hash, ok := s.ReplayEnd()
		if !ok || tick != ticks || hash != want {
			t.Errorf("dt %v: replay end tick %d hash %x ok %v; the recording ended at tick %d with %x", dt, tick, hash, ok, ticks, want)
		}
	}
}

// A session's starting tuning (a -config file) is in force from its first
// tick, not only after the motor is rebuilt.
func TestTuningInForceAtStart(t *testing.T) {
	tu, err := ParseTuning([]byte("[motor]\nkind = \"rpg\"\nmax_speed = 4.5\n"), "t.toml", "rpg")
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, Options{Motor: "rpg", Tuning: tu})
	if got := components.Motor.Get(s.entry()).Motor.(*rpg.Motor).Config().MaxSpeed; got != 4.5 {
		t.Fatalf("max_speed %v at the start, want the tuning's 4.5", got)
	}
}
