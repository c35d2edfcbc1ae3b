package main

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

func TestRunFlags(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-bots", "12", "-ticks", "80", "-seed", "3"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"bots=12 ticks=80 seed=3 rate=40Hz mode=exact", "timing: ", "kills: ", "per bot-minute", "median life", "energy of the living: min", "leaderboard"} {
		if !strings.Contains(out.String(), want) {
			t.Fatalf("missing %q in\n%s", want, out.String())
		}
	}
	if code := run([]string{"-bots", "x"}, &out, &errb); code != 2 {
		t.Fatalf("bad flag: exit %d", code)
	}
	if code := run([]string{"-mode", "fast"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "mode") {
		t.Fatalf("bad mode: exit %d %s", code, errb.String())
	}
}

// flailsim runs without a display: neither it nor anything it imports may
// pull in ebiten; the pure flail package must not import donburi either.
func TestImportBoundaries(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list")
	}
	for _, c := range []struct{ pkg, banned string }{
		{".", "github.com/hajimehoshi/ebiten"},
		{"../../flail", "github.com/hajimehoshi/ebiten"},
		{"../../flail", "github.com/yohamta/donburi"},
	} {
		out, err := exec.Command("go", "list", "-deps", c.pkg).CombinedOutput()
		if err != nil {
			t.Skipf("go list unavailable: %v %s", err, out)
		}
		if strings.Contains(string(out), c.banned) {
			t.Fatalf("%s depends on %s", c.pkg, c.banned)
		}
	}
}
