package main

import (
	"errors"
	"flag"
	"fmt"
	flailmatch "github.com/seedgames/motorkit/flail/match"
	"log"
	"os"
	"runtime/pprof"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/demo/flail/online"
	_ "github.com/seedgames/motorkit/demo/internal/display"
	"github.com/seedgames/motorkit/trace"
)

// flags are the command line options.
type flags struct {
	bots       int
	seed       uint64
	config     string
	record     string
	replay     string
	screenshot string
	frames     int
	debug      bool
	autopilot  bool
	deathAt    int
	pauseAt    int
	realtime   bool
	cpuprofile string
	width      int
	height     int
	connect    string
	token      string
	spectate   bool
	name       string
}

func parseFlags(args []string) (flags, error) {
	var f flags
	fs := flag.NewFlagSet("flail", flag.ContinueOnError)
	fs.IntVar(&f.bots, "bots", 12, "number of bots")
	fs.Uint64Var(&f.seed, "seed", 1, "match seed (spawns, pickups, bots)")
	fs.StringVar(&f.config, "config", "", "tuning TOML decoded over the defaults (see flail/default.toml)")
	fs.StringVar(&f.record, "record", "", "record your per-tick input to this trace file (written on exit)")
	fs.StringVar(&f.replay, "replay", "", "replay the input of a recorded trace file")
	fs.StringVar(&f.screenshot, "screenshot", "", "save the screen as PNG to this file after -frames frames and exit")
	fs.IntVar(&f.frames, "frames", 0, "run this many frames (60 per second) then exit (0 = play until closed)")
	fs.BoolVar(&f.debug, "debug", false, "start with the F1 debug overlay shown")
	fs.BoolVar(&f.autopilot, "autopilot", false, "let a simple pilot drive your car (default on with -frames)")
	fs.IntVar(&f.deathAt, "death-at", 0, "test hook: at this frame the nearest bot destroys your car (death screen)")
	fs.IntVar(&f.pauseAt, "pause-at", 0, "test hook: pause at this frame as if Esc was pressed (pause screen)")
	fs.BoolVar(&f.realtime, "realtime", false, "with -frames: keep 60 updates per second and draw every frame (for input tests)")
	fs.StringVar(&f.cpuprofile, "cpuprofile", "", "write a CPU profile to this file")
	fs.IntVar(&f.width, "width", 1280, "window width")
	fs.IntVar(&f.height, "height", 800, "window height")
	fs.BoolVar(&f.spectate, "spectate", false, "with -connect: watch a room without a car (the camera follows the leader); the room is the URL's ?room=N or the one with the most people")
	fs.StringVar(&f.token, "token", "", "with -connect: the reconnect token of an earlier car (32 hex digits; the browser page keeps it across a reload)")
	fs.StringVar(&f.connect, "connect", "", "play online on the server at this address (ws://host:8040; the /ws endpoint is added when no path is given)")
	fs.StringVar(&f.name, "name", "You", "your name in online play")
	if err := fs.Parse(args); err != nil {
		return f, err
	}
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if f.frames > 0 && !set["autopilot"] {
		f.autopilot = true
	}
	if f.bots < 0 || f.bots > match.MaxBots {
		return f, fmt.Errorf("-bots %d: want 0..%d", f.bots, match.MaxBots)
	}
	if f.frames < 0 {
		return f, errors.New("-frames must be >= 0")
	}
	if f.screenshot != "" && f.frames == 0 {
		return f, errors.New("-screenshot needs -frames N")
	}
	if f.width < 320 || f.height < 240 {
		return f, errors.New("-width/-height: at least 320x240")
	}
	if f.connect != "" && (f.record != "" || f.replay != "") {
		return f, errors.New("-record and -replay work offline only (not with -connect)")
	}
	if f.connect != "" {
		u, err := online.ServerURL(f.connect)
		if err != nil {
			return f, fmt.Errorf("-connect: %w", err)
		}
		f.connect = u
	}
	if f.replay != "" {
		data, err := os.ReadFile(f.replay)
		if err != nil {
			return f, err
		}
		meta, ok, err := match.ReadMeta(data)
		if err != nil {
			return f, err
		}
		if ok { // the recording's setup, unless given on the command line
			if !set["bots"] {
				f.bots = meta.Bots
			}
			if !set["seed"] {
				f.seed = meta.Seed
			}
			if !set["config"] {
				f.config = meta.Config
			}
		}
	}
	return f, nil
}

func newMatch(f flags) (*flailmatch.Match, *trace.Recorder, error) {
	cfg, err := match.Config(f.config)
	if err != nil {
		return nil, nil, err
	}
	opts := match.Options{Bots: f.bots, Seed: f.seed, Config: cfg, Record: f.record != ""}
	if f.replay != "" {
		tr, err := trace.Load(f.replay)
		if err != nil {
			return nil, nil, err
		}
		opts.Replay = tr
		if tr.Check != nil && tr.Check.Kind == "match" {
			opts.Verify = trace.NewChecker(tr.Check)
			replayCheck = opts.Verify
		}
	}
	return match.New(opts)
}

// replayCheck compares a -replay with its recording's state hashes; main
// reports the outcome at exit.
var replayCheck *trace.Checker

func main() {
	f, err := parseFlags(os.Args[1:])
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		log.Fatal(err)
	}
	var (
		m   *flailmatch.Match
		rec *trace.Recorder
		net *netGame
	)
	if f.connect != "" {
		m, net, err = connectOnline(f)
	} else {
		m, rec, err = newMatch(f)
	}
	if err != nil {
		log.Fatal(err)
	}
	if f.cpuprofile != "" {
		pf, err := os.Create(f.cpuprofile)
		if err != nil {
			log.Fatal(err)
		}
		if err := pprof.StartCPUProfile(pf); err != nil {
			log.Fatal(err)
		}
		defer pprof.StopCPUProfile()
	}
	g := newGame(m, f)
	g.net = net
	ebiten.SetWindowSize(f.width, f.height)
	ebiten.SetWindowTitle("motorkit flail")
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	switch {
	case f.frames > 0 && !f.realtime && f.connect == "":
		// Headless checks: run frames as fast as the machine allows. Each
		// Update still advances the match by exactly 1/60 s, so frame N is
		// the same simulated moment on any machine.
		ebiten.SetVsyncEnabled(false)
		ebiten.SetTPS(ebiten.SyncWithFPS)
	case f.frames == 0:
		// Play: one Update per displayed frame, advanced by its measured
		// duration (see frameDt).
		ebiten.SetTPS(ebiten.SyncWithFPS)
	}
	runErr := ebiten.RunGame(g)
	if net != nil {
		net.c.Close() // leave the server cleanly
	}
	if f.record != "" {
		data, err := match.Recording(m, rec, f.config)
		if err == nil {
			err = os.WriteFile(f.record, data, 0o644)
		}
		if err != nil {
			log.Printf("record: %v", err)
		} else {
			log.Printf("recorded %d ticks to %s", m.Ticks(), f.record)
		}
	}
	if c := replayCheck; c != nil {
		if err := c.Err(); err != nil {
			log.Printf("replay: %v", err)
		} else {
			log.Printf("replay: %d state checks matched the recording", c.Checks())
		}
	}
	if runErr == nil {
		runErr = g.shotErr
	}
	if runErr != nil {
		pprof.StopCPUProfile()
		log.Fatal(runErr)
	}
}
