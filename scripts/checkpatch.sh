#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# checkpatch --strict on every file of the driver and on the UAPI header
# (as files), and on every prerequisite patch in patches/ (as patches).
# Any error, warning or check fails.
#
# Usage: scripts/checkpatch.sh BUILD_DIR

set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
CP=$1/src/scripts/checkpatch.pl
cd "$ROOT" || exit 1

mapfile -t files < <(find drivers/gpu/drm/agx4 -type f | sort;
		     ls include/uapi/drm/asahi_drm.h 2>/dev/null)
mapfile -t patches < <(ls patches/*.patch 2>/dev/null)

bad=0
run() {
	local out
	out=$(perl "$CP" --strict --no-tree --no-summary --terse \
		--show-types "$@" 2>&1)
	if [ -n "$out" ]; then
		printf '%s\n' "$out"
		bad=1
	fi
}
for f in "${files[@]}"; do
	run -f "$f"
done
# A patch is read from standard input: given as patches/NAME, checkpatch
# takes the path for a quilt series and flags every blank context line.
for p in "${patches[@]}"; do
	out=$(perl "$CP" --strict --no-tree --no-summary --terse \
		--show-types - <"$p" 2>&1)
	if [ -n "$out" ]; then
		printf '%s\n' "$out" | sed "s|^-:|$p:|"
		bad=1
	fi
done
echo "agx4 checkpatch: ${#files[@]} files, ${#patches[@]} patches"
# The binding declares exactly the properties agx4_of.c reads.
python3 "$ROOT/scripts/binding.py" "$ROOT" || bad=1
if [ $bad -ne 0 ]; then
	echo "agx4 checkpatch: FAILED" >&2
	exit 1
fi
echo "agx4 checkpatch: clean"
