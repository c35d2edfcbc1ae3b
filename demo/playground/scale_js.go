//go:build js

package main

import "syscall/js"

// defaultScale is the render resolution relative to the window: the
// browser's WebAssembly runs the rasterizer on one thread, so it draws at
// half resolution by default and Ebitengine scales the picture up.
const defaultScale = 0.5

// inBrowser: there is no file system to save tuning to or watch (F5,
// -config), so the help does not offer them.
const inBrowser = true

// showError puts a start-up error on the page (a log line alone would
// leave the page black).
func showError(err error) {
	doc := js.Global().Get("document")
	p := doc.Call("createElement", "p")
	p.Set("id", "status") // what page checks read (demo/flail/internal/browsercheck)
	p.Set("textContent", "playground: "+err.Error())
	// On top of Ebitengine's canvas, which covers the page.
	p.Set("style", "position:fixed;top:0;left:0;right:0;margin:0;padding:16px;z-index:1000;"+
		"background:#0b0f17;color:#ff8080;font:16px sans-serif")
	doc.Get("body").Call("appendChild", p)
}
