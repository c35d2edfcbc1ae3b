package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"

	"github.com/hajimehoshi/ebiten/v2"
	_ "github.com/seedgames/motorkit/demo/internal/display"
	"github.com/seedgames/motorkit/demo/playground/internal/play"
	"github.com/seedgames/motorkit/trace"
)

// flags are the command line options.
type flags struct {
	motor      string
	level      string
	config     string
	record     string
	replay     string
	script     string
	screenshot string
	frames     int
	width      int
	height     int
	sens       float64
	scale      float64
	timescale  float64
	realtime   bool
	debug      bool
	panel      bool
	abilities  string
	// pitchDeg, when set, is the starting camera pitch (degrees) and orbit
	// the orbit camera's starting distance (m): for screenshots.
	pitchDeg *float64
	orbit    float64

	// online play (docs/netplay.md#online; the server is demo/playgroundserver)
	connect string
	name    string
}

func parseFlags(args []string) (flags, error) {
	var f flags
	fl := flag.NewFlagSet("playground", flag.ContinueOnError)
	fl.StringVar(&f.motor, "motor", "arena", "starting motor: "+strings.Join(play.Motors[:], ", ")+" (keys 1-4 switch live)")
	fl.StringVar(&f.level, "level", play.DefaultLevel, "embedded level name (prefabs/levels) or a level file.toml")
	fl.StringVar(&f.config, "config", "", "tuning TOML (a motor's keys, or recipe tables) watched and applied on save")
	fl.StringVar(&f.record, "record", "", "record the session as a trace file (written when the window closes)")
	fl.StringVar(&f.replay, "replay", "", "replay a recorded session (its level, motor and tuning are used)")
	fl.StringVar(&f.script, "script", "", "drive the player with this input trace (default with -frames: a built-in script)")
	fl.StringVar(&f.screenshot, "screenshot", "", "save the screen as PNG after -frames frames and exit (also writes PNG.json with the camera)")
	fl.IntVar(&f.frames, "frames", 0, "run this many frames (1/60 s each) then exit (0 = play until closed)")
	fl.BoolVar(&f.realtime, "realtime", false, "with -frames: live input at 60 updates per second instead of the script (input tests)")
	fl.IntVar(&f.width, "width", 1280, "window width")
	fl.IntVar(&f.height, "height", 720, "window height")
	fl.Float64Var(&f.sens, "sensitivity", 0.0025, "mouse look, radians per pixel")
	fl.Float64Var(&f.scale, "scale", defaultScale, "render resolution relative to the window (0.25-1; lower is faster)")
	fl.BoolVar(&f.panel, "panel", false, "start with the tuning panel open (Tab toggles it)")
	fl.BoolVar(&f.debug, "debug", false, "start with the debug drawing on (F3 toggles it): capsule, contacts, velocity and wish arrows, probes")
	fl.StringVar(&f.abilities, "abilities", play.AbilitiesAuto, "movement abilities (ladders, water, ledges, walls, one-way platforms): on, off, or auto (on for a level with ladders, water or one-way platforms)")
	fl.Func("pitch", "starting camera pitch in degrees, negative looks down (default: level in first person, -17 for the orbit camera)", func(v string) error {
		d, err := strconv.ParseFloat(v, 64)
		if err != nil {
			return err
		}
		f.pitchDeg = &d
		return nil
	})
	fl.Float64Var(&f.orbit, "orbit", orbitDist, fmt.Sprintf("starting orbit camera distance, m (%g-%g; the mouse wheel changes it)", orbitMin, orbitMax))
	fl.Float64Var(&f.timescale, "timescale", 1, "simulation speed relative to real time, 0.1-4 ([ and ] change it, P pauses); the tick stays fixed")
	fl.StringVar(&f.connect, "connect", "", "play online: the server's websocket URL, e.g. ws://127.0.0.1:8050/ws (go run ./demo/playgroundserver); -motor is the motor to start with, -name yours")
	fl.StringVar(&f.name, "name", "player", "with -connect: your name")
	if err := fl.Parse(args); err != nil {
		return f, err
	}
	if f.frames < 0 {
		return f, errors.New("-frames must be >= 0")
	}
	if !(f.orbit >= orbitMin && f.orbit <= orbitMax) {
		return f, fmt.Errorf("-orbit: want %g..%g m", orbitMin, orbitMax)
	}
	if p := f.pitchDeg; p != nil && !(*p >= -90 && *p <= 90) {
		return f, errors.New("-pitch: want -90..90 degrees")
	}
	if err := play.CheckAbilities(f.abilities); err != nil {
		return f, fmt.Errorf("-abilities: want on, off or auto, got %q", f.abilities)
	}
	if f.screenshot != "" && f.frames == 0 {
		return f, errors.New("-screenshot needs -frames N")
	}
	if f.width < 320 || f.height < 240 || f.width > 7680 || f.height > 4320 {
		return f, errors.New("-width/-height: between 320x240 and 7680x4320")
	}
	if f.record != "" {
		if err := play.CheckWritable(f.record); err != nil {
			return f, fmt.Errorf("-record: %w", err)
		}
	}
	if f.replay != "" && f.script != "" {
		return f, errors.New("-replay and -script both drive the player: give one")
	}
	if !(f.scale >= 0.25 && f.scale <= 1) {
		return f, errors.New("-scale: want 0.25..1")
	}
	if f.screenshot != "" {
		f.scale = 1 // the screen check predicts full-resolution pixels
	}
	if _, err := play.NewClock(f.timescale); err != nil {
		return f, fmt.Errorf("-timescale: want 0.1..4, got %v", f.timescale)
	}
	if !(f.sens > 0 && f.sens < 1) {
		return f, errors.New("-sensitivity: want (0, 1) radians per pixel")
	}
	return f, nil
}

