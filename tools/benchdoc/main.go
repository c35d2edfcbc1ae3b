// Command benchdoc runs the module's benchmarks that the docs cite and
// writes docs/benchmarks.md: one section per group, each benchmark's median
// and range over -count runs, its allocations and its own metrics, and
// where the run happened (date, Go, CPU, commit). Every measurement in the
// docs lives there; the other docs link to its sections.
//
// Usage, from the repository root (a full run takes about 15 minutes on
// the 2-core machine; run it on a quiet machine):
//
//	go run ./tools/benchdoc                 # writes docs/benchmarks.md
//	go run ./tools/benchdoc -quick -out -   # one short count of each, to stdout
//	go run ./tools/benchdoc -compare        # also the Rapier and Jolt scripts (after npm install in tools/kcccompare)
//	go run ./tools/benchdoc -compare -only joltcrowd -out -   # only the crowds side by side with Jolt
//	go run ./tools/benchdoc -update -only online          # rewrite only the online section, stamped with its run
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// group is one section of the document: the benchmarks matching Bench in
// package Pkg (a path relative to the repository root; the module it is in
// runs it).
type group struct {
	Anchor, Title string
	Pkg, Bench    string
	// Benchtime overrides -benchtime for benchmarks that are slow per op.
	Benchtime string
	About     string
}

