#!/usr/bin/env bash
# Regenerates the debug-drawing screenshots of docs/playground.md under
# Xvfb: the RPG motor on stairs, leaving a ledge and carried by a moving
# platform, and the abilities level (an overview, then climbing, swimming,
# hanging, wall sliding, on a one-way platform, on the moving ladder), each
# driven by a trace in demo/playground/testdata/shots.
#
#   bash demo/playground/doc_shots.sh [OUTDIR]   # default docs/img
#
# Needs: Go, Xvfb and the Ebitengine build packages.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-docs/img}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/playground" ./demo/playground
. demo/xvfb.sh
start_xvfb "$work/xvfb.log"
shot() { # name level frames
	"$work/playground" -motor rpg -level "$2" -script "demo/playground/testdata/shots/$1.toml" \
		-frames "$3" -debug -screenshot "$work/$1.png" 2> >(grep -v '^XGB: ' >&2)
	cp "$work/$1.png" "$out/playground_debug_$1.png"
	echo "$out/playground_debug_$1.png"
}
shot stairs controller 120
shot ledge ledge 150
shot platform controller 130
# The abilities level: abshot NAME FRAMES [FLAGS]: the trace abilities_NAME,
# its frame FRAMES, with the camera FLAGS.
abshot() {
	local name="$1" frames="$2"
	shift 2
	"$work/playground" -motor rpg -level abilities -script "demo/playground/testdata/shots/abilities_$name.toml" \
		-frames "$frames" "$@" -screenshot "$work/ab_$name.png" 2> >(grep -v '^XGB: ' >&2)
	cp "$work/ab_$name.png" "$out/playground_abilities_$name.png"
	echo "$out/playground_abilities_$name.png"
}
abshot overview 150 -orbit 14 -pitch -32
abshot ladder 80 -debug
abshot swim 190 -debug -pitch -40
abshot ledge 100 -debug
abshot wall 115 -debug -orbit 9 -pitch -30
abshot oneway 150 -debug
abshot moving_ladder 180 -debug
