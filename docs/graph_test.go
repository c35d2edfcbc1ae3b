package docs

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const (
	libModule    = "github.com/seedgames/motorkit"
	graphSection = "## Packages and import direction"
)

// listedPackage is one package of `go list -deps -json`.
type listedPackage struct {
	ImportPath string
	Standard   bool
	GoFiles    []string
	Imports    []string
	Module     *struct{ Path string }
}

// goList runs `go list -deps -json ./...` in dir and returns the packages
// by import path.
func goList(t *testing.T, goTool, dir string) map[string]*listedPackage {
	t.Helper()
	cmd := exec.Command(goTool, "list", "-deps", "-json", "./...")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps -json ./... in %s: %v\n%s", dir, err, stderr.Bytes())
	}
	pkgs := map[string]*listedPackage{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		p := new(listedPackage)
		if err := dec.Decode(p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs[p.ImportPath] = p
	}
	return pkgs
}

// shortModule is a module path as the doc writes it: without github.com/.
func shortModule(path string) string { return strings.TrimPrefix(path, "github.com/") }

// importsOf returns the motorkit packages (relative to the library module)
// and the other modules (short form) that the non-test files of pkg import.
func importsOf(pkgs map[string]*listedPackage, pkg *listedPackage) (motorkit, modules []string) {
	seenMod := map[string]bool{}
	for _, imp := range pkg.Imports {
		d := pkgs[imp]
		switch {
		case d == nil || d.Standard || d.Module == nil:
		case d.Module.Path == libModule:
			motorkit = append(motorkit, strings.TrimPrefix(strings.TrimPrefix(imp, libModule), "/"))
		case d.Module.Path == pkg.Module.Path: // a package of the same (non-library) module
		case !seenMod[d.Module.Path]:
			seenMod[d.Module.Path] = true
			modules = append(modules, shortModule(d.Module.Path))
		}
	}
	slices.Sort(motorkit)
	slices.Sort(modules)
	return motorkit, modules
}

// graphDoc is what the section says: the library's table and the other
// modules' lines.
type graphDoc struct {
	motorkit, modules map[string][]string // by package, relative to the library
	others            map[string][]string // a module's other modules, by module path
}

var (
	backticked = regexp.MustCompile("`([^`]+)`")
	moduleLine = regexp.MustCompile("^- \\*\\*\\w+\\*\\* \\(`(" + regexp.QuoteMeta(libModule) + "/\\w+)`")
)

// list splits a cell or a list of names: "a, b" -> [a b]; "—" -> none.
func list(cell string) []string {
	var out []string
	for _, f := range strings.Split(cell, ",") {
		if f = strings.Trim(strings.TrimSpace(f), "`"); f != "" && f != "—" {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

func parseGraphSection(t *testing.T, path string) graphDoc {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	i := strings.Index(text, "\n"+graphSection+"\n")
	if i < 0 {
		t.Fatalf("%s has no section %q", path, graphSection)
	}
	text = text[i+len(graphSection)+2:]
	if j := strings.Index(text, "\n## "); j >= 0 {
		text = text[:j]
	}
	doc := graphDoc{motorkit: map[string][]string{}, modules: map[string][]string{}, others: map[string][]string{}}
	// Bullets may wrap: join each one's lines.
	var bullets []string
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "|"):
			cells := strings.Split(strings.Trim(line, "|"), "|")
			if len(cells) != 3 || strings.HasPrefix(strings.TrimSpace(cells[0]), "---") ||
				strings.TrimSpace(cells[0]) == "package" {
				continue
			}
			m := backticked.FindStringSubmatch(cells[0])
			if m == nil {
				t.Errorf("%s: table row %q names no `package`", path, line)
				continue
			}
			if _, dup := doc.motorkit[m[1]]; dup {
				t.Errorf("%s: package %s has two rows", path, m[1])
			}
			doc.motorkit[m[1]] = list(cells[1])
			doc.modules[m[1]] = list(cells[2])
		case strings.HasPrefix(line, "- "):
			bullets = append(bullets, line)
		case strings.HasPrefix(line, "  ") && len(bullets) > 0:
			bullets[len(bullets)-1] += " " + strings.TrimSpace(line)
		}
	}
	for _, b := range bullets {
		m := moduleLine.FindStringSubmatch(b)
		if m == nil {
			continue
		}
		_, others, ok := strings.Cut(b, "other modules: ")
		if !ok {
			t.Errorf("%s: the line on %s does not end with \"other modules: a, b.\"", path, m[1])
			continue
		}
		doc.others[m[1]] = list(strings.TrimSuffix(strings.TrimSpace(others), "."))
	}
	if len(doc.motorkit) == 0 {
		t.Fatalf("%s: no package table found in %q", path, graphSection)
	}
	return doc
}

