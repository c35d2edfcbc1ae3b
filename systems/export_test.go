package systems

import "testing"

// BenchStages runs each built-in motor stage, the KCC stage, the cleanup
// pass and a whole Step as sub-benchmarks over the pipeline's cached
// characters, reporting ns per character: where a tick's time goes.
func (p *Pipeline) BenchStages(b *testing.B) {
	run := func(name string, f func(r *motorRefs)) {
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for j := range p.motorRefs {
					f(&p.motorRefs[j])
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(p.motorRefs)), "ns/entity")
		})
	}
	run("intent", p.intentRefs)
	run("buffer", p.bufferRefs)
	run("friction", p.frictionRefs)
	run("accel", p.accelRefs)
	run("shaping", p.shapingRefs)
	run("all", p.motorStages)
	b.Run("kcc", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for j := range p.kccRefList {
				p.kccRefs(&p.kccRefList[j], 0)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(p.motorRefs)), "ns/entity")
	})
	b.Run("cleanup", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			p.cleanupPass(p.world)
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(p.motorRefs)), "ns/entity")
	})
	b.Run("step", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			p.Step()
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(p.motorRefs)), "ns/entity")
	})
}

// SetTwoPasses makes the pipeline run the fused motor stages and the KCC
// stage as two passes over the characters instead of one (for tests and
// benchmarks comparing the two).
func (p *Pipeline) SetTwoPasses(on bool) { p.twoPasses, p.fuseKnown = on, false }

// SetContactCache turns the characters' kcc.ContactCache on (the default)
// or off (benchmarks compare the two).
func (p *Pipeline) SetContactCache(on bool) { p.noContactCache = !on }
