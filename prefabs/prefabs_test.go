package prefabs_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/config"
	"github.com/seedgames/motorkit/motors/arena"
	"github.com/seedgames/motorkit/motors/basic"
	"github.com/seedgames/motorkit/motors/hybrid"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

func TestSpawnCapsuleWalker(t *testing.T) {
	w := donburi.NewWorld()
	ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(mgl64.Vec3{1, 2, 3}), prefabs.Facing(0.5))
	if err != nil {
		t.Fatal(err)
	}
	e := w.Entry(ent)
	if p := components.Body.Get(e).Position; p != (mgl64.Vec3{1, 2, 3}) {
		t.Fatalf("position %v", p)
	}
	if y := components.View.Get(e).Yaw; y != 0.5 {
		t.Fatalf("yaw %v", y)
	}
	k := components.KCC.Get(e)
	if k.Shape.Radius != 0.3 || k.Shape.HalfHeight != 0.6 || k.Gravity != 20 || k.JumpSpeed != 6 || k.Controller == nil {
		t.Fatalf("kcc %+v", k)
	}
	if math.Abs(k.Controller.Config().MaxSlopeClimbAngle-math.Pi/4) > 1e-15 || k.Controller.Config().Autostep == nil || k.Controller.Config().Autostep.MaxHeight != 0.35 {
		t.Fatalf("controller settings %+v", k.Controller.Config())
	}
	m, ok := components.Motor.Get(e).Motor.(*basic.Motor)
	if !ok || m.Config() != basic.DefaultConfig() {
		t.Fatalf("motor %#v", components.Motor.Get(e).Motor)
	}
	for _, c := range []donburi.IComponentType{components.Command, components.Intent, components.JumpBuffer} {
		if !e.HasComponent(c) {
			t.Fatalf("missing component %v", c)
		}
	}
}

