#!/usr/bin/env bash
# One short fuzz run: bash .ci/fuzz.sh TARGET PKG [go test flags...]
#
# Go 1.26's fuzzing coordinator can fail a run with a bare "context
# deadline exceeded" when -fuzztime ends while a worker is busy
# (go.dev/issue/75804, fixed in Go 1.27): no input failed and none is
# written. Such a run is tried once more; any other failure, or the same
# one twice, fails the check.
set -uo pipefail

# deadline_race OUTPUT: whether a failed run's output is that race alone.
deadline_race() {
	grep -q 'context deadline exceeded' <<<"$1" &&
		! grep -q 'Failing input written\|panic:\|_test\.go:[0-9]*:' <<<"$1"
}

target=$1 pkg=$2
shift 2
for attempt in 1 2; do
	out=$(go test -run '^$' -fuzz "^${target}\$" "$@" "$pkg" </dev/null 2>&1)
	status=$?
	echo "$out"
	[ $status -eq 0 ] && exit 0
	if [ $attempt -eq 1 ] && deadline_race "$out"; then
		echo "fuzz.sh: $target: the coordinator's deadline race (go.dev/issue/75804), no failing input: once more"
		continue
	fi
	exit $status
done