var groups = []group{
	{"pipeline", "The pipeline against a plain loop", "./systems", "^Benchmark(PipelineNoCollision|PipelineFlatGround)$", "",
		"`PipelineNoCollision` ticks 1,000 basic-motor walkers with no level and reports the pipeline's ns per entity-tick next to a plain Go loop doing the same arithmetic on a slice (`plain`, `plain-scalar`) and their ratio: the cost of the ECS, the stages and the sanitizing. `PipelineFlatGround` adds the kcc move on a box floor."},
	{"walkers", "Crowds of walkers on the course", "./systems", "^Benchmark(ScaleWalkers|ScaleWalkers10kWorkers2|KCCWorkers1|KCCWorkers2)$", "",
		"Walkers (capsule_walker recipe) spread over the course level, every tick of a run: ns per walker-tick at 100, 1,000 and 10,000 walkers (`ScaleWalkers`), 10,000 walkers with 2 workers (`ms/tick`, and the share of the game's input system), and the KCC stage with 1 and 2 workers."},
	{"runs", "What the pipeline's options cost", "./systems", "^Benchmark(ContactCache10k|DividedRun10k)$", "1x",
		"Four crowds of 10,000 walkers ticked in turn, the order reversed every round: with and without the characters' contact caches, and one run of the characters' steps against a run divided by a game system between two motor stages; the ratios are of the same run."},
	{"crowd", "Characters that block and push", "./systems", "^Benchmark(Crowd50|Crowd50Pushing|DoorwayCrowd)$", "",
		"One tick of 50 walkers packed at a doorway with `CharacterCollisions`, blocking each other, and with pushing (`push_mask = 1`); one tick of 2,000 pushing walkers packed at a wall with 12 doorways, on 1 and 2 workers (`DoorwayCrowd`)."},
	{"crowds", "Crowds of 1,000 to 10,000 that collide", "./systems", "^Benchmark(FieldCrowd|CourseCrowdPushing)$", "2x",
		"The open field of [kcc.md](kcc.md#crowds) (walkers 1 m apart in pairs walking head-on into each other, weaving sideways) at 1,000, 2,000 and 10,000 walkers, blocking and pushing, on 1 and 2 workers, the configurations taking turns (µs per character-tick each); 10,000 pushing walkers spread over the course (`CourseCrowdPushing`)."},
	{"plan", "kcc: planning a crowd", "./kcc", "^BenchmarkPlanCrowd$", "",
		"`World.PlanCrowd` of 1,000 and 10,000 capsules 1 m apart (the grid rebuilt, the islands found): ns per capsule; `-run2`, with `CrowdPlan.Run` on the calling goroutine and one other (a pool kept, as a game's workers are)."},
	{"netplay", "Snapshots and rollback", "./netplay", "^Benchmark(SaveState|LoadState|Rollback8)$", "",
		"The whole state of the living level with 16 characters of every recipe and character collisions: `SaveState` and `LoadState` (a rewind with no spawn or removal since the save), and a rollback of 8 ticks (`load+8`: a `LoadState` and the 8 ticks run again with their inputs) beside the same 8 ticks without the load (`ticks-only`)."},
	{"online", "An online match: the authority and a client", "./netplay", "^Benchmark(HostStep8|ClientFrame|EncodeTickInputs)$", "",
		"`HostStep8`: one tick of the authority with 8 seated players on the living level (scripted commands, character collisions) and a tick inputs message for each. `ClientFrame`: a client's display frame (two players on the living level, 8 ticks ahead of its tick inputs) with a rollback of 8 ticks (the state of 8 ticks back loaded and the ticks run again), beside a frame with none (`no-rollback`, the baseline). `EncodeTickInputs`: one tick inputs message of the tick inputs a client lacks."},
	{"abilities", "Movement abilities", "./systems", "^Benchmark(AbilitiesTick|AbilitiesCost)$", "",
		"A tick of 1,000 basic-motor walkers on a level with ladders, water and one-way platforms away from them: `enabled` with every ability, `baseline` the same recipe without abilities on the same level, `level` the baseline on the floor alone (the price of the level's one-way rule); `AbilitiesCost` interleaves them and one crowd switched on and off (`on/off`, the cost of the abilities themselves, held to 10% by `.ci/budgets.sh`) and reports the ratios."},
	{"rollbackcore", "The rollback session alone", "./rollback", "^BenchmarkRollback8$", "",
		"A session's frame with a rollback of 8 ticks over the package's test simulation (a few bytes of state): what the session itself costs."},
	{"move", "kcc: one Move", "./kcc", "^Benchmark(MoveFlatBox|CastFlatBox|MoveGridMesh20k|MoveGridMeshNoBVH|MoveStairs|MoveCorner|MoveBumpyHeightfield|MoveSteepKerb|RecoverDeep|Calib1000Dots)$", "",
		"A Move in steady state (same start, same request every iteration): on a box floor (`CastFlatBox` is one raw capsule cast there, the baseline), over a 20,000-triangle bumpy mesh (`MoveGridMeshNoBVH` scans every triangle instead of the hierarchy), against a stair riser (autostep every Move), into a corner, over a bumpy heightfield. `Calib1000Dots` is a 1,000-step dependent float loop: a yardstick for the machine."},
	{"cache", "kcc: the contact cache and the options", "./kcc", "^BenchmarkWalkCache$", "",
		"A walk on flat ground and on a bumpy heightfield, each Move with and without its `ContactCache`, and with a filter and a listener (`MoveOptions`)."},
	{"long", "kcc: long moves", "./kcc", "^Benchmark(LongMove|SlideWall30k)", "",
		"One Move of 10 m or 50 m over a 100,000-triangle mesh and a 100,000-cell heightfield, and a tick sliding along a 30,000-triangle wall: the scenes of the Rapier and Jolt comparison's long moves."},
	{"world", "kcc: a living world and building one", "./kcc", "^Benchmark(MovingPlatforms100|StillPlatforms100|TopRefit10k|TopRebuild10k|Carry|BVHBuild100k|AddTriMesh100k|WorldState)$", "",
		"`World.Step` moving 100 kinematic platforms among a 100k-triangle mesh with a carry and a Move on a platform (`StillPlatforms100`: the same Move, platforms still), refitting the top hierarchy after moving 100 of 10,000 boxes (`TopRebuild10k`: a full rebuild instead), a rider's carry (`Carry/World`: `World.Carry`; `Carry/Controller`: the controller's carry, `World.Carry` swept and cut short at other colliders), and building a 100,352-triangle hierarchy (`BVHBuild100k`) and the whole `AddTriMesh` of it (`AddTriMesh100k`); `WorldState`: `World.AppendState` and `LoadState` of the living level with 16 capsules."},
	{"twod", "2D games: a platformer level from LDtk", "./ldtk", "^Benchmark(PlatformerTick|Platformer1000|Platformer1000W1|LoadBigLevel2D|LoadBigLevel|DecodeBigLevel)$", "",
		"A 200 x 100-tile LDtk level (a floor, walls, 200 platforms, solid and one-way): the platformer hero running and jumping on it, one hero's whole pipeline tick (`PlatformerTick`) and a tick of 1,000 heroes with 2 workers and with one (`Platformer1000`, `Platformer1000W1`, with ns per hero); reading and building it into the pipeline's level (`LoadBigLevel2D`, with its collider count), the parse and merge alone (`LoadBigLevel`) and encoding/json decoding the same bytes (`DecodeBigLevel`, the baseline)."},
	{"motors", "Motors", "./motors/...", ".", "",
		"The motor stages of one character per tick, each motor against a baseline of the same arithmetic written inline where its package has one."},
	{"prefabs", "Prefabs: spawning, memory, a player's tick", "./prefabs", "^Benchmark(Spawn|MemoryPerEntity|MemoryRunningWalkers|OnePlayerTick|LoadGLB100k|Build100kFromCode)$", "",
		"Spawning a recipe (decoded once when the library loads), memory per walker at spawn and after running, one full pipeline tick for one player of each motor recipe on its level (`empty`: the pipeline with no player), and loading a 100k-triangle glTF level."},
	{"detmath", "Deterministic math", "./detmath", ".", "",
		"`detmath` against the math package it replaces in simulation code (same bits on every platform)."},
	{"flail", "The flail game", "./flail/...", ".", "",
		"A headless match of 1,000 bots, its hit detection and rules, the scale sweep and restoring a match snapshot."},
	{"flailsim", "The flail match on the pipeline", "./demo/flailsim/sim", ".", "",
		"The ECS match of the headless simulator (1,000 bots) and its arena scale sweep."},
	{"server", "The flail server's room", "./demo/flail/...", "^Benchmark(RoomTick|Snapshot)$", "",
		"One tick of an online room: the match and every client's snapshot; `Snapshot`: encoding one wire snapshot (`demo/flail/wire`)."},
	{"render", "The playground's rasterizer", "./demo/playground/internal/render", "^BenchmarkRenderCourse$", "",
		"One 1280x720 frame of the default course from each of four cameras (first person at the spawn, at the ramps, at the doorway, an orbit over the stairs) and cycling through them, after a warm-up frame of each; the bands of rows are shared by one worker per core (`-cpu 1,2` to compare core counts)."},
}

