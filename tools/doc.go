// Package tools holds programs that work on the library rather than parts of
// it; they are their own module (github.com/seedgames/motorkit/tools, with
// golang.org/x/tools), so nothing they need reaches a library user, and
// nothing in the library imports them. Run them from the repository root:
//
//   - detcheck: the determinism rules of the simulation packages
//     (go run ./tools/detcheck; CI runs it).
//   - kcccompare: plays the controller's scene suite and long moves through
//     kcc and, side by side, through Rapier (node scripts; see docs/kcc.md).
package tools
