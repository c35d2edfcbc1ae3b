package main

import (
	"fmt"
	"strings"
	"testing"
)

// The crowd table from a round of each benchmark's output and crowd.mjs
// --json: one row per measured configuration, in the table's order, and
// the µs of two rounds as median [min–max].
func TestCrowdTable(t *testing.T) {
	goOut := "BenchmarkCrowdCompare-2 \t 12\t 304364081 ns/op\t 0.6100 closest-m:block-100-w1\t 100.0 grounded-%:block-100-w1\t 7.967 touching-%:block-100-w1\t 2.805 us/char-tick:block-100-w1\t 12.45 walked-m:block-100-w1\t 0 escapes\n" +
		"BenchmarkFieldCrowdCompare-2 \t 12\t 828236778 ns/op\t 0.6100 closest-m:push-100-w2\t 100.0 grounded-%:push-100-w2\t 5.817 touching-%:push-100-w2\t 10.91 us/char-tick:push-100-w2\t 11.98 walked-m:push-100-w2\n"
	jolt := `{"engine":"jolt","rows":[{"n":100,"collide":true,"us":14.3,"closest":0.6128,"touching":3.41,"walked":12.73,"grounded":100,"usRuns":[14.3]},{"n":100,"collide":false,"us":3.08,"closest":0.9999,"touching":0,"walked":15,"grounded":100,"usRuns":[3.08]}]}`
	vals := crowdValues{}
	for _, us := range []string{"2.805", "3.001"} {
		vals.addGo(parse(strings.NewReader(strings.Replace(goOut, "2.805", us, 1))))
		if err := vals.addJolt([]byte(jolt)); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	writeCrowdTable(&b, vals)
	want := `| characters | engine, caller | contact | threads | µs per character-tick | closest axes (m) | touching | walked (m) | grounded |
|---|---|---|---|---|---|---|---|---|
| 100 | pipeline (basic motor + kcc) | push | 2 workers | 10.91 | 0.610 | 6% | 11.98 | 100% |
| 100 | kcc ` + "`MoveWith`, groups of `PlanCrowd`" + ` | block | 1 goroutine | 2.90 [2.81–3.00] | 0.610 | 8% | 12.45 | 100% |
| 100 | Jolt ` + "`CharacterVirtual`" + ` (wasm) | ` + "`CharacterVsCharacterCollisionSimple`" + ` | 1 thread | 14.30 | 0.613 | 3% | 12.73 | 100% |
| 100 | Jolt ` + "`CharacterVirtual`" + ` (wasm) | none (pass through) | 1 thread | 3.08 | 1.000 | 0% | 15.00 | 100% |
`
	if got := b.String(); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}

// -only picks parts of -compare only when it names some.
func TestCompareParts(t *testing.T) {
	for only, want := range map[string]string{"": "compare long joltcrowd", "move": "compare long joltcrowd", "crowd": "joltcrowd", "long": "long"} {
		parts := compareParts(only)
		var got []string
		for _, k := range []string{"compare", "long", "joltcrowd"} {
			if parts[k] {
				got = append(got, k)
			}
		}
		if strings.Join(got, " ") != want {
			t.Errorf("-only %q: parts %v, want %s", only, got, want)
		}
	}
}

// TestTailKeepsThePanic: a failed run's error keeps a panic's message and
// its first frames as well as the output's last lines.
func TestTailKeepsThePanic(t *testing.T) {
	var b strings.Builder
	b.WriteString("BenchmarkX\npanic: runtime error: index out of range [3] with length 3\n\ngoroutine 7 [running]:\n")
	for i := 0; i < 100; i++ {
		fmt.Fprintf(&b, "frame %d\n", i)
	}
	got := tail(b.String())
	for _, want := range []string{"panic: runtime error: index out of range", "goroutine 7 [running]:", "frame 99"} {
		if !strings.Contains(got, want) {
			t.Fatalf("tail lost %q:\n%s", want, got)
		}
	}
	if short := tail("a\nb"); short != "a\nb\n" {
		t.Fatalf("tail of two lines: %q", short)
	}
}
