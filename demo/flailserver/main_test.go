package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseFlags(t *testing.T) {
	f, err := parseFlags(nil)
	if err != nil || f.addr != ":8040" || f.roomSize != 12 || f.web != "demo/flail/web" || !f.build {
		t.Fatalf("defaults %+v %v", f, err)
	}
	for _, bad := range [][]string{{"-room-size", "0"}, {"-room-size", "100000"}, {"-rooms", "0"}, {"-nope"}} {
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
	wf := &webFiles{dir: dir}
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
