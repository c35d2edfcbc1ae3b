#!/usr/bin/env bash
# The examples that open a window (demo/examples/topdown, demo/examples/ecs), run under
# Xvfb by TestWindowExamples; the headless examples run in `go test ./...`.
set -euo pipefail
cd "$(dirname "$0")/.."
. demo/xvfb.sh
start_xvfb /tmp/examples_xvfb.log
go test -count=1 -run TestWindowExamples -v ./demo/examples 2> >(grep -v '^XGB: ' >&2)
