package online

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/seedgames/motorkit/netplay"
)

// DialOptions configure Dial.
type DialOptions struct {
	// Name is the player's name (cut to MaxName bytes by the server).
	Name string
	// Recipe is the index of the recipe to play in the server's
	// netplay.GameOptions.Recipes (by default Recipes: 0-3 are the keys
	// 1-4, arena, rpg, hybrid, fps).
	Recipe int
	// Token, when not zero, asks for the seat of an earlier connection
	// (after a drop or a server restart).
	Token Token
	// Client are the netplay client's options.
	Client netplay.ClientOptions
}

// Client is a connection to a Server and the netplay.Client it feeds. A
// game calls Update once per frame from one goroutine; a goroutine of
// its own reads the socket, another writes it.
type Client struct {
	ws    *websocket.Conn
	net   *netplay.Client
	opts  DialOptions
	token Token
	url   string

	in    chan []byte // messages read, for Update
	out   chan []byte // messages to write
	done  chan struct{}
	once  sync.Once
	err   atomic.Value // error: why the connection ended
	names [netplay.MaxSeats]string

	bytesIn, bytesOut atomic.Uint64
	resyncs           int
	start             time.Time // the wall clock of frame 0
	frames            int64     // frames run since start
}

// Dial connects to the server at url (ws://host:port/ws), says hello and
// waits for the welcome.
func Dial(ctx context.Context, url string, o DialOptions) (*Client, error) {
	ws, _, err := websocket.Dial(ctx, url, dialOptions())
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(netplay.MaxStateBytes + 1024)
	if err := ws.Write(ctx, websocket.MessageBinary, netplay.AppendHello(nil, &netplay.Hello{Recipe: o.Recipe, Name: o.Name, Token: o.Token})); err != nil {
		ws.CloseNow()
		return nil, err
	}
	c := &Client{ws: ws, opts: o, url: url, in: make(chan []byte, 256), out: make(chan []byte, 64), done: make(chan struct{})}
	for c.net == nil {
		_, b, err := ws.Read(ctx)
		if err != nil {
			ws.CloseNow()
			return nil, err
		}
		c.bytesIn.Add(uint64(len(b)))
		if err := c.handle(b); err != nil {
			ws.CloseNow()
			return nil, err
		}
	}
	go c.readLoop()
	go c.writeLoop()
	return c, nil
}

// handle applies one message from the server (in Dial, or in Update).
func (c *Client) handle(b []byte) error {
	if len(b) == 0 {
		return fmt.Errorf("%w: empty", errMessage)
	}
	switch b[0] {
	case netplay.MsgWelcome:
		n, err := netplay.NewClient(b, c.opts.Client)
		if err != nil {
			return err
		}
		if c.net != nil {
			c.resyncs++
		}
		c.net = n
	case netplay.MsgTickInputs:
		if c.net == nil {
			return fmt.Errorf("%w: tick inputs before the welcome", errMessage)
		}
		err := c.net.Receive(b)
		if errors.Is(err, netplay.ErrDesync) {
			c.send([]byte{MsgResync}) // a new welcome puts it right
		} else if err != nil {
			return err
		}
	case MsgToken:
		if len(b) != 1+len(c.token) {
			return fmt.Errorf("%w: token", errMessage)
		}
		copy(c.token[:], b[1:])
	case MsgRoster:
		r, err := DecodeRoster(b)
		if err != nil {
			return err
		}
		c.names = [netplay.MaxSeats]string{}
		for _, e := range r {
			c.names[e.Seat] = e.Name
		}
	case MsgBye:
		bye, err := DecodeBye(b)
		if err != nil {
			return err
		}
		return &ByeError{bye}
	default:
		return fmt.Errorf("%w: kind %d", errMessage, b[0])
	}
	return nil
}

