// Package display stops a demo with one clear line when there is no display
// to open a window on, before Ebitengine's own initialisation panics with a
// stack trace.
//
// Ebitengine opens its window system in a package init function, so the
// check must run earlier than any code of the demo: a demo imports this
// package for its side effect,
//
//	import _ "github.com/seedgames/motorkit/demo/internal/display"
//
// and Go initialises it before Ebitengine's internal ui package (packages
// are initialised in import-path order once their own imports are ready,
// and this one needs only the os package). On Linux and the BSDs, with
// neither DISPLAY nor WAYLAND_DISPLAY set, it prints what is missing and how
// to run the demo headless (xvfb-run), then exits with status 1. Elsewhere
// it does nothing.
package display
