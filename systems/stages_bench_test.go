package systems_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	"github.com/yohamta/donburi"
)

func stagesPipeline(b *testing.B) *systems.Pipeline {
	w := donburi.NewWorld()
	for i := 0; i < benchEntities; i++ {
		pos := mgl64.Vec3{float64(i%40) * 2, 0.91, float64(i/40) * 2}
		ent, err := prefabs.Spawn(w, "capsule_walker", prefabs.At(pos), prefabs.Facing(float64(i)*0.01))
		if err != nil {
			b.Fatal(err)
		}
		systems.Submit(w.Entry(ent), components.CommandData{Forward: 1, Strafe: 0.3})
	}
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	for i := 0; i < 10; i++ {
		p.Step()
	}
	return p
}

// BenchmarkStageCosts splits BenchmarkPipelineNoCollision's tick by stage
// (1000 walkers, no level).
func BenchmarkStageCosts(b *testing.B) { stagesPipeline(b).BenchStages(b) }