func TestSpawnOverrideAndMotorsAreIndependent(t *testing.T) {
	w := donburi.NewWorld()
	a, err := prefabs.Spawn(w, "capsule_walker", prefabs.Override("[motor]\nmax_speed = 7.5\n[kcc]\nstep_height = 0\n"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := prefabs.Spawn(w, "capsule_walker")
	if err != nil {
		t.Fatal(err)
	}
	ma := components.Motor.Get(w.Entry(a)).Motor.(*basic.Motor)
	mb := components.Motor.Get(w.Entry(b)).Motor.(*basic.Motor)
	if ma == mb || ma.Config().MaxSpeed != 7.5 || mb.Config().MaxSpeed != 5 {
		t.Fatalf("override leaked or motors shared: %v %v", ma.Config(), mb.Config())
	}
	if components.KCC.Get(w.Entry(a)).Controller.Config().Autostep != nil {
		t.Fatal("step_height = 0 should disable autostep")
	}
}

// renamedArena is a game's motor configuration that renamed a key: the
// arena motor's, whose max_speed it once called max_speed_ground.
type renamedArena struct{ arena.Config }

func (*renamedArena) RenamedKeys() map[string]string {
	return map[string]string{"max_speed_ground": "max_speed"}
}

func init() {
	prefabs.RegisterMotor("renamed_arena", func() renamedArena { return renamedArena{arena.DefaultConfig()} },
		func(c renamedArena) (*arena.Motor, error) { return arena.New(c.Config) })
}

func TestRecipeErrorsNameFileAndKey(t *testing.T) {
	cases := []struct{ override, want string }{
		{"[motor]\nmax_sped = 1\n", "max_sped"},
		{"[motor]\nground_accel = -4\n", `capsule_walker:2: key "motor.ground_accel"`},
		{"[motor]\naccel = -4\n", `capsule_walker:2: key "motor.accel": unknown key`}, // v0.1's name, gone in v0.3.0
		{"[kcc]\nradius = -1\n", "kcc.radius"},
		{"[kcc]\nradiuss = 1\n", "kcc.radiuss"},
		{"[motor]\nkind = \"warp\"\n", "motor.kind"},
		{"[jump]\ncapture_policy = \"sometimes\"\n", "jump.capture_policy"},
		{"[bogus]\nx = 1\n", "bogus"},
		{"[view]\npitch_deg = 120\n", "view.pitch_deg"},
		{"[kcc\n", "override 1 of capsule_walker:2: "},
		// An old key name of a game's motor (config.Renamer) is known by
		// its new name, at the line that writes the old one.
		{"[motor]\nkind = \"renamed_arena\"\nmax_speed_ground = 0\n", `capsule_walker:3: key "motor.max_speed": value 0 out of range`},
	}
	for _, c := range cases {
		_, err := prefabs.Spawn(donburi.NewWorld(), "capsule_walker", prefabs.Override(c.override))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("override %q: error %v should mention %s", c.override, err, c.want)
		}
	}
	if _, err := prefabs.Spawn(donburi.NewWorld(), "no_such_recipe"); err == nil || !strings.Contains(err.Error(), "capsule_walker") {
		t.Errorf("unknown recipe error should list the known ones: %v", err)
	}
}

func TestLoadFileOverridesAndAddsRecipes(t *testing.T) {
	lib, err := prefabs.NewLibrary()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "mine.toml")
	os.WriteFile(good, []byte(`
[prefab.capsule_walker.motor]
max_speed = 9.0

[prefab.sprinter]
kcc = { radius = 0.4 }
motor = { kind = "basic", max_speed = 12.0 }
`), 0o644)
	if err := lib.LoadFile(good); err != nil {
		t.Fatal(err)
	}
	r, err := lib.Recipe("capsule_walker")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := r.NewMotor()
	if m.(*basic.Motor).Config().MaxSpeed != 9 || r.KCC.Radius != 0.3 {
		t.Fatalf("override not merged field by field: %+v", m.(*basic.Motor).Config())
	}
	s, err := lib.Recipe("sprinter")
	if err != nil || s.KCC.Radius != 0.4 || s.MotorKind != "basic" {
		t.Fatalf("new recipe: %+v %v", s, err)
	}

	bad := filepath.Join(dir, "bad.toml")
	os.WriteFile(bad, []byte("[prefab.capsule_walker.kcc]\nsnap_to_ground = -2\n"), 0o644)
	err = lib.LoadFile(bad)
	if err == nil || !strings.Contains(err.Error(), "bad.toml") || !strings.Contains(err.Error(), "kcc.snap_to_ground") {
		t.Fatalf("bad file error %v should name bad.toml and kcc.snap_to_ground", err)
	}
	// A rejected file changes nothing.
	if r, _ := lib.Recipe("capsule_walker"); r.KCC.SnapToGround != 0.2 {
		t.Fatal("rejected file was partly applied")
	}
	flat := filepath.Join(dir, "floor.toml")
	os.WriteFile(flat, []byte("[prefab.capsule_walker.kcc]\nfloor_constant_speed = true\n"), 0o644)
	if err := lib.LoadFile(flat); err != nil {
		t.Fatal(err)
	}
	if r, _ := lib.Recipe("capsule_walker"); !r.KCC.ControllerConfig().FloorConstantSpeed || r.KCC.SnapToGround != 0.2 {
		t.Fatalf("floor_constant_speed not passed to the controller: %+v", r.KCC)
	}
	top := filepath.Join(dir, "top.toml")
	os.WriteFile(top, []byte("[capsule_walker]\n"), 0o644)
	if err := lib.LoadFile(top); err == nil || !strings.Contains(err.Error(), "prefab.NAME") {
		t.Fatalf("a file without [prefab.NAME] tables should explain the layout: %v", err)
	}
}

func TestEveryEmbeddedRecipeSpawns(t *testing.T) {
	lib, err := prefabs.NewLibrary()
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range lib.Names() {
		if _, err := lib.Spawn(donburi.NewWorld(), name); err != nil {
			t.Errorf("recipe %s: %v", name, err)
		}
	}
}

func TestEveryEmbeddedLevelBuilds(t *testing.T) {
	for _, name := range prefabs.LevelNames() {
		if _, err := prefabs.LoadLevel(name); err != nil {
			t.Errorf("level %s: %v", name, err)
		}
	}
	if _, err := prefabs.LoadLevel("atlantis"); err == nil || !strings.Contains(err.Error(), "flat") {
		t.Errorf("unknown level error should list the known ones: %v", err)
	}
}

