//go:build (linux && !android) || freebsd || netbsd || openbsd || dragonfly

package display

import (
	"fmt"
	"os"
	"path/filepath"
)

func init() {
	if Available() {
		return
	}
	fmt.Fprintln(os.Stderr, Message(filepath.Base(os.Args[0])))
	os.Exit(1)
}

// Available reports whether a window system is named by the environment:
// DISPLAY (X11) or WAYLAND_DISPLAY.
func Available() bool {
	return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
}
