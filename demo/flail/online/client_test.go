package online

import (
	"context"
	"math"
	"sort"
	"testing"
	"time"

	"github.com/seedgames/motorkit/demo/flail/wire"
	"github.com/seedgames/motorkit/demo/internal/proctest"
)

// TestPrediction: a client drives for 2 s and records, after every input,
// where Predict puts its car for that input's tick; when the server's
// snapshot acknowledges that tick, the prediction is compared with the
// authoritative position. Prediction replays the same drive and drag
// (v = (v + a u)/drag, p += v dt) the server runs; what it leaves out
// (walls, the rope's pull on the car, float32 on the wire) is small: the
// median error must stay under 5 cm. For scale, the test also reports how
// far the newest snapshot lags the prediction (on loopback a tick or two,
// ~4-8 cm at 4 m/s; over a real network with the ~100 ms buffer, meters).
func TestPrediction(t *testing.T) {
	_, url, _ := startServer(t, ServerOptions{RoomSize: 2, Seed: 5})
	c := dial(t, url, DialOptions{Name: "pred"})
	defer c.Close()
	cfg, err := Config("")
	if err != nil {
		t.Fatal(err)
	}
	ph := cfg.Physics(float64(c.Welcome.TickRate))
	var s wire.Snapshot
	if !proctest.WaitFor(2*time.Second, func() bool { return c.Latest(&s) && me(&s, c.Welcome.You) != nil }) {
		t.Fatal("no snapshot")
	}
	pred := map[uint32][2]float64{}
	var path [][2]float64
	tk := time.NewTicker(25 * time.Millisecond)
	defer tk.Stop()
	var errs, naive []float64
	check := func() {
		if !c.Latest(&s) {
			return
		}
		p := me(&s, c.Welcome.You)
		if p == nil || p.Flags&wire.FlagAlive == 0 {
			return
		}
		if q, ok := pred[s.Ack]; ok {
			errs = append(errs, math.Hypot(q[0]-p.X, q[1]-p.Z))
			delete(pred, s.Ack)
		}
	}
	for i := 0; i < 80; i++ {
		<-tk.C
		aim := 0.8 * math.Sin(float64(i)*0.1)
		tick, err := c.SendInput(context.Background(), aim, 1, 0)
		if err != nil {
			t.Fatal(err)
		}
		if last, ok := c.Predict(&ph, nil, &path); ok && last == tick {
			pred[tick] = path[len(path)-1]
			if c.Latest(&s) {
				if p := me(&s, c.Welcome.You); p != nil {
					naive = append(naive, math.Hypot(path[len(path)-1][0]-p.X, path[len(path)-1][1]-p.Z))
				}
			}
		}
		check()
	}
	proctest.WaitFor(time.Second, func() bool { check(); return len(pred) == 0 })
	if len(errs) < 40 {
		t.Fatalf("only %d predictions checked", len(errs))
	}
	sort.Float64s(errs)
	sort.Float64s(naive)
	med, nmed := errs[len(errs)/2], naive[len(naive)/2]
	t.Logf("prediction error: median %.4f m, max %.4f m over %d ticks; the unpredicted (latest snapshot) car is %.3f m behind (median)",
		med, errs[len(errs)-1], len(errs), nmed)
	if med > 0.05 {
		t.Fatalf("median prediction error %.3f m", med)
	}
}

// TestSmoother: a correction of 1 m decays with the time constant (to
// e^-1 after Tau), and a jump of more than 3 m (a respawn) is not smoothed.
func TestSmoother(t *testing.T) {
	s := Smoother{Tau: 0.1}
	s.Update([][2]float64{{0, 0}}, 10, 0.01)
	// the server moved tick 10 by 1 m along x.
	got := s.Update([][2]float64{{1, 0}}, 10, 0)
	if got[0] != 0 {
		t.Fatalf("first frame after the correction shows x %v, want 0 (continuous)", got[0])
	}
	var x float64
	for i := 0; i < 10; i++ {
		x = s.Update([][2]float64{{1, 0}}, 10, 0.01)[0]
	}
	if want := 1 - math.Exp(-1); math.Abs(x-want) > 1e-9 {
		t.Fatalf("after Tau x = %v, want %v", x, want)
	}
	if got := s.Update([][2]float64{{9, 0}}, 10, 0); got[0] != 9 {
		t.Fatalf("a 8 m jump was smoothed: %v", got)
	}
}

