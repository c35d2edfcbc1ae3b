#!/usr/bin/env bash
# What a game that uses the library gets: a new module in a temporary
# directory imports kcc, systems and prefabs (the library replaced by this
# checkout, no workspace), go mod tidy resolves it through the module proxy,
# and `go list -m all` must have at most 10 modules and none of NATS,
# Prometheus, Ebitengine, gonum or x/tools. Prints the list either way.
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
// A game that uses the library: the controller, the pipeline, the recipes.
package main

import (
	_ "github.com/seedgames/motorkit/kcc"
	_ "github.com/seedgames/motorkit/prefabs"
	_ "github.com/seedgames/motorkit/systems"
)

func main() {}
GO
cd "$tmp"
export GOWORK=off GOFLAGS=-mod=mod
go mod tidy
go build -o /dev/null .
mods=$(go list -m all)
n=$(printf '%s\n' "$mods" | wc -l)
echo "go list -m all of a module importing kcc, systems and prefabs: $n modules"
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
