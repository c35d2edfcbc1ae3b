package prefabs_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/motors/rpg"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/yohamta/donburi"
)

// A library builds each recipe once: spawning decodes nothing, the
// recipe's characters share one controller configuration and get motors
// of their own, and the built recipe a caller inspects is a copy.
func TestRecipesAreBuiltOnce(t *testing.T) {
	lib, err := prefabs.NewLibrary()
	if err != nil {
		t.Fatal(err)
	}
	w := donburi.NewWorld()
	a, err := lib.Spawn(w, "rpg_player", prefabs.At(mgl64.Vec3{1, 1, 1}))
	if err != nil {
		t.Fatal(err)
	}
	b, err := lib.Spawn(w, "rpg_player")
	if err != nil {
		t.Fatal(err)
	}
	ka, kb := components.KCC.Get(w.Entry(a)), components.KCC.Get(w.Entry(b))
	if ka.Controller == nil || ka.Controller != kb.Controller {
		t.Fatal("two characters of one recipe have different controller configurations")
	}
	if components.Motor.Get(w.Entry(a)).Motor == components.Motor.Get(w.Entry(b)).Motor {
		t.Fatal("two characters share a motor (motors keep per-character state)")
	}
	if p := components.Body.Get(w.Entry(a)).Position; p != (mgl64.Vec3{1, 1, 1}) {
		t.Fatalf("At: spawned at %v", p)
	}
	r, err := lib.Recipe("rpg_player")
	if err != nil {
		t.Fatal(err)
	}
	cfg, ok := r.MotorConfig.(rpg.Config)
	if !ok || cfg != rpg.DefaultConfig() {
		t.Fatalf("MotorConfig %#v, want the rpg defaults", r.MotorConfig)
	}
	r.KCC.Radius = 5 // a copy: the library's recipe is unchanged
	again, _ := lib.Recipe("rpg_player")
	if again.KCC.Radius == 5 {
		t.Fatal("changing a returned recipe changed the library's")
	}
	// An override is decoded over the built recipe, for that spawn only.
	c, err := lib.Spawn(w, "rpg_player", prefabs.Override("[motor]\nmax_speed = 7\n"))
	if err != nil {
		t.Fatal(err)
	}
	if m := components.Motor.Get(w.Entry(c)).Motor.(*rpg.Motor); m.Config().MaxSpeed != 7 {
		t.Fatalf("override: max speed %v", m.Config().MaxSpeed)
	}
	if m := components.Motor.Get(w.Entry(b)).Motor.(*rpg.Motor); m.Config().MaxSpeed != 6 {
		t.Fatal("an override changed another spawn")
	}
}

// A file of overrides layers over the recipe: a changed motor kind starts
// from that kind's defaults, and an error names the file and line where
// the bad value was set, even when a later layer trips over it.
func TestLayersKeepTheirLines(t *testing.T) {
	lib, err := prefabs.NewLibrary()
	if err != nil {
		t.Fatal(err)
	}
	if err := lib.LoadTOML([]byte("# mine\n[prefab.capsule_walker.motor]\nkind = \"rpg\"\ntau_accel = 0.3\n"), "mine.toml"); err != nil {
		t.Fatal(err)
	}
	r, err := lib.Recipe("capsule_walker")
	if err != nil {
		t.Fatal(err)
	}
	cfg := r.MotorConfig.(rpg.Config)
	want := rpg.DefaultConfig()
	want.TauAccel = 0.3
	if r.MotorKind != "rpg" || cfg != want {
		t.Fatalf("kind %q config %+v", r.MotorKind, cfg)
	}
	err = lib.LoadTOML([]byte("\n\n[prefab.capsule_walker.kcc]\nhalf_height = 0.1\ncrouch_half_height = 0.5\n"), "later.toml")
	if err == nil || err.Error() != `prefab "capsule_walker": later.toml:5: key "kcc.crouch_half_height": value 0.5 out of range [0, 0.1]` {
		t.Fatalf("error %v", err)
	}
}

// BenchmarkSpawn spawns a recipe from the default library: it decodes
// nothing (the recipe was built when the library loaded).
func BenchmarkSpawn(b *testing.B) {
	w := donburi.NewWorld()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := prefabs.Spawn(w, "rpg_player"); err != nil {
			b.Fatal(err)
		}
	}
}
