//go:build !js

package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/seedgames/motorkit/demo/internal/netops"
	"github.com/seedgames/motorkit/demo/internal/proctest"
	"github.com/seedgames/motorkit/demo/playground/online"
	"github.com/seedgames/motorkit/netplay"
)

// TestMain: the test binary is the server too, when a test starts it as a
// process (proctest.Self).
func TestMain(m *testing.M) {
	proctest.RunMain(main)
	os.Exit(m.Run())
}

// get returns the status and body of an HTTP GET.
func get(t *testing.T, url string) (int, string) {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, string(b)
}

func rooms(t *testing.T, base string) []netops.RoomInfo {
	t.Helper()
	code, body := get(t, base+"/rooms")
	var rs []netops.RoomInfo
	if err := json.Unmarshal([]byte(body), &rs); code != http.StatusOK || err != nil {
		t.Fatalf("/rooms: %d %q: %v", code, body, err)
	}
	return rs
}

// metric is the value of the metric line name in /metrics (-1: none).
func metric(t *testing.T, base, name string) float64 {
	t.Helper()
	_, body := get(t, base+"/metrics")
	for _, line := range strings.Split(body, "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			return f
		}
	}
	return -1
}

// play runs c's Update at 60 Hz until cond holds or d passes.
func play(t *testing.T, c *online.Client, d time.Duration, cond func() bool) bool {
	t.Helper()
	tk := time.NewTicker(time.Second / 60)
	defer tk.Stop()
	for end := time.Now().Add(d); time.Now().Before(end); {
		<-tk.C
		if err := c.Update(netplay.Command{}); err != nil {
			t.Fatalf("Update: %v", err)
		}
		if cond != nil && cond() {
			return true
		}
	}
	return false
}

