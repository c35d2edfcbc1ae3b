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
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/packages"
)

// Simulation lists the packages whose results must be the same bits on
// every platform: everything a tick, a replay or a client's prediction
// computes. Rendering, HUDs, demos and tools are not in it.
var Simulation = []string{
	"./abilities/...",
	"./components/...",
	"./config/...",
	"./demo/flail/internal/match/...",
	"./demo/flail/online",
	"./demo/flail/wire/...",
	"./detmath/...",
	"./flail",
	"./flail/match/...",
	"./input/...",
	"./kcc",
	"./motors/...",
	"./netplay/...",
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
	// a replacement (rules 2 and 3): src[start:end] becomes repl
	replace bool
	repl    string
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
		// Replacements first (rules 2 and 3), innermost ones in each pass
		// until none is left, then the products (rule 1) in one pass.
		for pass := 0; ; pass++ {
			n, err := applyFixes(found, true)
			if err != nil {
				fmt.Fprintln(os.Stderr, "detcheck:", err)
				os.Exit(2)
			}
			if n == 0 || pass > 20 {
				break
			}
			fmt.Printf("detcheck: replaced %d calls\n", n)
			if found, err = check(patterns); err != nil {
				fmt.Fprintln(os.Stderr, "detcheck:", err)
				os.Exit(2)
			}
		}
		n, err := applyFixes(found, false)
		if err != nil {
			fmt.Fprintln(os.Stderr, "detcheck:", err)
			os.Exit(2)
		}
		fmt.Printf("detcheck: wrapped %d products\n", n)
		if found, err = check(patterns); err != nil {
			fmt.Fprintln(os.Stderr, "detcheck:", err)
			os.Exit(2)
		}
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
	// A mapped mgl64 call is reported once, by its fixable finding.
	fixableAt := map[token.Position]bool{}
	for _, f := range out {
		if f.replace {
			fixableAt[f.pos] = true
		}
	}
	kept := out[:0]
	for _, f := range out {
		if f.replace || f.fixable || !fixableAt[f.pos] {
			kept = append(kept, f)
		}
	}
	out = kept
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
	src, _ := os.ReadFile(name)
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
					fd := report(e, "math."+fn.Name()+" is not exactly specified: use detmath (rule 2)")
					if detmathHas[fn.Name()] {
						fd.replace, fd.repl = true, "detmath"
						fd.start, fd.end = fset.Position(e.X.Pos()).Offset, fset.Position(e.X.End()).Offset
					}
					out = append(out, fd)
				}
			case mglPath:
				if !sumOnlyMGL[fn.Name()] {
					out = append(out, report(e, "mgl64 "+fn.Name()+" computes unrounded products: use detmath (rule 3)"))
				}
			}
		case *ast.CallExpr:
			if fd, ok := mglCallFix(e, info, fset, src); ok {
				out = append(out, fd)
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

// applyFixes rewrites the files: the replacements (rules 2 and 3) that
// contain no other replacement when replacements is true, else the product
// conversions. It returns how many findings it fixed.
func applyFixes(found []finding, replacements bool) (int, error) {
	type edit struct {
		start, end int
		text       string
	}
	byFile := map[string][]edit{}
	var files []string
	n := 0
	for i, f := range found {
		if !f.fixable && !f.replace || f.replace != replacements {
			continue
		}
		var es []edit
		if f.replace {
			inner := false
			for j, g := range found {
				if j != i && g.replace && g.file == f.file && g.start >= f.start && g.end <= f.end &&
					(g.start != f.start || g.end != f.end) {
					inner = true
					break
				}
			}
			if inner {
				continue
			}
			es = []edit{{f.start, f.end, f.repl}}
		} else {
			es = []edit{{f.start, f.start, f.conv + "("}, {f.end, f.end, ")"}}
		}
		if _, ok := byFile[f.file]; !ok {
			files = append(files, f.file)
		}
		byFile[f.file] = append(byFile[f.file], es...)
		n++
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			return n, err
		}
		edits := byFile[name]
		// From the end, so earlier offsets stay valid; an insertion at the
		// same offset as another keeps their order of nesting.
		sort.SliceStable(edits, func(i, j int) bool { return edits[i].start > edits[j].start })
		out := append([]byte(nil), src...)
		for _, e := range edits {
			out = append(out[:e.start:e.start], append([]byte(e.text), out[e.end:]...)...)
		}
		out, err = fixImports(name, out)
		if err != nil {
			return n, err
		}
		if !bytes.Equal(out, src) {
			if err := os.WriteFile(name, out, 0o644); err != nil {
				return n, err
			}
		}
	}
	return n, nil
}

