package online

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// The operator's endpoints answer over real HTTP on 127.0.0.1: health,
// readiness (503 once the server closes) and the rooms list with a player
// in room 0.
func TestOpsEndpoints(t *testing.T) {
	srv, url, _ := startServer(t, ServerOptions{RoomSize: 4})
	c := dial(t, url, DialOptions{Name: "Ann"})
	defer c.Close()
	ops := httptest.NewServer(srv.OpsHandler())
	defer ops.Close()
	get := func(path string) (int, []byte) {
		t.Helper()
		resp, err := http.Get(ops.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b [4096]byte
		n, _ := resp.Body.Read(b[:])
		return resp.StatusCode, b[:n]
	}
	if code, _ := get("/healthz"); code != 200 {
		t.Errorf("/healthz %d", code)
	}
	if code, _ := get("/readyz"); code != 200 {
		t.Errorf("/readyz %d while serving", code)
	}
	code, body := get("/rooms")
	var rooms []RoomInfo
	if code != 200 || json.Unmarshal(body, &rooms) != nil || len(rooms) != 1 || rooms[0].Players != 1 || rooms[0].Bots != 3 {
		t.Errorf("/rooms %d %s", code, body)
	}
	srv.Close()
	if code, _ := get("/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz %d after Close, want 503", code)
	}
}
