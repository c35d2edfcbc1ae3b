package systems

import "testing"

// BenchStages runs each built-in motor stage, the moves, the cleanup pass
// and a whole Step as sub-benchmarks over the pipeline's characters,
// reporting ns per character: where a tick's time goes.
func (p *Pipeline) BenchStages(b *testing.B) {
	p.refreshCharacters()
	n := float64(len(p.chars))
	perChar := func(b *testing.B) {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/entity")
	}
	run := func(name string, from, to step) {
		b.Run(name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				for j := range p.chars {
					p.motorSteps(&p.chars[j], from, to)
				}
			}
			perChar(b)
		})
	}
	run("intent", stepIntent, stepIntent)
	run("buffer", stepBuffer, stepBuffer)
	run("friction", stepFriction, stepFriction)
	run("accel", stepAccel, stepAccel)
	run("shaping", stepShaping, stepShaping)
	run("all", stepIntent, stepShaping)
	b.Run("kcc", func(b *testing.B) {
		p.prepareControllers(p.chars)
		for i := 0; i < b.N; i++ {
			for j := range p.chars {
				p.moveStep(&p.chars[j], 0)
			}
		}
		perChar(b)
	})
	b.Run("cleanup", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			p.cleanupPass(p.world)
		}
		perChar(b)
	})
	b.Run("step", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			p.Step()
		}
		perChar(b)
	})
}

// SetContactCache turns the characters' kcc.ContactCache on (the default)
// or off (benchmarks compare the two).
func (p *Pipeline) SetContactCache(on bool) { p.noContactCache = !on }

// Plan returns the tick's plan as text, one item per line: a system's
// stage, or a run of character steps (tests check how systems divide the
// characters' stages).
func (p *Pipeline) Plan() []string {
	if !p.planned {
		p.makePlan()
	}
	names := [...]string{"intent", "buffer", "friction", "accel", "shaping", "kcc"}
	var out []string
	for _, it := range p.plan {
		if it.fn != nil {
			out = append(out, "system@"+it.stage.String())
		} else {
			out = append(out, "run "+names[it.from]+".."+names[it.to])
		}
	}
	return out
}

// CheckStorageFetch reports, for every character, whether the pipeline's
// fetch of its components from donburi's storages (fetch.go) gives the
// pointers ComponentType.Get gives: the test of TestStoragePositionsAreGets.
func (p *Pipeline) CheckStorageFetch(t *testing.T) int {
	t.Helper()
	p.refreshCharacters()
	p.stores.refetch(p.chars)
	for i := range p.chars {
		c := &p.chars[i]
		w := characterOf(c.e, int(c.arch), int(c.pos))
		if c.body != w.body || c.k != w.k || c.cmd != w.cmd || c.view != w.view || c.jb != w.jb || c.md != w.md || c.it != w.it || c.ab != w.ab {
			t.Fatalf("character %d (entity %v): fetched from the storages %+v, by Get %+v", c.id, c.e.Entity(), *c, w)
		}
	}
	return len(p.chars)
}

// PhaseOrder returns, for each phase of the last tick's crowd plan, the
// sizes of its groups in the order the workers claim them (orderGroups),
// and whether each phase's order is a permutation of its groups that keeps
// the plan's order among groups of one size.
func (p *Pipeline) PhaseOrder() (sizes [][]int, permutations bool) {
	pl := &p.crowd.plan
	permutations = true
	for ph := 0; ph < pl.Phases(); ph++ {
		lo, hi := pl.PhaseGroups(ph)
		seen := make(map[int32]bool)
		var s []int
		last := map[int]int32{}
		for i := lo; i < hi; i++ {
			g := p.crowd.order[i]
			if g < int32(lo) || g >= int32(hi) || seen[g] {
				permutations = false
			}
			seen[g] = true
			n := len(pl.Group(int(g)))
			if prev, ok := last[min(n, orderKeys-1)]; ok && prev > g {
				permutations = false
			}
			last[min(n, orderKeys-1)] = g
			s = append(s, n)
		}
		sizes = append(sizes, s)
	}
	return sizes, permutations
}
