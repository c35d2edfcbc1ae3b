package systems

import (
	"sync"
)

// The motor and KCC stages on several goroutines (Options.Workers). Each
// character's motor stages touch only its own components; its KCC step
// reads the level and writes only its own components (and each character
// has its own kcc.Controller), so while the level is not modified — no
// CharacterCollisions — the characters can move in parallel: the cached list is cut into contiguous ranges, one per
// worker, and every character's result is the same bits whichever worker
// moves it. Workers are started on first use and kept (Close stops them),
// so a tick allocates nothing.

type kccJob struct {
	lo, hi int
	worker int  // 0 is the calling goroutine
	motor  bool // the fused motor stages, else the KCC stage
}

type kccWorkers struct {
	jobs []chan kccJob
	done sync.WaitGroup
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
		p.pool = &kccWorkers{}
		for i := 1; i < k; i++ {
			ch := make(chan kccJob)
			p.pool.jobs = append(p.pool.jobs, ch)
			go p.kccWorker(ch)
		}
	}
	p.pool.done.Add(k - 1)
	for i := 1; i < k; i++ {
		p.pool.jobs[i-1] <- kccJob{lo: n * i / k, hi: n * (i + 1) / k, worker: i, motor: motor}
	}
	p.runRange(kccJob{lo: 0, hi: n / k, motor: motor})
	p.pool.done.Wait()
}

func (p *Pipeline) kccWorker(jobs chan kccJob) {
	for j := range jobs {
		p.runRange(j)
		p.pool.done.Done()
	}
}

func (p *Pipeline) runRange(j kccJob) {
	if j.motor {
		for i := j.lo; i < j.hi; i++ {
			p.motorStages(&p.motorRefs[i])
		}
		return
	}
	for i := j.lo; i < j.hi; i++ {
		p.kccRefs(&p.kccRefList[i], j.worker)
	}
}

// Close stops the pipeline's worker goroutines (Options.Workers > 1). The
// pipeline may still Step afterwards; it starts them again if needed.
func (p *Pipeline) Close() {
	if p.pool == nil {
		return
	}
	for _, ch := range p.pool.jobs {
		close(ch)
	}
	p.pool = nil
}