func TestLevelErrors(t *testing.T) {
	cases := map[string]string{
		"[[box]]\ncenter = [0,0,0]\nhalf = [1,0,1]\n":                              "box[0]",
		"[[ramp]]\nstart = [0,0,0]\nangle_deg = 95\nlength = 1\nwidth = 1\n":       "ramp[0]",
		"[[stairs]]\nstart = [0,0,0]\ncount = 0\nrise = 1\ntread = 1\nwidth = 1\n": "stairs[0]",
		"[[mesh]]\nvertices = [[0,0,0],[1,0,0]]\nindices = [0,1,5]\n":              "mesh[0]",
		"[[cube]]\n": "cube",
		// The living part.
		"[[platform]]\nhalf = [1,1,1]\n":                                                                                           "platform[0].waypoints",
		"[[platform]]\nhalf = [1,1,1]\nwaypoints = [[0,0,0],[1,0,0]]\n":                                                            "platform[0]",
		"[[platform]]\nhalf = [0,1,1]\nwaypoints = [[0,0,0]]\n":                                                                    "platform[0].half",
		"[[platform]]\nhalf = [1,1,1]\nwaypoints = [[0,0,0],[1,0,0]]\nspeed = 1\nwait = [1]\n":                                     "platform[0]",
		"[[platform]]\nhalf = [1,1,1]\nwaypoints = [[0,0,0]]\nspin_deg = [0,1e9,0]\n":                                              "platform[0]",
		"[[platform]]\nhalf = [1,1,1]\nwaypoints = [[0,0,0]]\nspeeed = 1\n":                                                        "speeed",
		"[[door]]\ncenter = [0,1,0]\nhalf = [1,1,1]\nopen = [0,2,0]\nspeed = 1\n":                                                  "door[0]",
		"[[door]]\ncenter = [0,1,0]\nhalf = [1,1,1]\nopen = [0,2,0]\nspeed = 1\nsensor = \"nope\"\n":                               "door[0].sensor",
		"[[door]]\ncenter = [0,1,0]\nhalf = [1,1,1]\nopen = [0,0,0]\nspeed = 1\nclosed_s = 1\n":                                    "door",
		"[[sensor]]\nname = \"a\"\ncenter = [0,0,0]\nhalf = [1,1,1]\n[[sensor]]\nname = \"a\"\ncenter = [0,0,0]\nhalf = [1,1,1]\n": "sensor[1].name",
		"[[sensor]]\ncenter = [0,0,0]\nhalf = [1,-1,1]\n":                                                                          "sensor[0]",
	}
	for text, key := range cases {
		if _, err := prefabs.BuildLevel([]byte(text), "lvl.toml"); err == nil || !strings.Contains(err.Error(), key) || !strings.Contains(err.Error(), "lvl.toml") {
			t.Errorf("%q: error %v should name lvl.toml and %s", text, err, key)
		}
	}
}

func FuzzLoadTOML(f *testing.F) {
	f.Add([]byte("[prefab.capsule_walker.motor]\nmax_speed = 3\n"))
	f.Add([]byte("[prefab.x]\nmotor = { kind = \"basic\" }\nkcc = { radius = 1e308 }\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		lib, err := prefabs.NewLibrary()
		if err != nil {
			t.Fatal(err)
		}
		if err := lib.LoadTOML(data, "fuzz.toml"); err != nil {
			return
		}
		for _, n := range lib.Names() {
			if _, err := lib.Spawn(donburi.NewWorld(), n); err != nil {
				t.Fatalf("recipe %s accepted by LoadTOML but fails to spawn: %v", n, err)
			}
		}
	})
}

