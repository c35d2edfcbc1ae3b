package proctest

import (
	"bufio"
	"io"
	"os/exec"
	"path/filepath"
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

// Build builds the package in dir (a main package; "." for the test's
// own) into the test's temporary directory and returns the binary.
func Build(t testing.TB, dir, name string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), name)
	if out, err := exec.Command("go", "build", "-o", bin, dir).CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// Start runs bin with args and waits (30 s at most) for a line of its
// standard error that addrRE matches; it returns the process and the
// regexp's first group (the address). The process is killed when the
// test ends.
func Start(t testing.TB, bin string, addrRE *regexp.Regexp, args ...string) (*Proc, string) {
	t.Helper()
	p := &Proc{Cmd: exec.Command(bin, args...), done: make(chan struct{})}
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
