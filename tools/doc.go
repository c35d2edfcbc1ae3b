// Package tools holds programs that work on this module rather than parts of
// it: nothing in the library imports them.
//
//   - kcccompare: plays the controller's scene suite and long moves through
//     kcc and, side by side, through Rapier (node scripts; see docs/kcc.md).
package tools
