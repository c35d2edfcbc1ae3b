package webpage

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// page writes a page directory: index.html, a wasm module and
// wasm_exec.js large enough for gzip to pay, a sub-directory with no
// index.html, and a secret file next to the directory.
func page(t *testing.T) (dir string, wasm []byte) {
	t.Helper()
	root := t.TempDir()
	dir = filepath.Join(root, "web")
	wasm = []byte(strings.Repeat("\x00asm a game's wasm module ", 4000))
	files := map[string][]byte{
		"web/index.html":   []byte(strings.Repeat("<p>the page</p>\n", 100)),
		"web/game.wasm":    wasm,
		"web/wasm_exec.js": []byte(strings.Repeat("globalThis.Go = class {};\n", 100)),
		"web/tiny.txt":     []byte("hi"),
		"secret":           []byte("not for the page"),
	}
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range files {
		if err := os.WriteFile(filepath.Join(root, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, wasm
}

// get serves one request with the header lines hdr ("Key: value").
func get(h http.Handler, method, target string, hdr ...string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for _, l := range hdr {
		k, v, _ := strings.Cut(l, ":")
		req.Header.Set(k, strings.TrimSpace(v))
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func gunzip(t *testing.T, b []byte) ([]byte, *gzip.Reader) {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	back, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return back, zr
}

// The wasm goes gzipped to a client that accepts gzip and decodes to the
// file's bytes; identity to one that does not or refuses gzip with q=0.
func TestGzipAndIdentity(t *testing.T) {
	dir, wasm := page(t)
	f := &Files{Dir: dir}
	gz := get(f, "GET", "/game.wasm", "Accept-Encoding: gzip, deflate, br")
	h := gz.Header()
	if gz.Code != 200 || h.Get("Content-Encoding") != "gzip" || h.Get("Vary") != "Accept-Encoding" ||
		h.Get("Content-Type") != "application/wasm" || gz.Body.Len() >= len(wasm)/10 {
		t.Fatalf("gzip: %d %v, %d bytes of %d", gz.Code, h, gz.Body.Len(), len(wasm))
	}
	if back, _ := gunzip(t, gz.Body.Bytes()); !bytes.Equal(back, wasm) {
		t.Fatal("the gzip body does not decode to the file")
	}
	if h.Get("ETag") == "" || h.Get("Last-Modified") == "" || h.Get("Cache-Control") != "no-cache" {
		t.Fatalf("validators: %v", h)
	}
	for _, ae := range []string{"", "gzip;q=0", "br, gzip; q=0.0", "identity", "*;q=0"} {
		r := get(f, "GET", "/game.wasm", "Accept-Encoding: "+ae)
		if r.Code != 200 || r.Header().Get("Content-Encoding") != "" || !bytes.Equal(r.Body.Bytes(), wasm) {
			t.Errorf("Accept-Encoding %q: %d %q, %d bytes", ae, r.Code, r.Header().Get("Content-Encoding"), r.Body.Len())
		}
		if r.Header().Get("ETag") == h.Get("ETag") || r.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: %v, the same ETag as gzip", ae, r.Header())
		}
	}
	// HEAD: the headers of the gzip body, no body.
	if r := get(f, "HEAD", "/game.wasm", "Accept-Encoding: gzip"); r.Code != 200 || r.Body.Len() != 0 ||
		r.Header().Get("Content-Length") != h.Get("Content-Length") {
		t.Fatalf("HEAD: %d %v", r.Code, r.Header())
	}
}

func TestAcceptsGzip(t *testing.T) {
	for ae, want := range map[string]bool{
		"":                   false,
		"gzip":               true,
		"GZIP":               true,
		"deflate, gzip":      true,
		"gzip;q=0.5, br":     true,
		"gzip;q=0":           false,
		"gzip; q=0.000":      false,
		"x-gzip":             true,
		"br":                 false,
		"*":                  true,
		"*;q=0":              false,
		"gzip;q=0, *":        false,
		"br;q=1, *;q=0.1":    true,
		"identity, gzip;q=1": true,
	} {
		req := httptest.NewRequest("GET", "/", nil)
		req.Header.Set("Accept-Encoding", ae)
		if got := AcceptsGzip(req); got != want {
			t.Errorf("%q: %v, want %v", ae, got, want)
		}
	}
}

// A revisit with the ETag gets 304 Not Modified and no body, in both
// encodings; a file changed on disk is served anew with a new ETag.
func TestNotModifiedUntilChanged(t *testing.T) {
	dir, wasm := page(t)
	f := &Files{Dir: dir}
	gz := get(f, "GET", "/game.wasm", "Accept-Encoding: gzip")
	plain := get(f, "GET", "/game.wasm")
	for _, c := range []struct{ ae, etag string }{{"gzip", gz.Header().Get("ETag")}, {"", plain.Header().Get("ETag")}} {
		r := get(f, "GET", "/game.wasm", "Accept-Encoding: "+c.ae, "If-None-Match: "+c.etag)
		if r.Code != http.StatusNotModified || r.Body.Len() != 0 || r.Header().Get("ETag") != c.etag {
			t.Fatalf("revisit %q: %d, %d bytes, %v", c.ae, r.Code, r.Body.Len(), r.Header())
		}
	}
	// A rebuild: new bytes, a new modification time.
	changed := append(bytes.Clone(wasm), "rebuilt"...)
	p := filepath.Join(dir, "game.wasm")
	if err := os.WriteFile(p, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := os.Chtimes(p, later, later); err != nil {
		t.Fatal(err)
	}
	r := get(f, "GET", "/game.wasm", "Accept-Encoding: gzip", "If-None-Match: "+gz.Header().Get("ETag"))
	if r.Code != 200 || r.Header().Get("ETag") == gz.Header().Get("ETag") || r.Header().Get("Last-Modified") != later.Format(http.TimeFormat) {
		t.Fatalf("after the change: %d %v", r.Code, r.Header())
	}
	if back, _ := gunzip(t, r.Body.Bytes()); !bytes.Equal(back, changed) {
		t.Fatal("after the change: the old bytes")
	}
	if r := get(f, "GET", "/game.wasm"); !bytes.Equal(r.Body.Bytes(), changed) || r.Header().Get("ETag") == plain.Header().Get("ETag") {
		t.Fatalf("identity after the change: %v", r.Header())
	}
}

func TestContentTypes(t *testing.T) {
	dir, _ := page(t)
	f := &Files{Dir: dir}
	for path, want := range map[string]string{
		"/":             "text/html; charset=utf-8",
		"/index.html":   "text/html; charset=utf-8",
		"/game.wasm":    "application/wasm",
		"/wasm_exec.js": "text/javascript; charset=utf-8",
		"/tiny.txt":     "text/plain; charset=utf-8",
	} {
		if r := get(f, "GET", path, "Accept-Encoding: gzip"); r.Code != 200 || r.Header().Get("Content-Type") != want {
			t.Errorf("%s: %d %q, want %q", path, r.Code, r.Header().Get("Content-Type"), want)
		}
	}
	// gzip would make two bytes longer: they go as they are.
	if r := get(f, "GET", "/tiny.txt", "Accept-Encoding: gzip"); r.Header().Get("Content-Encoding") != "" || r.Body.String() != "hi" {
		t.Errorf("tiny file: %v %q", r.Header(), r.Body.String())
	}
}

// Nothing outside the directory, no directory listing, GET and HEAD only.
func TestRefused(t *testing.T) {
	dir, _ := page(t)
	f := &Files{Dir: dir}
	for _, target := range []string{"/../secret", "/sub/../../secret", "/%2e%2e/secret", "/./index.html",
		"//index.html", "/sub/", "/sub", "/nope.wasm", "/index.html/x"} {
		if r := get(f, "GET", target); r.Code != http.StatusNotFound || strings.Contains(r.Body.String(), "not for the page") {
			t.Errorf("%s: %d %q, want 404", target, r.Code, r.Body.String())
		}
	}
	if r := get(f, "POST", "/index.html"); r.Code != http.StatusMethodNotAllowed {
		t.Errorf("POST: %d", r.Code)
	}
}

// A NAME.gz next to the file is sent when it decodes to the file's bytes
// (its gzip header's comment tells it from the package's own), and
// ignored when it was left from another version.
func TestGzipNextToTheFile(t *testing.T) {
	dir, wasm := page(t)
	writeGz := func(data []byte) {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Comment = "made by the build"
		zw.Write(data)
		zw.Close()
		if err := os.WriteFile(filepath.Join(dir, "game.wasm.gz"), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeGz(wasm)
	f := &Files{Dir: dir}
	r := get(f, "GET", "/game.wasm", "Accept-Encoding: gzip")
	if back, zr := gunzip(t, r.Body.Bytes()); !bytes.Equal(back, wasm) || zr.Comment != "made by the build" {
		t.Fatalf("NAME.gz: comment %q, decodes to the file: %v", zr.Comment, bytes.Equal(back, wasm))
	}
	writeGz([]byte("an older build"))
	r = get(f, "GET", "/game.wasm", "Accept-Encoding: gzip")
	if back, zr := gunzip(t, r.Body.Bytes()); !bytes.Equal(back, wasm) || zr.Comment != "" {
		t.Fatalf("stale NAME.gz: comment %q, decodes to the file: %v", zr.Comment, bytes.Equal(back, wasm))
	}
}

// Missing is asked for the files the directory does not hold: its path is
// served, "" is 404, an error 503.
func TestMissing(t *testing.T) {
	dir, _ := page(t)
	other := t.TempDir()
	if err := os.WriteFile(filepath.Join(other, "built.wasm"), []byte("\x00asm built"), 0o644); err != nil {
		t.Fatal(err)
	}
	var asked []string
	f := &Files{Dir: dir, Missing: func(name string) (string, error) {
		asked = append(asked, name)
		switch name {
		case "built.wasm":
			return filepath.Join(other, name), nil
		case "later.wasm":
			return "", errors.New("not built yet")
		}
		return "", nil
	}}
	if r := get(f, "GET", "/built.wasm"); r.Code != 200 || r.Body.String() != "\x00asm built" || r.Header().Get("Content-Type") != "application/wasm" {
		t.Errorf("built.wasm: %d %q %v", r.Code, r.Body.String(), r.Header())
	}
	if r := get(f, "GET", "/later.wasm"); r.Code != http.StatusServiceUnavailable || !strings.Contains(r.Body.String(), "not built yet") {
		t.Errorf("later.wasm: %d %q", r.Code, r.Body.String())
	}
	if r := get(f, "GET", "/none.js"); r.Code != http.StatusNotFound {
		t.Errorf("none.js: %d", r.Code)
	}
	if r := get(f, "GET", "/../secret"); r.Code != http.StatusNotFound || len(asked) != 3 {
		t.Errorf("../secret: %d, asked %q", r.Code, asked)
	}
}
