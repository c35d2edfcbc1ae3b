package proctest

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// Proc is a running server process.
type Proc struct {
	Cmd   *exec.Cmd
	mu    sync.Mutex
	lines []string
	err   error
	done  chan struct{}
}

// mainEnv, set in every process Start runs, makes RunMain run the
// program instead of the tests.
const mainEnv = "PROCTEST_RUN_MAIN"

// RunMain is for the TestMain of a main package whose tests start the
// program (Self): in a test binary that Start runs, it runs the package's
// main and exits; anywhere else it returns and the tests run.
//
//	func TestMain(m *testing.M) { proctest.RunMain(main); os.Exit(m.Run()) }
func RunMain(main func()) {
	if os.Getenv(mainEnv) == "1" {
		main()
		os.Exit(0)
	}
}

// Self is the running test binary: with RunMain in its TestMain, Start
// runs it as its package's program (the same main, flags and signals), so
// a test of a server's binary needs no separate build of it.
func Self(t testing.TB) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatalf("the test binary: %v", err)
	}
	return exe
}

// Start runs bin (a program, or Self) with args and waits (30 s at most) for a line of its
// standard error that addrRE matches; it returns the process and the
// regexp's first group (the address). The process is killed when the
// test ends.
func Start(t testing.TB, bin string, addrRE *regexp.Regexp, args ...string) (*Proc, string) {
	t.Helper()
	p := &Proc{Cmd: exec.Command(bin, args...), done: make(chan struct{})}
	p.Cmd.Env = append(os.Environ(), mainEnv+"=1") // a test binary runs as the program (RunMain)
	out, err := p.Cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	p.Cmd.Stdout = io.Discard
	if err := p.Cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Cmd.Process.Kill(); <-p.done })
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			p.mu.Lock()
			p.lines = append(p.lines, sc.Text())
			p.mu.Unlock()
			if m := addrRE.FindStringSubmatch(sc.Text()); len(m) > 1 {
				select {
				case addr <- m[1]:
				default:
				}
			}
		}
		p.err = p.Cmd.Wait()
		close(p.done)
	}()
	select {
	case a := <-addr:
		return p, a
	case <-p.done:
		t.Fatalf("the server exited: %v\n%s", p.err, p.Log())
	case <-time.After(30 * time.Second):
		t.Fatalf("the server did not start:\n%s", p.Log())
	}
	return nil, ""
}

// Log is the process's standard error so far.
func (p *Proc) Log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return strings.Join(p.lines, "\n")
}

// Done is closed when the process has exited.
func (p *Proc) Done() <-chan struct{} { return p.done }

// Err is the process's exit (after Done).
func (p *Proc) Err() error {
	<-p.done
	return p.err
}

// Terminate sends the process SIGTERM and waits up to within for it to
// exit (the test fails otherwise); it returns how long the exit took.
func (p *Proc) Terminate(t testing.TB, within time.Duration) time.Duration {
	t.Helper()
	t0 := time.Now()
	if err := p.Cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-p.done:
	case <-time.After(within):
		t.Fatalf("the server did not exit %v after SIGTERM:\n%s", within, p.Log())
	}
	return time.Since(t0)
}

// Scrape returns what a /metrics handler serves (Prometheus text).
func Scrape(metrics http.Handler) string {
	rec := httptest.NewRecorder()
	metrics.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	return rec.Body.String()
}

// ResettingClient returns an HTTP client for one connection (a websocket
// dial) and reset, which ends that connection with a TCP reset, as a
// browser closing its tab while the server writes may: the server's next
// write fails with "connection reset by peer".
func ResettingClient() (hc *http.Client, reset func()) {
	var raw net.Conn
	hc = &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
		raw = c
		return c, err
	}}}
	return hc, func() {
		if tc, ok := raw.(*net.TCPConn); ok {
			_ = tc.SetLinger(0) // close sends a reset
		}
		_ = raw.Close()
	}
}
