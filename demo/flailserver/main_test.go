package main

import (
	"bytes"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/seedgames/motorkit/demo/flail/online"
	"github.com/seedgames/motorkit/demo/internal/proctest"
)

// TestMain: the test binary is the server too, when a test starts it as a
// process (proctest.Self).
func TestMain(m *testing.M) {
	proctest.RunMain(main)
	os.Exit(m.Run())
}

func TestParseFlags(t *testing.T) {
	f, err := parseFlags(nil)
	if d := online.DefaultServerOptions(); err != nil || f.addr != ":8040" || f.roomSize != d.RoomSize || f.rooms != d.MaxRooms ||
		f.Grace != d.Grace || f.Idle != d.IdleTimeout || f.PerAddress != d.MaxPerAddress || f.web != "demo/flail/web" || !f.build {
		t.Fatalf("defaults %+v %v", f, err)
	}
	f, err = parseFlags([]string{"-log-json", "-idle", "30s", "-max-per-address", "3", "-trusted-proxy", "10.0.0.0/8", "-origin", "*.example.com"})
	if err != nil || !f.LogJSON || f.Idle != 30*time.Second || f.PerAddress != 3 || len(f.Proxies) != 1 || len(f.Origins) != 1 {
		t.Fatalf("operator flags %+v %v", f, err)
	}
	for _, bad := range [][]string{{"-room-size", "0"}, {"-room-size", "100000"}, {"-rooms", "0"}, {"-nope"}, {"-origin", "[bad"}} {
		if _, err := parseFlags(bad); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
}

// TestWebFiles: the page, the marker script that makes it connect back,
// the wasm files from the -web directory (or 503 while a build runs), and
// nothing else.
func TestWebFiles(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "index.html"), []byte("<html>flail</html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	wf := newWebFiles(dir)
	get := func(path string) *httptest.ResponseRecorder {
		rec := httptest.NewRecorder()
		wf.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec
	}
	if r := get("/"); r.Code != 200 || !strings.Contains(r.Body.String(), "flail") {
		t.Fatalf("/: %d %q", r.Code, r.Body.String())
	}
	if r := get("/server.js"); r.Code != 200 || !strings.Contains(r.Body.String(), `FLAIL_SERVER = "/ws"`) {
		t.Fatalf("/server.js: %d %q", r.Code, r.Body.String())
	}
	if r := get("/flail.wasm"); r.Code != http.StatusServiceUnavailable {
		t.Fatalf("wasm before the build: %d", r.Code)
	}
	if err := os.WriteFile(filepath.Join(dir, "flail.wasm"), []byte("\x00asm"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := get("/flail.wasm"); r.Code != 200 || r.Header().Get("Content-Type") != "application/wasm" {
		t.Fatalf("wasm: %d %q", r.Code, r.Header().Get("Content-Type"))
	}
	for _, p := range []string{"/../go.mod", "/main.go", "/x/index.html"} {
		if r := get(p); r.Code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", p, r.Code)
		}
	}
}

// The page is light (demo/internal/webpage tests the rest): flail.wasm
// goes gzipped with an ETag, and a revisit gets 304 Not Modified.
func TestWebFilesCompressedAndValidated(t *testing.T) {
	dir := t.TempDir()
	body := []byte(strings.Repeat("\x00asm flail wasm module body ", 4000))
	if err := os.WriteFile(filepath.Join(dir, "flail.wasm"), body, 0o644); err != nil {
		t.Fatal(err)
	}
	wf := newWebFiles(dir)
	get := func(etag string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/flail.wasm", nil)
		req.Header.Set("Accept-Encoding", "gzip, deflate, br")
		req.Header.Set("If-None-Match", etag)
		rec := httptest.NewRecorder()
		wf.ServeHTTP(rec, req)
		return rec
	}
	gz := get("")
	etag := gz.Header().Get("ETag")
	if gz.Code != 200 || gz.Header().Get("Content-Encoding") != "gzip" || gz.Body.Len() >= len(body)/10 || etag == "" {
		t.Fatalf("gzip: %d %v, %d bytes of %d", gz.Code, gz.Header(), gz.Body.Len(), len(body))
	}
	if r := get(etag); r.Code != http.StatusNotModified || r.Body.Len() != 0 {
		t.Fatalf("revisit: %d, %d bytes", r.Code, r.Body.Len())
	}
}

// TestRestoreStateRefusesDamage: a state file cut short or with a byte
// changed is refused at start-up with a log line that says which, the
// server keeps no room, and the file is set aside as FILE.restored.
func TestRestoreStateRefusesDamage(t *testing.T) {
	var file bytes.Buffer
	src, err := online.NewServer(online.ServerOptions{RoomSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	err = src.SaveState(&file)
	src.Close()
	if err != nil {
		t.Fatal(err)
	}
	changed := bytes.Clone(file.Bytes())
	changed[len(changed)-1] ^= 0x01
	var logs bytes.Buffer
	log.SetOutput(&logs)
	defer log.SetOutput(os.Stderr)
	for _, c := range []struct {
		name string
		data []byte
		says string
	}{
		{"changed", changed, "checksum mismatch"},
		{"cut", file.Bytes()[:file.Len()-1], "truncated"},
	} {
		logs.Reset()
		path := filepath.Join(t.TempDir(), "rooms.state")
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		srv, err := online.NewServer(online.ServerOptions{RoomSize: 2})
		if err != nil {
			t.Fatal(err)
		}
		restoreState(srv, path)
		n := len(srv.Rooms())
		srv.Close()
		if !strings.Contains(logs.String(), c.says) || !strings.Contains(logs.String(), "starting with no rooms") || n != 0 {
			t.Errorf("%s: %d rooms, logged %q; want %q and no rooms", c.name, n, logs.String(), c.says)
		}
		if _, err := os.Stat(path + ".restored"); err != nil {
			t.Errorf("%s: the file was not set aside: %v", c.name, err)
		}
	}
}
