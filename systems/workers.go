package systems

import (
	"runtime"
	"sync/atomic"
)

// The characters' steps on several goroutines (Options.Workers). Each
// character's motor steps touch only its own components; its move reads
// the level and writes only its own components (and each worker moves
// characters with its own kcc.Controller scratch), so while the level is
// not modified — no CharacterCollisions — the characters can run in
// parallel, and every character's result is the same bits whichever worker
// runs it.
//
// The characters are handed out in chunks from a shared counter rather than
// as one range per worker: moves cost very different amounts (flat ground
// against stairs or a crowd) and a static split leaves one worker idle
// while the other finishes. Each claim takes half of a worker's share of
// what is left (guided scheduling): large chunks while much remains, a few
// characters at the end, so no worker waits long for the last one.
//
// A pass is short (a few hundred microseconds for 1000 characters), so
// waking a parked goroutine (tens of microseconds on a virtual machine)
// would eat much of the gain. Each pass the caller puts one job token in
// every worker's channel and takes one done token per worker back; a
// goroutine waiting for a token first polls its channel for a while
// (yielding its processor now and then), then blocks on it. Channels carry
// every hand-off, so no wake-up can be lost, whatever the scheduling.
// Workers are started on first use and kept (Close stops them), so a tick
// allocates nothing.

type kccJob struct {
	n        int  // characters (or groups) in the pass
	k        int  // workers
	from, to step // the steps run for each character
	groups   bool // a pass over groups base..base+n of the planned crowd (moves only)
	base     int
	part     func(int) // a pass over the parts 0..n of a kcc.Parallel job
}

// minChunk is the smallest claim: a few characters, so the shared counter
// is not touched for every one.
const minChunk = 4

// spinRounds bounds how long a worker or the caller polls its channel
// before blocking on it (every 64th round yields the processor, so a
// polling goroutine gives way to any runnable one): a few hundred
// microseconds on the 2-core machine, longer than the serial stages between
// two passes of a tick, so the workers are awake for both passes; a game's
// frame gaps are longer, so they block between ticks.
const spinRounds = 1 << 17

type kccWorkers struct {
	job  kccJob          // the current pass, written before the job tokens
	next atomic.Int64    // the next unclaimed character of the pass
	jobs []chan struct{} // per worker (from 1): the pass's job token
	done chan struct{}   // one token per worker and pass
}

// receive takes a token from ch, polling before blocking; ok is false
// when ch is closed.
func receive(ch chan struct{}) (ok bool) {
	for r := 0; r < spinRounds; r++ {
		select {
		case _, ok = <-ch:
			return ok
		default:
		}
		if r&63 == 63 {
			runtime.Gosched()
		}
	}
	_, ok = <-ch
	return ok
}

// parallel runs the steps from..to over the characters on p.workers
// goroutines (the calling one included) and waits for all of them.
func (p *Pipeline) parallel(from, to step) {
	p.runJob(kccJob{n: len(p.chars), k: p.workers, from: from, to: to})
}

// parallelGroups moves the groups lo..hi of a phase of the planned crowd
// on p.workers goroutines (blocking.go): the groups of a phase never touch
// the same characters, so each worker moves whole groups and the results
// are the same bits for any worker count.
func (p *Pipeline) parallelGroups(lo, hi int) {
	p.runJob(kccJob{n: hi - lo, base: lo, k: p.workers, groups: true})
}

// runJob runs a pass on every worker and waits for all of them.
func (p *Pipeline) runJob(job kccJob) {
	k := p.workers
	if p.pool == nil {
		pool := &kccWorkers{jobs: make([]chan struct{}, k), done: make(chan struct{}, k)}
		for i := 1; i < k; i++ {
			pool.jobs[i] = make(chan struct{}, 1)
			go p.kccWorker(pool, i)
		}
		p.pool = pool
	}
	pool := p.pool
	pool.job = job
	pool.next.Store(0)
	// Each channel is empty here: its worker took the last pass's token
	// before sending the done token this caller took.
	for i := 1; i < k; i++ {
		pool.jobs[i] <- struct{}{}
	}
	p.runPass(pool, 0)
	for i := 1; i < k; i++ {
		receive(pool.done)
	}
}

// kccWorker runs a pass per job token until Close closes its channel.
func (p *Pipeline) kccWorker(pool *kccWorkers, i int) {
	for receive(pool.jobs[i]) {
		p.runPass(pool, i)
		pool.done <- struct{}{}
	}
}

// runPass claims chunks of the current pass until none is left and runs
// them with worker w's controllers.
func (p *Pipeline) runPass(pool *kccWorkers, w int) {
	j := pool.job
	for {
		lo := int(pool.next.Load())
		if lo >= j.n {
			return
		}
		var hi int
		switch {
		case j.groups:
			hi = lo + 1 // largest first: one at a time
		case j.part != nil:
			hi = min(lo+max(1, (j.n-lo)/(2*j.k)), j.n) // a part is already many characters
		default:
			hi = min(lo+max(minChunk, (j.n-lo)/(2*j.k)), j.n)
		}
		if !pool.next.CompareAndSwap(int64(lo), int64(hi)) {
			continue
		}
		if j.groups {
			p.moveGroups(j.base+lo, j.base+hi, w)
			continue
		}
		if j.part != nil {
			for i := lo; i < hi; i++ {
				j.part(i)
			}
			continue
		}
		p.runRange(lo, hi, w, j.from, j.to)
	}
}

// runParts is the pipeline's kcc.Parallel (the crowd plan's Run): the
// parts on its workers, one at a time per claim.
func (p *Pipeline) runParts(n int, part func(int)) {
	if p.workers <= 1 || n < 2 {
		for i := 0; i < n; i++ {
			part(i)
		}
		return
	}
	p.runJob(kccJob{n: n, k: p.workers, part: part})
}

// Close stops the pipeline's worker goroutines (Options.Workers > 1). The
// pipeline may still Step afterwards; it starts them again if needed.
func (p *Pipeline) Close() {
	pool := p.pool
	if pool == nil {
		return
	}
	for _, ch := range pool.jobs[1:] {
		close(ch)
	}
	p.pool = nil
}
