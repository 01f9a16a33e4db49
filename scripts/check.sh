#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make check: run every check, keep going after a failure, print a summary
# and fail if any check failed.  The last line is the KUnit tally.

set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
BUILD=$1
names=(units kunit arm64 symbols sparse checkpatch kerneldoc)
targets=(units kunit all symbols sparse checkpatch kerneldoc)
declare -A result
failed=0

for i in "${!names[@]}"; do
	n=${names[$i]}
	echo "agx4 check: ---- $n ----"
	start=$SECONDS
	if make --no-print-directory -C "$ROOT" "${targets[$i]}"; then
		result[$n]="ok   ($((SECONDS - start)) s)"
	else
		result[$n]="FAIL ($((SECONDS - start)) s)"
		failed=1
	fi
	if [ "$n" = kunit ]; then
		tally=$(cat "$BUILD/kunit-tally" 2>/dev/null) ||
			tally="kunit: 0 passed, 1 failed"
	fi
done

echo "agx4 check: ---- summary ----"
for n in "${names[@]}"; do
	printf 'agx4 check: %-10s %s\n' "$n" "${result[$n]}"
done
echo "$tally"
exit $failed
