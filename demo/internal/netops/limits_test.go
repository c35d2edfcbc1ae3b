package netops

import (
	"net/http"
	"strings"
	"sync"
	"testing"
)

// An address gets Max connections and no more; closing one frees a place,
// other addresses count apart, and Count is the total.
func TestAddressLimitsAtTheMax(t *testing.T) {
	l, err := NewAddressLimits(2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if l.Max() != 2 {
		t.Fatalf("Max %d", l.Max())
	}
	for i := 0; i < 2; i++ {
		if !l.Open("a") {
			t.Fatalf("connection %d from a refused below the max", i+1)
		}
	}
	if l.Open("a") {
		t.Fatal("a third connection from a")
	}
	if !l.Open("b") {
		t.Fatal("b refused for a's connections")
	}
	if n := l.Count(); n != 3 {
		t.Fatalf("Count %d, want 3", n)
	}
	l.Close("a")
	if !l.Open("a") {
		t.Fatal("refused after a close")
	}
	if l.Open("a") {
		t.Fatal("a third connection from a after close and open")
	}
	l.Close("a")
	l.Close("a")
	l.Close("b")
	if n := l.Count(); n != 0 {
		t.Fatalf("Count %d after every close", n)
	}
	if len(l.conns) != 0 {
		t.Fatalf("closed addresses kept: %v", l.conns)
	}
}

// Concurrent opens from one address never admit more than Max at once
// (go test -race checks the locking).
func TestAddressLimitsConcurrent(t *testing.T) {
	l, err := NewAddressLimits(5, nil)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	admitted := 0
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if l.Open("x") {
				mu.Lock()
				admitted++
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if admitted != 5 || l.Count() != 5 {
		t.Fatalf("%d admitted, Count %d; want 5", admitted, l.Count())
	}
}

// Behind trusted proxies the address is the rightmost X-Forwarded-For hop
// that is not a trusted proxy; anyone else's header is ignored.
func TestRemoteAddr(t *testing.T) {
	l, err := NewAddressLimits(8, []string{"10.0.0.0/8", "192.0.2.1", "::ffff:198.51.100.9"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ remote, xff, want string }{
		{"10.1.2.3:5000", "203.0.113.7", "203.0.113.7"},                          // a trusted CIDR
		{"192.0.2.1:5000", "203.0.113.7", "203.0.113.7"},                         // a trusted IP
		{"198.51.100.9:5000", "203.0.113.7", "203.0.113.7"},                      // a trusted IPv4-mapped IP
		{"10.1.2.3:5000", "198.51.100.1, 203.0.113.7, 10.9.9.9", "203.0.113.7"},  // trusted hops skipped
		{"10.1.2.3:5000", "198.51.100.1, 203.0.113.7, 192.0.2.1", "203.0.113.7"}, // mixed trusted hops
		{"203.0.113.50:5000", "198.51.100.1", "203.0.113.50"},                    // an untrusted peer's header
		{"10.1.2.3:5000", "", "10.1.2.3"},                                        // no header
		{"10.1.2.3:5000", "garbage", "10.1.2.3"},                                 // not an IP
		{"10.1.2.3:5000", "10.2.2.2, 10.3.3.3", "10.1.2.3"},                      // only proxies
		{"[2001:db8::1]:5000", "203.0.113.7", "2001:db8::1"},                     // IPv6 peer
		{"not-a-host-port", "203.0.113.7", "not-a-host-port"},                    // odd RemoteAddr
	} {
		r := &http.Request{RemoteAddr: tc.remote, Header: http.Header{}}
		if tc.xff != "" {
			r.Header.Set("X-Forwarded-For", tc.xff)
		}
		if got := l.RemoteAddr(r); got != tc.want {
			t.Errorf("remote %s, X-Forwarded-For %q: %q, want %q", tc.remote, tc.xff, got, tc.want)
		}
	}
	// several header lines read as one list
	r := &http.Request{RemoteAddr: "10.1.2.3:1", Header: http.Header{}}
	r.Header.Add("X-Forwarded-For", "203.0.113.1")
	r.Header.Add("X-Forwarded-For", "203.0.113.2, 10.4.4.4")
	if got := l.RemoteAddr(r); got != "203.0.113.2" {
		t.Errorf("two header lines: %q, want 203.0.113.2", got)
	}
}

// A trusted proxy that is neither an IP nor a CIDR is an error naming it.
func TestBadTrustedProxy(t *testing.T) {
	for _, bad := range []string{"not-an-ip", "10.0.0.0/33", "10.0.0.1:80", ""} {
		_, err := NewAddressLimits(8, []string{"127.0.0.1", bad})
		if err == nil {
			t.Errorf("%q accepted", bad)
			continue
		}
		if want := `trusted proxy "` + bad + `": not an IP or CIDR`; !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %q, want it to say %q", bad, err, want)
		}
	}
}
