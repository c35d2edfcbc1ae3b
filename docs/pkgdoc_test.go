package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Package documentation's examples compile too: every code block of a
// package doc comment (doc.go or wherever the package clause's comment
// is) that is Go naming a package of this repository or its dependencies
// (prefabs.Spawn, kcc.NewWorld, donburi.NewWorld, ...) must be an excerpt
// of a _test.go file, as the ```go blocks of the docs are
// (TestSnippetsAreTestedCode): go test compiles and runs it there. Blocks
// that are not Go (TOML, formulas, diagrams) or name no package are prose.
func TestPackageDocExamplesAreTestedCode(t *testing.T) {
	root := ".."
	tests, pkgDirs := testFiles(t, root)
	checked := 0
	for _, dir := range pkgDirs {
		for _, b := range packageDocBlocks(t, dir) {
			if !namesAPackage(b.lines) {
				continue
			}
			checked++
			if found, best := excerptOf(tests, b.lines); !found {
				t.Errorf("%s:%d: this example of the package doc is not an excerpt of any _test.go file "+
					"(make it one, e.g. of the package's Example); best match stops at its line %d: %q",
					b.file, b.line, best+1, b.lines[min(best, len(b.lines)-1)])
			}
		}
	}
	if checked == 0 {
		t.Fatal("no package doc examples found: are the packages where this test looks?")
	}
	t.Logf("%d package doc examples checked", checked)
}

// packageDocBlocks returns the Go code blocks of the package doc comments in
// dir (the indented blocks of the comment above a package clause).
func packageDocBlocks(t *testing.T, dir string) []snippet {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	var out []snippet
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		af, err := parser.ParseFile(fset, f, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil || af.Doc == nil {
			continue
		}
		out = append(out, codeBlocks(fset, f, af.Doc)...)
	}
	return out
}

// codeBlocks splits a doc comment into its indented blocks that parse as
// Go statements or declarations.
func codeBlocks(fset *token.FileSet, file string, doc *ast.CommentGroup) []snippet {
	var out []snippet
	var cur []string
	start := 0
	flush := func() {
		if len(cur) > 0 && isGo(cur) {
			var lines []string
			for _, l := range cur {
				if n := norm(l); n != "" {
					lines = append(lines, n)
				}
			}
			out = append(out, snippet{file: file, line: start, lines: lines})
		}
		cur = nil
	}
	for _, c := range doc.List {
		text := strings.TrimPrefix(c.Text, "//")
		line := fset.Position(c.Pos()).Line
		switch {
		case strings.HasPrefix(text, "\t") || strings.HasPrefix(text, "  "):
			if cur == nil {
				start = line
			}
			cur = append(cur, text)
		case strings.TrimSpace(text) == "" && cur != nil:
			cur = append(cur, "")
		default:
			flush()
		}
	}
	flush()
	return out
}

// isGo reports whether lines parse as Go statements or declarations.
func isGo(lines []string) bool {
	src := strings.Join(lines, "\n")
	fset := token.NewFileSet()
	if _, err := parser.ParseFile(fset, "", "package p\nfunc _() {\n"+src+"\n}\n", 0); err == nil {
		return true
	}
	_, err := parser.ParseFile(fset, "", "package p\n"+src+"\n", 0)
	return err == nil
}

// namesAPackage reports whether a block calls into a package by name
// (pkg.Name), which makes it an example rather than a formula.
func namesAPackage(lines []string) bool {
	for _, l := range lines {
		for _, pkg := range []string{"prefabs.", "kcc.", "systems.", "components.", "motors.", "donburi.",
			"mgl64.", "match.", "flail.", "platforms.", "config.", "trace.", "telemetry.", "input.", "detmath.",
			"arena.", "rpg.", "fps.", "hybrid.", "basic.", "ecs.", "ebiten."} {
			if strings.Contains(l, pkg) {
				return true
			}
		}
	}
	return false
}
