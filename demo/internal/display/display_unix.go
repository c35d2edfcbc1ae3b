//go:build (linux && !android) || freebsd || netbsd || openbsd || dragonfly

package display

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

func init() {
	if Available() {
		return
	}
	fmt.Fprintln(os.Stderr, Message(filepath.Base(os.Args[0])))
	os.Exit(1)
}

// Available reports whether a window system is named by the environment:
// WAYLAND_DISPLAY, or DISPLAY — for a local X display (":N"), only when its
// socket exists, so a stale DISPLAY gets the message too, not a panic.
func Available() bool {
	if os.Getenv("WAYLAND_DISPLAY") != "" {
		return true
	}
	d := os.Getenv("DISPLAY")
	if !strings.HasPrefix(d, ":") {
		return d != "" // a remote display: let the window system answer
	}
	num, _, _ := strings.Cut(d[1:], ".")
	_, err := os.Stat("/tmp/.X11-unix/X" + num)
	return err == nil
}
