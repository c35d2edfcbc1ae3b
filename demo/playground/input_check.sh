#!/usr/bin/env bash
# End-to-end input check of the playground: on a private Xvfb display, run
# it in real time with -record while demo/internal/xdrive types
# through the X server (XTEST): turn right with the mouse, hold W, tap
# Space, edit the watched -config file (max_speed 8 -> 4), hold S,
# tap 3 (hybrid), tap Esc
# (free the cursor: UI capture), tap Space and hold W (must do nothing),
# click (capture again), hold W. Then demo/playground/internal/inputcheck
# replays the recording and requires the phases in order and no jump while
# captured. About 30 s with software GL. Not part of ci_check.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/playground_input}"
mkdir -p "$OUT"
. demo/xvfb.sh
start_xvfb "$OUT/xvfb.log"

go build -o "$OUT/playground" ./demo/playground
go build -o "$OUT/xdrive" ./demo/internal/xdrive
rm -f "$OUT/rec.toml" "$OUT/tune.toml"
# Played live (no -frames) in a small window with a new tuning file (the
# playground creates it with the arena motor's knobs); SIGTERM after the
# steps ends it normally and writes the recording.
"$OUT/playground" -width 640 -height 360 -config "$OUT/tune.toml" -record "$OUT/rec.toml" 2> >(grep -v '^XGB: ' >&2) &
game=$!
"$OUT/xdrive" wait:4 move:0:0 click wait:1 rel:200:0 wait:0.5 down:w wait:1.5 up:w tap:space wait:1.5
# Live tuning: halve the arena's top speed in the watched file, then back up.
sed -i 's/^\( *max_speed = \).*/\14.0/' "$OUT/tune.toml"
"$OUT/xdrive" wait:1.5 down:s wait:1.5 up:s wait:0.5 tap:3 wait:1.5 \
	tap:escape wait:1 tap:space wait:0.5 down:w wait:1 up:w wait:0.5 click wait:1 down:w wait:1.5 up:w wait:0.5
kill -TERM "$game"
wait "$game"
go run ./demo/playground/internal/inputcheck "$OUT/rec.toml"