func main() {
	count := flag.Int("count", 3, "runs of each benchmark")
	out := flag.String("out", "docs/benchmarks.md", "file to write (- for standard output)")
	quick := flag.Bool("quick", false, "one short run of each benchmark (a check that the document builds, not numbers to keep)")
	only := flag.String("only", "", "run only the groups whose anchor matches this substring (and, when it matches one of the comparison's parts compare, long and joltcrowd, only those parts of -compare)")
	update := flag.Bool("update", false, "with -only: rewrite only those groups' sections of the -out document, each stamped with this run, and keep the others (a new group's section goes in its place in the order)")
	compare := flag.Bool("compare", false, "also run the Rapier and Jolt comparison scripts of tools/kcccompare (node, after npm install there) and the crowds side by side with Jolt")
	flag.Parse()
	if *quick {
		*count = 1
	}
	var doc bytes.Buffer
	meta := runInfo()
	fmt.Fprintf(&doc, "# Benchmarks\n\n")
	fmt.Fprintf(&doc, "Generated by `go run ./tools/benchdoc` (do not edit by hand: run it again). Every measurement the docs cite is here; the other docs link to these sections.\n\n")
	fmt.Fprintf(&doc, "This run: %s.\n\n", meta)
	fmt.Fprintf(&doc, "Each row is one benchmark: the median of %d runs and, in brackets, the smallest and largest; time per op in ns unless the metric names another unit. The machine is shared, so compare rows of one run (ratios, baselines) rather than absolute times across runs.\n\n", *count)
	var links []string
	for _, g := range groups {
		links = append(links, fmt.Sprintf("[%s](#%s)", g.Title, g.Anchor))
	}
	links = append(links, "[kcc, Rapier and Jolt](#compare)")
	fmt.Fprintf(&doc, "Sections: %s.\n", strings.Join(links, " · "))
	if *update {
		if *only == "" || *out == "-" || *compare {
			fmt.Fprintln(os.Stderr, "benchdoc: -update needs -only and an -out file, without -compare")
			os.Exit(2)
		}
		if err := updateSections(*out, *only, *count, *quick, meta); err != nil {
			fmt.Fprintln(os.Stderr, "benchdoc:", err)
			os.Exit(1)
		}
		return
	}
	failed := false
	for _, g := range groups {
		if *only != "" && !strings.Contains(g.Anchor, *only) {
			continue
		}
		fmt.Fprintf(os.Stderr, "benchdoc: %s (%s %s)\n", g.Title, g.Pkg, g.Bench)
		rows, err := run(g, *count, *quick)
		fmt.Fprintf(&doc, "\n## %s\n\n**%s.** %s\n\n", heading(g.Anchor), g.Title, g.About)
		fmt.Fprintf(&doc, "`go test -run '^$' -bench '%s' -benchmem -count %d %s`\n\n", g.Bench, *count, g.Pkg)
		if err != nil {
			failed = true
			fmt.Fprintf(os.Stderr, "benchdoc: %s: %v\n", g.Title, err)
			fmt.Fprintf(&doc, "Not measured in this run: %v\n", err)
			continue
		}
		writeTable(&doc, rows)
	}
	// The section is always there (docs/kcc.md links it); without -compare
	// it says how to fill it.
	fmt.Fprintf(&doc, "\n## %s\n\n", heading("compare"))
	fmt.Fprintf(&doc, "**kcc, Rapier and Jolt.** The scenes of `tools/kcccompare` played through kcc, Rapier's KinematicCharacterController and Jolt's CharacterVirtual (both as WebAssembly under node: part of their time is the JS→WebAssembly boundary), then the long moves and the crowds side by side with Jolt; [kcc.md](kcc.md#side-by-side-with-rapier-and-jolt) says how the scenes and settings are matched.\n\n")
	if !*compare {
		fmt.Fprintf(&doc, "Not run in this run: `go run ./tools/benchdoc -compare` runs `node tools/kcccompare/compare.mjs` and `node tools/kcccompare/long.mjs` (after `npm install` in tools/kcccompare) and the crowds side by side with Jolt (`node tools/kcccompare/crowd.mjs` and the Go benchmarks of the same crowds), and writes their tables here.\n")
	} else {
		parts := compareParts(*only)
		for _, script := range []string{"compare.mjs", "long.mjs"} {
			if !parts[strings.TrimSuffix(script, ".mjs")] {
				continue
			}
			text, err := node(script)
			if err != nil {
				failed = true
				fmt.Fprintf(&doc, "`node tools/kcccompare/%s`: not run (%v)\n\n", script, err)
				continue
			}
			fmt.Fprintf(&doc, "`node tools/kcccompare/%s`:\n\n%s\n\n", script, strings.TrimSpace(text))
		}
		if parts["joltcrowd"] {
			if err := crowdCompare(&doc, *count, *quick); err != nil {
				failed = true
				fmt.Fprintf(os.Stderr, "benchdoc: crowds side by side with Jolt: %v\n", err)
				fmt.Fprintf(&doc, "Crowds side by side with Jolt: not run (%v)\n\n", err)
			}
		}
	}
	if *out == "-" {
		os.Stdout.Write(doc.Bytes())
	} else if err := os.WriteFile(*out, doc.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "benchdoc:", err)
		os.Exit(1)
	}
	if failed {
		os.Exit(1)
	}
}

