#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Configure and build the arm64 kernel and agx4.ko the way a distro would:
# cross compiler aarch64-linux-gnu-, ARCH_APPLE, 16 KiB pages, agx4 as a
# module, W=1.  Any warning from an agx4 file fails the build.
#
# Usage: scripts/build-arm64.sh BUILD_DIR [JOBS]

set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
BUILD=$(cd "$1" && pwd -P)
JOBS=${2:-$(nproc)}
SRC=$BUILD/src
OUT=$BUILD/arm64
LOG=$BUILD/arm64-build.log
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

# (Re)configure when the fragment changed: allnoconfig plus the fragment,
# then check that every line of the fragment took effect.
fraghash=$(sha256sum "$FRAG" | cut -d' ' -f1)
if [ ! -f "$OUT/.config" ] || [ "$(cat "$OUT/.agx4-fragment" 2>/dev/null)" != "$fraghash" ]; then
	echo "agx4 build: configuring $OUT (allnoconfig + ${FRAG#"$ROOT"/})"
	"${kmake[@]}" -s KCONFIG_ALLCONFIG="$FRAG" allnoconfig >/dev/null
	bad=0
	while read -r line; do
		case "$line" in
		CONFIG_*=*)
			if ! grep -qxF "$line" "$OUT/.config"; then
				echo "agx4 build: ${line%%=*} did not take (wanted $line)" >&2
				bad=1
			fi
			;;
		esac
	done <"$FRAG"
	[ $bad -eq 0 ] || die "configuration does not satisfy ${FRAG#"$ROOT"/}"
	echo "$fraghash" >"$OUT/.agx4-fragment"
fi

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
