package online

import (
	"io"
	"log"
	"testing"

	"github.com/seedgames/motorkit/demo/flail/wire"
)

// BenchmarkRoomTick measures one server tick of a 16-car room with 4
// people connected (inputs applied, match stepped, snapshot encoded once
// and queued per person) against the bare match step of the same room as
// the baseline.
func BenchmarkRoomTick(b *testing.B) {
	for _, people := range []int{0, 4} {
		name := "step_only"
		if people > 0 {
			name = "with_4_people"
		}
		b.Run(name, func(b *testing.B) {
			s, err := NewServer(ServerOptions{RoomSize: 16, MaxPerAddress: 1 << 20, Log: log.New(io.Discard, "", 0)})
			if err != nil {
				b.Fatal(err)
			}
			r, err := newRoom(s, 0)
			if err != nil {
				b.Fatal(err)
			}
			var conns []*conn
			for i := 0; i < people; i++ {
				cl := &conn{s: s, out: make(chan []byte, 1<<12), done: make(chan struct{})}
				if _, err := r.add(cl, "p"); err != nil {
					b.Fatal(err)
				}
				conns = append(conns, cl)
			}
			drain := func() {
				for _, cl := range conns {
					for len(cl.out) > 0 {
						m := <-cl.out
						if wire.KindOf(m) == wire.KindSnapshot {
							putSnapBuf(m)
						}
					}
				}
			}
			for i := 0; i < 200; i++ { // warm up
				r.tick()
				drain()
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if people == 0 {
					r.m.Pipeline.Step()
					r.m.Events()
				} else {
					for _, p := range r.people {
						p.queue = append(p.queue, wire.Input{Tick: p.lastIn + 1, Aim: float64(i) * 0.01, Throttle: 1})
						p.lastIn++
					}
					r.tick()
					drain()
				}
			}
		})
	}
}
