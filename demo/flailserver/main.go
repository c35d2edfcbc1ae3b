package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/seedgames/motorkit/demo/flail/online"
	"github.com/seedgames/motorkit/demo/internal/fleet"
	"github.com/seedgames/motorkit/demo/internal/netops"
	"github.com/seedgames/motorkit/demo/internal/webpage"
)

type flags struct {
	addr     string
	roomSize int
	rooms    int
	seed     uint64
	config   string
	web      string
	build    bool
	netops.ServerFlags
	fleetFlags fleet.Flags
}

// flagSet defines the command line on f: the server's options default to
// online.DefaultServerOptions.
func flagSet(f *flags) *flag.FlagSet {
	d := online.DefaultServerOptions()
	fs := flag.NewFlagSet("flailserver", flag.ContinueOnError)
	fs.StringVar(&f.addr, "addr", ":8040", "listen address (127.0.0.1:8040 for this machine only)")
	fs.IntVar(&f.roomSize, "room-size", d.RoomSize, "cars per room: bots fill the places people do not take")
	fs.IntVar(&f.rooms, "rooms", d.MaxRooms, "most rooms")
	fs.Uint64Var(&f.seed, "seed", 1, "match seed of the first room (room k: seed+k)")
	fs.StringVar(&f.config, "config", "", "tuning TOML decoded over the demo's (see flail/default.toml)")
	fs.StringVar(&f.web, "web", "demo/flail/web", "directory of the browser page (index.html; flail.wasm and wasm_exec.js when built)")
	fs.BoolVar(&f.build, "build-wasm", true, "build flail.wasm with the go tool when -web has none")
	f.ServerFlags = netops.ServerFlags{Drain: 5 * time.Second, Grace: d.Grace, Idle: d.IdleTimeout, PerAddress: d.MaxPerAddress}
	f.ServerFlags.Register(fs, "car")
	f.fleetFlags.Register(fs)
	return fs
}

func parseFlags(args []string) (flags, error) {
	var f flags
	fs := flagSet(&f)
	if err := fs.Parse(args); err != nil {
		return f, err
	}
	if f.roomSize < 1 || f.roomSize > online.MaxRoomSize {
		return f, fmt.Errorf("-room-size %d: want 1..%d", f.roomSize, online.MaxRoomSize)
	}
	if f.rooms < 1 {
		return f, errors.New("-rooms must be >= 1")
	}
	return f, nil
}

// webFiles serves the browser page (webpage.Files: gzip, ETag, 304):
// index.html from the -web directory, flail.wasm and wasm_exec.js from it
// or, when missing, from a build in a cache directory made in the
// background at start, and server.js that makes the page connect back.
type webFiles struct {
	page  webpage.Files
	mu    sync.Mutex
	built string // directory with flail.wasm and wasm_exec.js, once ready
	err   error
}

func newWebFiles(dir string) *webFiles {
	wf := &webFiles{}
	wf.page = webpage.Files{Dir: dir, Missing: wf.fromBuild}
	return wf
}

// fromBuild is the page's Missing: flail.wasm and wasm_exec.js from the
// background build, an error (503) while it runs or when it failed.
func (wf *webFiles) fromBuild(name string) (string, error) {
	if name != "flail.wasm" && name != "wasm_exec.js" {
		return "", nil
	}
	wf.mu.Lock()
	defer wf.mu.Unlock()
	switch {
	case wf.err != nil:
		return "", fmt.Errorf("browser build failed: %v", wf.err)
	case wf.built == "":
		return "", errors.New("the browser build is not ready yet, reload in a minute")
	}
	return filepath.Join(wf.built, name), nil
}

func (wf *webFiles) buildWasm(logf func(string, ...any)) {
	out, err := os.MkdirTemp("", "flailweb")
	if err == nil {
		logf("building flail.wasm for the browser (GOOS=js GOARCH=wasm go build ./demo/flail) ...")
		// -s -w: no symbol table or DWARF (the page needs neither).
		cmd := exec.Command("go", "build", "-ldflags=-s -w", "-o", filepath.Join(out, "flail.wasm"), "./demo/flail")
		cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
		var msg []byte
		if msg, err = cmd.CombinedOutput(); err != nil {
			err = fmt.Errorf("%v: %s", err, msg)
		}
	}
	if err == nil {
		err = copyWasmExec(filepath.Join(out, "wasm_exec.js"))
	}
	wf.mu.Lock()
	defer wf.mu.Unlock()
	if err != nil {
		wf.err = err
		logf("browser build failed: %v", err)
		return
	}
	wf.built = out
	logf("browser build ready")
}