func FuzzBuildLevel(f *testing.F) {
	f.Add([]byte("[[box]]\ncenter = [0,-0.5,0]\nhalf = [10,0.5,10]\n"))
	f.Add([]byte("[[heightfield]]\ncell_size = 0.5\ncols = 4\nrows = 4\namplitude = 0.1\nwavelength = 2\n"))
	f.Add([]byte("[[platform]]\nhalf = [1,0.2,1]\nwaypoints = [[0,0,0],[0,5,0]]\nwait = [1,1]\nspeed = 2\n[[sensor]]\nname = \"z\"\ncenter = [0,1,0]\nhalf = [1,1,1]\n[[door]]\ncenter = [3,1,0]\nhalf = [0.2,1,1]\nopen = [0,2,0]\nspeed = 1\nsensor = \"z\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var spec prefabs.LevelSpec
		if err := config.Decode(data, "fuzz.toml", &spec); err != nil {
			return
		}
		lv, err := spec.BuildLiving("fuzz.toml") // must not panic
		if err != nil || lv.Movers == nil {
			return
		}
		// Accepted movers move without error for a few ticks.
		for tick := uint64(0); tick < 5; tick++ {
			if err := lv.Movers.Apply(lv.World, tick, 1.0/60, nil); err != nil {
				t.Fatalf("tick %d: %v", tick, err)
			}
		}
	})
}

// A generated sine heightfield of Cols x Rows cells has (Cols+1) x (Rows+1)
// samples (LevelSpec's documented layout) and its surface follows
// amplitude * sin(2πx/λ) * sin(2πz/λ) at the samples.
func TestGeneratedHeightfield(t *testing.T) {
	w, err := prefabs.BuildLevel([]byte("[[heightfield]]\norigin = [0.0, 0.0, 0.0]\ncell_size = 0.5\ncols = 8\nrows = 8\namplitude = 0.3\nwavelength = 4.0\n"), "hf.toml")
	if err != nil {
		t.Fatal(err)
	}
	// Sample (2, 2) is at x = z = 1: 0.3 * sin(π/2)^2 = 0.3.
	hit, ok := w.RayCast(mgl64.Vec3{1, 5, 1}, mgl64.Vec3{0, -1, 0}, 10)
	if !ok || math.Abs(hit.Point[1]-0.3) > 1e-9 {
		t.Fatalf("ray down at (1, 1): hit %v %+v, want y = 0.3", ok, hit)
	}
	// The last sample row (x = 4) exists: 0.3 * sin(2π) * ... = 0.
	hit, ok = w.RayCast(mgl64.Vec3{3.99, 5, 1}, mgl64.Vec3{0, -1, 0}, 10)
	if !ok || math.Abs(hit.Point[1]) > 0.02 {
		t.Fatalf("ray down at (3.99, 1): hit %v %+v, want y ≈ 0", ok, hit)
	}
}

// The living-world keys of [kcc] reach the controller and the component.
func TestKCCLivingKeys(t *testing.T) {
	lib, err := prefabs.Default()
	if err != nil {
		t.Fatal(err)
	}
	r, err2 := lib.Recipe("capsule_walker", prefabs.Override("[kcc]\nstop_on_slope = true\nclimb_steep_walls = true\nstop_on_ceiling = true\ncollision_mask = 6\nplatform_on_leave = \"do_nothing\"\nturn_with_platform = true"))
	if err2 != nil {
		t.Fatal(err2)
	}
	cfg := r.KCC.ControllerConfig()
	if !cfg.StopOnSlope || !cfg.ClimbSteepWalls || !cfg.StopOnCeiling || cfg.CollisionMask != 6 {
		t.Fatalf("config %+v", cfg)
	}
	if _, err := lib.Recipe("capsule_walker", prefabs.Override("[kcc]\nstop_on_slop = true")); err == nil {
		t.Fatal("a misspelt key was accepted")
	}
}

// The MeshSpec doc and the loader agree: a generated grid has no tilt key,
// and a level that tries one gets an error naming the file and the key.
func TestMeshGridHasNoTilt(t *testing.T) {
	const lvl = "[[mesh]]\norigin = [0, 0, 0]\ncell = 1\ncols = 2\nrows = 2\ntilt = 10\n"
	_, err := prefabs.BuildLevel([]byte(lvl), "tilted.toml")
	if err == nil || !strings.Contains(err.Error(), "tilted.toml") || !strings.Contains(err.Error(), "tilt") {
		t.Fatalf("want an unknown-key error naming tilted.toml and tilt, got %v", err)
	}
	if _, err := prefabs.BuildLevel([]byte("[[mesh]]\norigin = [0, 0, 0]\ncell = 1\ncols = 2\nrows = 2\n"), "grid.toml"); err != nil {
		t.Fatalf("plain grid: %v", err)
	}
}

