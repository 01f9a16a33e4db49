#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Build the UML KUnit kernel for agx4 and run it.
#
# Usage: scripts/kunit.sh BUILD_DIR JOBS run|bench|build [GLOB]
#
#   run    every case that is not marked slow; GLOB ("suite" or
#          "suite.case", wildcards allowed) narrows the run
#   bench  only the slow cases (the benchmark suites); prints their figures
#   build  only build the kernel
#
# The raw kernel log is kept in BUILD_DIR/kunit-raw.log.  A run fails when
# a case fails, when no case ran, or when the kernel log holds a lockdep,
# KASAN, kmemleak, UBSAN, WARN or BUG report, even if every case passed.
# Every line that starts with "agx4-" (figures printed by the suites) is
# repeated.  The last line of a run is "kunit: N passed, N failed".

set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
BUILD=$(cd "$1" && pwd -P)
JOBS=$2
MODE=$3
GLOB=${4:-}
SRC=$BUILD/src
OUT=$BUILD/uml
RAW=$BUILD/kunit-raw.log
TALLY=$BUILD/kunit-tally
KUNITCONFIG=drivers/gpu/drm/agx4/.kunitconfig
BENCHCONFIG=tools/testing/kunit/configs/agx4_bench.config

die() {
	echo "agx4 kunit: $*" >&2
	exit 1
}

cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
kunit=(python3 tools/testing/kunit/kunit.py)
cd "$SRC" || die "no grafted tree at $SRC"

# The benchmarks run in a kernel of their own, without the debugging
# options (lockdep, KASAN, kmemleak) of the unit-test kernel.
extra=()
if [ "$MODE" = bench ]; then
	OUT=$BUILD/uml-bench
	RAW=$BUILD/bench-raw.log
	TALLY=$BUILD/bench-tally
	while read -r l; do
		case "$l" in CONFIG_*) extra+=(--kconfig_add "$l") ;; esac
	done <"$BENCHCONFIG"
fi

# A run that fails before its tally is written must not leave an old one.
[ "$MODE" = build ] || rm -f "$TALLY"
echo "agx4 kunit: building UML kernel in $OUT (log: $OUT.log)"
if ! "${kunit[@]}" build --kunitconfig="$KUNITCONFIG" "${extra[@]}" \
	--build_dir="$OUT" --jobs="$JOBS" --make_options "CC=$cc" \
	--make_options "HOSTCC=$cc" --make_options AGX4_WERROR=1 \
	>"$OUT.log" 2>&1; then
	tail -n 60 "$OUT.log" >&2
	die "UML build failed"
fi
[ "$MODE" = build ] && exit 0

case "$MODE" in
run) filter='speed>slow' ;;
bench) filter='speed<=slow' ;;
*) die "unknown mode $MODE" ;;
esac

# The fault-injection suite boots without kmemleak: it keeps its own
# account of every allocation it makes fail (agx4_fault_test.c), no
# kmemleak scan runs in these kernels, and kmemleak's metadata
# allocations would count as allocations of the code under test, each
# one more run of the suite that fails only kmemleak.
FAULT_ARGS=(kmemleak=off)

# boot RAW GLOB [KERNEL_ARG...]: one boot of the kernel on GLOB.
boot() {
	local raw=$1 glob=$2 a
	shift 2
	a=(--build_dir="$OUT" --raw_output=all --timeout=3000 --filter "$filter")
	for k in "$@"; do
		a+=(--kernel_args "$k")
	done
	[ -n "$glob" ] && a+=("$glob")
	"${kunit[@]}" exec "${a[@]}" >"$raw" 2>&1
}

