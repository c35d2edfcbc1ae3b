package netops

import (
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
)

// AddressLimits counts a server's open connections per remote address and
// refuses one more beyond a maximum, so that one script cannot take every
// place. The remote address is the connection's IP or, for a connection
// from a trusted reverse proxy, the client's IP the proxy reports in
// X-Forwarded-For. It is safe for concurrent use.
type AddressLimits struct {
	max     int
	proxies []netip.Prefix

	mu    sync.Mutex
	conns map[string]int
}

// NewAddressLimits returns limits of perAddress open connections per
// address.
// trustedProxies are the addresses (IPs or CIDRs) of the reverse proxies
// in front of the server; an entry that is neither is an error naming it.
func NewAddressLimits(perAddress int, trustedProxies []string) (*AddressLimits, error) {
	proxies, err := parseProxies(trustedProxies)
	if err != nil {
		return nil, err
	}
	return &AddressLimits{max: perAddress, proxies: proxies, conns: map[string]int{}}, nil
}

// parseProxies parses trusted proxy addresses: each an IP (a prefix of its
// full length) or a CIDR.
func parseProxies(list []string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, p := range list {
		pre, err := netip.ParsePrefix(p)
		if err != nil {
			ip, err2 := netip.ParseAddr(p)
			if err2 != nil {
				return nil, fmt.Errorf("trusted proxy %q: not an IP or CIDR", p)
			}
			pre = netip.PrefixFrom(ip.Unmap(), ip.Unmap().BitLen())
		}
		out = append(out, pre)
	}
	return out, nil
}

// Max is the most open connections per address.
func (l *AddressLimits) Max() int { return l.max }

// RemoteAddr is the address the limits count r against: the connection's
// IP, or for a connection from a trusted proxy the rightmost address of
// X-Forwarded-For that is not itself a trusted proxy (the proxy's own
// address when the header has none, or when an entry there is not an IP).
// Headers from anyone else are ignored.
func (l *AddressLimits) RemoteAddr(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || !l.trusted(ip) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		h, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
		if err != nil {
			break
		}
		if !l.trusted(h) {
			return h.String()
		}
	}
	return host
}

func (l *AddressLimits) trusted(ip netip.Addr) bool {
	for _, p := range l.proxies {
		if p.Contains(ip.Unmap()) {
			return true
		}
	}
	return false
}

// Open counts a new connection from addr; it reports false, counting
// nothing, when addr already has Max open. Each true is paired with a
// Close when the connection ends.
func (l *AddressLimits) Open(addr string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conns[addr] >= l.max {
		return false
	}
	l.conns[addr]++
	return true
}

// Close counts the end of a connection Open admitted.
func (l *AddressLimits) Close(addr string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.conns[addr]--; l.conns[addr] <= 0 {
		delete(l.conns, addr)
	}
}

// Count is the number of open connections, all addresses together.
func (l *AddressLimits) Count() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, c := range l.conns {
		n += c
	}
	return n
}
