//go:build !js

package play

import (
	"path/filepath"

	"github.com/fsnotify/fsnotify"
)

// Watcher reports changes of one file. It watches the file's directory,
// so editors that save by writing a new file and renaming it over the old
// one are seen too. Changes are coalesced: Changed delivers at most one
// pending notice, and the receiver reloads the file's current content.
type Watcher struct {
	w       *fsnotify.Watcher
	name    string
	changed chan struct{}
	errs    chan error
	done    chan struct{}
}

// NewWatcher starts watching path.
func NewWatcher(path string) (*Watcher, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	if err := fw.Add(filepath.Dir(abs)); err != nil {
		fw.Close()
		return nil, err
	}
	w := &Watcher{w: fw, name: abs, changed: make(chan struct{}, 1), errs: make(chan error, 1), done: make(chan struct{})}
	go w.loop()
	return w, nil
}

func (w *Watcher) loop() {
	defer close(w.done)
	for {
		select {
		case ev, ok := <-w.w.Events:
			if !ok {
				return
			}
			if filepath.Clean(ev.Name) != w.name || !ev.Has(fsnotify.Write|fsnotify.Create|fsnotify.Rename) {
				continue
			}
			select {
			case w.changed <- struct{}{}:
			default: // a notice is already pending
			}
		case err, ok := <-w.w.Errors:
			if !ok {
				return
			}
			select {
			case w.errs <- err:
			default:
			}
		}
	}
}

// Changed delivers a notice after the file was written, created or
// replaced.
func (w *Watcher) Changed() <-chan struct{} { return w.changed }

// Errors delivers the watcher's own errors (not the file's content).
func (w *Watcher) Errors() <-chan error { return w.errs }

// Close stops watching.
func (w *Watcher) Close() error {
	err := w.w.Close()
	<-w.done
	return err
}
