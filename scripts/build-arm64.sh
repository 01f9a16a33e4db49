#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Configure and build the arm64 kernel and agx4.ko the way a distro would:
# cross compiler aarch64-linux-gnu-, ARCH_APPLE, 16 KiB pages, agx4 as a
# module, and KUnit, the agx4 tests (agx4_test.ko) and the firmware model
# (agx4_model.ko) as modules too, W=1.  Any warning from an agx4 file fails
# the build.
#
# Usage: scripts/build-arm64.sh BUILD_DIR [JOBS]

set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
BUILD=$(cd "$1" && pwd -P)
JOBS=${2:-$(nproc)}
SRC=$BUILD/src
OUT=$BUILD/arm64
LOG=$BUILD/arm64-build.log
# shellcheck source=scripts/kconfig-fragment.sh
. "$ROOT/scripts/kconfig-fragment.sh"
FRAG=$ROOT/scripts/agx4-arm64.config
CROSS=aarch64-linux-gnu-

die() {
	echo "agx4 build: $*" >&2
	exit 1
}

cc=${CROSS}gcc
hostcc=gcc
if command -v ccache >/dev/null; then
	cc="ccache $cc"
	hostcc="ccache gcc"
fi
kmake=(make -C "$SRC" O="$OUT" ARCH=arm64 CROSS_COMPILE="$CROSS"
       CC="$cc" HOSTCC="$hostcc" W=1 AGX4_WERROR=1 -j"$JOBS")

mkdir -p "$OUT"

# (Re)configure when the fragment changed (scripts/kconfig-fragment.sh).
agx4_configure_fragment "agx4 build" "$OUT" "$FRAG" "$ROOT" "${kmake[@]}" ||
	die "cannot configure $OUT"

echo "agx4 build: building arm64 Image and modules (log: $LOG)"
set +e
"${kmake[@]}" Image modules >"$LOG" 2>&1
rc=$?
set -e

# Warnings attributed to agx4's sources or to the module at link/modpost.
warn=$(grep -E '(drivers/gpu/drm/agx4/|include/uapi/drm/asahi_drm\.h).*(warning|error):|^(WARNING|ERROR): modpost: .*agx4' "$LOG" || true)
if [ $rc -ne 0 ] || [ -n "$warn" ]; then
	[ -n "$warn" ] && printf '%s\n' "$warn" >&2
	[ $rc -ne 0 ] && tail -n 40 "$LOG" >&2
	# Force a rebuild next time so the diagnostics are seen again.
	rm -f "$OUT"/drivers/gpu/drm/agx4/*.o "$OUT"/drivers/gpu/drm/agx4/*.ko
	die "arm64 build failed (see $LOG)"
fi
