//go:build js

package play

import "errors"

// Watcher reports changes of one file. The browser build has no file
// system to watch: NewWatcher always fails there.
type Watcher struct{}

// NewWatcher fails in the browser: -config needs a file system.
func NewWatcher(path string) (*Watcher, error) {
	return nil, errors.New("play: watching a config file is not available in the browser")
}

// Changed never delivers in the browser.
func (w *Watcher) Changed() <-chan struct{} { return nil }

// Errors never delivers in the browser.
func (w *Watcher) Errors() <-chan error { return nil }

// Close does nothing.
func (w *Watcher) Close() error { return nil }
