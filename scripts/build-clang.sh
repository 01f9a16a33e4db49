#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Build agx4's objects with LLVM (clang and its tools, LLVM=1), arm64,
# W=1, as the kernel's build robots and the distributions that build with
# clang do: the same configuration as build-arm64.sh (its fragment), only
# the driver's directory (the driver, its tests and its model).  Any
# warning from an agx4 file fails the build.
#
# Usage: scripts/build-clang.sh BUILD_DIR [JOBS]

set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
BUILD=$(cd "$1" && pwd -P)
JOBS=${2:-$(nproc)}
SRC=$BUILD/src
OUT=$BUILD/arm64-clang
LOG=$BUILD/clang-build.log
# shellcheck source=scripts/kconfig-fragment.sh
. "$ROOT/scripts/kconfig-fragment.sh"
FRAG=$ROOT/scripts/agx4-arm64.config

die() {
	echo "agx4 clang: $*" >&2
	exit 1
}

cc=clang
if command -v ccache >/dev/null; then
	cc="ccache clang"
fi
kmake=(make -C "$SRC" O="$OUT" ARCH=arm64 LLVM=1 CC="$cc" HOSTCC="$cc"
       W=1 AGX4_WERROR=1 -j"$JOBS")

mkdir -p "$OUT"
agx4_configure_fragment "agx4 clang" "$OUT" "$FRAG" "$ROOT" "${kmake[@]}" ||
	die "cannot configure $OUT"

echo "agx4 clang: $(clang --version | head -n 1), building drivers/gpu/drm/agx4/ (log: $LOG)"
set +e
"${kmake[@]}" drivers/gpu/drm/agx4/ >"$LOG" 2>&1
rc=$?
set -e

warn=$(grep -E '(drivers/gpu/drm/agx4/|include/uapi/drm/asahi_drm\.h).*(warning|error):' "$LOG" || true)
if [ $rc -ne 0 ] || [ -n "$warn" ]; then
	[ -n "$warn" ] && printf '%s\n' "$warn" >&2
	[ $rc -ne 0 ] && tail -n 40 "$LOG" >&2
	# Force a rebuild next time so the diagnostics are seen again.
	find "$OUT/drivers/gpu/drm/agx4" -name '*.o' -delete 2>/dev/null || true
	die "clang build failed (see $LOG)"
fi
n=$(find "$OUT/drivers/gpu/drm/agx4" -name '*.o' ! -name '*.mod.o' | wc -l)
echo "agx4 clang: $n objects, 0 agx4 warnings"
