#!/usr/bin/env bash
# CI check of the 3D playground: start a virtual X display, run
# the playground with each motor for FRAMES frames of its built-in script,
# save a screenshot (plus its .json camera description) and verify it with
# demo/playground/screencheck: every 8th pixel is predicted by a ray cast
# through the collision world (sky, floor, the pillar hiding the wall) and
# at least 97% must match; then the same on the living level. Exits non-zero
# on failure.
#
#   bash demo/playground/ci_check.sh                 # from anywhere in the repo
#   MOTORS="arena fps" FRAMES=300 OUT=/tmp/pg bash demo/playground/ci_check.sh
#
# Needs: Go, Xvfb and the Ebitengine build packages (see docs/playground.md).
set -euo pipefail

cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/playground}"
FRAMES="${FRAMES:-240}"
MOTORS="${MOTORS:-arena rpg hybrid fps}"
mkdir -p "$OUT"

# An Xvfb of its own (demo/xvfb.sh: the display Xvfb picks), stopped when this script exits.
. demo/xvfb.sh
start_xvfb "$OUT/xvfb.log"

go build -o "$OUT/playground" ./demo/playground
go build -o "$OUT/screencheck" ./demo/playground/screencheck
for m in $MOTORS; do
	shot="$OUT/$m.png"
	rm -f "$shot" "$shot.json"
	echo "ci_check: playground -motor $m -frames $FRAMES -screenshot $shot (DISPLAY=$DISPLAY)"
	timeout 300 "$OUT/playground" -motor "$m" -frames "$FRAMES" -screenshot "$shot" 2> >(grep -v '^XGB: ' >&2)
	if [ ! -s "$shot" ] || [ ! -s "$shot.json" ]; then
		echo "ci_check: no screenshot written to $shot" >&2
		exit 1
	fi
	"$OUT/screencheck" "$shot"
done
# The living level: a lift, a shuttle, a turntable and doors
# moving under the player; screencheck replays the movers to the shot's
# tick before predicting the pixels.
shot="$OUT/living.png"
rm -f "$shot" "$shot.json"
echo "ci_check: playground -level living -frames $FRAMES -screenshot $shot"
timeout 300 "$OUT/playground" -level living -motor rpg -frames "$FRAMES" -screenshot "$shot" 2> >(grep -v '^XGB: ' >&2)
if [ ! -s "$shot" ] || [ ! -s "$shot.json" ]; then
	echo "ci_check: no screenshot written to $shot" >&2
	exit 1
fi
"$OUT/screencheck" "$shot"
echo "ci_check: OK ($OUT)"
