#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# sparse (C=2) over every agx4 file, in the arm64 build (the driver) and in
# the UML KUnit build (the driver and its tests).  Any sparse diagnostic
# emitted while checking an agx4 file (wherever it points, headers
# included) fails.  The kernel's own files that C=2 checks while preparing
# the tree (the vDSO, scripts/mod) are not ours and are not counted; the
# checks run with -j1 so every diagnostic follows the CHECK line of its
# file.
#
# Usage: scripts/sparse.sh BUILD_DIR

set -uo pipefail

BUILD=$(cd "$1" && pwd -P)
SRC=$BUILD/src
LOG=$BUILD/sparse.log
cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"

: >"$LOG"
rc=0
echo "agx4 sparse: arm64"
make -C "$SRC" O="$BUILD/arm64" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- \
	CC="ccache aarch64-linux-gnu-gcc" HOSTCC="$cc" W=1 AGX4_WERROR=1 \
	C=2 -j1 drivers/gpu/drm/agx4/ >>"$LOG" 2>&1 || rc=1
echo "agx4 sparse: um (with the KUnit tests)"
make -C "$SRC" O="$BUILD/uml" ARCH=um CC="$cc" HOSTCC="$cc" AGX4_WERROR=1 \
	C=2 -j1 drivers/gpu/drm/agx4/ >>"$LOG" 2>&1 || rc=1

ours=/drivers/gpu/drm/agx4/
checked=$(grep -c "^  CHECK .*$ours" "$LOG")
diags=$(awk -v ours="$ours" '
	/^  CHECK / { mine = index($0, ours) > 0; next }
	mine && /(warning|error):/ { print }' "$LOG")
echo "agx4 sparse: $checked files checked"
if [ -n "$diags" ] || [ $rc -ne 0 ] || [ "$checked" -eq 0 ]; then
	printf '%s\n' "$diags"
	[ $rc -ne 0 ] && tail -n 20 "$LOG"
	echo "agx4 sparse: FAILED (log: $LOG)" >&2
	exit 1
fi
echo "agx4 sparse: clean"
