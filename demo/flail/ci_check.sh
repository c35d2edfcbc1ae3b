#!/usr/bin/env bash
# CI check of the flail demo: start a virtual X display, run the
# demo for 300 frames with the autopilot, save a screenshot, and verify it
# with demo/flail/screencheck (not blank, arena floor, the local car at the
# center, at least one bot on the playfield). Exits non-zero on failure.
#
#   bash demo/flail/ci_check.sh            # from anywhere in the repo
#   SHOT=/tmp/x.png FRAMES=600 bash demo/flail/ci_check.sh
#
# Needs: Go, Xvfb and the Ebitengine build packages (libgl1-mesa-dev
# libxcursor-dev libxi-dev libxinerama-dev libxrandr-dev libxxf86vm-dev
# libasound2-dev pkg-config).
set -euo pipefail

cd "$(dirname "$0")/../.."
SHOT="${SHOT:-/tmp/flail.png}"
FRAMES="${FRAMES:-300}"
# 20 bots rather than the game's dozen: the check needs a bot on screen at
# frame 300, and with 20 the seeds 1-8 all show several (with 12, seed 3
# shows none). The run is deterministic for a given code version.
BOTS="${BOTS:-20}"
SEED="${SEED:-1}"

# An Xvfb of its own (demo/xvfb.sh: the display Xvfb picks), stopped when this script exits.
. demo/xvfb.sh
start_xvfb /tmp/flail_xvfb.log

rm -f "$SHOT"
echo "ci_check: go run ./demo/flail -frames $FRAMES -bots $BOTS -seed $SEED -screenshot $SHOT (DISPLAY=$DISPLAY)"
timeout 900 go run ./demo/flail -frames "$FRAMES" -bots "$BOTS" -seed "$SEED" -screenshot "$SHOT" 2> >(grep -v '^XGB: ' >&2)
if [ ! -s "$SHOT" ]; then
	echo "ci_check: no screenshot written to $SHOT" >&2
	exit 1
fi
go run ./demo/flail/screencheck "$SHOT"
echo "ci_check: OK ($SHOT)"
