package trace

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/seedgames/motorkit/config"
)

// Trace is an input trace. Angles are degrees in the file and radians in
// code, except the exact radian fields Yaw and Aim.
type Trace struct {
	// TickRate is the fixed simulation rate in Hz (default 60).
	TickRate float64 `toml:"tick_rate"`
	// Prefab is the recipe to spawn (default "capsule_walker").
	Prefab string `toml:"prefab"`
	// Level is the embedded level to load (default "flat"; "" in a file
	// means the default, "none" means no collision level), or a level file
	// (.toml, .glb, .gltf; prefabs.SpawnLevel): Load finds a relative one
	// beside the trace file.
	Level string `toml:"level"`
	// Override is recipe TOML merged over the prefab for this trace.
	Override string `toml:"override,omitempty"`
	// Spawn sets the start position and yaw (optional).
	Spawn Spawn `toml:"spawn"`
	// Segments are the commands, in order.
	Segments []Segment `toml:"segment"`
	// Check holds the recorded run's state hashes (optional; a Recorder
	// writes them), which Replay compares against.
	Check *Check `toml:"check,omitempty"`
}

// Spawn is the controlled entity's start.
type Spawn struct {
	// Position is the capsule centre in meters; nil keeps the recipe's.
	Position *[3]float64 `toml:"position,omitempty"`
	// YawDeg is the start yaw in degrees; nil keeps the recipe's.
	YawDeg *float64 `toml:"yaw_deg,omitempty"`
	// Yaw is the start yaw in radians (exact; wins over YawDeg).
	Yaw *float64 `toml:"yaw,omitempty"`
}

// Segment is a run of identical commands.
type Segment struct {
	// Ticks is the segment length in fixed ticks. Alternatively Frames and
	// FrameDt give it as variable-rate frames fed to Runner.Advance (for
	// frame-rate tests); the command is submitted once per frame.
	Ticks   int     `toml:"ticks,omitempty"`
	Frames  int     `toml:"frames,omitempty"`
	FrameDt float64 `toml:"frame_dt,omitempty"`

	Forward float64 `toml:"forward,omitempty"`
	Strafe  float64 `toml:"strafe,omitempty"`
	// Jump is "" (released), "tap" (down on the first tick or frame of the
	// segment only) or "hold". The pressed edge is derived: a tick where
	// the button is down and was up the tick before.
	Jump string `toml:"jump,omitempty"`
	// JumpPressed and JumpHeld, when set, give the button state exactly on
	// every tick of the segment (recorded traces use them); Jump must then
	// be empty.
	JumpPressed *bool `toml:"jump_pressed,omitempty"`
	JumpHeld    *bool `toml:"jump_held,omitempty"`
	// Dash is "" or "tap" (the dash edge on the segment's first tick);
	// DashPressed gives the edge exactly on every tick (recorded traces).
	Dash        string `toml:"dash,omitempty"`
	DashPressed *bool  `toml:"dash_pressed,omitempty"`
	Sprint      bool   `toml:"sprint,omitempty"`
	Walk        bool   `toml:"walk,omitempty"`
	Crouch      bool   `toml:"crouch,omitempty"`
	UICaptured  bool   `toml:"ui_captured,omitempty"`

	// YawDeg or Yaw (radians, exact) set the view yaw at the segment's
	// start; YawRateDeg turns it every tick (degrees per second).
	YawDeg     *float64 `toml:"yaw_deg,omitempty"`
	Yaw        *float64 `toml:"yaw,omitempty"`
	YawRateDeg float64  `toml:"yaw_rate_deg,omitempty"`

	// Flail car input: AimDeg or Aim (radians, exact), Throttle in [0, 1],
	// Primary "" | "tap" | "hold" like Jump.
	AimDeg   *float64 `toml:"aim_deg,omitempty"`
	Aim      *float64 `toml:"aim,omitempty"`
	Throttle float64  `toml:"throttle,omitempty"`
	Primary  string   `toml:"primary,omitempty"`
	// PrimaryPressed and PrimaryHeld are the exact form, like JumpPressed.
	PrimaryPressed *bool `toml:"primary_pressed,omitempty"`
	PrimaryHeld    *bool `toml:"primary_held,omitempty"`
}

// Duration returns the segment's length in ticks for a tick segment, or
// Frames for a frame segment.
func (s Segment) Duration() int {
	if s.Frames > 0 {
		return s.Frames
	}
	return s.Ticks
}

// Load reads and validates a trace file.
func Load(path string) (*Trace, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	t, err := Parse(data, filepath.Base(path))
	if err != nil {
		return nil, err
	}
	if l := t.Level; levelFile(l) && !filepath.IsAbs(l) {
		// A level file of the trace's own is found beside it.
		t.Level = filepath.Join(filepath.Dir(path), l)
	}
	return t, nil
}

