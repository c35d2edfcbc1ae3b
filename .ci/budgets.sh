#!/usr/bin/env bash
# Timing budgets: what `go test ./...` does not check. A test asserts
# behaviour (every client served, no tick lost, no allocation); how fast
# the machine runs it is a benchmark's metric, checked here against its
# budget. Each budget's benchmark runs $COUNT times (default 3) and the
# median of its metric must be at most the budget times (1 + margin); a
# budget over that is measured once more ($COUNT runs again) before it
# fails: a real regression is over every time, a busy moment of a shared
# 2-core machine is not.
#
#   bash .ci/budgets.sh            # every budget
#   bash .ci/budgets.sh Abilities  # the budgets whose benchmark matches
#
# The budgets, with what each measures, are the table
# of docs/testing.md#ci (TestBudgetsDocumented in docs/ compares them).
set -euo pipefail
cd "$(dirname "$0")/.."
COUNT=${COUNT:-3}
only=${1:-}

# name|package|go test flags|metric|budget|margin|env: BenchmarkNAME in
# package, run with the flags (and the environment), its metric's median
# at most budget * (1 + margin).
budgets='
Load100Clients|./demo/flail/online|-benchtime 1x|tick-p99-ms|25|0.20|FLAIL_LOAD_SECONDS=5
HostileClients|./demo/flail/online|-benchtime 1x|tick-p99-ms|25|0.20|
HostileClients|./demo/flail/online|-benchtime 1x|gap-p50-ms|35|0.15|
AbilitiesCost|./systems|-benchtime 31x|on/off|1.10|0.03|
'

# metric_values OUTPUT METRIC: each value of METRIC in go test -bench OUTPUT.
metric_values() {
	awk -v m="$2" '/^Benchmark/ { for (i = 3; i < NF; i++) if ($(i + 1) == m) print $i }' <<<"$1"
}

# median: the median of the numbers on stdin.
median() {
	sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit 1; if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# measure NAME PKG FLAGS METRIC ENV ATTEMPT: runs the benchmark COUNT
# times (once per NAME and attempt: the budgets on its metrics share the
# runs) and sets med to the median of METRIC and vals to its values.
declare -A outputs
measure() {
	local name=$1 pkg=$2 flags=$3 metric=$4 envs=$5 key="$1|$6" out
	if [ -z "${outputs[$key]:-}" ]; then
		# shellcheck disable=SC2086 # flags and envs are word lists
		if ! out=$(env $envs go test -run '^$' -bench "^Benchmark${name}\$" $flags -count "$COUNT" "$pkg" 2>&1); then
			echo "$out" >&2
			echo "budgets: Benchmark$name failed" >&2
			return 1
		fi
		outputs[$key]=$out
	fi
	vals=$(metric_values "${outputs[$key]}" "$metric" | tr '\n' ' ' | sed 's/ $//')
	if [ "$(wc -w <<<"$vals")" -ne "$COUNT" ]; then
		echo "${outputs[$key]}" >&2
		echo "budgets: Benchmark$name: $(wc -w <<<"$vals") values of $metric, want $COUNT" >&2
		return 1
	fi
	med=$(tr ' ' '\n' <<<"$vals" | median)
}

failed=()
start=$SECONDS
while IFS='|' read -r name pkg flags metric budget margin envs; do
	[ -n "$name" ] || continue
	[ -z "$only" ] || [[ $name == *$only* ]] || continue
	limit=$(awk -v b="$budget" -v m="$margin" 'BEGIN { printf "%.4g", b * (1 + m) }')
	for attempt in 1 2; do
		measure "$name" "$pkg" "$flags" "$metric" "$envs" "$attempt"
		got="$med ($vals)"
		if awk -v v="$med" -v l="$limit" 'BEGIN { exit !(v <= l) }'; then
			echo "budget Benchmark$name $metric: median $got <= $limit (budget $budget, margin $margin): ok"
			break
		fi
		if [ $attempt -eq 1 ]; then
			echo "budget Benchmark$name $metric: median $got > $limit (budget $budget, margin $margin): measuring again"
			continue
		fi
		echo "budget Benchmark$name $metric: median $got > $limit (budget $budget, margin $margin) twice: FAIL"
		failed+=("Benchmark$name $metric")
	done
done <<<"$budgets"
echo "budgets: $((SECONDS - start)) s"
if [ ${#failed[@]} -gt 0 ]; then
	printf 'over budget: %s\n' "${failed[@]}"
	exit 1
fi
