//go:build !js

package fleettest

import (
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
)

// StartNATS runs a NATS server with JetStream on 127.0.0.1 (a free port,
// its store in a temporary folder) until the test ends, and returns its
// client URL.
func StartNATS(t testing.TB) string {
	t.Helper()
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, JetStream: true,
		StoreDir: t.TempDir(), NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("fleettest: the NATS server did not start")
	}
	t.Cleanup(ns.Shutdown)
	return ns.ClientURL()
}
