package online

import (
	"fmt"
	"hash/fnv"
	"math"
	"testing"

	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/flail/internal/match"
	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/detmath"
)

// TestPredictionSameBitsEverywhere: the own-car prediction (Predict with
// the kcc move against the arena, as the demo's client runs it) computes
// the same path bits on every platform, so a browser (wasm) client's
// prediction error is exactly a native client's. The scenario is fixed
// (no network): a snapshot near a wall and 60 unacknowledged inputs
// steering into it and along it.
func TestPredictionSameBitsEverywhere(t *testing.T) {
	cfg, err := Config("")
	if err != nil {
		t.Fatal(err)
	}
	m, err := match.NewEmpty(cfg, 1)
	if err != nil {
		t.Fatal(err)
	}
	me, err := m.SpawnPlayer("me", 0)
	if err != nil {
		t.Fatal(err)
	}
	e := m.World.Entry(me)
	k := components.KCC.Get(e)
	level := components.LevelOf(m.World)
	y := components.Body.Get(e).Position[1]
	ph := cfg.Physics(40)

	half, radius := m.Arena.Half, m.Game.Ph.CarRadius
	c := &Client{}
	c.Welcome.You, c.Welcome.Half, c.Welcome.CarRadius = 7, half, radius
	c.snaps[0].s = wire.Snapshot{Tick: 100, Ack: 40, Players: []wire.PlayerState{
		{ID: 7, Flags: wire.FlagAlive, X: half - 4, Z: 3, VX: 6, VZ: -1},
	}}
	c.nsnap = 1
	for i := uint32(41); i <= 100; i++ {
		aim := float64(0.6 * detmath.Sin(float64(float64(i)*0.15)))
		c.hist = append(c.hist, wire.Input{Tick: i, Aim: aim, Throttle: 1})
	}
	var path [][2]float64
	last, ok := c.Predict(&ph, KCCMover(k.Controller, level, k.Shape, y), &path)
	if !ok || last != 100 || len(path) != 61 {
		t.Fatalf("predicted to tick %d (ok %v), %d points", last, ok, len(path))
	}
	h := fnv.New64a()
	for _, p := range path {
		fmt.Fprintf(h, "%016x%016x", math.Float64bits(p[0]), math.Float64bits(p[1]))
	}
	end := path[len(path)-1]
	t.Logf("path ends at (%.4f, %.4f), hash %016x", end[0], end[1], h.Sum64())
	if end[0] > half-radius+1e-9 {
		t.Fatalf("predicted through the wall: x %v > %v", end[0], half-c.Welcome.CarRadius)
	}
	const want = "8e719a64d073f69f"
	if got := fmt.Sprintf("%016x", h.Sum64()); got != want {
		t.Errorf("prediction path hash %s, recorded %s", got, want)
	}
}