// levelFile reports whether a trace's level names a file (a level TOML
// or glTF file) rather than an embedded level.
func levelFile(name string) bool {
	for _, ext := range []string{".toml", ".glb", ".gltf"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

// Parse decodes and validates trace TOML; source names it in errors.
func Parse(data []byte, source string) (*Trace, error) {
	t := &Trace{}
	if err := config.Decode(data, source, t); err != nil {
		return nil, err
	}
	t.applyDefaults()
	if err := t.Validate(source); err != nil {
		return nil, err
	}
	return t, nil
}

func (t *Trace) applyDefaults() {
	if t.TickRate == 0 {
		t.TickRate = 60
	}
	if t.Prefab == "" {
		t.Prefab = "capsule_walker"
	}
	if t.Level == "" {
		t.Level = "flat"
	}
}

// Validate checks ranges; every error names source and the key.
func (t *Trace) Validate(source string) error {
	c := config.Checker{Source: source}
	c.Range("tick_rate", t.TickRate, 1, 1000)
	if p := t.Spawn.Position; p != nil {
		for i, x := range p {
			c.Range(fmt.Sprintf("spawn.position[%d]", i), x, -1e6, 1e6)
		}
	}
	if t.Spawn.YawDeg != nil {
		c.Range("spawn.yaw_deg", *t.Spawn.YawDeg, -1e6, 1e6)
	}
	if t.Spawn.Yaw != nil {
		c.Range("spawn.yaw", *t.Spawn.Yaw, -1e5, 1e5)
	}
	total := 0
	for i, s := range t.Segments {
		k := fmt.Sprintf("segment[%d].", i)
		if s.Frames > 0 {
			c.Check(s.Ticks == 0, k+"ticks", "set either ticks or frames, not both")
			c.Range(k+"frame_dt", s.FrameDt, 0, 10)
			c.IntRange(k+"frames", s.Frames, 1, 10_000_000)
		} else {
			c.IntRange(k+"ticks", s.Ticks, 1, 10_000_000)
			c.Check(s.FrameDt == 0, k+"frame_dt", "only valid with frames")
		}
		total += s.Duration()
		c.Range(k+"forward", s.Forward, -1, 1)
		c.Range(k+"strafe", s.Strafe, -1, 1)
		c.OneOf(k+"jump", s.Jump, "", "tap", "hold")
		c.OneOf(k+"primary", s.Primary, "", "tap", "hold")
		c.OneOf(k+"dash", s.Dash, "", "tap")
		c.Check(s.Dash == "" || s.DashPressed == nil, k+"dash", "use either dash or dash_pressed")
		c.Check(s.Jump == "" || (s.JumpPressed == nil && s.JumpHeld == nil), k+"jump", "use either jump or jump_pressed/jump_held")
		c.Check(s.Primary == "" || (s.PrimaryPressed == nil && s.PrimaryHeld == nil), k+"primary", "use either primary or primary_pressed/primary_held")
		if s.YawDeg != nil {
			c.Range(k+"yaw_deg", *s.YawDeg, -1e6, 1e6)
		}
		if s.Yaw != nil {
			c.Range(k+"yaw", *s.Yaw, -1e5, 1e5)
		}
		c.Range(k+"yaw_rate_deg", s.YawRateDeg, -1e5, 1e5)
		if s.AimDeg != nil {
			c.Range(k+"aim_deg", *s.AimDeg, -1e6, 1e6)
		}
		if s.Aim != nil {
			c.Range(k+"aim", *s.Aim, -1e5, 1e5)
		}
		c.Range(k+"throttle", s.Throttle, 0, 1)
	}
	c.Check(total <= 10_000_000, "segment", "trace longer than 10,000,000 ticks")
	if k := t.Check; k != nil {
		c.IntRange("check.every", k.Every, 1, 1_000_000)
		c.OneOf("check.kind", k.Kind, "entity", "match")
		for i, h := range k.Hashes {
			c.Check(validHash(h), fmt.Sprintf("check.hashes[%d]", i), "want 16 hex digits")
		}
	}
	return c.Err()
}

// Encode writes the trace as TOML that Parse reads back to an equal trace.
func (t *Trace) Encode() ([]byte, error) { return config.Encode(t) }

// Save writes the trace to path.
func (t *Trace) Save(path string) error {
	b, err := t.Encode()
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}

// Ticks returns the number of fixed ticks a tick-only trace runs (frame
// segments count their frames).
func (t *Trace) Ticks() int {
	n := 0
	for _, s := range t.Segments {
		n += s.Duration()
	}
	return n
}

func deg(d float64) float64 { return d * math.Pi / 180 }
