package systems

import (
	"runtime"
	"sync/atomic"
)

// The motor and KCC stages on several goroutines (Options.Workers). Each
// character's motor stages touch only its own components; its KCC step
// reads the level and writes only its own components (and each worker
// moves characters with its own kcc.Controller scratch), so while the level
// is not modified — no CharacterCollisions — the characters can move in
// parallel, and every character's result is the same bits whichever worker
// moves it.
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
// would eat much of the gain: a worker that finished a pass spins on the
// pass counter for a while (yielding its processor now and then) before it
// parks on its channel, and the caller likewise spins before it parks
// waiting for the last worker. Workers are started on first use and kept
// (Close stops them), so a tick allocates nothing.

type kccJob struct {
	n     int  // characters in the pass
	k     int  // workers
	motor bool // the fused motor stages, else the KCC stage
}

// minChunk is the smallest claim: a few characters, so the shared counter
// is not touched for every one.
const minChunk = 4

// spinRounds bounds how long a worker or the caller spins before parking
// (each round is one atomic load; every 64th yields the processor, so a
// spinning worker gives way to any runnable goroutine): a few hundred
// microseconds on the 2-core machine, longer than the serial stages between
// two passes of a tick, so the workers are awake for both passes; a game's
// frame gaps are longer, so they park between ticks.
const spinRounds = 1 << 17

type kccWorkers struct {
	job    kccJob        // the current pass, written before gen moves
	gen    atomic.Uint64 // pass number
	next   atomic.Int64  // the next unclaimed character of the pass
	left   atomic.Int32  // workers still running the pass
	closed atomic.Bool
	wake   []chan struct{} // per worker: a parked worker's wake-up
	parked []atomic.Bool   // per worker: parked (or about to)
	done   chan struct{}   // the caller's wake-up
	// waiting is the pass the caller is parked on (or about to park on),
	// 0 when it is not: the last worker of a pass wakes the caller only for
	// that pass, so a worker delayed between finishing one pass and
	// signalling cannot wake the caller out of the next one.
	waiting atomic.Uint64
}

// parallel runs the fused motor stages (motor) or the KCC stage over the
// cached characters on p.workers goroutines (the calling one included)
// and waits for all of them.
func (p *Pipeline) parallel(motor bool) {
	n := len(p.kccRefList)
	if motor {
		n = len(p.motorRefs)
	}
	k := p.workers
	if p.pool == nil {
		pool := &kccWorkers{wake: make([]chan struct{}, k), parked: make([]atomic.Bool, k), done: make(chan struct{}, 1)}
		for i := 1; i < k; i++ {
			pool.wake[i] = make(chan struct{}, 1)
			go p.kccWorker(pool, i)
		}
		p.pool = pool
	}
	pool := p.pool
	pool.job = kccJob{n: n, k: k, motor: motor}
	pool.next.Store(0)
	pool.left.Store(int32(k - 1))
	gen := pool.gen.Add(1)
	for i := 1; i < k; i++ {
		if pool.parked[i].CompareAndSwap(true, false) {
			pool.wake[i] <- struct{}{}
		}
	}
	p.runPass(pool, 0)
	// Wait for the others: spin, then park until the last one signals.
	for r := 0; pool.left.Load() != 0; r++ {
		if r&63 == 63 {
			runtime.Gosched()
		}
		if r < spinRounds {
			continue
		}
		pool.waiting.Store(gen)
		if pool.left.Load() == 0 && pool.waiting.CompareAndSwap(gen, 0) {
			break
		}
		<-pool.done
		break
	}
}

// kccWorker runs passes for worker i until Close.
func (p *Pipeline) kccWorker(pool *kccWorkers, i int) {
	var seen uint64
	for {
		// Wait for the next pass: spin, then park.
		for r := 0; pool.gen.Load() == seen; r++ {
			if r&63 == 63 {
				runtime.Gosched()
			}
			if r < spinRounds {
				continue
			}
			pool.parked[i].Store(true)
			if pool.gen.Load() != seen && pool.parked[i].CompareAndSwap(true, false) {
				break // the pass arrived before anyone saw us parked
			}
			<-pool.wake[i]
			break
		}
		if pool.closed.Load() {
			return
		}
		seen = pool.gen.Load()
		p.runPass(pool, i)
		if pool.left.Add(-1) == 0 && pool.waiting.CompareAndSwap(seen, 0) {
			pool.done <- struct{}{}
		}
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
		hi := min(lo+max(minChunk, (j.n-lo)/(2*j.k)), j.n)
		if !pool.next.CompareAndSwap(int64(lo), int64(hi)) {
			continue
		}
		if j.motor {
			for i := lo; i < hi; i++ {
				p.motorStages(&p.motorRefs[i])
			}
			continue
		}
		for i := lo; i < hi; i++ {
			p.kccRefs(&p.kccRefList[i], w)
		}
	}
}

// Close stops the pipeline's worker goroutines (Options.Workers > 1). The
// pipeline may still Step afterwards; it starts them again if needed.
func (p *Pipeline) Close() {
	pool := p.pool
	if pool == nil {
		return
	}
	pool.closed.Store(true)
	pool.gen.Add(1)
	for i := 1; i < len(pool.wake); i++ {
		if pool.parked[i].CompareAndSwap(true, false) {
			pool.wake[i] <- struct{}{}
		}
	}
	p.pool = nil
}