// fixImports adds the detmath import where the file now uses it, drops math
// and mgl64 where it no longer does, and formats the file.
func fixImports(name string, src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
	if err != nil {
		return nil, fmt.Errorf("%s: after the fix: %v", name, err)
	}
	if bytes.Contains(src, []byte("detmath.")) && !strings.HasSuffix(filepath.Dir(name), "/detmath") {
		astutil.AddImport(fset, f, detmathPath)
	}
	for _, p := range []string{"math", mglPath} {
		if !astutil.UsesImport(f, p) {
			astutil.DeleteImport(fset, f, p)
		}
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, fmt.Errorf("%s: after the fix: %v", name, err)
	}
	return buf.Bytes(), nil
}

const detmathPath = "github.com/seedgames/motorkit/detmath"

// detmathHas: math functions with a detmath function of the same name.
var detmathHas = map[string]bool{
	"Sin": true, "Cos": true, "Sincos": true, "Tan": true, "Atan": true, "Atan2": true,
	"Asin": true, "Acos": true, "Exp": true, "Expm1": true, "Log": true, "Pow": true,
	"Hypot": true, "Cbrt": true,
}

// mglMethods maps an mgl64 receiver type and method to the detmath function
// computing the same thing with every product rounded.
var mglMethods = map[string]string{
	"Vec3.Dot": "Dot", "Vec3.Len": "Len", "Vec3.LenSqr": "LenSqr", "Vec3.Mul": "Scale",
	"Vec3.Normalize": "Normalize", "Vec3.Cross": "Cross",
	"Vec2.Dot": "Dot2", "Vec2.Len": "Len2", "Vec2.Mul": "Scale2",
	"Quat.Mul": "QuatMul", "Quat.Len": "QuatLen", "Quat.Normalize": "QuatNormalize",
	"Quat.Rotate": "Rotate", "Quat.Scale": "QuatScale",
	"QuatRotate": "QuatRotate",
}

// mglCallFix turns a call of a mapped mgl64 method or function into the
// detmath call: v.Mul(s) becomes detmath.Scale(v, s).
func mglCallFix(call *ast.CallExpr, info *types.Info, fset *token.FileSet, src []byte) (finding, bool) {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || src == nil {
		return finding{}, false
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != mglPath {
		return finding{}, false
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	args := string(src[off(call.Lparen)+1 : off(call.Rparen)])
	key := fn.Name()
	recv := ""
	if s, ok := info.Selections[sel]; ok && s.Kind() == types.MethodVal {
		named, ok := types.Unalias(s.Recv()).(*types.Named)
		if !ok {
			return finding{}, false
		}
		key = named.Obj().Name() + "." + fn.Name()
		recv = string(src[off(sel.X.Pos()):off(sel.X.End())])
	}
	target, ok := mglMethods[key]
	if !ok {
		return finding{}, false
	}
	all := recv
	if recv != "" && strings.TrimSpace(args) != "" {
		all += ", "
	}
	all += args
	return finding{
		pos: fset.Position(call.Pos()), file: fset.Position(call.Pos()).Filename,
		msg:     "mgl64 " + key + " computes unrounded products: use detmath." + target + " (rule 3)",
		replace: true, start: off(call.Pos()), end: off(call.End()),
		repl: "detmath." + target + "(" + all + ")",
	}, true
}
