#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# scripts/kernel-doc -none -Wall on every agx4 .c/.h and the UAPI header.
# Any output fails.
#
# Usage: scripts/kerneldoc.sh BUILD_DIR

set -uo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
KD=$1/src/scripts/kernel-doc
cd "$ROOT" || exit 1

mapfile -t files < <(find drivers/gpu/drm/agx4 -name '*.[ch]' | sort;
		     ls include/uapi/drm/asahi_drm.h 2>/dev/null)
out=$(perl "$KD" -none -Wall "${files[@]}" 2>&1)
echo "agx4 kerneldoc: ${#files[@]} files"
if [ -n "$out" ]; then
	printf '%s\n' "$out"
	echo "agx4 kerneldoc: FAILED" >&2
	exit 1
fi
echo "agx4 kerneldoc: clean"