// heading is a section's heading: its anchor capitalized, so that the
// anchor GitHub derives from the heading is the group's anchor (the links
// of the other docs, checked by docs.TestDocLinks, which knows headings
// only); the section's title opens its text.
func heading(anchor string) string {
	return strings.ToUpper(anchor[:1]) + anchor[1:]
}

// runInfo describes the machine and the code measured.
func runInfo() string {
	parts := []string{time.Now().UTC().Format("2006-01-02 15:04 UTC")}
	if v, err := exec.Command("go", "env", "GOVERSION", "GOOS", "GOARCH").Output(); err == nil {
		f := strings.Fields(string(v))
		if len(f) == 3 {
			parts = append(parts, f[0]+" "+f[1]+"/"+f[2])
		}
	}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "model name") {
				parts = append(parts, strings.TrimSpace(l[strings.Index(l, ":")+1:]))
				break
			}
		}
	}
	if n, err := exec.Command("nproc").Output(); err == nil {
		parts = append(parts, strings.TrimSpace(string(n))+" cores")
	}
	if c, err := exec.Command("git", "rev-parse", "--short", "HEAD").Output(); err == nil {
		dirty := ""
		if s, err := exec.Command("git", "status", "--porcelain", "--untracked-files=no").Output(); err == nil && len(bytes.TrimSpace(s)) > 0 {
			dirty = " with local changes"
		}
		parts = append(parts, "commit "+strings.TrimSpace(string(c))+dirty)
	}
	return strings.Join(parts, ", ")
}

// row is one benchmark's values over the runs, by unit.
type row struct {
	name   string
	order  []string
	values map[string][]float64
}

