#!/usr/bin/env bash
# Same bits on every platform CI can reach from one linux/amd64 machine:
# the golden tests (detmath's results, the pipeline's state, every motor's
# trace replays and recorded replays, flailsim checksums, kcc's scalar and
# vector forms, the online client's prediction, a rollback's resimulation) run on amd64 GOAMD64=v3 natively, on arm64 under
# qemu-user-static and on js/wasm under node, against the same recorded
# hashes as the default amd64 build; and flailsim built four ways prints the
# same checksums. Under emulation (arm64, wasm) the tests run with -short:
# the golden hashes are the same, the worker-count stress runs shorter
# (TestWorkersSameBits 200 ticks instead of 1000, 20x slower under qemu;
# the full ones run natively in `go test ./...` and here on amd64 v3).
# Usage: bash .ci/crossplatform.sh
set -euo pipefail
cd "$(dirname "$0")/.."

pkgs="./detmath ./systems ./trace ./demo/flailsim/sim ./kcc ./demo/flail/online ./netplay"
run='TestSameBitsEverywhere|TestPipelineGoldenBits|TestTraceGoldenBits|TestRecordedReplaysMatch|TestReplayReportsFirstDivergence|TestChecksumsEverywhere|SameBits'
wasmexec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec"
[ -x "$wasmexec" ] || wasmexec="$(go env GOROOT)/misc/wasm/go_js_wasm_exec"
qemu="$(command -v qemu-aarch64-static || true)"

start=$SECONDS
echo "-- linux/amd64 GOAMD64=v3 (native)"
if grep -qw avx2 /proc/cpuinfo && grep -qw fma /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then
	GOAMD64=v3 go test -count=1 -run "$run" $pkgs
	v3=yes
else
	echo "SKIP: this CPU lacks AVX2/FMA/BMI2, so a GOAMD64=v3 build cannot run here"
	v3=
fi

echo "-- linux/arm64 under $qemu"
[ -n "$qemu" ] || { echo "qemu-aarch64-static not found (Debian package qemu-user-static)"; exit 1; }
GOARCH=arm64 go test -short -count=1 -exec "$qemu" -run "$run" $pkgs

echo "-- js/wasm under node $(node --version)"
GOOS=js GOARCH=wasm go test -short -count=1 -exec "$wasmexec" -run "$run" $pkgs

echo "-- flailsim: one checksum from four builds"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/v1" ./demo/flailsim
[ -z "$v3" ] || GOAMD64=v3 go build -o "$tmp/v3" ./demo/flailsim
GOARCH=arm64 go build -o "$tmp/arm64" ./demo/flailsim
GOOS=js GOARCH=wasm go build -o "$tmp/flailsim.wasm" ./demo/flailsim
for args in "-bots 50 -ticks 2000 -seed 3" "-bots 20 -ticks 3000 -seed 7" "-bots 100 -ticks 600 -seed 11"; do
	want=$("$tmp/v1" $args | grep '^checksum:')
	outs=("amd64 v1: $want")
	[ -z "$v3" ] || outs+=("amd64 v3: $("$tmp/v3" $args | grep '^checksum:')")
	outs+=("arm64: $("$qemu" "$tmp/arm64" $args | grep '^checksum:')")
	outs+=("wasm: $("$wasmexec" "$tmp/flailsim.wasm" $args | grep '^checksum:')")
	for o in "${outs[@]}"; do
		if [ "${o#*: }" != "$want" ]; then
			echo "flailsim $args differs across builds:"; printf '  %s\n' "${outs[@]}"; exit 1
		fi
	done
	echo "flailsim $args: ${want#checksum: } on ${#outs[@]} builds"
done
echo "cross-platform checks: $((SECONDS - start)) s"
