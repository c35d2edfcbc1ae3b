package netsim_test

import (
	"testing"
	"time"

	"github.com/seedgames/motorkit/tools/netsim/netsim"
)

// run plays 8 players over a network of 100 ms round trip, ±20 ms of
// jitter and 5% loss for 12 simulated seconds (6 with -short).
func run(t *testing.T, movers int) netsim.Report {
	t.Helper()
	d := 12 * time.Second
	if testing.Short() {
		d = 6 * time.Second
	}
	rep, err := netsim.Run(netsim.Config{Players: 8, Movers: movers, RTT: 100 * time.Millisecond,
		Jitter: 20 * time.Millisecond, Loss: 0.05, Duration: d, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%+v", rep)
	if missed := rep.Missed(); len(missed) > 0 {
		t.Errorf("missed: %q", missed)
	}
	// The match ran: every second of it, checksums compared by every
	// client, rollbacks over the lossy link.
	if want := uint64(d.Seconds()*60) - 1; rep.Ticks < want || rep.ChecksumsCompared < 8*uint64(d.Seconds()) || rep.Rollbacks == 0 {
		t.Errorf("%d ticks (want %d), %d checksums compared, %d rollbacks", rep.Ticks, want, rep.ChecksumsCompared, rep.Rollbacks)
	}
	return rep
}

// Every player moving: no desync, no visual step of 5 cm, within the
// bandwidth budget.
func TestEveryoneMoving(t *testing.T) {
	run(t, 0)
}

// One player moving (Movers 1): as above, and that player's character,
// the only one that moves, is never corrected.
func TestOneMoving(t *testing.T) {
	if rep := run(t, 1); rep.Corrections != 0 || rep.Config.Movers != 1 {
		t.Errorf("%d corrections with %d moving", rep.Corrections, rep.Config.Movers)
	}
}
