package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRunFlags(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"-bots", "12", "-ticks", "80", "-seed", "3"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{"bots=12 ticks=80 seed=3 rate=40Hz mode=exact", "timing: ", "kills: ", "leaderboard"} {
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
