// Command playgroundserver hosts an online match of the 3D playground:
// an authoritative server (package demo/playground/online) that
// runs the match at 60 Hz and tells each player the frames they lack,
// while every player's playground predicts its own character (rollback)
// and draws the others 100 ms back.
//
//	go run ./demo/playgroundserver -addr 127.0.0.1:8050 -level course
//	go run ./demo/playground -connect ws://127.0.0.1:8050/ws -name Ann
//
// It serves /ws (the match), /healthz, /readyz, /rooms, /metrics and,
// with -web, the browser playground (index.html?connect=ws://HOST/ws).
// SIGINT or SIGTERM drains it: the players are told, and with -state the
// match is saved for the next start, or with -nats handed to another
// server of the fleet. docs/netplay.md#online explains it.
package main
