//go:build !js

package online

import "net/http"

// MetricsHandler serves the server's metrics in the Prometheus text format
// (mount it at /metrics): flail_tick_seconds, flail_rooms, flail_players,
// flail_bots, flail_connections, flail_bytes_in_total,
// flail_bytes_out_total, flail_disconnects_total{reason},
// flail_inputs_total{result="applied"|"dropped"} and
// flail_room_moves_total{way="out"|"in"|"restored"|"failed"}
// (netops.NewMetrics), in a registry of the server's own.
func (s *Server) MetricsHandler() http.Handler { return s.met.Handler() }
