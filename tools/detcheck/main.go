// Command detcheck enforces the rules that keep the simulation's floating
// point bit-identical on every platform (docs/architecture.md#determinism).
//
// In the simulation packages (the list below; test files excluded) it reports:
//
//  1. a floating-point product that is not rounded explicitly: x*y must be
//     written float64(x*y) (or float32(...)) unless it is itself an operand
//     of another * or /. Go's compiler may fuse a product with a following
//     addition into one fused multiply-add (arm64, amd64 with GOAMD64=v3),
//     even across statements, which rounds once instead of twice; an
//     explicit conversion is the language's way to forbid it. Compound
//     x *= y is reported for the same reason.
//  2. a call to a math-package function whose result is not exactly
//     specified (Sin, Cos, Atan2, Exp, Pow, Hypot ...): use package detmath,
//     whose functions give the same bits everywhere. Exactly rounded ones
//     (Sqrt, Abs, Floor, Mod, Min ...) are allowed.
//  3. a call into go-gl/mathgl's mgl64 other than sums and accessors: its
//     products (Mul, Dot, Len, Cross, Normalize, quaternions) are compiled
//     without explicit rounding, so they fuse when inlined; detmath has
//     the same operations written with it.
//
// A file whose package clause is preceded by the line
// "//detcheck:ignore-file <reason>" is skipped (debug drawing, say).
//
// Usage:
//
//	go run ./tools/detcheck        # report, exit 1 if anything is found
//	go run ./tools/detcheck -fix   # rewrite rule-1 findings in place
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"os"
	"sort"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Simulation lists the packages whose results must be the same bits on
// every platform: everything a tick, a replay or a client's prediction
// computes. Rendering, HUDs, demos and tools are not in it.
var Simulation = []string{
	"./components/...",
	"./config/...",
	"./detmath/...",
	"./flail",
	"./flail/match/...",
	"./flail/wire/...",
	"./input/...",
	"./kcc",
	"./motors/...",
	"./platforms/...",
	"./prefabs/...",
	"./systems/...",
	"./telemetry/...",
	"./trace",
}

// exactMath are the math-package functions whose results IEEE 754 or the
// Go specification pin down exactly, so every platform agrees.
var exactMath = map[string]bool{
	"Abs": true, "Ceil": true, "Copysign": true, "Dim": true, "Float32bits": true,
	"Float32frombits": true, "Float64bits": true, "Float64frombits": true, "Floor": true,
	"Frexp": true, "Inf": true, "IsInf": true, "IsNaN": true, "Ldexp": true, "Max": true,
	"Min": true, "Mod": true, "Modf": true, "NaN": true, "Nextafter": true, "Nextafter32": true,
	"Remainder": true, "Round": true, "RoundToEven": true, "Signbit": true, "Sqrt": true,
	"Trunc": true,
}

// sumOnlyMGL are the mgl64 functions and methods with no product inside.
var sumOnlyMGL = map[string]bool{
	"Add": true, "Sub": true, "X": true, "Y": true, "Z": true, "W": true, "Elem": true,
	"Vec2": true, "Vec3": true, "Vec4": true, "Conjugate": true, "QuatIdent": true,
}

const mglPath = "github.com/go-gl/mathgl/mgl64"

type finding struct {
	pos  token.Position
	msg  string
	file string
	// a fixable product: byte offsets of the expression in its file
	fixable    bool
	start, end int
	conv       string
}

func main() {
	fix := flag.Bool("fix", false, "wrap unrounded products in an explicit conversion, in place")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: detcheck [-fix] [packages]  (default: the simulation packages)")
		flag.PrintDefaults()
	}
	flag.Parse()
	patterns := flag.Args()
	if len(patterns) == 0 {
		patterns = Simulation
	}
	found, err := check(patterns)
	if err != nil {
		fmt.Fprintln(os.Stderr, "detcheck:", err)
		os.Exit(2)
	}
	if *fix {
		n, err := applyFixes(found)
		if err != nil {
			fmt.Fprintln(os.Stderr, "detcheck:", err)
			os.Exit(2)
		}
		fmt.Printf("detcheck: wrapped %d products\n", n)
		var rest []finding
		for _, f := range found {
			if !f.fixable {
				rest = append(rest, f)
			}
		}
		found = rest
	}
	for _, f := range found {
		fmt.Printf("%s: %s\n", f.pos, f.msg)
	}
	if len(found) > 0 {
		fmt.Printf("detcheck: %d findings (rules: go doc ./tools/detcheck)\n", len(found))
		os.Exit(1)
	}
}