// TestServeAndRestart builds and runs the command: /healthz, /readyz,
// /rooms (no match while empty, then one with its player) and /metrics
// answer; a player joins; SIGTERM with -state saves the match, tells the
// player (a Bye "restart") and exits 0 within the drain bound; a new
// process on the same -state logs "restored the match", sets the file
// aside as FILE.restored, and the player, dialing with its token, is back
// in its seat of the match that went on from the saved tick. With -web the
// browser page is served, playground.wasm gzipped (demo/internal/webpage).
func TestServeAndRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the server as a process")
	}
	dir := t.TempDir()
	bin := proctest.Self(t)
	state := filepath.Join(dir, "match.state")
	web := filepath.Join(dir, "web")
	wasm := strings.Repeat("\x00asm the playground ", 2000)
	if err := os.Mkdir(web, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string]string{"index.html": "<p>playground</p>", "playground.wasm": wasm} {
		if err := os.WriteFile(filepath.Join(web, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"-addr", "127.0.0.1:0", "-state", state, "-drain", "2s", "-grace", "10s", "-seats", "4", "-web", web}
	p1, addr := proctest.Start(t, bin, serverOn, args...)
	base := "http://" + addr
	if code, body := get(t, base+"/healthz"); code != http.StatusOK || body != "ok\n" {
		t.Fatalf("/healthz: %d %q", code, body)
	}
	if code, body := get(t, base+"/readyz"); code != http.StatusOK || body != "ready\n" {
		t.Fatalf("/readyz: %d %q", code, body)
	}
	if rs := rooms(t, base); len(rs) != 0 {
		t.Fatalf("/rooms of an empty server: %+v", rs)
	}
	if code, body := get(t, base+"/"); code != http.StatusOK || body != "<p>playground</p>" {
		t.Fatalf("/: %d %q", code, body)
	}
	req, _ := http.NewRequest(http.MethodGet, base+"/playground.wasm", nil)
	req.Header.Set("Accept-Encoding", "gzip") // set by hand: the body stays gzipped
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	gz, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" ||
		resp.Header.Get("Content-Type") != "application/wasm" || len(gz) >= len(wasm)/10 {
		t.Fatalf("/playground.wasm: %d %v, %d bytes of %d", resp.StatusCode, resp.Header, len(gz), len(wasm))
	}
	if v := metric(t, base, "playground_bytes_in_total"); v != 0 {
		t.Fatalf("playground_bytes_in_total %v before any player, want 0", v)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := online.Dial(ctx, "ws://"+addr+"/ws", online.DialOptions{Name: "Ann", Recipe: 1})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if !play(t, c, 2*time.Second, func() bool { return c.Token() != (online.Token{}) && c.Name(c.Net().Seat()) == "Ann" }) {
		t.Fatal("no token and roster within 2 s")
	}
	play(t, c, 500*time.Millisecond, nil)
	if rs := rooms(t, base); len(rs) != 1 || rs[0].Players != 1 || rs[0].Tick == 0 {
		t.Fatalf("/rooms with a player: %+v", rs)
	}
	// the hello is 4 bytes + the name + the 16 of the token, then the
	// inputs at 60 Hz: more than 100 bytes in 0.5 s.
	if v := metric(t, base, "playground_bytes_in_total"); v < 100 {
		t.Fatalf("playground_bytes_in_total %v after 0.5 s of play", v)
	}

	t0 := time.Now()
	stop := p1.Terminate(t, 10*time.Second)
	if p1.Err() != nil {
		t.Fatalf("the server's exit: %v\n%s", p1.Err(), p1.Log())
	}
	if !strings.Contains(p1.Log(), "saved the match to "+state) {
		t.Fatalf("no save in the log:\n%s", p1.Log())
	}
	if _, err := os.Stat(state); err != nil {
		t.Fatalf("no state file: %v", err)
	}
	// the player was told before the exit: its next Update says so.
	var bye *online.ByeError
	if err := c.Update(netplay.Command{}); !errors.As(err, &bye) || !strings.HasPrefix(bye.Reason, "restart") {
		t.Fatalf("the player saw %v, want a Bye restart", err)
	}
	seat := c.Net().Seat()

	p2, addr2 := proctest.Start(t, bin, serverOn, args...)
	if !strings.Contains(p2.Log(), "restored the match from "+state) {
		t.Fatalf("no restore in the log:\n%s", p2.Log())
	}
	if _, err := os.Stat(state + ".restored"); err != nil {
		t.Fatalf("the state file was not set aside: %v", err)
	}
	if _, err := os.Stat(state); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("the state file is still there: %v", err)
	}
	c2, err := online.Dial(ctx, "ws://"+addr2+"/ws", online.DialOptions{Name: "Ann", Token: c.Token()})
	if err != nil {
		t.Fatalf("redial: %v\n%s", err, p2.Log())
	}
	defer c2.Close()
	if c2.Net().Seat() != seat {
		t.Fatalf("back in seat %d, was %d", c2.Net().Seat(), seat)
	}
	if r, _ := c2.Net().Game().Recipe(seat); r != 1 {
		t.Fatalf("playing recipe %d, was 1", r)
	}
	if rs := rooms(t, "http://"+addr2); len(rs) != 1 || rs[0].Players != 1 || rs[0].Tick < 30 {
		t.Fatalf("/rooms after the restore: %+v, want the match of 1 player from its tick (≥ 30: 0.5 s at 60 Hz)", rs)
	}
	t.Logf("SIGTERM to exit %v; back in the seat after %v", stop.Round(time.Millisecond), time.Since(t0).Round(time.Millisecond))
}

// TestFlags: -seats out of 1..16 and a bad -origin pattern are refused;
// the trusted proxies reach the options, the defaults are the playground's.
func TestFlags(t *testing.T) {
	for _, args := range [][]string{{"-seats", "0"}, {"-seats", "17"}, {"-origin", "[x"}} {
		if _, err := parseFlags(args); err == nil {
			t.Errorf("%v accepted", args)
		}
	}
	f, err := parseFlags([]string{"-seats", "16", "-origin", "*.example.com", "-trusted-proxy", "10.0.0.0/8"})
	d := online.DefaultOptions()
	if err != nil || f.seats != 16 || len(f.Origins) != 1 || len(f.Proxies) != 1 || f.PerAddress != d.MaxPerAddress ||
		f.Idle != d.IdleTimeout || f.Grace != d.Grace || f.level != d.Game.Level {
		t.Fatalf("%+v %v", f, err)
	}
}

// serverOn finds the server's address in its log.
var serverOn = regexp.MustCompile(`playground server on (\S+):`)