// A hybrid player spawned facing +Z reports that facing before its first
// tick, not 0.
func TestHybridFacingAtSpawn(t *testing.T) {
	w := donburi.NewWorld()
	e, err := prefabs.Spawn(w, "hybrid_player", prefabs.Facing(math.Pi/2))
	if err != nil {
		t.Fatal(err)
	}
	m, ok := components.Motor.Get(w.Entry(e)).Motor.(*hybrid.Motor)
	if !ok {
		t.Fatal("hybrid_player has no hybrid motor")
	}
	if got := m.Facing(); math.Abs(got-math.Pi/2) > 1e-12 {
		t.Errorf("Facing() = %v before the first tick, want pi/2", got)
	}
}

// hybrid_player's controller follows the hybrid design's CharacterBody3D
// settings (docs/motors/hybrid.md): floor snap 0.1 m, 45° floor angle, stop
// on slopes, no sliding along ceilings.
func TestHybridPlayerBodySettings(t *testing.T) {
	w := donburi.NewWorld()
	e, err := prefabs.Spawn(w, "hybrid_player")
	if err != nil {
		t.Fatal(err)
	}
	s := components.KCC.Get(w.Entry(e)).Controller.Config()
	if s.SnapToGround != 0.1 || math.Abs(s.MaxSlopeClimbAngle-math.Pi/4) > 1e-12 || !s.StopOnSlope || !s.StopOnCeiling {
		t.Errorf("hybrid_player kcc: snap %v, climb %v rad, stop on slope %v, stop on ceiling %v",
			s.SnapToGround, s.MaxSlopeClimbAngle, s.StopOnSlope, s.StopOnCeiling)
	}
}

// The FPS motor owns the controller's slope limit, step height and ground
// snap: a recipe that leaves them out of [kcc] gets the motor's, one that
// sets the motor's value gets it through to the controller, and a [kcc]
// value that disagrees is a load error naming the key.
func TestFPSKCCProfileHasOneSource(t *testing.T) {
	w := donburi.NewWorld()
	e, err := prefabs.Spawn(w, "fps_player", prefabs.Override("[motor]\nstep_height = 0.4\nsnap_to_ground = 0.15\n"))
	if err != nil {
		t.Fatal(err)
	}
	s := components.KCC.Get(w.Entry(e)).Controller.Config()
	if s.Autostep == nil || s.Autostep.MaxHeight != 0.4 || s.SnapToGround != 0.15 || math.Abs(s.MaxSlopeClimbAngle-42.5*math.Pi/180) > 1e-12 {
		t.Fatalf("controller: step %+v snap %v slope %v", s.Autostep, s.SnapToGround, s.MaxSlopeClimbAngle)
	}
	if _, err := prefabs.Spawn(w, "fps_player", prefabs.Override("[kcc]\nstep_height = 0.325\n")); err != nil {
		t.Fatalf("a [kcc] value equal to the motor's: %v", err)
	}
	_, err = prefabs.Spawn(w, "fps_player", prefabs.Override("[kcc]\nstep_height = 0.5\n"))
	if err == nil || !strings.Contains(err.Error(), "kcc.step_height") || !strings.Contains(err.Error(), "motor") {
		t.Fatalf("a disagreeing [kcc] step_height: %v", err)
	}
}