// TestInterpolation: with snapshots 25 ms apart, the client shows the
// state between the two around (newest server time - Delay).
func TestInterpolation(t *testing.T) {
	c := &Client{opts: DialOptions{Delay: 100 * time.Millisecond}, Welcome: wire.Welcome{TickRate: 40}}
	base := time.Unix(1000, 0)
	for k := uint32(0); k < 10; k++ {
		slot := &c.snaps[c.nsnap%snapRing]
		slot.s = wire.Snapshot{Tick: 100 + k, Players: []wire.PlayerState{{ID: 1, Flags: wire.FlagAlive, X: float64(k), Aim: 3.1}}}
		slot.at = base.Add(time.Duration(k) * 25 * time.Millisecond)
		c.nsnap++
	}
	c.offset = base.Sub(c.serverTime(100))
	var ps []wire.PlayerState
	// newest is tick 109 at base+225ms; 100 ms earlier is tick 105, and
	// 12.5 ms later the middle of 105 and 106.
	rt, ok := c.Interpolated(base.Add(225*time.Millisecond+12500*time.Microsecond), &ps)
	if !ok || math.Abs(rt-105.5) > 1e-6 || math.Abs(ps[0].X-5.5) > 1e-9 {
		t.Fatalf("rt %v, x %v; want 105.5 and 5.5", rt, ps[0].X)
	}
	if got := LerpAngle(3.1, -3.1, 0.5); math.Abs(math.Abs(got)-math.Pi) > 1e-9 {
		t.Fatalf("angle lerp across pi: %v", got)
	}
	// far in the future: the newest, no extrapolation.
	if _, _ = c.Interpolated(base.Add(10*time.Second), &ps); ps[0].X != 9 {
		t.Fatalf("x %v, want the newest 9", ps[0].X)
	}
}

// TestPredictMover: Predict moves the car with the given Mover (here a
// wall at x = 0.5 m that stops the car) and replays every unacknowledged
// input once.
func TestPredictMover(t *testing.T) {
	c := &Client{Welcome: wire.Welcome{You: 1, TickRate: 40, Half: 20, CarRadius: 0.5}}
	c.snaps[0].s = wire.Snapshot{Tick: 10, Ack: 2, Players: []wire.PlayerState{{ID: 1, Flags: wire.FlagAlive}}}
	c.nsnap = 1
	for k := uint32(1); k <= 30; k++ {
		c.hist = append(c.hist, wire.Input{Tick: k, Aim: 0, Throttle: 1})
	}
	cfg, err := Config("")
	if err != nil {
		t.Fatal(err)
	}
	ph := cfg.Physics(40)
	wall := func(pos, vel [2]float64, dt float64) ([2]float64, [2]float64) {
		x := pos[0] + vel[0]*dt
		if x > 0.5 {
			return [2]float64{0.5, pos[1]}, [2]float64{0, vel[1]}
		}
		return [2]float64{x, pos[1] + vel[1]*dt}, vel
	}
	var path [][2]float64
	last, ok := c.Predict(&ph, wall, &path)
	if !ok || last != 30 || len(path) != 29 {
		t.Fatalf("last %d ok %v, %d path points; want 30, true, 1 + 28 inputs after ack 2", last, ok, len(path))
	}
	if end := path[len(path)-1]; end[0] != 0.5 {
		t.Fatalf("car ends at x %v, want the wall's 0.5", end[0])
	}
	// without a mover the car runs free along +X, 28 ticks from rest at
	// full throttle (docs/flail.md#exact-mode-default-the-reference-server-reproduced, 100 u/m): v_n = 10 (1 - 1.1^-n) u/tick, so
	// x = sum v_n = 10 (28 - 10 (1 - 1.1^-28)) u = 186.93 u = 1.8693 m.
	last, _ = c.Predict(&ph, nil, &path)
	want := 10 * (28 - 10*(1-math.Pow(1.1, -28))) / 100
	if end := path[len(path)-1]; math.Abs(end[0]-want) > 1e-6 || last != 30 {
		t.Fatalf("free car ends at x %v, want %v", end[0], want)
	}
}
