package systems_test

import (
	"sync"
	"testing"

	"github.com/seedgames/motorkit/internal/scripted"
	"github.com/seedgames/motorkit/systems"
)

// Two pipelines, each with its own world, step on two goroutines at once
// (a server's match beside a client's in one process, or a server's
// rooms): they share the prefab library's recipes (one kcc.Controller per
// recipe) and donburi's component types, yet each ends with the state of
// the same scene run alone. Under -race (CI runs it) a shared scratch
// buffer or cache map would show as a race.
func TestTwoPipelinesOnTwoGoroutines(t *testing.T) {
	const ticks = 120
	opts := scripted.Options{Level: "living", Characters: 8, Pipeline: systems.Options{CharacterCollisions: true}}
	alone, err := scripted.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	for range ticks {
		if err := alone.Advance(); err != nil {
			t.Fatal(err)
		}
	}
	want := alone.Pipeline.Checksum()
	var wg sync.WaitGroup
	sums := make([]uint64, 2)
	errs := make([]error, 2)
	for g := range sums {
		s, err := scripted.New(opts)
		if err != nil {
			t.Fatal(err)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range ticks {
				if errs[g] = s.Advance(); errs[g] != nil {
					return
				}
			}
			sums[g] = s.Pipeline.Checksum()
		}()
	}
	wg.Wait()
	for g := range sums {
		if errs[g] != nil {
			t.Fatal(errs[g])
		}
		if sums[g] != want {
			t.Errorf("pipeline %d on its goroutine: checksum %016x, alone %016x", g, sums[g], want)
		}
	}
}
