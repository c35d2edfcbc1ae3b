//go:build !js

package fleet

import (
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"

	"github.com/nats-io/nats.go"
	"github.com/seedgames/motorkit/demo/internal/netops"
)

// Flags are a server command's fleet options (-nats, -nats-creds,
// -public, -id).
type Flags struct {
	// NATS is the NATS server URL(s), comma-separated; "" runs alone.
	NATS string
	// Creds is a NATS credentials file (user JWT and NKey seed), or "".
	Creds string
	// Public is the websocket URL players reach this server at (default
	// ws://HOST:PORT/ws from the listener).
	Public string
	// ID names the server in the directory (default random).
	ID string
}

// Register defines -nats, -nats-creds, -public and -id on fs.
func (f *Flags) Register(fs *flag.FlagSet) {
	fs.StringVar(&f.NATS, "nats", "", "NATS server URL(s), comma-separated: join a fleet of servers (JetStream directory, /join, matches handed over on drain); see docs/online.md")
	fs.StringVar(&f.Creds, "nats-creds", "", "with -nats: NATS credentials file (user JWT and NKey seed)")
	fs.StringVar(&f.Public, "public", "", "with -nats: the websocket URL players reach this server at (default ws://HOST:PORT/ws from -addr)")
	fs.StringVar(&f.ID, "id", "", "with -nats: this server's name in the directory (default random)")
}

// Route serves the server's rooms on mux: alone, /rooms from ops (the
// server's own); with f.NATS, it joins the fleet of that NATS as client
// name, in bucket (one per game), and /rooms and /join are the fleet's.
// It returns the member (nil alone).
func Route(mux *http.ServeMux, ops http.Handler, srv Server, f Flags, name, bucket string, ln net.Listener) (*Member, error) {
	if f.NATS == "" {
		mux.Handle("/rooms", ops)
		return nil, nil
	}
	opts := []nats.Option{nats.Name(name), nats.MaxReconnects(-1)}
	if f.Creds != "" {
		opts = append(opts, nats.UserCredentials(f.Creds))
	}
	nc, err := nats.Connect(f.NATS, opts...)
	if err != nil {
		return nil, fmt.Errorf("nats %s: %w", f.NATS, err)
	}
	public := f.Public
	if public == "" {
		public = "ws://" + netops.HostPort(ln.Addr()) + "/ws"
	}
	m, err := Join(srv, Options{Conn: nc, URL: public, ID: f.ID, Bucket: bucket})
	if err != nil {
		nc.Close()
		return nil, err
	}
	fh := m.Handler()
	mux.Handle("/rooms", fh)
	mux.Handle("/join", fh)
	log.Printf("in the fleet of %s as %s", f.NATS, m.ID())
	return m, nil
}
