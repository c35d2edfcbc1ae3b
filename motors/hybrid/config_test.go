package hybrid

import (
	"errors"
	"strings"
	"testing"

	"github.com/seedgames/motorkit/config"
)

// docs/motors/hybrid.md#the-model MovementConfig defaults, with the design's -20 gravity as a positive
// magnitude and rad/s turn rates read back through the deg/s fields.
func TestDefaultsMatchSeed(t *testing.T) {
	c := DefaultConfig()
	if c.WalkSpeed != 1.3 || c.MaxSpeed != 3.0 || c.SprintSpeed != 6.3 || c.GroundAccel != 30 ||
		c.GroundDecel != 10 || c.AirDirectionControl != 0.3 || c.AirRotationControl != 0.1 ||
		c.JumpHeight != 1.5 || c.Gravity != 20 || c.CoyoteTime != 0.15 || c.JumpBufferTime != 0.1 ||
		c.SpeedRotationReduction != 0.7 || c.MaxRotationInfluence != 1.0 ||
		c.RotationInfluenceStartSpeed != 2.0 || c.RotationInfluenceCurve != 1.0 ||
		c.MomentumRotationBonus != 0.2 || c.DirectionChangeThreshold != 0.8 || c.SpeedTransitionRate != 4.0 {
		t.Fatalf("defaults %+v differ from the design", c)
	}
	if !near(c.RotationSpeedRad(), 8.0, 1e-12) || !near(c.MinRotationSpeedRad(), 0.1, 1e-15) {
		t.Fatalf("turn rates %v %v rad/s", c.RotationSpeedRad(), c.MinRotationSpeedRad())
	}
	if err := c.Validate("defaults"); err != nil {
		t.Fatal(err)
	}
}

func TestDefaultFileLoadsToDefaults(t *testing.T) {
	got, err := Parse(DefaultTOML(), "hybrid.toml")
	if err != nil {
		t.Fatal(err)
	}
	if got != DefaultConfig() {
		t.Fatalf("hybrid.toml gives\n%+v\nwant\n%+v", got, DefaultConfig())
	}
}

func TestEncodeRoundTrips(t *testing.T) {
	in := DefaultConfig()
	in.SprintSpeed = 7.1
	in.RotationSpeedDeg = 360
	in.MinRotationSpeedDeg = 12.5
	in.CoyoteTime = 0
	b, err := Encode(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := Parse(b, "rt")
	if err != nil {
		t.Fatal(err)
	}
	if out != in {
		t.Fatalf("round trip %+v != %+v", out, in)
	}
	def, _ := Encode(DefaultConfig())
	if out, err := Parse(def, "rt"); err != nil || out != DefaultConfig() {
		t.Fatalf("default round trip: %+v, %v", out, err)
	}
}

func TestLoadDegreesToRadians(t *testing.T) {
	c, err := Parse([]byte("rotation_speed_deg = 180\nmin_rotation_speed_deg = 90\n"), "deg.toml")
	if err != nil {
		t.Fatal(err)
	}
	m := mustNew(c)
	if !near(m.rotRad, 3.141592653589793, 1e-15) || !near(m.minRotRad, 3.141592653589793/2, 1e-15) {
		t.Fatalf("rad/s %v %v", m.rotRad, m.minRotRad)
	}
}

func TestLoadRejects(t *testing.T) {
	cases := []struct{ data, key, want string }{
		{"rotation_speed = 8\n", "rotation_speed", "unknown key"},
		{"walk_speed = 4\n", "walk_speed", "<= max_speed"},
		{"sprint_speed = 2.5\n", "sprint_speed", ">= max_speed"},
		{"rotation_influence_start_speed = 6.3\n", "rotation_influence_start_speed", "below sprint_speed"},
		{"air_direction_control = 1.5\n", "air_direction_control", "[0, 1]"},
		{"gravity = -20\n", "gravity", "[0.1, 1000]"},
		{"jump_height = 0\n", "jump_height", "[0.01, 50]"},
		{"coyote_time = 3\n", "coyote_time", "[0, 2]"},
		{"min_rotation_speed_deg = 500\n", "min_rotation_speed_deg", "[0, 458.36"},
		{"rotation_speed_deg = nan\n", "rotation_speed_deg", "[1, 36000]"},
		{"direction_change_threshold = 2\n", "direction_change_threshold", "[-1, 1]"},
		{"rotation_influence_curve = 0\n", "rotation_influence_curve", "[0.05, 20]"},
		{"ground_accel = \"fast\"\n", "", "hybrid.toml"},
	}
	for _, c := range cases {
		_, err := Parse([]byte(c.data), "hybrid.toml")
		if err == nil {
			t.Errorf("%q accepted", c.data)
			continue
		}
		if !strings.Contains(err.Error(), "hybrid.toml") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %q lacks source or %q", c.data, err, c.want)
		}
		var ce *config.Error
		if c.key != "" && (!errors.As(err, &ce) || ce.Key != c.key) {
			t.Errorf("%q: error %v does not name key %q", c.data, err, c.key)
		}
	}
}

func FuzzLoad(f *testing.F) {
	f.Add(DefaultTOML())
	f.Add([]byte("sprint_speed = 50\nmax_speed = 50\nwalk_speed = 50\nrotation_influence_start_speed = 49.99\n"))
	f.Add([]byte("rotation_speed_deg = 1\nmin_rotation_speed_deg = 0\nrotation_influence_curve = 0.05\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse(data, "fuzz")
		if err != nil {
			return
		}
		m, err := New(cfg)
		if err != nil {
			t.Fatalf("Load accepted %+v but New rejects it: %v", cfg, err)
		}
		ctx := newCtx(60)
		ctx.Command.Forward, ctx.Command.Sprint = 1, true
		for i := 0; i < 40; i++ {
			if i == 20 {
				ctx.Command.Forward = -1
			}
			v := tick(m, ctx)
			if !motorsFinite(v.Len()) || !motorsFinite(m.Facing()) || v.Len() > cfg.SprintSpeed*(1+1e-9) {
				t.Fatalf("tick %d: velocity %v facing %v", i, v, m.Facing())
			}
		}
		if js := cfg.JumpSpeed(); !(js > 0) || !motorsFinite(js) {
			t.Fatalf("jump speed %v", js)
		}
	})
}
