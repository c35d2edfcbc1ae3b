//go:build (linux && !android) || freebsd || netbsd || openbsd || dragonfly

// Package displaytest checks the demos' no-display message from outside:
// a test binary that imported package display would itself stop in its init
// when no display is set.
package displaytest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// Both demos, built and started with no display (also with -help), print
// one line saying what is missing and how to run headless, and exit 1,
// instead of Ebitengine's panic.
func TestDemosWithoutDisplay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds both demos")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool:", err)
	}
	dir := t.TempDir()
	for _, demo := range []string{"playground", "flail"} {
		bin := filepath.Join(dir, demo)
		build := exec.Command(goTool, "build", "-o", bin, "github.com/seedgames/motorkit/demo/"+demo)
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("build %s: %v\n%s", demo, err, out)
		}
		for _, run := range []struct {
			args    []string
			display string // "" unset; ":97" names an X display with no server
		}{{nil, ""}, {[]string{"-help"}, ""}, {nil, ":97"}} {
			args := run.args
			cmd := exec.Command(bin, args...)
			var env []string
			for _, kv := range os.Environ() {
				if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
					env = append(env, kv)
				}
			}
			if run.display != "" {
				if _, err := os.Stat("/tmp/.X11-unix/X97"); err == nil {
					continue // a server does run there
				}
				env = append(env, "DISPLAY="+run.display)
			}
			cmd.Env = env
			out, err := cmd.CombinedOutput()
			ee, ok := err.(*exec.ExitError)
			if !ok || ee.ExitCode() != 1 {
				t.Errorf("%s %v: exit %v, want status 1", demo, args, err)
			}
			got := strings.TrimSpace(string(out))
			for _, want := range []string{demo + ": no display", "DISPLAY", "xvfb-run -a go run ./demo/" + demo} {
				if !strings.Contains(got, want) {
					t.Errorf("%s %v printed %q, want it to mention %q", demo, args, got, want)
				}
			}
			if strings.Contains(got, "\n") || strings.Contains(got, "panic") {
				t.Errorf("%s %v printed more than one line or a panic:\n%s", demo, args, got)
			}
		}
	}
}
