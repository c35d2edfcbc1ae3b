// Package docs holds no code: its test keeps the Go snippets of README.md
// and docs/ true.
//
// The convention: every ```go block in README.md, docs/*.md and
// docs/motors/*.md is an excerpt of a _test.go file of this repository (an
// Example function with an Output comment, or a Test), so `go test ./...`
// compiles and runs it. A block matches when its lines, with indentation
// and runs of spaces collapsed and blank lines dropped, appear in that order
// and contiguously in one _test.go file. When code changes, this test names
// the snippet that no longer matches; fix the doc or the example together.
// A block that is not meant to compile is fenced as ```text.
package docs

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// snippet is one ```go block of a doc file.
type snippet struct {
	file  string
	line  int // of the opening fence
	lines []string
}

func norm(s string) string { return strings.Join(strings.Fields(s), " ") }

func normLines(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if n := norm(l); n != "" {
			out = append(out, n)
		}
	}
	return out
}

func snippets(t *testing.T, path string) []snippet {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []snippet
	var cur *snippet
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case cur == nil && strings.TrimSpace(l) == "```go":
			cur = &snippet{file: path, line: n}
		case cur != nil && strings.TrimSpace(l) == "```":
			out = append(out, *cur)
			cur = nil
		case cur != nil:
			if nl := norm(l); nl != "" {
				cur.lines = append(cur.lines, nl)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if cur != nil {
		t.Errorf("%s:%d: unclosed ```go block", path, cur.line)
	}
	return out
}

// contains reports whether want appears contiguously in have, and otherwise
// how many of want's first lines it matched at best.
func contains(have, want []string) (bool, int) {
	best := 0
	for i := range have {
		k := 0
		for k < len(want) && i+k < len(have) && have[i+k] == want[k] {
			k++
		}
		if k == len(want) {
			return true, k
		}
		best = max(best, k)
	}
	return false, best
}

// excerptOf reports whether want is an excerpt (contains) of one of the
// test files, and otherwise how many of its first lines matched at best.
func excerptOf(tests map[string][]string, want []string) (found bool, best int) {
	for _, lines := range tests {
		ok, n := contains(lines, want)
		if ok {
			return true, n
		}
		best = max(best, n)
	}
	return false, best
}

// testFiles reads every _test.go file under root but docs' own, with
// normLines, and lists the directories (packages) it walked.
func testFiles(t *testing.T, root string) (tests map[string][]string, dirs []string) {
	t.Helper()
	tests = map[string][]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "node_modules", "testdata":
				return filepath.SkipDir
			}
			dirs = append(dirs, p)
			return nil
		}
		if strings.HasSuffix(p, "_test.go") && filepath.Base(filepath.Dir(p)) != "docs" {
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			tests[p] = normLines(string(b))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return tests, dirs
}

func TestSnippetsAreTestedCode(t *testing.T) {
	root := ".."
	docs := []string{filepath.Join(root, "README.md")}
	for _, pat := range []string{"docs/*.md", "docs/motors/*.md"} {
		m, err := filepath.Glob(filepath.Join(root, pat))
		if err != nil {
			t.Fatal(err)
		}
		docs = append(docs, m...)
	}
	tests, _ := testFiles(t, root)
	total := 0
	for _, doc := range docs {
		for _, s := range snippets(t, doc) {
			total++
			if len(s.lines) == 0 {
				t.Errorf("%s:%d: empty ```go block", s.file, s.line)
				continue
			}
			if found, best := excerptOf(tests, s.lines); !found {
				t.Errorf("%s:%d: this ```go block is not an excerpt of any _test.go file; "+
					"best match stops at its line %d: %q", s.file, s.line, best+1, s.lines[min(best, len(s.lines)-1)])
			}
		}
	}
	if total == 0 {
		t.Fatal("no ```go blocks found: are the docs where this test looks?")
	}
	t.Logf("%d snippets checked against %d test files", total, len(tests))
}
