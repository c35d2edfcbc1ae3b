package systems_test

import "testing"

// BenchmarkStageCosts splits BenchmarkPipelineNoCollision's tick by stage:
// the same 1000 walkers with their input system, no level.
func BenchmarkStageCosts(b *testing.B) { spawnCrowd(b, "").BenchStages(b) }
