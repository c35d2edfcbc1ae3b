//go:build !js

package online

import (
	"net/http"
	"strings"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// metrics are the server's Prometheus metrics, in a registry of its own
// (several servers in one process keep apart; MetricsHandler serves it).
type metrics struct {
	reg         *prometheus.Registry
	tick        prometheus.Histogram
	bytesIn     prometheus.Counter
	bytesOut    prometheus.Counter
	disconnects *prometheus.CounterVec
	inputs      *prometheus.CounterVec
	roomMoves   *prometheus.CounterVec
}

// disconnectReasons are the label values of flail_disconnects_total: a
// fixed set, so a client cannot grow the metric's cardinality.
var disconnectReasons = []string{"closed", "idle", "flood", "bad_input", "slow_reader", "replaced", "protocol", "full", "token", "restart", "other"}

// reasonLabel maps a disconnect reason to its label.
func reasonLabel(reason string) string {
	switch {
	case reason == "" || reason == "closed":
		return "closed"
	case strings.HasPrefix(reason, "idle"):
		return "idle"
	case strings.HasPrefix(reason, "restart"):
		return "restart"
	case strings.Contains(reason, "flood"):
		return "flood"
	case strings.HasPrefix(reason, "bad input"), strings.HasPrefix(reason, "bad hello"):
		return "bad_input"
	case strings.HasPrefix(reason, "slow reader"):
		return "slow_reader"
	case strings.HasPrefix(reason, "replaced"):
		return "replaced"
	case strings.HasPrefix(reason, "text message"), strings.HasPrefix(reason, "unexpected"),
		strings.HasPrefix(reason, "protocol version"), strings.HasPrefix(reason, "first message"):
		return "protocol"
	case strings.Contains(reason, "full") || strings.Contains(reason, "cars from your address"):
		return "full"
	case strings.Contains(reason, "token"):
		return "token"
	}
	return "other"
}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		tick: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "flail_tick_seconds", Help: "Duration of a room's tick (simulation step and sending).",
			Buckets: []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05},
		}),
		bytesIn:  prometheus.NewCounter(prometheus.CounterOpts{Name: "flail_bytes_in_total", Help: "Websocket message bytes received from clients."}),
		bytesOut: prometheus.NewCounter(prometheus.CounterOpts{Name: "flail_bytes_out_total", Help: "Websocket message bytes sent to clients."}),
		disconnects: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "flail_disconnects_total",
			Help: "Connections ended, by reason."}, []string{"reason"}),
		inputs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "flail_inputs_total",
			Help: "Client inputs: applied by a tick, or dropped (duplicate or out of order)."}, []string{"result"}),
		roomMoves: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "flail_room_moves_total",
			Help: "Rooms that changed servers: handed to another server on a drain (out), adopted from one (in), restored from a state file (restored), or whose handoff failed (failed)."},
			[]string{"way"}),
	}
	for _, w := range []string{"out", "in", "restored", "failed"} {
		m.roomMoves.WithLabelValues(w)
	}
	for _, r := range disconnectReasons {
		m.disconnects.WithLabelValues(r)
	}
	m.inputs.WithLabelValues("applied")
	m.inputs.WithLabelValues("dropped")
	gauge := func(name, help string, f func() float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, f)
	}
	m.reg.MustRegister(m.tick, m.bytesIn, m.bytesOut, m.disconnects, m.inputs, m.roomMoves,
		gauge("flail_rooms", "Open rooms.", func() float64 { return float64(len(s.Rooms())) }),
		gauge("flail_players", "People in rooms, connected or within their grace time.", func() float64 {
			n := 0
			for _, r := range s.RoomList() {
				n += r.Players
			}
			return float64(n)
		}),
		gauge("flail_bots", "Bots in rooms.", func() float64 {
			n := 0
			for _, r := range s.RoomList() {
				n += r.Bots
			}
			return float64(n)
		}),
		gauge("flail_connections", "Open websocket connections.", func() float64 {
			s.mu.Lock()
			defer s.mu.Unlock()
			n := 0
			for _, c := range s.conns {
				n += c
			}
			return float64(n)
		}),
	)
	return m
}

// MetricsHandler serves the server's metrics in the Prometheus text format
// (mount it at /metrics): flail_tick_seconds, flail_rooms, flail_players,
// flail_bots, flail_connections, flail_bytes_in_total,
// flail_bytes_out_total, flail_disconnects_total{reason},
// flail_inputs_total{result="applied"|"dropped"} and
// flail_room_moves_total{way="out"|"in"|"restored"|"failed"}.
func (s *Server) MetricsHandler() http.Handler {
	return promhttp.HandlerFor(s.met.reg, promhttp.HandlerOpts{})
}

func (m *metrics) observeTick(seconds float64) { m.tick.Observe(seconds) }
func (m *metrics) addIn(n int)                 { m.bytesIn.Add(float64(n)) }
func (m *metrics) addOut(n int)                { m.bytesOut.Add(float64(n)) }
func (m *metrics) disconnect(reason string)    { m.disconnects.WithLabelValues(reasonLabel(reason)).Inc() }
func (m *metrics) input(result string)         { m.inputs.WithLabelValues(result).Inc() }
func (m *metrics) roomMove(way string)         { m.roomMoves.WithLabelValues(way).Inc() }