func (c *Client) readLoop() {
	for {
		_, b, err := c.ws.Read(context.Background())
		if err != nil {
			c.end(err)
			return
		}
		c.bytesIn.Add(uint64(len(b)))
		// A Bye is the connection's end: it is the error from here on.
		// Left for Update, it lost to the close the server sends right
		// after it (Err reported the close, without the reason or the
		// URL of a handoff). Reading on answers that close.
		if len(b) > 0 && b[0] == MsgBye {
			if bye, err := DecodeBye(b); err == nil {
				c.end(&ByeError{bye})
				for {
					if _, _, err := c.ws.Read(context.Background()); err != nil {
						return
					}
				}
			}
		}
		select {
		case c.in <- b:
		case <-c.done:
			return
		}
	}
}

func (c *Client) writeLoop() {
	for {
		select {
		case b := <-c.out:
			if err := c.ws.Write(context.Background(), websocket.MessageBinary, b); err != nil {
				c.end(err)
				return
			}
			c.bytesOut.Add(uint64(len(b)))
		case <-c.done:
			return
		}
	}
}

// send queues a message; when the writer is that far behind, the message
// is dropped (inputs are sent again in the next ones).
func (c *Client) send(b []byte) {
	select {
	case c.out <- b:
	default:
	}
}

func (c *Client) end(err error) {
	c.once.Do(func() {
		c.err.Store(err)
		close(c.done)
	})
}

// Err is why the connection ended (a *ByeError when the server ended it),
// nil while it lasts.
func (c *Client) Err() error {
	select {
	case <-c.done:
		err, _ := c.err.Load().(error)
		return err
	default:
		return nil
	}
}

// Update plays one frame: the messages that arrived, then the player's
// command through the netplay client (its clock runs zero, one or two
// ticks), then the inputs message. It returns the connection's end
// (Err) once it ended.
func (c *Client) Update(cmd netplay.Command) error {
	if err := c.Err(); err != nil {
		return err
	}
	for more := true; more; {
		select {
		case b := <-c.in:
			if err := c.handle(b); err != nil {
				c.end(err)
				c.ws.Close(websocket.StatusPolicyViolation, "bad message")
				return err
			}
		default:
			more = false
		}
	}
	// A display slower than the tick rate (a busy browser) calls Update
	// less often: the frames the wall clock says are due run here, up to
	// 8, so the client's clock keeps the server's pace.
	now := time.Now()
	tick := time.Duration(float64(time.Second) / c.net.Game().Options().TickRate)
	if c.start.IsZero() || now.Sub(c.start) > time.Duration(c.frames+60)*tick {
		c.start, c.frames = now, 0 // the first frame, or a long stall: count from here
	}
	due := int64(now.Sub(c.start)/tick) - c.frames
	for i := int64(0); i < max(1, min(due, 8)); i++ {
		if _, err := c.net.Frame(cmd); err != nil {
			return err
		}
		c.frames++
		if msg := c.net.InputsMessage(nil); len(msg) > 0 {
			c.send(msg)
		}
	}
	return nil
}

// Switch asks the server for another recipe (its index).
func (c *Client) Switch(recipe int) { c.send(netplay.AppendSwitch(nil, recipe)) }

// Net is the netplay client: the game, its stats, where to draw whom.
// It changes after a resync: take it anew each frame.
func (c *Client) Net() *netplay.Client { return c.net }

// Name returns seat's player name ("" when none).
func (c *Client) Name(seat int) string {
	if seat < 0 || seat >= netplay.MaxSeats {
		return ""
	}
	return c.names[seat]
}

// Token is the seat's token, for Dial after a drop.
func (c *Client) Token() Token { return c.token }

// URL is the server's.
func (c *Client) URL() string { return c.url }

// Resyncs counts the new welcomes after a desync.
func (c *Client) Resyncs() int { return c.resyncs }

// Bytes returns the bytes read and written so far (message payloads).
func (c *Client) Bytes() (in, out uint64) { return c.bytesIn.Load(), c.bytesOut.Load() }

// Close ends the connection.
func (c *Client) Close() error {
	c.end(errors.New("online: closed"))
	return c.ws.Close(websocket.StatusNormalClosure, "bye")
}