func check(patterns []string) ([]finding, error) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax |
		packages.NeedTypes | packages.NeedTypesInfo}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	var errs []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			errs = append(errs, e.Error())
		}
	})
	if len(errs) > 0 {
		return nil, fmt.Errorf("loading packages:\n%s", strings.Join(errs, "\n"))
	}
	var out []finding
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			name := p.Fset.Position(f.Pos()).Filename
			if ignored(f) {
				continue
			}
			out = append(out, checkFile(p, f, name)...)
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].pos.Filename != out[j].pos.Filename {
			return out[i].pos.Filename < out[j].pos.Filename
		}
		return out[i].pos.Offset < out[j].pos.Offset
	})
	return out, nil
}

func ignored(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() > f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//detcheck:ignore-file") {
				return true
			}
		}
	}
	return false
}

func isFloat(t types.Type) (string, bool) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return "", false
	}
	switch b.Kind() {
	case types.Float64, types.UntypedFloat:
		return "float64", true
	case types.Float32:
		return "float32", true
	}
	return "", false
}

func checkFile(p *packages.Package, f *ast.File, name string) []finding {
	info := p.TypesInfo
	fset := p.Fset
	var out []finding
	var stack []ast.Node
	report := func(n ast.Node, msg string) finding {
		return finding{pos: fset.Position(n.Pos()), msg: msg, file: name}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		defer func() { stack = append(stack, n) }()
		switch e := n.(type) {
		case *ast.BinaryExpr:
			if e.Op != token.MUL {
				return true
			}
			tv, ok := info.Types[e]
			if !ok || tv.Value != nil { // constant expression: folded exactly
				return true
			}
			conv, ok := isFloat(tv.Type)
			if !ok {
				return true
			}
			if roundedByParent(stack, info) {
				return true
			}
			fd := report(e, "unrounded floating-point product: write "+conv+"(...) (rule 1)")
			fd.fixable = true
			fd.start = fset.Position(e.Pos()).Offset
			fd.end = fset.Position(e.End()).Offset
			fd.conv = conv
			out = append(out, fd)
		case *ast.AssignStmt:
			if e.Tok == token.MUL_ASSIGN {
				if _, ok := isFloat(info.TypeOf(e.Lhs[0])); ok {
					out = append(out, report(e, "compound *= on a float: write x = float64(x * y) (rule 1)"))
				}
			}
		case *ast.SelectorExpr:
			obj := info.Uses[e.Sel]
			fn, ok := obj.(*types.Func)
			if !ok || fn.Pkg() == nil {
				return true
			}
			switch fn.Pkg().Path() {
			case "math":
				if !exactMath[fn.Name()] {
					out = append(out, report(e, "math."+fn.Name()+" is not exactly specified: use detmath (rule 2)"))
				}
			case mglPath:
				if !sumOnlyMGL[fn.Name()] {
					out = append(out, report(e, "mgl64 "+fn.Name()+" computes unrounded products: use detmath (rule 3)"))
				}
			}
		}
		return true
	})
	return out
}

// roundedByParent: the product's value cannot reach an addition unrounded
// because its nearest non-parenthesis parent is a float conversion, or a
// multiplication or division (the product is then an operand of another
// product or quotient, which is itself checked).
func roundedByParent(stack []ast.Node, info *types.Info) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		switch p := stack[i].(type) {
		case *ast.ParenExpr:
			continue
		case *ast.BinaryExpr:
			return p.Op == token.MUL || p.Op == token.QUO
		case *ast.CallExpr:
			if len(p.Args) != 1 {
				return false
			}
			tv, ok := info.Types[p.Fun]
			if !ok || !tv.IsType() {
				return false
			}
			_, isF := isFloat(tv.Type)
			return isF
		default:
			return false
		}
	}
	return false
}

func applyFixes(found []finding) (int, error) {
	byFile := map[string][]finding{}
	var files []string
	for _, f := range found {
		if !f.fixable {
			continue
		}
		if _, ok := byFile[f.file]; !ok {
			files = append(files, f.file)
		}
		byFile[f.file] = append(byFile[f.file], f)
	}
	n := 0
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return n, err
		}
		fs := byFile[name]
		// Insert from the end so earlier offsets stay valid; nested findings
		// (a product inside another's argument) nest correctly because an
		// inner one starts later or ends earlier.
		type edit struct {
			at   int
			text string
		}
		var edits []edit
		for _, f := range fs {
			edits = append(edits, edit{f.start, f.conv + "("}, edit{f.end, ")"})
		}
		sort.SliceStable(edits, func(i, j int) bool { return edits[i].at > edits[j].at })
		out := src
		for _, e := range edits {
			out = append(out[:e.at:e.at], append([]byte(e.text), out[e.at:]...)...)
		}
		formatted, err := format.Source(out)
		if err != nil {
			return n, fmt.Errorf("%s: after the fix: %v", name, err)
		}
		if !bytes.Equal(formatted, src) {
			if err := os.WriteFile(name, formatted, 0o644); err != nil {
				return n, err
			}
		}
		n += len(fs)
	}
	return n, nil
}