// diff describes how want (the doc) and have (the code) differ.
func diff(want, have []string) string {
	var plus, minus []string
	for _, h := range have {
		if !slices.Contains(want, h) {
			plus = append(plus, h)
		}
	}
	for _, w := range want {
		if !slices.Contains(have, w) {
			minus = append(minus, w)
		}
	}
	var parts []string
	if len(plus) > 0 {
		parts = append(parts, "the code also imports "+strings.Join(plus, ", "))
	}
	if len(minus) > 0 {
		parts = append(parts, "the code does not import "+strings.Join(minus, ", "))
	}
	return strings.Join(parts, "; ")
}

// The package graph of docs/architecture.md#packages-and-import-direction is
// the code's: every package of the library module has a row, each row's
// motorkit packages and other modules are exactly what the package's
// non-test files import, and the line on each other module of go.work names
// the modules its packages import.
func TestPackageGraph(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH:", err)
	}
	root := ".."
	doc := parseGraphSection(t, filepath.Join(root, "docs", "architecture.md"))

	pkgs := goList(t, goTool, root)
	seen := map[string]bool{}
	for _, path := range slices.Sorted(maps.Keys(pkgs)) {
		p := pkgs[path]
		if p.Module == nil || p.Module.Path != libModule || len(p.GoFiles) == 0 {
			continue
		}
		rel := strings.TrimPrefix(strings.TrimPrefix(path, libModule), "/")
		if rel == "" {
			rel = "."
		}
		seen[rel] = true
		motorkit, modules := importsOf(pkgs, p)
		wantM, ok := doc.motorkit[rel]
		if !ok {
			t.Errorf("package %s is not in the table; add: | `%s` | %s | %s |", rel, rel, cell(motorkit), cell(modules))
			continue
		}
		if d := diff(wantM, motorkit); d != "" {
			t.Errorf("%s: the table says it imports (motorkit) %s; %s", rel, cell(wantM), d)
		}
		if d := diff(doc.modules[rel], modules); d != "" {
			t.Errorf("%s: the table says it imports (other modules) %s; %s", rel, cell(doc.modules[rel]), d)
		}
	}
	for _, rel := range slices.Sorted(maps.Keys(doc.motorkit)) {
		if !seen[rel] {
			t.Errorf("the table has a row for %s, which is no package of the library module", rel)
		}
	}

	// The other modules of go.work, where this is a clone with them.
	for _, mod := range []string{libModule + "/demo", libModule + "/tools"} {
		dir := filepath.Join(root, strings.TrimPrefix(mod, libModule+"/"))
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
			t.Logf("skipping module %s: %v", mod, err)
			continue
		}
		want, ok := doc.others[mod]
		if !ok {
			t.Errorf("no line on module %s (\"- **name** (`%s`, ...): ...; other modules: a, b.\")", mod, mod)
			continue
		}
		mpkgs := goList(t, goTool, dir)
		var have []string
		for _, p := range mpkgs {
			if p.Module == nil || p.Module.Path != mod {
				continue
			}
			_, modules := importsOf(mpkgs, p)
			for _, m := range modules {
				if !slices.Contains(have, m) {
					have = append(have, m)
				}
			}
		}
		slices.Sort(have)
		if d := diff(want, have); d != "" {
			t.Errorf("module %s: the line says other modules %s; %s", mod, cell(want), d)
		}
	}
}

func cell(names []string) string {
	if len(names) == 0 {
		return "—"
	}
	return strings.Join(names, ", ")
}
