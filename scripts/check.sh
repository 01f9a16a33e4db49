#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make check: run every check, keep going after a failure, print a summary
# and fail if any check failed.  The last line is the KUnit tally.

set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
BUILD=$1
names=(units kunit arm64 clang symbols split sparse checkpatch kerneldoc qemu series)
targets=(units kunit all clang symbols split sparse checkpatch kerneldoc qemu-test series-check)
declare -A result
failed=0

for i in "${!names[@]}"; do
	n=${names[$i]}
	echo "agx4 check: ---- $n ----"
	start=$SECONDS
	# The series is signed off with the user's git identity; without one
	# it cannot be made (make series says so), and the check is skipped.
	if [ "$n" = series ] && ! { git -C "$ROOT" config user.name &&
				     git -C "$ROOT" config user.email; } >/dev/null; then
		echo "agx4 check: no git user.name/user.email: series skipped"
		result[$n]="skipped (no git identity)"
		continue
	fi
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
