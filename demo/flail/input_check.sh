#!/usr/bin/env bash
# End-to-end input check of the flail demo: on a private Xvfb display, run
# the demo in real time with your input recorded (no autopilot) while
# demo/internal/xdrive moves the real X pointer right of the car,
# clicks, then moves it below the car; then demo/flail/internal/inputcheck
# verifies the recorded per-tick commands: aim 0 at full throttle, a
# primary press, aim +90 degrees at full throttle, in that order.
# Software GL is slow, so this takes 30-60 s; it is not part of ci_check.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
REC="${REC:-/tmp/flail_input.toml}"

. demo/xvfb.sh
start_xvfb /tmp/flail_xvfb_input.log
demo_pid=""
cleanup() {
	[ -n "$demo_pid" ] && kill "$demo_pid" 2>/dev/null || true
	kill "$xvfb_pid" 2>/dev/null || true
	wait "$xvfb_pid" 2>/dev/null || true
}
trap cleanup EXIT # start_xvfb set its own trap; ours stops Xvfb too

go build -o /tmp/flail_input_demo ./demo/flail
go build -o /tmp/flail_xdrive ./demo/internal/xdrive
rm -f "$REC"
# 600 frames = 400 ticks: 10 s at 60 updates per second, longer on a slow machine.
/tmp/flail_input_demo -frames 600 -realtime -autopilot=false -bots 4 -record "$REC" 2> >(grep -v '^XGB: ' >&2) &
demo_pid=$!
/tmp/flail_xdrive wait:2 move:300:0 wait:2 click wait:2 move:0:300 2> >(grep -v '^XGB: ' >&2) &
drive_pid=$!
wait "$demo_pid"
demo_pid=""
kill "$drive_pid" 2>/dev/null || true
go run ./demo/flail/internal/inputcheck "$REC"