// Jump speed has one owner per recipe: a motor that derives it (FPS and
// hybrid: v = sqrt(2 g h)) owns gravity, jump_speed and max_fall_speed, and
// a [kcc] value may only repeat the motor's; for the other motors [kcc]
// owns them.
func TestJumpSpeedHasOneOwner(t *testing.T) {
	w := donburi.NewWorld()
	// hybrid: jump_height 1.5 m at 20 m/s² gives sqrt(2*20*1.5) = sqrt(60).
	e, err := prefabs.Spawn(w, "hybrid_player", prefabs.Override("[kcc]\ngravity = 20.0\n"))
	if err != nil {
		t.Fatalf("a [kcc] gravity equal to the motor's: %v", err)
	}
	if k := components.KCC.Get(w.Entry(e)); k.JumpSpeed != math.Sqrt(60) || k.Gravity != 20 {
		t.Fatalf("hybrid kcc: jump speed %v, gravity %v", k.JumpSpeed, k.Gravity)
	}
	for _, recipe := range []string{"hybrid_player", "fps_player"} {
		_, err := prefabs.Spawn(w, recipe, prefabs.Override("[kcc]\njump_speed = 9.0\n"))
		if err == nil || !strings.Contains(err.Error(), "kcc.jump_speed") || !strings.Contains(err.Error(), "[motor]") {
			t.Fatalf("%s with a disagreeing [kcc] jump_speed: %v", recipe, err)
		}
	}
	// rpg derives nothing: [kcc] jump_speed is the jump speed.
	e, err = prefabs.Spawn(w, "rpg_player", prefabs.Override("[kcc]\njump_speed = 9.0\n"))
	if err != nil {
		t.Fatal(err)
	}
	if k := components.KCC.Get(w.Entry(e)); k.JumpSpeed != 9 {
		t.Fatalf("rpg kcc jump speed %v, want 9", k.JumpSpeed)
	}
}

// A level TOML file of your own spawns with SpawnLevel (docs/levels.md),
// its [[spawn]] points in components.LevelData.Spawns; AtSpawnPoint
// stands a character on one: its feet on the point (the capsule's centre
// half height + radius + skin above it), facing its yaw; after a second
// of ticks it stands there, grounded, not having moved.
func TestSpawnLevelFileAndSpawnPoint(t *testing.T) {
	path := filepath.Join(t.TempDir(), "my_level.toml")
	level := "[[box]]\ncenter = [0.0, -0.5, 0.0]\nhalf = [20.0, 0.5, 20.0]\n\n" +
		"[[box]] # a block with its top at y = 1\ncenter = [5.0, 0.5, 5.0]\nhalf = [1.0, 0.5, 1.0]\n\n" +
		"[[spawn]]\nname = \"start\"\nfeet = [5.0, 1.0, 5.0]\nyaw_deg = 90.0\n"
	if err := os.WriteFile(path, []byte(level), 0o644); err != nil {
		t.Fatal(err)
	}
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, path); err != nil {
		t.Fatalf("SpawnLevel(%q): %v", path, err)
	}
	lv := components.Level.Get(components.Level.MustFirst(w))
	player, err := prefabs.Spawn(w, "capsule_walker", prefabs.AtSpawnPoint(lv.Spawns[0]))
	if err != nil {
		t.Fatal(err)
	}
	if len(lv.Spawns) != 1 || lv.Spawns[0].Name != "start" {
		t.Fatalf("spawn points %+v, want one named start", lv.Spawns)
	}
	e := w.Entry(player)
	// capsule_walker: radius 0.3, half height 0.6, skin 0.01.
	want := mgl64.Vec3{5, 1 + 0.6 + 0.3 + 0.01, 5}
	if got := components.Body.Get(e).Position; got.Sub(want).Len() > 1e-12 {
		t.Fatalf("centre %v, want %v", got, want)
	}
	if yaw := components.View.Get(e).Yaw; math.Abs(yaw-math.Pi/2) > 1e-12 {
		t.Fatalf("yaw %v, want π/2", yaw)
	}
	p := systems.NewPipeline(w, systems.Options{})
	for i := 0; i < 60; i++ {
		p.Step()
	}
	k, b := components.KCC.Get(e), components.Body.Get(e)
	if !k.Grounded || b.Position.Sub(want).Len() > 1e-3 {
		t.Fatalf("after a second: grounded %v at %v, want standing at %v", k.Grounded, b.Position, want)
	}
	if _, err := prefabs.SpawnLevel(w, filepath.Join(t.TempDir(), "missing.toml")); err == nil {
		t.Fatal("a missing level file spawned")
	}
}
