//go:build !js

package netops

import (
	"net/http"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics are a game server's Prometheus metrics, in a registry of their
// own (several servers in one process keep apart; Handler serves it).
// Every name starts with the game's namespace, e.g. flail_rooms.
type Metrics struct {
	reg         *prometheus.Registry
	tick        prometheus.Histogram
	bytesIn     prometheus.Counter
	bytesOut    prometheus.Counter
	disconnects *prometheus.CounterVec
	inputs      *prometheus.CounterVec
	roomMoves   *prometheus.CounterVec
}

// NewMetrics registers, for the game ns: ns_tick_seconds (a histogram of
// room ticks), ns_rooms, ns_players and ns_bots (gauges that read rooms at
// each scrape), ns_connections (a gauge that reads connections),
// ns_bytes_in_total, ns_bytes_out_total, ns_disconnects_total{reason} (the
// DisconnectReasons), ns_inputs_total{result="applied"|"dropped"} and
// ns_room_moves_total{way="out"|"in"|"restored"|"failed"}, every label
// value present from the start at 0.
func NewMetrics(ns string, rooms func() []RoomInfo, connections func() int) *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		tick: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: ns + "_tick_seconds", Help: "Duration of a room's tick (simulation step and sending).",
			Buckets: []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05},
		}),
		bytesIn:  prometheus.NewCounter(prometheus.CounterOpts{Name: ns + "_bytes_in_total", Help: "Websocket message bytes received from clients."}),
		bytesOut: prometheus.NewCounter(prometheus.CounterOpts{Name: ns + "_bytes_out_total", Help: "Websocket message bytes sent to clients."}),
		disconnects: prometheus.NewCounterVec(prometheus.CounterOpts{Name: ns + "_disconnects_total",
			Help: "Connections ended, by reason."}, []string{"reason"}),
		inputs: prometheus.NewCounterVec(prometheus.CounterOpts{Name: ns + "_inputs_total",
			Help: "Client inputs: applied by a tick, or dropped (duplicate or out of order)."}, []string{"result"}),
		roomMoves: prometheus.NewCounterVec(prometheus.CounterOpts{Name: ns + "_room_moves_total",
			Help: "Rooms that changed servers: handed to another server on a drain (out), adopted from one (in), restored from a state file (restored), or whose handoff failed (failed)."},
			[]string{"way"}),
	}
	for _, w := range []string{"out", "in", "restored", "failed"} {
		m.roomMoves.WithLabelValues(w)
	}
	for _, r := range DisconnectReasons {
		m.disconnects.WithLabelValues(r)
	}
	m.inputs.WithLabelValues("applied")
	m.inputs.WithLabelValues("dropped")
	gauge := func(name, help string, f func() float64) prometheus.Collector {
		return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: ns + "_" + name, Help: help}, f)
	}
	sum := func(field func(RoomInfo) int) func() float64 {
		return func() float64 {
			n := 0
			for _, r := range rooms() {
				n += field(r)
			}
			return float64(n)
		}
	}
	m.reg.MustRegister(m.tick, m.bytesIn, m.bytesOut, m.disconnects, m.inputs, m.roomMoves,
		gauge("rooms", "Open rooms.", func() float64 { return float64(len(rooms())) }),
		gauge("players", "People in rooms, connected or within their grace time.", sum(func(r RoomInfo) int { return r.Players })),
		gauge("bots", "Bots in rooms.", sum(func(r RoomInfo) int { return r.Bots })),
		gauge("connections", "Open websocket connections.", func() float64 { return float64(connections()) }),
	)
	return m
}

// Handler serves the metrics in the Prometheus text format (mount it at
// /metrics). It is not built for js.
func (m *Metrics) Handler() http.Handler { return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{}) }

// ObserveTick records a room tick that took seconds.
func (m *Metrics) ObserveTick(seconds float64) { m.tick.Observe(seconds) }

// AddIn counts n bytes received from a client.
func (m *Metrics) AddIn(n int) { m.bytesIn.Add(float64(n)) }

// AddOut counts n bytes sent to a client.
func (m *Metrics) AddOut(n int) { m.bytesOut.Add(float64(n)) }

// Disconnect counts a connection that ended for reason (as ReasonLabel
// labels it).
func (m *Metrics) Disconnect(reason string) {
	m.disconnects.WithLabelValues(ReasonLabel(reason)).Inc()
}

// Input counts a client input by result: "applied" or "dropped".
func (m *Metrics) Input(result string) { m.inputs.WithLabelValues(result).Inc() }

// RoomMove counts a room that changed servers, by way: "out", "in",
// "restored" or "failed".
func (m *Metrics) RoomMove(way string) { m.roomMoves.WithLabelValues(way).Inc() }
