package netops

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

// /healthz is always 200, /readyz 200 or 503 as ready says, and the list
// path answers the list as JSON that no cache keeps.
func TestOpsHandler(t *testing.T) {
	var ready atomic.Bool
	ready.Store(true)
	rooms := []RoomInfo{{Room: 0, Players: 2, Bots: 10, Tick: 99}, {Room: 3, Players: 1, Bots: 11, Tick: 7}}
	h := OpsHandler(ready.Load, "/rooms", func() any { return rooms })
	get := func(path string) (*http.Response, string) {
		t.Helper()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		res := rec.Result()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	for _, tc := range []struct {
		path string
		code int
		body string
	}{
		{"/healthz", 200, "ok\n"},
		{"/readyz", 200, "ready\n"},
		{"/nothing", 404, ""},
	} {
		if res, body := get(tc.path); res.StatusCode != tc.code || (tc.body != "" && body != tc.body) {
			t.Errorf("%s: %d %q, want %d %q", tc.path, res.StatusCode, body, tc.code, tc.body)
		}
	}
	res, body := get("/rooms")
	var got []RoomInfo
	if res.StatusCode != 200 || json.Unmarshal([]byte(body), &got) != nil || len(got) != 2 || got[1] != rooms[1] {
		t.Errorf("/rooms: %d %s", res.StatusCode, body)
	}
	if ct, cc := res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"); ct != "application/json" || cc != "no-store" {
		t.Errorf("/rooms: Content-Type %q, Cache-Control %q", ct, cc)
	}
	if want := `[{"room":0,"players":2,"bots":10,"tick":99},{"room":3,"players":1,"bots":11,"tick":7}]` + "\n"; body != want {
		t.Errorf("/rooms: %s, want %s", body, want)
	}
	ready.Store(false)
	if res, body := get("/readyz"); res.StatusCode != http.StatusServiceUnavailable || body != "closing\n" {
		t.Errorf("/readyz when not ready: %d %q, want 503 \"closing\"", res.StatusCode, body)
	}
	if res, _ := get("/healthz"); res.StatusCode != 200 {
		t.Errorf("/healthz when not ready: %d", res.StatusCode)
	}
}
