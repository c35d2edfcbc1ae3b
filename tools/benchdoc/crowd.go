package main

import (
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
)

// The crowds side by side with Jolt (docs/kcc.md#crowds-side-by-side-with-jolt):
// the open-field crowd at 100, 500 and 2,000 characters through kcc alone
// (kcc.BenchmarkCrowdCompare), through the pipeline
// (systems.BenchmarkFieldCrowdCompare) and through Jolt's CharacterVirtual
// (tools/kcccompare/crowd.mjs), in one run.

// crowdSizes are the crowds of the three, in the table's order.
var crowdSizes = []int{100, 500, 2000}

// crowdBenches are the Go benchmarks of the comparison: -benchtime 12x is
// 120 timed ticks of each crowd after 60 of warm-up, as crowd.mjs.
var crowdBenches = []group{
	{Pkg: "./kcc", Bench: "^BenchmarkCrowdCompare$", Benchtime: "12x"},
	{Pkg: "./systems", Bench: "^BenchmarkFieldCrowdCompare$", Benchtime: "12x"},
}

// compareParts are the parts of -compare to run: all of them, unless
// only names some (a substring of their keys), then those.
func compareParts(only string) map[string]bool {
	keys := []string{"compare", "long", "joltcrowd"}
	parts := map[string]bool{}
	for _, k := range keys {
		if only != "" && strings.Contains(k, only) {
			parts[k] = true
		}
	}
	if len(parts) == 0 {
		for _, k := range keys {
			parts[k] = true
		}
	}
	return parts
}

// joltCrowd is crowd.mjs --json's output: a row per crowd.
type joltCrowd struct {
	Rows []struct {
		N                                       int
		Collide                                 bool
		Us, Closest, Touching, Walked, Grounded float64
	} `json:"rows"`
}

// crowdValues are the measurements of the comparison over its rounds: by
// row key ("kcc block-100-w1", "pipeline push-500-w2", "jolt 2000
// collide"), by quantity (us, closest, touching, walked, grounded).
type crowdValues map[string]map[string][]float64

func (v crowdValues) add(key, q string, x float64) {
	if v[key] == nil {
		v[key] = map[string][]float64{}
	}
	v[key][q] = append(v[key][q], x)
}

// addGo adds a round of the Go benchmarks: metrics "QUANTITY:TAG" of
// benchmark CrowdCompare (kcc) or FieldCrowdCompare (pipeline).
func (v crowdValues) addGo(rows []*row) {
	engines := map[string]string{"CrowdCompare": "kcc", "FieldCrowdCompare": "pipeline"}
	quantity := map[string]string{"us/char-tick": "us", "closest-m": "closest", "touching-%": "touching", "walked-m": "walked", "grounded-%": "grounded"}
	for _, r := range rows {
		engine, ok := engines[r.name]
		if !ok {
			continue
		}
		for unit, xs := range r.values {
			q, tag, ok := strings.Cut(unit, ":")
			if !ok || quantity[q] == "" {
				continue
			}
			for _, x := range xs {
				v.add(engine+" "+tag, quantity[q], x)
			}
		}
	}
}

// addJolt adds a round of crowd.mjs --json.
func (v crowdValues) addJolt(out []byte) error {
	var j joltCrowd
	if err := json.Unmarshal(out, &j); err != nil {
		return fmt.Errorf("crowd.mjs --json: %v", err)
	}
	for _, r := range j.Rows {
		key := fmt.Sprintf("jolt %d apart", r.N)
		if r.Collide {
			key = fmt.Sprintf("jolt %d collide", r.N)
		}
		v.add(key, "us", r.Us)
		v.add(key, "closest", r.Closest)
		v.add(key, "touching", r.Touching)
		v.add(key, "walked", r.Walked)
		v.add(key, "grounded", r.Grounded)
	}
	return nil
}

