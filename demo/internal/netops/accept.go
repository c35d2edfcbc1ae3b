package netops

import (
	"net"
	"net/http"

	"github.com/coder/websocket"
)

// AcceptOptions are a game server's rules for a new websocket connection.
type AcceptOptions struct {
	// Limits counts the connections per remote address (and finds it
	// behind trusted proxies).
	Limits *AddressLimits
	// Ready reports whether the server takes players (false while it
	// drains: 503).
	Ready func() bool
	// Origins are the other web pages' host patterns allowed to connect
	// from a browser (websocket.AcceptOptions.OriginPatterns).
	Origins []string
	// ReadLimit is the largest message a client may send.
	ReadLimit int64
	// Logf logs a refused connection.
	Logf func(format string, args ...any)
}

// Accepted is a connection Accept let in. Release must be called when it
// ends (it gives its address's place back).
type Accepted struct {
	Conn *websocket.Conn
	// Raw is the socket when the HTTP server was set up with ConnContext
	// (for CloseWithin), else nil.
	Raw  net.Conn
	Addr string
}

// Accept applies the rules to a websocket request: 503 while the server
// is not ready, 429 over the address's limit, the websocket handshake
// (with the origin check) and the read limit. ok is false when the
// request was answered (refused) instead.
func Accept(w http.ResponseWriter, r *http.Request, o AcceptOptions) (a Accepted, ok bool) {
	addr := o.Limits.RemoteAddr(r)
	if !o.Ready() {
		http.Error(w, "the server is restarting: try again in a few seconds", http.StatusServiceUnavailable)
		return a, false
	}
	if !o.Limits.Open(addr) {
		o.Logf("refuse %s: more than %d connections from that address", addr, o.Limits.Max())
		http.Error(w, "too many connections from your address", http.StatusTooManyRequests)
		return a, false
	}
	c, err := websocket.Accept(w, r, &websocket.AcceptOptions{OriginPatterns: o.Origins})
	if err != nil {
		o.Limits.Close(addr)
		o.Logf("accept %s: %v", r.RemoteAddr, err)
		return a, false
	}
	c.SetReadLimit(o.ReadLimit)
	return Accepted{Conn: c, Raw: RawConn(r.Context()), Addr: addr}, true
}

// Release gives the connection's place back to limits.
func (a Accepted) Release(limits *AddressLimits) { limits.Close(a.Addr) }
