#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make series: write BUILD_DIR/series/, the patch series a maintainer
# reviews (git format-patch, with a cover letter), made from the
# repository's current files against the pristine kernel tree (Debian's
# linux-source-6.12 or KSRC, never written).  See scripts/series/plan.py
# for the order and how the driver is split; the cover letter's text is
# scripts/series/cover.txt with README's Status and agx4.rst's open
# questions filled in.
#
# Usage: scripts/series.sh BUILD_DIR [KSRC]
#
# The patches are signed off by the repository's git identity
# (user.name, user.email); without one the script refuses to run.

set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
BUILD=$(cd "$1" && pwd -P)
KSRC=${2:-}

die() {
	echo "agx4 series: $*" >&2
	exit 1
}

name=$(git -C "$ROOT" config user.name || true)
email=$(git -C "$ROOT" config user.email || true)
if [ -z "$name" ] || [ -z "$email" ]; then
	die "no git identity to sign the patches off with; set one first:
    git config user.name 'Your Name'
    git config user.email you@example.org"
fi

SRC=${KSRC:-$BUILD/linux-source-6.12}
[ -f "$SRC/Makefile" ] || die "no kernel tree at $SRC (run make graft)"
SRC=$(cd "$SRC" && pwd -P)

python3 "$ROOT/scripts/series/plan.py" "$ROOT" "$SRC" "$BUILD/series-repo" \
	"$BUILD/series" "$name" "$email"
ls "$BUILD/series"
