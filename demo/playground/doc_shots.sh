#!/usr/bin/env bash
# Regenerates the debug-drawing screenshots of docs/playground.md under
# Xvfb: the RPG motor on stairs, leaving a ledge and carried by a moving
# platform, each driven by a trace in demo/playground/testdata/shots.
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
