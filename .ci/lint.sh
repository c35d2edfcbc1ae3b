#!/usr/bin/env bash
# staticcheck, pinned, installed from the Go module proxy into a folder of
# its own (the first run downloads and builds it, later runs reuse it).
set -euo pipefail
cd "$(dirname "$0")/.."
STATICCHECK_VERSION=v0.6.1
bin="${GOPATH:-$(go env GOPATH)}/bin/staticcheck-$STATICCHECK_VERSION"
if [ ! -x "$bin/staticcheck" ]; then
	GOBIN="$bin" GOFLAGS= go install "honnef.co/go/tools/cmd/staticcheck@$STATICCHECK_VERSION"
fi
# The three modules of go.work: the library, demo/ and tools/.
"$bin/staticcheck" ./... ./demo/... ./tools/...
echo "staticcheck $STATICCHECK_VERSION: clean"

# The determinism rules of the simulation packages (docs/architecture.md#determinism).
go run ./tools/detcheck
echo "detcheck: clean"
