#!/usr/bin/env bash
# What a game that uses the library gets: a new module in a temporary
# directory imports kcc, systems and prefabs, and a 2D game's plane2d, ldtk
# and tiled (the library replaced by this checkout, no workspace), go mod
# tidy resolves it through the module proxy, and `go list -m all` must have
# at most 10 modules and none of NATS, Prometheus, Ebitengine, gonum or
# x/tools. Prints the list either way. The module's program runs a 2D
# level written as docs/2d.md says: the platformer hero must land and run.
# Usage: bash .ci/consumer.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
max=10
forbidden='nats|prometheus|ebiten|gonum|golang\.org/x/tools'

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/go.mod" <<MOD
module example.com/consumer

go 1.24

require github.com/seedgames/motorkit v0.0.0

replace github.com/seedgames/motorkit => $root
MOD
cat >"$tmp/main.go" <<'GO'
// A game that uses the library: the controller, the pipeline, the
// recipes, and a 2D level (plane2d; the map readers ldtk and tiled).
package main

import (
	"fmt"
	"os"

	"github.com/seedgames/motorkit/components"
	_ "github.com/seedgames/motorkit/kcc"
	_ "github.com/seedgames/motorkit/ldtk"
	"github.com/seedgames/motorkit/plane2d"
	"github.com/seedgames/motorkit/prefabs"
	"github.com/seedgames/motorkit/systems"
	_ "github.com/seedgames/motorkit/tiled"
	"github.com/yohamta/donburi"
)

func main() {
	level := &plane2d.Level{Space: plane2d.Side(16), Source: "consumer", Rects: []plane2d.Rect{
		{MinX: 0, MinY: 160, MaxX: 640, MaxY: 192, Kind: plane2d.Solid},
	}, Spawns: []plane2d.Spawn{{Name: "hero", Recipe: "platformer_hero", X: 32, Y: 160}}}
	data, err := level.Build()
	if err != nil {
		panic(err)
	}
	w := donburi.NewWorld()
	prefabs.SetLevelData(w, data)
	ents, err := level.SpawnAll(w)
	if err != nil {
		panic(err)
	}
	hero := w.Entry(ents[0])
	p := systems.NewPipeline(w, systems.Options{TickRate: 60})
	for range 60 {
		systems.Submit(hero, components.CommandData{Strafe: 1})
		p.Step()
	}
	x, y := level.Space.Position(hero)
	fmt.Printf("the hero ran to (%.0f, %.0f) px, grounded %v\n", x, y, components.KCC.Get(hero).Grounded)
	if x < 100 || !components.KCC.Get(hero).Grounded {
		os.Exit(1)
	}
}
GO
cd "$tmp"
export GOWORK=off GOFLAGS=-mod=mod
go mod tidy
go run .
mods=$(go list -m all)
n=$(printf '%s\n' "$mods" | wc -l)
echo "go list -m all of a module importing kcc, systems, prefabs, plane2d, ldtk and tiled: $n modules"
printf '%s\n' "$mods" | sed 's/^/  /'
bad=$(printf '%s\n' "$mods" | grep -E "$forbidden" || true)
if [ -n "$bad" ]; then
	echo "FAIL: modules a library user must not get:"
	printf '  %s\n' "$bad"
	exit 1
fi
if [ "$n" -gt "$max" ]; then
	echo "FAIL: $n modules, want at most $max"
	exit 1
fi
echo "consumer module: $n modules (at most $max), none of nats, prometheus, ebiten, gonum, x/tools"
