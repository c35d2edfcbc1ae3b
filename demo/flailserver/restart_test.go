//go:build !js

package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/seedgames/motorkit/demo/flail/online"
	"github.com/seedgames/motorkit/flail/wire"
)

// serverProc is a flailserver process whose log is kept line by line.
type serverProc struct {
	cmd   *exec.Cmd
	mu    sync.Mutex
	lines []string
	done  chan struct{}
}

// startProc runs the server binary and returns it with its websocket URL.
func startProc(t *testing.T, bin string, args ...string) (*serverProc, string) {
	t.Helper()
	p := &serverProc{cmd: exec.Command(bin, args...), done: make(chan struct{})}
	out, err := p.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.cmd.Stdout = io.Discard
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.cmd.Process.Kill(); <-p.done })
	addr := make(chan string, 1)
	on := regexp.MustCompile(`flail server on (\S+):`)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.mu.Lock()
			p.lines = append(p.lines, sc.Text())
			p.mu.Unlock()
			if m := on.FindStringSubmatch(sc.Text()); m != nil {
				addr <- m[1]
			}
		}
		_ = p.cmd.Wait()
		close(p.done)
	}()
	select {
	case a := <-addr:
		return p, "ws://" + a + "/ws"
	case <-time.After(30 * time.Second):
		t.Fatalf("the server did not start:\n%s", p.log())
	}
	return nil, ""
}

func (p *serverProc) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.lines, "\n")
}

// TestSIGTERMKeepsMatches runs the real server: a player joins and plays,
// SIGTERM drains the server (the player is told it restarts) and saves the
// room to -state within the drain bound; a second server started on that
// file restores the room, and the player, redialing with its token, is back
// on its own car, in a match that went on from the saved tick.
func TestSIGTERMKeepsMatches(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the server binary")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "flailserver")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	state := filepath.Join(dir, "rooms.state")
	args := []string{"-addr", "127.0.0.1:0", "-build-wasm=false", "-web", dir, "-state", state, "-room-size", "4", "-drain", "2s"}
	p1, url1 := startProc(t, bin, args...)
	ctx := context.Background()
	c, err := online.Dial(ctx, url1, online.DialOptions{Name: "stays"})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for i := 0; i < 40; i++ {
		if _, err := c.SendInput(ctx, 2, 1, 0); err != nil {
			t.Fatal(err)
		}
		time.Sleep(25 * time.Millisecond)
	}
	t0 := time.Now()
	if err := p1.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-p1.done:
	case <-time.After(10 * time.Second):
		t.Fatalf("the server did not exit 10 s after SIGTERM:\n%s", p1.log())
	}
	stop := time.Since(t0)
	if !strings.Contains(p1.log(), "saved 1 rooms to "+state) {
		t.Fatalf("no save in the log:\n%s", p1.log())
	}
	select {
	case <-c.Done():
	case <-time.After(time.Second):
		t.Fatal("the client's connection is still open")
	}
	var se *wire.Error
	if err := c.Err(); !errors.As(err, &se) || se.Code != wire.CodeRestart {
		if err == nil || !strings.Contains(err.Error(), "1012") {
			t.Fatalf("the client saw %v, want the restart notice", err)
		}
	}

	p2, url2 := startProc(t, bin, args...)
	if !strings.Contains(p2.log(), "restored 1 rooms from "+state) {
		t.Fatalf("no restore in the log:\n%s", p2.log())
	}
	if _, err := os.Stat(state + ".restored"); err != nil {
		t.Fatalf("the state file was not set aside: %v", err)
	}
	c2, err := online.Redial(ctx, url2, online.DialOptions{Name: "stays", Token: c.Welcome.Token}, 5*time.Second, 200*time.Millisecond)
	if err != nil {
		t.Fatalf("redial: %v\n%s", err, p2.log())
	}
	defer c2.Close()
	if c2.Welcome.You != c.Welcome.You {
		t.Fatalf("back as player %d, was %d", c2.Welcome.You, c.Welcome.You)
	}
	if c2.Welcome.Tick < 40 {
		t.Fatalf("the room restarted from tick %d", c2.Welcome.Tick)
	}
	t.Logf("SIGTERM to exit %v; back on the car after %v, at tick %d", stop.Round(time.Millisecond),
		time.Since(t0).Round(time.Millisecond), c2.Welcome.Tick)

	// the same file with one byte changed: the server says it is
	// corrupted and starts with no rooms.
	saved, err := os.ReadFile(state + ".restored")
	if err != nil {
		t.Fatal(err)
	}
	saved[len(saved)/2] ^= 0x08
	if err := os.WriteFile(state, saved, 0o644); err != nil {
		t.Fatal(err)
	}
	p3, _ := startProc(t, bin, args...)
	if !strings.Contains(p3.log(), "checksum mismatch") || !strings.Contains(p3.log(), "starting with no rooms") {
		t.Fatalf("a corrupted state file was not reported as such:\n%s", p3.log())
	}
}
