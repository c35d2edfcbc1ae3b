package match

import (
	"errors"
	"fmt"

	flailmatch "github.com/seedgames/motorkit/flail/match"

	"github.com/seedgames/motorkit/flail"
	"github.com/seedgames/motorkit/systems"
	"github.com/seedgames/motorkit/trace"
	"github.com/yohamta/donburi"
)

// TickRate is the demo's simulation rate (Hz), the reference game's server rate.
const TickRate = flailmatch.TickRate

// MaxBots bounds Options.Bots.
const MaxBots = 500

// Me is the local player's index.
const Me = 0

// Options configure New.
type Options struct {
	// Bots is the number of bots (clamped to [0, MaxBots]).
	Bots int
	// Seed drives every random decision (spawns, pickups, bots).
	Seed uint64
	// Config is the tuning (see Config); it is validated.
	Config flail.Config
	// Record, when true, attaches a trace.Recorder to the local player
	// (returned by New).
	Record bool
	// Replay, when not nil, is a recorded trace whose per-tick commands
	// replace the live input (Submit is ignored while it lasts).
	Replay *trace.Trace
	// Verify, when not nil, is ticked with the match's Checksum after every
	// tick: with trace.NewChecker(Replay.Check) it compares the replay with
	// the recording's state hashes (a recording made with Record has one
	// every trace.DefaultCheckEvery ticks, kind "match").
	Verify *trace.Checker
}

var botNames = [...]string{"Ada", "Bolt", "Cog", "Dyna", "Echo", "Flux", "Gear", "Hex",
	"Ion", "Jolt", "Kilo", "Lux", "Mox", "Nova", "Orb", "Pike", "Quill", "Rex",
	"Spur", "Tork", "Umbra", "Volt", "Wren", "Xeno", "Yaw", "Zed"}

// BotName returns the display name of bot number i (1-based).
func BotName(i int) string {
	if i < 1 {
		i = 1
	}
	n := botNames[(i-1)%len(botNames)]
	if k := (i - 1) / len(botNames); k > 0 {
		n = fmt.Sprintf("%s-%d", n, k+1)
	}
	return n
}

// NewEmpty builds a match without players on the demo arena: a server room
// adds and removes players with SpawnPlayer and RemovePlayer; a network
// client uses it as the mirror it draws. Player is donburi.Null until set.
func NewEmpty(cfg flail.Config, seed uint64) (*flailmatch.Match, error) {
	spec := LevelSpec(cfg)
	return flailmatch.NewMatch(flailmatch.MatchOptions{Config: cfg, Seed: seed, Spec: &spec, SpecName: LevelName})
}

// RestoreEmpty is NewEmpty with a snapshot written by the match's
// MarshalBinary restored into it (flailmatch.RestoreMatch): a server room
// resumed after a restart.
func RestoreEmpty(cfg flail.Config, seed uint64, snapshot []byte) (*flailmatch.Match, error) {
	spec := LevelSpec(cfg)
	return flailmatch.RestoreMatch(flailmatch.MatchOptions{Config: cfg, Seed: seed, Spec: &spec, SpecName: LevelName}, snapshot)
}

// New builds the demo's match: the demo arena, the local player (index Me,
// recipe "flail_player") and opts.Bots bots (skills easy, normal, hard in
// turn), with the recorder when opts.Record (nil otherwise) and the replay
// when opts.Replay.
func New(opts Options) (*flailmatch.Match, *trace.Recorder, error) {
	bots := min(max(opts.Bots, 0), MaxBots)
	m, err := NewEmpty(opts.Config, opts.Seed)
	if err != nil {
		return nil, nil, err
	}
	me, err := m.SpawnPlayer("You", 0)
	if err != nil {
		return nil, nil, err
	}
	m.Player = me
	for i := 1; i <= bots; i++ {
		if _, err := m.SpawnPlayer(BotName(i), flail.Skill(1+(i-1)%3)); err != nil {
			return nil, nil, err
		}
	}
	m.Events() // spawn events are not news

	var rec *trace.Recorder
	if opts.Record {
		rec = trace.NewRecorder(trace.Trace{TickRate: TickRate, Prefab: "flail_player", Level: "none"})
		rec.CheckEvery(trace.DefaultCheckEvery, "match", m.Checksum)
		rec.CarFrom(flailmatch.RecordCar)
		rec.Attach(m.Pipeline, m.Player)
	}
	if v := opts.Verify; v != nil {
		m.Pipeline.Add(systems.StageCleanup, "demo.verify", func(donburi.World, systems.Tick) { v.Tick(m.Checksum) })
	}
	if opts.Replay != nil {
		cmds, err := Inputs(opts.Replay)
		if err != nil {
			return nil, nil, err
		}
		// Added after the recorder, so it runs before it: a replay can be
		// re-recorded.
		if err := m.Replay(cmds); err != nil {
			return nil, nil, err
		}
	}
	return m, rec, nil
}

// header starts a recorded trace file; it carries what the trace format
// does not: the match's bot count, seed and tuning file.
const header = "# flaildemo"

// TraceMeta is the match setup saved with a recorded trace.
type TraceMeta struct {
	Bots   int
	Seed   uint64
	Config string
}

// Recording returns rec's trace of match m as TOML (trace.Parse reads it),
// preceded by a comment line with the match setup that ReadMeta reads back.
// configPath is the tuning file the match was started with ("" = none).
func Recording(m *flailmatch.Match, rec *trace.Recorder, configPath string) ([]byte, error) {
	if rec == nil {
		return nil, errors.New("match: not recording")
	}
	b, err := rec.Trace().Encode()
	if err != nil {
		return nil, err
	}
	meta := fmt.Sprintf("%s bots=%d seed=%d config=%q\n", header, m.Bots(), m.Seed(), configPath)
	return append([]byte(meta), b...), nil
}
