package game

import (
	"context"
	"io"
	"log"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/components"
	"github.com/seedgames/motorkit/demo/internal/netops"
	"github.com/seedgames/motorkit/demo/playground/online"
	"github.com/seedgames/motorkit/motors"
	"github.com/seedgames/motorkit/netplay"
)

// TestTwoPlayersOverAServer plays the platformer level on a real server:
// the playground's online server (websockets, the netplay host) on
// 127.0.0.1 with the platformer level and recipe (as `go run
// ./demo/playgroundserver -level platformer-side -recipes
// platformer_hero` runs it), and two clients dialled to it, each playing
// the demo's script at its own phase at 60 frames a second for 4 s. Both
// are seated, compare checksums with the host and find no desync, and
// both heroes leave their start running right and stay in the plane.
func TestTwoPlayersOverAServer(t *testing.T) {
	srv, err := online.NewServer(online.Options{Game: netplay.GameOptions{Level: OnlineSide, Recipes: []string{"platformer_hero"}},
		Seats: 4, MaxPerAddress: 4, Grace: 10 * time.Millisecond, Log: log.New(io.Discard, "", 0)})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewUnstartedServer(srv)
	hs.Config.ConnContext = netops.ConnContext
	hs.Start()
	defer func() { srv.Close(); hs.Close() }()
	url := "ws" + strings.TrimPrefix(hs.URL, "http") + "/ws"
	var cs []*online.Client
	for _, name := range []string{"Ann", "Bob"} {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		c, err := online.Dial(ctx, url, online.DialOptions{Name: name})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		cs = append(cs, c)
	}
	// A hostile client: garbage instead of a hello, then garbage after a
	// hello. The server drops it; the two players play on.
	hostile := func(msgs ...[]byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		c, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			t.Error(err)
			return
		}
		defer c.CloseNow()
		for _, m := range msgs {
			_ = c.Write(ctx, websocket.MessageBinary, m)
		}
		// It may be welcomed (a hello first); then the server ends the
		// connection, well before the 5 s of the context.
		for {
			if _, _, err := c.Read(ctx); err != nil {
				if ctx.Err() != nil {
					t.Error("the server kept a hostile client for 5 s")
				}
				return
			}
		}
	}
	tk := time.NewTicker(time.Second / 60)
	defer tk.Stop()
	for frame := 0; frame < 240; frame++ {
		<-tk.C
		switch frame {
		case 60:
			go hostile([]byte{0xde, 0xad, 0xbe, 0xef, 0, 1, 2})
		case 120:
			go hostile(netplay.AppendHello(nil, &netplay.Hello{Recipe: 0, Name: "Eve"}), []byte{netplay.MsgInputs, 0xff, 0xff, 0xff})
		}
		for i, c := range cs {
			cmd := autopilotCommand(int(c.Net().Tick()) + 40*i)
			if err := c.Update(netplay.EncodeCommand(motors.Command(cmd), motors.View{Yaw: -1.5707963267948966})); err != nil {
				t.Fatalf("client %d, frame %d: %v", i, frame, err)
			}
		}
	}
	for i, c := range cs {
		st := c.Net().Stats()
		t.Logf("client %d: tick %d, %+v", i, c.Net().Tick(), st)
		if st.Desyncs != 0 || st.ChecksumsCompared == 0 {
			t.Errorf("client %d: %d desyncs, %d checksums compared", i, st.Desyncs, st.ChecksumsCompared)
		}
		g := c.Net().Game()
		seated := 0
		for s := range netplay.MaxSeats {
			e, ok := g.Character(s)
			if !ok {
				continue
			}
			seated++
			b := components.Body.Get(e)
			if b.Position[2] != 0 || b.Position[0]*16 < 100 {
				t.Errorf("client %d sees seat %d at %v m: not running right, or off the plane", i, s, b.Position)
			}
		}
		if seated != 2 {
			t.Errorf("client %d sees %d players, want 2", i, seated)
		}
	}
}
