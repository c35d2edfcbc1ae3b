//go:build js

package main

import "syscall/js"

var firstFrameMarked bool

// markFirstFrame records, once, when the first frame was drawn as
// window.flailFirstFrame (ms since navigation start, performance.now()):
// the page-weight check (demo/flail/page_weight.sh) reads it.
func markFirstFrame() {
	if firstFrameMarked {
		return
	}
	firstFrameMarked = true
	js.Global().Set("flailFirstFrame", js.Global().Get("performance").Call("now"))
}