// run runs a group's benchmarks in the module that holds its package.
func run(g group, count int, quick bool) ([]*row, error) {
	dir, pkg := moduleOf(g.Pkg)
	args := []string{"test", "-run", "^$", "-bench", g.Bench, "-benchmem", "-count", strconv.Itoa(count)}
	switch {
	case quick:
		args = append(args, "-benchtime", "1x")
	case g.Benchtime != "":
		args = append(args, "-benchtime", g.Benchtime)
	}
	args = append(args, "-timeout", "60m", pkg)
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go %s: %v\n%s%s", strings.Join(args, " "), err, tail(stdout.String()), tail(stderr.String()))
	}
	rows := parse(&stdout)
	if len(rows) == 0 {
		return nil, fmt.Errorf("go %s: no benchmark results", strings.Join(args, " "))
	}
	return rows, nil
}

// moduleOf returns the directory of the module holding pkg (a path from
// the repository root) and pkg relative to it: the repository's modules
// are the root, demo/ and tools/.
func moduleOf(pkg string) (dir, rel string) {
	for _, m := range []string{"demo", "tools"} {
		if p := "./" + m + "/"; strings.HasPrefix(pkg, p) {
			if _, err := os.Stat(filepath.Join(m, "go.mod")); err == nil {
				return m, "./" + strings.TrimPrefix(pkg, p)
			}
		}
	}
	return ".", pkg
}

// tail is the end of a failed run's output for its error: its last 20
// lines, after a panic's first 20 when there is one.
func tail(s string) string {
	l := strings.Split(strings.TrimSpace(s), "\n")
	// A panic's message and the frames where it happened come first in
	// the trace: keep them with the last lines.
	var head []string
	for i, line := range l {
		if strings.HasPrefix(line, "panic:") || strings.HasPrefix(line, "fatal error:") {
			head = l[i:min(i+20, len(l))]
			break
		}
	}
	if len(l) > 20 {
		l = l[len(l)-20:]
	}
	if len(head) > 0 {
		l = append(append(head, "..."), l...)
	}
	return strings.Join(l, "\n") + "\n"
}

// parse reads go test -bench output: "BenchmarkName-2  N  v unit  v unit ...".
func parse(r io.Reader) []*row {
	var rows []*row
	byName := map[string]*row{}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		if _, err := strconv.Atoi(f[1]); err != nil {
			continue
		}
		name := strings.TrimPrefix(f[0], "Benchmark")
		if i := strings.LastIndex(name, "-"); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i]
			}
		}
		rw := byName[name]
		if rw == nil {
			rw = &row{name: name, values: map[string][]float64{}}
			byName[name] = rw
			rows = append(rows, rw)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				continue
			}
			unit := f[i+1]
			if _, ok := rw.values[unit]; !ok {
				rw.order = append(rw.order, unit)
			}
			rw.values[unit] = append(rw.values[unit], v)
		}
	}
	return rows
}

// writeTable writes a group's rows: ns/op, B/op, allocs/op, then every
// other metric the benchmarks report.
func writeTable(w io.Writer, rows []*row) {
	fmt.Fprintf(w, "| benchmark | time per op | B/op | allocs/op | other metrics |\n|---|---|---|---|---|\n")
	for _, r := range rows {
		var other []string
		for _, u := range r.order {
			switch u {
			case "ns/op", "B/op", "allocs/op":
				continue
			}
			other = append(other, summary(r.values[u])+" "+u)
		}
		fmt.Fprintf(w, "| `%s` | %s | %s | %s | %s |\n", r.name, nsOp(r.values["ns/op"]),
			summary(r.values["B/op"]), summary(r.values["allocs/op"]), strings.Join(other, "; "))
	}
}

// nsOp is the time per op in a readable unit.
func nsOp(v []float64) string {
	if len(v) == 0 {
		return ""
	}
	med := median(v)
	switch {
	case med >= 1e9:
		return scaled(v, 1e9) + " s"
	case med >= 1e6:
		return scaled(v, 1e6) + " ms"
	case med >= 1e4:
		return scaled(v, 1e3) + " µs"
	}
	return summary(v) + " ns"
}

func scaled(v []float64, by float64) string {
	s := make([]float64, len(v))
	for i := range v {
		s[i] = v[i] / by
	}
	return summary(s)
}

