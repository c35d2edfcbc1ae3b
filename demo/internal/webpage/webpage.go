package webpage

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// Files serves the files of a browser page's directory: a URL path is a
// file in Dir ("/" and any path ending in "/" its index.html). Paths with a
// ".." (or "." or empty) element are refused and a directory is never
// listed: both get 404 Not Found. Only GET and HEAD are served.
//
// A Files must not be copied after its first use.
type Files struct {
	// Dir is the page's directory.
	Dir string
	// Missing, when not nil, is asked for a file Dir does not hold, by its
	// slash-separated name in the page ("flail.wasm"). It returns the path
	// of the file to serve in its place, "" for 404 Not Found, or an error
	// sent to the client with 503 Service Unavailable (a file still being
	// built, say).
	Missing func(name string) (path string, err error)

	mu    sync.Mutex
	files map[string]*entry // by file path
}

// entry is the cache of one file path; its lock is held while the file's
// version is made, so concurrent first requests gzip it once.
type entry struct {
	mu sync.Mutex
	v  *version
}

// stamp tells one version of a file (and of its NAME.gz) from another:
// sizes and modification times (Unix nanoseconds).
type stamp struct {
	size, mod, gzSize, gzMod int64
}

// version is one version of a served file.
type version struct {
	stamp
	mod    time.Time // Last-Modified
	ctype  string
	plain  []byte
	etag   string // of the plain bytes
	gz     []byte // nil when gzip would not make them smaller
	gzEtag string
}

// ServeHTTP serves the file the URL path names.
func (f *Files) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := strings.TrimPrefix(r.URL.Path, "/")
	if name == "" || strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	// Localize refuses names with "..", "." or empty elements (fs.ValidPath).
	local, err := filepath.Localize(name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	p := filepath.Join(f.Dir, local)
	v, err := f.version(p)
	if errors.Is(err, fs.ErrNotExist) && f.Missing != nil {
		var alt string
		if alt, err = f.Missing(name); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		if alt != "" {
			v, err = f.version(alt)
		}
	}
	if err != nil || v == nil {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Content-Type", v.ctype)
	// no-cache: the browser keeps the file but asks each visit whether it
	// changed (If-None-Match) and gets 304 Not Modified until it does. A
	// max-age would save that round trip but could run a new index.html
	// or wasm_exec.js with an old .wasm after a server update.
	h.Set("Cache-Control", "no-cache")
	h.Set("Vary", "Accept-Encoding")
	body, etag := v.plain, v.etag
	if v.gz != nil && AcceptsGzip(r) {
		body, etag = v.gz, v.gzEtag
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("ETag", etag)
	http.ServeContent(w, r, "", v.mod, bytes.NewReader(body))
}

// AcceptsGzip tells whether the request's Accept-Encoding takes gzip: it
// names gzip (or "*") with a quality above 0.
func AcceptsGzip(r *http.Request) bool {
	star := false
	for _, part := range strings.Split(r.Header.Get("Accept-Encoding"), ",") {
		coding, params, _ := strings.Cut(part, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding != "gzip" && coding != "x-gzip" && coding != "*" {
			continue
		}
		ok := true
		for _, p := range strings.Split(params, ";") {
			k, val, _ := strings.Cut(p, "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				ok = strings.Trim(strings.TrimSpace(val), "0.") != "" // q=0, q=0.0, q=0.000
			}
		}
		if coding == "*" {
			star = ok
			continue
		}
		return ok
	}
	return star
}

// version returns the current version of the file at p: the cached one
// while the file and its NAME.gz have not changed, made anew otherwise.
func (f *Files) version(p string) (*version, error) {
	file, err := os.Open(p)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	st, err := file.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, fs.ErrNotExist
	}
	s := stamp{size: st.Size(), mod: st.ModTime().UnixNano()}
	if gst, err := os.Stat(p + ".gz"); err == nil && gst.Mode().IsRegular() {
		s.gzSize, s.gzMod = gst.Size(), gst.ModTime().UnixNano()
	}
	f.mu.Lock()
	if f.files == nil {
		f.files = map[string]*entry{}
	}
	e := f.files[p]
	if e == nil {
		e = &entry{}
		f.files[p] = e
	}
	f.mu.Unlock()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.v != nil && e.v.stamp == s {
		return e.v, nil
	}
	buf := bytes.NewBuffer(make([]byte, 0, st.Size()+bytes.MinRead))
	if _, err := buf.ReadFrom(file); err != nil {
		return nil, err
	}
	plain := buf.Bytes()
	v := &version{stamp: s, mod: st.ModTime(), ctype: contentType(p, plain), plain: plain}
	sum := sha256.Sum256(plain)
	tag := hex.EncodeToString(sum[:12])
	v.etag = `"` + tag + `"`
	if v.gz = readGzip(p+".gz", plain); v.gz == nil {
		if v.gz, err = gzipped(plain); err != nil {
			return nil, err
		}
	}
	if len(v.gz) >= len(plain) {
		v.gz = nil // a small or already compressed file goes as it is
	} else {
		v.gzEtag = `"` + tag + `-gz"`
	}
	e.v = v
	return v, nil
}

// readGzip returns the bytes of the gzip file at p when they decode to
// plain, nil otherwise (no such file, or one left from an older version).
func readGzip(p string, plain []byte) []byte {
	gz, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return nil
	}
	back, err := io.ReadAll(io.LimitReader(zr, int64(len(plain))+1))
	if err != nil || !bytes.Equal(back, plain) {
		return nil
	}
	return gz
}

// gzipped returns data compressed with gzip -9.
func gzipped(data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// types are the page's own file types, named here so that a system's MIME
// table cannot change them: instantiateStreaming needs application/wasm.
var types = map[string]string{
	".wasm": "application/wasm",
	".js":   "text/javascript; charset=utf-8",
	".mjs":  "text/javascript; charset=utf-8",
	".html": "text/html; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
}

// contentType returns the Content-Type of the file at p with the bytes
// data: by its extension, or sniffed from its first bytes.
func contentType(p string, data []byte) string {
	ext := strings.ToLower(filepath.Ext(p))
	if t, ok := types[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return http.DetectContentType(data)
}