// live reports whether a person (or an input driver) plays: no -frames,
// or -frames with -realtime.
func (f flags) live() bool { return f.frames == 0 || f.realtime }

// newSession builds the session the flags ask for.
func newSession(f flags) (*play.Session, error) {
	// A -config file with enable_console_debug prints the hybrid motor's
	// debug block on standard error, as the design's debug console does.
	o := play.Options{Level: f.level, Motor: f.motor, Record: f.record != "", Console: os.Stderr, Abilities: f.abilities}
	created := false
	if f.config != "" {
		if _, err := os.Stat(f.config); errors.Is(err, fs.ErrNotExist) {
			// A new tuning file: start it from the motor's configuration
			// in force, so there is something to edit.
			if err := writeDefaultTuning(f); err != nil {
				return nil, err
			}
			created = true
		}
		t, err := play.LoadTuning(f.config, f.motor)
		if err != nil {
			return nil, err
		}
		o.Tuning = t
		o.Motor = t.Kind
	}
	switch {
	case f.replay != "":
		r, err := play.LoadRecording(f.replay)
		if err != nil {
			return nil, err
		}
		o.Replay = r
	case f.script != "":
		tr, err := trace.Load(f.script)
		if err != nil {
			return nil, err
		}
		o.Replay = play.ScriptRecording(tr, f.level, o.Motor)
		o.Replay.Meta.Tuning = o.Tuning
	case f.frames > 0 && !f.realtime:
		o.Replay = play.ScriptRecording(play.DefaultScript(), f.level, o.Motor)
		o.Replay.Meta.Tuning = o.Tuning
	}
	s, err := play.New(o)
	if err == nil && created {
		log.Printf("created %s with the %s motor's configuration: edit and save it while you play", f.config, o.Motor)
	}
	return s, err
}

// writeDefaultTuning writes the -motor's configuration (what F5 writes) to
// the -config file.
func writeDefaultTuning(f flags) error {
	s, err := play.New(play.Options{Level: f.level, Motor: f.motor})
	if err != nil {
		return err
	}
	data, err := s.TuningFile()
	if err != nil {
		return err
	}
	return os.WriteFile(f.config, data, 0o644)
}

func main() {
	f, err := parseFlags(os.Args[1:])
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		showError(err)
		log.Fatal(err)
	}
	if f.connect != "" {
		playOnline(f)
		return
	}
	s, err := newSession(f)
	if err != nil {
		showError(err)
		log.Fatal(err)
	}
	g := newGame(s, f)
	defer g.close()
	if f.config != "" {
		if err := g.watch(f.config); err != nil {
			log.Printf("config: %v (no live reload)", err)
		}
	}
	ebiten.SetWindowSize(f.width, f.height)
	ebiten.SetWindowTitle("motorkit playground")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if f.frames > 0 && !f.realtime {
		// Headless checks: every Update advances exactly 1/60 s, as fast
		// as the machine allows, so frame N is the same moment anywhere.
		ebiten.SetVsyncEnabled(false)
		ebiten.SetTPS(ebiten.SyncWithFPS)
	} else {
		ebiten.SetTPS(ebiten.SyncWithFPS)
	}
	// Ctrl+C or SIGTERM ends the game normally, so -record still writes.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() { <-sig; g.quit.Store(true) }()
	runErr := ebiten.RunGame(g)
	if f.record != "" {
		if rec := s.Recording(); rec != nil {
			if err := rec.Save(f.record); err != nil {
				log.Printf("record: %v", err)
			} else {
				log.Printf("recorded %d ticks to %s (state hash %016x)", s.Pipeline.Ticks(), f.record, s.StateHash())
			}
		}
	}
	if f.replay != "" {
		fmt.Printf("replay: %d ticks, state hash %016x\n", s.Pipeline.Ticks(), s.StateHash())
	}
	if runErr == nil {
		runErr = g.shotErr
	}
	if runErr != nil {
		log.Fatal(runErr)
	}
}

// playOnline joins the -connect server and plays until the window closes.
func playOnline(f flags) {
	cl, err := dialOnline(f)
	if err != nil {
		err = fmt.Errorf("-connect %s: %w", f.connect, err)
		showError(err)
		log.Fatal(err)
	}
	g := newNetGame(cl, f)
	ebiten.SetWindowSize(f.width, f.height)
	ebiten.SetWindowTitle("motorkit playground online")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	if f.frames > 0 {
		ebiten.SetVsyncEnabled(false)
	}
	ebiten.SetTPS(60) // a frame is a tick: the netplay client's clock
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	go func() { <-sig; g.quit.Store(true) }()
	runErr := ebiten.RunGame(g)
	st := g.cl.Net().Stats()
	log.Printf("online: %d ticks, %d rollbacks (longest %d), %d own corrections, %d desyncs, %d checksums compared",
		st.Ticks, st.Rollbacks, st.MaxRollback, st.Corrections, st.Desyncs, st.ChecksumsCompared)
	_ = g.cl.Close()
	if runErr == nil {
		runErr = g.shotErr
	}
	if runErr != nil {
		log.Fatal(runErr)
	}
}