// summary is "median [min–max]" (just the value for one run).
func summary(v []float64) string {
	if len(v) == 0 {
		return ""
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if s[0] == s[len(s)-1] {
		return num(s[0])
	}
	return fmt.Sprintf("%s [%s–%s]", num(median(s)), num(s[0]), num(s[len(s)-1]))
}

func median(v []float64) float64 {
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// num prints a value with about three significant digits, thousands
// separated.
func num(x float64) string {
	a := x
	if a < 0 {
		a = -a
	}
	var s string
	switch {
	case a >= 100:
		s = strconv.FormatFloat(x, 'f', 0, 64)
	case a >= 10:
		s = strconv.FormatFloat(x, 'f', 1, 64)
	case a >= 1:
		s = strconv.FormatFloat(x, 'f', 2, 64)
	case a == 0:
		return "0"
	default:
		s = strconv.FormatFloat(x, 'g', 3, 64)
	}
	return thousands(s)
}

func thousands(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	intPart, frac, _ := strings.Cut(s, ".")
	if len(intPart) > 3 {
		var b strings.Builder
		for i, c := range intPart {
			if i > 0 && (len(intPart)-i)%3 == 0 {
				b.WriteByte(',')
			}
			b.WriteRune(c)
		}
		intPart = b.String()
	}
	if frac != "" {
		intPart += "." + frac
	}
	if neg {
		return "-" + intPart
	}
	return intPart
}

// node runs one of the comparison scripts with args.
func node(script string, args ...string) (string, error) {
	dir := filepath.Join("tools", "kcccompare")
	if _, err := os.Stat(filepath.Join(dir, "node_modules")); err != nil {
		return "", fmt.Errorf("npm install in %s first", dir)
	}
	cmd := exec.Command("node", append([]string{filepath.Join(dir, script)}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("%v: %s", err, tail(stderr.String()))
	}
	return stdout.String(), nil
}

// updateSections runs the groups whose anchor contains only and puts
// their sections into the document at path in place of the old ones (a
// new group's after the section of the group before it), each saying it
// comes from this run; the sections' list is written again.
func updateSections(path, only string, count int, quick bool, meta string) error {
	old, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	// The document's sections by heading, and its head before the first.
	text := string(old)
	head, rest, _ := strings.Cut(text, "\n## ")
	sections := map[string]string{}
	var order []string
	for _, sec := range strings.Split("## "+rest, "\n## ") {
		sec = strings.TrimPrefix(sec, "## ")
		name, _, _ := strings.Cut(sec, "\n")
		sections[name] = "## " + strings.TrimRight(sec, "\n") + "\n"
		order = append(order, name)
	}
	for _, g := range groups {
		if !strings.Contains(g.Anchor, only) {
			continue
		}
		fmt.Fprintf(os.Stderr, "benchdoc: %s (%s %s)\n", g.Title, g.Pkg, g.Bench)
		rows, err := run(g, count, quick)
		if err != nil {
			return fmt.Errorf("%s: %w", g.Title, err)
		}
		var b bytes.Buffer
		fmt.Fprintf(&b, "## %s\n\n**%s.** %s\n\n", heading(g.Anchor), g.Title, g.About)
		fmt.Fprintf(&b, "This section's run: %s (the others: the run above).\n\n", meta)
		fmt.Fprintf(&b, "`go test -run '^$' -bench '%s' -benchmem -count %d %s`\n\n", g.Bench, count, g.Pkg)
		writeTable(&b, rows)
		name := heading(g.Anchor)
		if _, ok := sections[name]; !ok {
			// In the groups' order: after the previous group's section.
			at := 0
			for _, h := range groups {
				if h.Anchor == g.Anchor {
					break
				}
				if i := slices.Index(order, heading(h.Anchor)); i >= 0 {
					at = i + 1
				}
			}
			order = slices.Insert(order, at, name)
		}
		sections[name] = b.String()
	}
	var links []string
	for _, g := range groups {
		links = append(links, fmt.Sprintf("[%s](#%s)", g.Title, g.Anchor))
	}
	links = append(links, "[kcc, Rapier and Jolt](#compare)")
	lines := strings.Split(head, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "Sections: ") {
			lines[i] = "Sections: " + strings.Join(links, " · ") + "."
		}
	}
	var doc bytes.Buffer
	doc.WriteString(strings.TrimRight(strings.Join(lines, "\n"), "\n") + "\n")
	for _, name := range order {
		doc.WriteString("\n" + sections[name])
	}
	return os.WriteFile(path, doc.Bytes(), 0o644)
}
