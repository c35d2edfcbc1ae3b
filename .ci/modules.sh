#!/usr/bin/env bash
# Each module of go.work (the library, demo/, tools/) on its own, without the
# workspace (GOWORK=off), the way a user of that module builds it: it builds,
# its tests' imports resolve through its own go.mod (and replace), and its
# go.mod and go.sum are tidy. Usage: bash .ci/modules.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
go list -m -f '{{.Dir}}' | while read -r dir; do
	rel=${dir#"$root"}
	rel=${rel#/}
	echo "-- module ${rel:-.} ($(cd "$dir" && GOWORK=off go list -m)), GOWORK=off"
	(
		cd "$dir"
		export GOWORK=off
		go build ./...
		go list -test -deps ./... >/dev/null
		if ! go mod tidy -diff; then
			echo "${rel:-.}/go.mod is not tidy: run go mod tidy in ${rel:-.} (the diff above)"
			exit 1
		fi
	)
done
