package systems_test

import (
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/detmath"
	"github.com/seedgames/motorkit/internal/goldenfile"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite testdata/golden_bits.txt from this build")

// goldenRun plays 600 ticks of scripted input (steer, strafe, jump, sprint,
// crouch) for every character recipe on one level, and hashes the bits of
// everything the motor and KCC stages write.
func goldenRun(t *testing.T, level string) uint64 { return goldenRunWith(t, level, nil) }

// goldenRunWith is goldenRun with a hook on the pipeline before the ticks.
func goldenRunWith(t *testing.T, level string, hook func(*systems.Pipeline)) uint64 {
	w := donburi.NewWorld()
	if _, err := prefabs.SpawnLevel(w, level); err != nil {
		t.Fatal(err)
	}
	recipes := []string{"capsule_walker", "arena_player", "rpg_player", "hybrid_player", "fps_player"}
	var es []donburi.Entity
	for i := 0; i < 20; i++ {
		pos := mgl64.Vec3{float64(i%5)*2 - 4, 2, float64(i/5)*2 - 4}
		ent, err := prefabs.Spawn(w, recipes[i%len(recipes)], prefabs.At(pos), prefabs.Facing(float64(i)*0.7))
		if err != nil {
			t.Fatal(err)
		}
		es = append(es, ent)
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	if hook != nil {
		hook(p)
	}
	p.AddBefore(systems.StageIntent, "golden.input", func(w donburi.World, tk systems.Tick) {
		for i, ent := range es {
			e := w.Entry(ent)
			n := float64(tk.N) + float64(i)*13
			systems.Submit(e, components.CommandData{
				// Inputs computed the same way on every platform: detmath,
				// every product rounded (tools/detcheck's rules).
				Forward: detmath.Cos(float64(n * 0.021)), Strafe: float64(detmath.Sin(float64(n*0.037)) * 0.8),
				JumpPressed: (int(tk.N)+i)%53 == 0, JumpHeld: (int(tk.N)+i)%53 < 10,
				Sprint: (int(tk.N)/90+i)%2 == 0, Crouch: (int(tk.N)/130+i)%4 == 3,
			})
			components.View.Get(e).Yaw += float64(0.01 * detmath.Sin(float64(n*0.013)))
		}
	})
	h := newBitHash()
	bit := func(x bool) float64 {
		if x {
			return 1
		}
		return 0
	}
	for tick := 0; tick < 600; tick++ {
		p.Step()
		for _, ent := range es {
			e := w.Entry(ent)
			body, k := components.Body.Get(e), components.KCC.Get(e)
			it, jb := components.Intent.Get(e), components.JumpBuffer.Get(e)
			h.putVec(body.Position)
			h.putVec(body.Velocity)
			h.putVec(k.GroundNormal)
			h.put(bit(k.Grounded))
			h.put(bit(k.Crouched))
			h.putVec(it.Intent.Dir)
			h.putVec(it.Intent.PlanarDir)
			h.put(it.Intent.Mag)
			h.put(it.Intent.Speed)
			h.put(float64(jb.BufferTicks))
			h.put(float64(jb.CoyoteTicks))
			h.put(float64(jb.Consumes))
		}
	}
	return h.sum()
}

// TestPipelineGoldenBits: every character recipe on four levels gives the
// state bits recorded in testdata/golden_bits.txt. Performance work (fused
// passes, cached pointers, scalar arithmetic) must not
// change a single bit of the pipeline's results; this test is the tripwire.
// A deliberate behaviour change rewrites the file with
// go test ./systems -run TestPipelineGoldenBits -update-golden
// and says why in its commit.
func TestPipelineGoldenBits(t *testing.T) {
	levels := []string{"flat", "course", "living", "fps_slopes"}
	path := filepath.Join("testdata", "golden_bits.txt")
	got := map[string]string{}
	for _, lv := range levels {
		got[lv] = fmt.Sprintf("%016x", goldenRun(t, lv))
	}
	goldenfile.Check(t, path, "level state-hash (systems/golden_test.go); rewrite with -update-golden", *updateGolden, "level", levels, got)
}