func copyWasmExec(dst string) error {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil || len(out) < 2 {
		return fmt.Errorf("go env GOROOT: %v", err)
	}
	root := string(out[:len(out)-1])
	for _, p := range []string{"lib/wasm/wasm_exec.js", "misc/wasm/wasm_exec.js"} {
		src, err := os.Open(filepath.Join(root, p))
		if err != nil {
			continue
		}
		defer src.Close()
		d, err := os.Create(dst)
		if err != nil {
			return err
		}
		if _, err := io.Copy(d, src); err != nil {
			d.Close()
			return err
		}
		return d.Close()
	}
	return errors.New("wasm_exec.js not found in GOROOT")
}

func (wf *webFiles) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.URL.Path {
	case "/server.js":
		// tells the page it was served by a flail server: connect back.
		w.Header().Set("Content-Type", "text/javascript")
		fmt.Fprintln(w, `window.FLAIL_SERVER = "/ws";`)
	case "/", "/index.html", "/flail.wasm", "/wasm_exec.js":
		wf.page.ServeHTTP(w, r)
	default:
		http.NotFound(w, r)
	}
}

func main() {
	f, err := parseFlags(os.Args[1:])
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		log.Fatal(err)
	}
	cfg, err := online.Config(f.config)
	if err != nil {
		log.Fatal(err)
	}
	srv, err := online.NewServer(online.ServerOptions{RoomSize: f.roomSize, MaxRooms: f.rooms, Seed: f.seed,
		Config: &cfg, Grace: f.Grace, AllowedOrigins: f.Origins, IdleTimeout: f.Idle,
		MaxPerAddress: f.PerAddress, TrustedProxies: f.Proxies, Log: netops.Logger(f.LogJSON)})
	if err != nil {
		log.Fatal(err)
	}
	if f.State != "" {
		restoreState(srv, f.State)
	}
	wf := newWebFiles(f.web)
	if _, err := os.Stat(filepath.Join(f.web, "flail.wasm")); err != nil && f.build {
		go wf.buildWasm(log.Printf)
	}
	mux := http.NewServeMux()
	mux.Handle("/ws", srv)
	ops := srv.OpsHandler()
	mux.Handle("/healthz", ops)
	mux.Handle("/readyz", ops)
	mux.Handle("/metrics", srv.MetricsHandler())
	mux.Handle("/", wf)
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		log.Fatal(err)
	}
	member, err := fleet.Route(mux, ops, srv, f.fleetFlags,
		"flailserver", fleet.DefaultBucket, ln)
	if err != nil {
		log.Fatal(err)
	}
	log.Printf("flail server on %s: browser http://%s/ , native: go run ./demo/flail -connect ws://%s/ws",
		ln.Addr(), netops.HostPort(ln.Addr()), netops.HostPort(ln.Addr()))
	// SIGTERM: tell every player the server restarts (close code 1012),
	// give the connections -drain to end, then keep the rooms in -state.
	err = netops.Serve(ln, mux, func() {
		if member != nil {
			// hand the rooms to other servers of the fleet first.
			member.Drain(f.Drain)
		} else {
			srv.Drain(f.Drain)
		}
		if f.State != "" {
			saveState(srv, f.State)
		}
	})
	if err != nil {
		log.Fatal(err)
	}
}

// restoreState opens the rooms saved in path, if it exists. A bad file is
// reported and set aside (netops.TakeStateFile); the server then starts
// empty.
func restoreState(srv *online.Server, path string) {
	data, ok, err := netops.TakeStateFile(path)
	if !ok {
		return
	}
	if err == nil {
		var n int
		n, err = srv.RestoreState(data)
		if err == nil {
			log.Printf("restored %d rooms from %s", n, path)
		}
	}
	if err != nil {
		log.Printf("state file %s: %v: starting with no rooms", path, err)
	}
}

// saveState writes the rooms to path (netops.WriteStateFile).
func saveState(srv *online.Server, path string) {
	t0 := time.Now()
	if err := netops.WriteStateFile(path, srv.SaveState); err != nil {
		log.Printf("saving the rooms to %s: %v (the matches are lost)", path, err)
		return
	}
	log.Printf("saved %d rooms to %s in %v", len(srv.Rooms()), path, time.Since(t0).Round(time.Millisecond))
}
