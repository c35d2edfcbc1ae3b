package docs

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"sort"
	"strings"
	"testing"
)

var updateKCCReference = flag.Bool("update-kcc-reference", false, "rewrite the generated part of docs/kcc-reference.md")

// kccRefMarker starts the generated part of docs/kcc-reference.md.
const kccRefMarker = "<!-- Generated below by TestKCCReference from kcc's doc comments: go test ./docs -run TestKCCReference -update-kcc-reference -->"

// TestKCCReference keeps docs/kcc-reference.md's list of kcc's calls,
// types and fields the package's own: below its marker is every exported
// function, type, method and struct field of package kcc with the first
// sentence of its doc comment, generated from the source; the test fails
// when the file is not what the source gives (a call added, renamed or
// documented anew), and -update-kcc-reference rewrites it.
func TestKCCReference(t *testing.T) {
	path := "kcc-reference.md"
	old, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	head, _, ok := bytes.Cut(old, []byte(kccRefMarker))
	if !ok {
		t.Fatalf("%s has no marker %q", path, kccRefMarker)
	}
	want := append(append(head, kccRefMarker...), kccReference(t, "../kcc")...)
	if bytes.Equal(old, want) {
		return
	}
	if *updateKCCReference {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("docs/%s is not what kcc's source gives: run go test ./docs -run TestKCCReference -update-kcc-reference", path)
}

// kccReference renders package dir's exported API: the package's functions,
// then each type (in name order) with its constructors, methods and
// fields, each with its doc comment's first sentence.
func kccReference(t *testing.T, dir string) []byte {
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, dir, func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	for _, p := range pkgs {
		d := doc.New(p, "kcc", 0)
		b.WriteString("\n\n## Functions\n\n| call | what it does |\n|---|---|\n")
		for _, f := range d.Funcs {
			fmt.Fprintf(&b, "| `%s` | %s |\n", f.Name, firstSentence(f.Doc))
		}
		sort.Slice(d.Types, func(i, j int) bool { return d.Types[i].Name < d.Types[j].Name })
		for _, ty := range d.Types {
			fmt.Fprintf(&b, "\n## `%s`\n\n%s\n", ty.Name, firstSentence(ty.Doc))
			var rows []string
			for _, f := range ty.Funcs {
				rows = append(rows, fmt.Sprintf("| `%s` | %s |", f.Name, firstSentence(f.Doc)))
			}
			for _, m := range ty.Methods {
				rows = append(rows, fmt.Sprintf("| `%s.%s` | %s |", ty.Name, m.Name, firstSentence(m.Doc)))
			}
			rows = append(rows, fieldRows(ty)...)
			if len(rows) > 0 {
				b.WriteString("\n| name | what it is, what it does |\n|---|---|\n")
				b.WriteString(strings.Join(rows, "\n") + "\n")
			}
		}
	}
	return b.Bytes()
}

// fieldRows lists a struct type's exported fields with their doc
// comments' first sentences (a field documented with the one before it
// shares its comment).
func fieldRows(ty *doc.Type) []string {
	ts, ok := ty.Decl.Specs[0].(*ast.TypeSpec)
	if !ok {
		return nil
	}
	st, ok := ts.Type.(*ast.StructType)
	if !ok {
		return nil
	}
	var rows []string
	for _, fl := range st.Fields.List {
		for _, n := range fl.Names {
			if n.IsExported() {
				rows = append(rows, fmt.Sprintf("| `%s.%s` | %s |", ty.Name, n.Name, firstSentence(fl.Doc.Text()+fl.Comment.Text())))
			}
		}
	}
	return rows
}

// firstSentence is a doc comment's first sentence on one line ("—" for
// none), with table bars escaped.
func firstSentence(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i+1]
	}
	if s == "" {
		return "—"
	}
	return strings.ReplaceAll(s, "|", `\|`)
}
