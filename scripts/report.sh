#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Print where agx4.ko is and what it is.

set -euo pipefail
ko=$1/arm64/drivers/gpu/drm/agx4/agx4.ko
[ -f "$ko" ] || { echo "agx4: $ko missing" >&2; exit 1; }
echo "agx4: module: $ko"
file -b "$ko" | sed 's/^/agx4: file: /'
modinfo "$ko" | sed 's/^/agx4: modinfo: /'
