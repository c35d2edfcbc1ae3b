package systems_test

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
)

// TestWorkersManyShortPasses runs many short passes (64 walkers, so a pass
// is a few microseconds) with 8 workers on a machine kept busy by other
// goroutines, where a worker is often descheduled between finishing one
// pass and signalling: every tick must complete and the state must equal
// one worker's.
func TestWorkersManyShortPasses(t *testing.T) {
	ticks := 3000
	if testing.Short() {
		ticks = 600
	}
	var stop atomic.Bool
	var wg sync.WaitGroup
	for i := 0; i < runtime.GOMAXPROCS(0); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := 0
			for !stop.Load() {
				x++
				if x%1024 == 0 {
					runtime.Gosched()
				}
			}
		}()
	}
	defer func() { stop.Store(true); wg.Wait() }()
	sameBitsAcrossWorkers(t, 64, ticks, 1, 8)
}
