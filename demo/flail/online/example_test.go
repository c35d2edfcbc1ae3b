package online_test

import (
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"time"

	"github.com/seedgames/motorkit/demo/flail/online"
	"github.com/seedgames/motorkit/demo/flail/wire"
)

// A server on 127.0.0.1 and a client that joins, drives one tick and
// reads the snapshot that acknowledges it.
func Example() {
	srv, err := online.NewServer(online.ServerOptions{RoomSize: 4, Log: log.New(io.Discard, "", 0)})
	if err != nil {
		panic(err)
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	hs := &http.Server{Handler: srv, ConnContext: online.ConnContext}
	go hs.Serve(ln)
	defer hs.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, err := online.Dial(ctx, "ws://"+ln.Addr().String()+"/ws", online.DialOptions{Name: "Ann"})
	if err != nil {
		panic(err)
	}
	defer c.Close()
	tick, _ := c.SendInput(ctx, 0, 1, 0) // aim +X, full throttle
	var s wire.Snapshot
	for ctx.Err() == nil && !(c.Latest(&s) && s.Ack == tick) {
		time.Sleep(5 * time.Millisecond)
	}
	me, _ := c.Roster(c.Welcome.You)
	fmt.Printf("%s in room %d at %d Hz: %d cars, input %d applied\n", me.Name, c.Welcome.Room, c.Welcome.TickRate, len(s.Players), s.Ack)
	// Output: Ann in room 0 at 40 Hz: 4 cars, input 1 applied
}
