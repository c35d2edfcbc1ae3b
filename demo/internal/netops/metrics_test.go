//go:build !js

package netops

import (
	"strings"
	"testing"

	"github.com/seedgames/motorkit/demo/internal/proctest"
)

// The metrics carry the game's namespace, read the rooms and connections
// at each scrape, and list every label value from the start.
func TestMetrics(t *testing.T) {
	rooms := []RoomInfo{{Room: 0, Players: 2, Bots: 10}, {Room: 1, Players: 1, Bots: 3}}
	conns := 4
	m := NewMetrics("game", func() []RoomInfo { return rooms }, func() int { return conns })
	m.ObserveTick(0.002)
	m.AddIn(10)
	m.AddOut(300)
	m.Disconnect("idle: no input for 61.0 s")
	m.Disconnect("what a client made up")
	m.Input("applied")
	m.Input("applied")
	m.RoomMove("out")
	scrape := func() string { return proctest.Scrape(m.Handler()) }
	body := scrape()
	want := []string{"game_rooms 2", "game_players 3", "game_bots 13", "game_connections 4",
		"game_tick_seconds_count 1", "game_bytes_in_total 10", "game_bytes_out_total 300",
		`game_disconnects_total{reason="idle"} 1`, `game_disconnects_total{reason="other"} 1`,
		`game_inputs_total{result="applied"} 2`, `game_inputs_total{result="dropped"} 0`,
		`game_room_moves_total{way="out"} 1`, `game_room_moves_total{way="failed"} 0`}
	for _, r := range DisconnectReasons {
		want = append(want, `game_disconnects_total{reason="`+r+`"}`)
	}
	for _, w := range want {
		if !strings.Contains(body, w) {
			t.Errorf("metrics lack %q", w)
		}
	}
	rooms, conns = rooms[:1], 1
	if body := scrape(); !strings.Contains(body, "game_rooms 1") || !strings.Contains(body, "game_connections 1") {
		t.Errorf("the gauges do not follow the server:\n%s", body)
	}
	// two servers in one process keep apart
	NewMetrics("game", func() []RoomInfo { return nil }, func() int { return 0 }).Disconnect("closed")
	if !strings.Contains(scrape(), `game_disconnects_total{reason="closed"} 0`) {
		t.Error("another server's metrics counted here")
	}
}
