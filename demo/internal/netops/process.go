//go:build !js

package netops

import (
	"errors"
	"io"
	"log"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// Logger is a game server's log: log.Default, or with json a logger whose
// lines are JSON records of log/slog (time, level, msg) for a log
// collector (the standard logger then writes through it too).
func Logger(json bool) *log.Logger {
	if !json {
		return log.Default()
	}
	l := slog.NewLogLogger(slog.NewJSONHandler(os.Stderr, nil), slog.LevelInfo)
	log.SetFlags(0)
	log.SetOutput(l.Writer())
	return l
}

// HostPort turns a listen address into one a local client can dial: an
// unspecified host (":8040", "[::]:8040") becomes 127.0.0.1.
func HostPort(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}

// TakeStateFile reads the state a drained server left in path and renames
// the file path.restored: a state is restored once, so after a crash the
// server starts empty rather than rewinding its matches again. ok is
// false when there is no such file; err reports a file that could not be
// read (it is set aside all the same).
func TakeStateFile(path string) (data []byte, ok bool, err error) {
	data, err = os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, false, nil
	}
	if rerr := os.Rename(path, path+".restored"); err == nil {
		err = rerr
	}
	return data, true, err
}

// WriteStateFile writes what save writes to path, through a temporary
// file synced and renamed, so a crash while saving leaves no half file.
func WriteStateFile(path string, save func(io.Writer) error) error {
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	err = save(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
	}
	return err
}

// Serve serves h on ln until SIGINT or SIGTERM (each connection's send
// buffer bounded by LimitListener, its socket handed to the handlers by
// ConnContext), then logs that it drains, calls drain (tell the players,
// save or hand over the matches) and closes the HTTP server.
func Serve(ln net.Listener, h http.Handler, drain func()) error {
	hs := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ConnContext: ConnContext}
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sig)
	stopped := make(chan struct{})
	go func() {
		<-sig
		log.Printf("shutting down: draining")
		drain()
		hs.Close()
		close(stopped)
	}()
	if err := hs.Serve(LimitListener(ln, 64<<10)); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	<-stopped
	return nil
}