# A whole run boots once per suite, every suite of the unit-test files by
# name (scripts/suites.py, the list make mutants runs too), in two lanes
# side by side (UML runs on one CPU): the fault-injection suite, which
# takes most of the time, and every other suite one after the other.  A
# narrowed run is one boot.
raws=()
if [ "$MODE" = run ] && [ -z "$GLOB" ]; then
	suites=$(python3 "$ROOT/scripts/suites.py" \
		 "$ROOT/drivers/gpu/drm/agx4/tests" test) || die "no suite list"
	echo "agx4 kunit: running ($filter; $(echo "$suites" | wc -l) suites," \
	     "each in its own boot, agx4_fault beside the others; raw log: $RAW)"
	rm -f "$RAW".*
	fault_pid=
	if echo "$suites" | grep -qx agx4_fault; then
		boot "$RAW.fault" agx4_fault "${FAULT_ARGS[@]}" &
		fault_pid=$!
	fi
	for s in $suites; do
		[ "$s" = agx4_fault ] && continue
		boot "$RAW.$s" "$s"
		raws+=("$RAW.$s")
	done
	if [ -n "$fault_pid" ]; then
		wait "$fault_pid"
		raws+=("$RAW.fault")
	fi
	cat "${raws[@]}" >"$RAW"
else
	echo "agx4 kunit: running ($filter${GLOB:+, $GLOB}; raw log: $RAW)"
	args=()
	case "$GLOB" in agx4_fault*) args=("${FAULT_ARGS[@]}") ;; esac
	boot "$RAW" "$GLOB" "${args[@]}"
	raws=("$RAW")
fi

passed=0
failed=0
skipped=0
for raw in "${raws[@]}"; do
	parsed=$("${kunit[@]}" parse "$raw" 2>&1)
	printf '%s\n' "$parsed" | grep -v '^\[..:..:..\] *$' || true
	summary=$(printf '%s\n' "$parsed" | grep -o 'Ran [0-9]* tests:.*' |
		  tail -n 1)
	count() {
		local v
		v=$(printf '%s\n' "$summary" | grep -o "$1: [0-9]*" |
		    grep -o '[0-9]*$')
		echo "${v:-0}"
	}
	passed=$((passed + $(count passed)))
	failed=$((failed + $(count failed) + $(count crashed) + $(count errors)))
	skipped=$((skipped + $(count skipped)))
	if [ -z "$summary" ]; then
		if [ "$MODE" = bench ] && ! grep -q '^ *ok ' "$raw"; then
			echo "agx4 kunit: no benchmark case ran"
		else
			echo "agx4 kunit: no result in $raw" >&2
			failed=$((failed + 1))
		fi
	fi
done

# Figures printed by the suites.
# (kunit_info() puts "# <case>: " in front of them.)
grep -E '^[[:space:]]*(# ([A-Za-z0-9_]+: )?)?agx4-[a-z-]+: ' "$RAW" |
	sed -E 's/^[[:space:]]*(# ([A-Za-z0-9_]+: )?)?//; s/[[:space:]]*$//' ||
	true

# Kernel-log reports that fail the run even when every case passed.
splat='(-+\[ cut here \]-+|WARNING:|BUG:|Oops|Kernel panic|INFO: (possible|trying|task|lockdep)|unreferenced object|UBSAN:|KASAN:|kmemleak: [0-9]+ new suspected|general protection)'
if grep -Eq "$splat" "$RAW"; then
	echo "agx4 kunit: kernel log reports:" >&2
	grep -E -A 12 "$splat" "$RAW" | head -n 80 >&2
	failed=$((failed + 1))
fi
if [ "$passed" -eq 0 ] && [ "$MODE" = run ]; then
	echo "agx4 kunit: no test case passed" >&2
	failed=$((failed + 1))
fi

line="kunit: $passed passed, $failed failed"
[ "$skipped" -ne 0 ] && line+=", $skipped skipped"
# Name what failed next to the tally, so a log that keeps only its end
# (CI's) still says which case broke and why.
fails=
if [ "$failed" -ne 0 ]; then
	fails=$({
		grep -E '^[[:space:]]*not ok [0-9]+ ' "$RAW"
		grep -E -A 3 '(EXPECTATION|ASSERTION) FAILED at ' "$RAW"
	} | sed -E 's/^[[:space:]]*/agx4 kunit: failed: /' | head -n 40 || true)
fi
if [ -n "$fails" ]; then
	printf '%s\n%s\n' "$fails" "$line" >"$TALLY"
else
	echo "$line" >"$TALLY"
fi
[ -n "$fails" ] && printf '%s\n' "$fails"
echo "$line"
[ "$failed" -eq 0 ]