// crowdCompare runs the comparison's rounds, each the Go benchmarks then
// crowd.mjs (so a change in the machine's load hits the three alike), and
// writes its table.
func crowdCompare(w io.Writer, rounds int, quick bool) error {
	vals := crowdValues{}
	for r := 0; r < rounds; r++ {
		for _, g := range crowdBenches {
			rows, err := run(g, 1, quick)
			if err != nil {
				return err
			}
			vals.addGo(rows)
		}
		out, err := node("crowd.mjs", "--json")
		if err != nil {
			return err
		}
		if err := vals.addJolt([]byte(out)); err != nil {
			return err
		}
	}
	var cmds []string
	for _, g := range crowdBenches {
		bt := g.Benchtime
		if quick {
			bt = "1x"
		}
		cmds = append(cmds, fmt.Sprintf("`go test -run '^$' -bench '%s' -benchtime %s %s`", g.Bench, bt, g.Pkg))
	}
	cmds = append(cmds, "`node tools/kcccompare/crowd.mjs --json`")
	fmt.Fprintf(w, "Crowds side by side with Jolt ([kcc.md](kcc.md#crowds-side-by-side-with-jolt) says what is matched): %s, in turn, %d round(s); µs per character-tick is the median of the rounds, [min–max]; the other columns are the same every round.\n\n", strings.Join(cmds, ", "), rounds)
	writeCrowdTable(w, vals)
	fmt.Fprintln(w)
	return nil
}

// crowdRowSpec is one row of the table: its key in crowdValues and its
// labels.
type crowdRowSpec struct {
	key, engine, contact, threads string
}

// crowdRows are the table's rows for n characters.
func crowdRows(n int) []crowdRowSpec {
	var rs []crowdRowSpec
	for _, mode := range []string{"block", "push"} {
		for _, wk := range []int{1, 2} {
			rs = append(rs, crowdRowSpec{fmt.Sprintf("pipeline %s-%d-w%d", mode, n, wk), "pipeline (basic motor + kcc)", mode, plural(wk, "worker")})
		}
	}
	for _, wk := range []int{1, 2} {
		rs = append(rs, crowdRowSpec{fmt.Sprintf("kcc block-%d-w%d", n, wk), "kcc `MoveWith`, groups of `PlanCrowd`", "block", plural(wk, "goroutine")})
	}
	rs = append(rs,
		crowdRowSpec{fmt.Sprintf("jolt %d collide", n), "Jolt `CharacterVirtual` (wasm)", "`CharacterVsCharacterCollisionSimple`", "1 thread"},
		crowdRowSpec{fmt.Sprintf("jolt %d apart", n), "Jolt `CharacterVirtual` (wasm)", "none (pass through)", "1 thread"})
	return rs
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// writeCrowdTable writes the comparison's table: a row per crowd size,
// engine, contact and thread count that was measured.
func writeCrowdTable(w io.Writer, vals crowdValues) {
	fmt.Fprintf(w, "| characters | engine, caller | contact | threads | µs per character-tick | closest axes (m) | touching | walked (m) | grounded |\n")
	fmt.Fprintf(w, "|---|---|---|---|---|---|---|---|---|\n")
	for _, n := range crowdSizes {
		for _, r := range crowdRows(n) {
			v := vals[r.key]
			if len(v["us"]) == 0 {
				continue
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s%% | %s | %s%% |\n", thousands(strconv.Itoa(n)), r.engine, r.contact, r.threads,
				fixed(v["us"], 2), fixed(v["closest"], 3), fixed(v["touching"], 0), fixed(v["walked"], 2), fixed(v["grounded"], 0))
		}
	}
}

// fixed is "median [min–max]" with the given decimals, just the value
// when the rounds agree to them.
func fixed(v []float64, dec int) string {
	if len(v) == 0 {
		return "–"
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', dec, 64) }
	if f(s[0]) == f(s[len(s)-1]) {
		return f(s[0])
	}
	return fmt.Sprintf("%s [%s–%s]", f(median(s)), f(s[0]), f(s[len(s)-1]))
}
