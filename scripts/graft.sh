#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Graft the agx4 overlay onto a kernel source tree.
#
# Usage: scripts/graft.sh BUILD_DIR [KSRC]
#
# Without KSRC, Debian's linux-source-6.12 tarball is unpacked once under
# BUILD_DIR/linux-source-6.12 and used as the pristine tree.  With KSRC, the
# user's tree is used; it is never written to.
#
# The grafted tree is BUILD_DIR/src: a hard-link farm of the pristine tree
# (a plain copy when hard links are impossible), without .git and without
# in-tree build state, with patches/*.patch applied in order.  Every file
# the graft changes (a patched file, drivers/gpu/drm/{Kconfig,Makefile}) is
# unlinked from the pristine tree before it is written.  The overlay's files
# are symlinks into the repository, so an edited overlay file is seen by the
# next build without grafting again; new and removed overlay files are
# picked up by the next run.  Running the graft twice changes nothing.
#
# BUILD_DIR/.graft-stamp is touched whenever the graft changed the tree, so
# make can use it as a prerequisite.

set -euo pipefail

die() {
	echo "agx4 graft: $*" >&2
	exit 1
}

check_tree() {
	local t=$1 f
	[ -d "$t" ] || die "KSRC=$t: no such directory"
	for f in Makefile Kconfig drivers/gpu/drm/Kconfig drivers/gpu/drm/Makefile \
		 scripts/checkpatch.pl scripts/kernel-doc tools/testing/kunit/kunit.py; do
		[ -f "$t/$f" ] || die "KSRC=$t is not a kernel source tree (no $f)"
	done
	grep -q '^VERSION = ' "$t/Makefile" ||
		die "KSRC=$t is not a kernel source tree (Makefile has no VERSION)"
}

# "graft.sh --check KSRC": only validate a user tree (make does this first,
# so a bad KSRC fails before anything is installed or built).
if [ "${1:-}" = --check ]; then
	check_tree "${2:?}"
	exit 0
fi

[ $# -ge 1 ] || die "usage: graft.sh BUILD_DIR [KSRC]"
ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
mkdir -p "$1"
BUILD=$(cd "$1" && pwd -P)
KSRC=${2:-}
WORK=$BUILD/src
STAMP=$BUILD/.graft-stamp
changed=0

# The overlay: directories linked whole, and roots whose files are linked
# one by one (their directories also hold files of the kernel's own).
LINK_DIRS="drivers/gpu/drm/agx4"
LINK_FILE_ROOTS="include/uapi/drm Documentation/gpu Documentation/devicetree/bindings/gpu tools/testing/kunit/configs"

kernel_version() {
	sed -n -e 's/^VERSION = //p' -e 's/^PATCHLEVEL = //p' "$1/Makefile" |
		paste -sd.
}

if [ -n "$KSRC" ]; then
	check_tree "$KSRC"
	SRC=$(cd "$KSRC" && pwd -P)
	case "$SRC/" in
	"$BUILD"/*) die "KSRC=$SRC is inside the build directory" ;;
	esac
else
	SRC=$BUILD/linux-source-6.12
	if [ ! -f "$SRC/.agx4-unpacked" ]; then
		tarball=/usr/src/linux-source-6.12.tar.xz
		[ -f "$tarball" ] ||
			die "$tarball missing (apt-get install linux-source-6.12)"
		echo "agx4 graft: unpacking $tarball"
		rm -rf "$SRC" "$SRC.tmp"
		mkdir -p "$SRC.tmp"
		tar -C "$SRC.tmp" --strip-components=1 -xf "$tarball"
		touch "$SRC.tmp/.agx4-unpacked"
		mv "$SRC.tmp" "$SRC"
	fi
	check_tree "$SRC"
fi

ver=$(kernel_version "$SRC")
if [ "$ver" != "6.12" ]; then
	echo "agx4 graft: warning: $SRC is Linux $ver; agx4 is written against 6.12.117" >&2
fi

# Identity of what the work tree was made from: the pristine tree and the
# exact bytes of every prerequisite patch.
ident=$( {
	echo "source=$SRC"
	for p in "$ROOT"/patches/*.patch; do
		if [ -f "$p" ]; then
			sha256sum "$p" | sed "s|$ROOT/||"
		fi
	done
} )

# Replace a hard link by a private copy before the graft writes to it.
unshare_file() {
	local f=$1
	[ -f "$f" ] && [ ! -L "$f" ] || return 0
	cp -p "$f" "$f.agx4-tmp"
	mv -f "$f.agx4-tmp" "$f"
}

if [ ! -f "$WORK/.agx4-graft" ] || [ "$(cat "$WORK/.agx4-graft")" != "$ident" ]; then
	echo "agx4 graft: making $WORK from $SRC"
	rm -rf "$WORK" "$WORK.tmp"
	mkdir -p "$WORK.tmp"
	mode=-al
	for e in "$SRC"/* "$SRC"/.[!.]*; do
		[ -e "$e" ] || continue
		case "${e##*/}" in
		.git|.config|.config.old|.agx4-unpacked) continue ;;
		esac
		if ! cp $mode "$e" "$WORK.tmp/" 2>/dev/null; then
			# Another file system: no hard links, copy instead.
			mode=-a
			rm -rf "$WORK.tmp/${e##*/}"
			cp -a "$e" "$WORK.tmp/"
		fi
	done
	# In-tree build state would stop out-of-tree (O=) builds.
	rm -rf "$WORK.tmp/include/config" "$WORK.tmp/include/generated" \
	       "$WORK.tmp"/arch/*/include/generated
	for p in "$ROOT"/patches/*.patch; do
		[ -f "$p" ] || continue
		for f in $(sed -n -e 's|^--- a/\([^[:space:]]*\).*|\1|p' \
				  -e 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$p" | sort -u); do
			unshare_file "$WORK.tmp/$f"
		done
		if ! patch -d "$WORK.tmp" -p1 -N -s --no-backup-if-mismatch <"$p"; then
			rm -rf "$WORK.tmp"
			die "patch ${p#"$ROOT"/} does not apply to $SRC"
		fi
		echo "agx4 graft: applied ${p#"$ROOT"/}"
	done
	printf '%s\n' "$ident" >"$WORK.tmp/.agx4-graft"
	mv "$WORK.tmp" "$WORK"
	changed=1
fi

# Overlay symlinks, recorded in a manifest so removed overlay files lose
# their links too.
manifest=$WORK/.agx4-links
touch "$manifest"
want=$( {
	for d in $LINK_DIRS; do
		if [ -d "$ROOT/$d" ]; then
			echo "$d"
		fi
	done
	for r in $LINK_FILE_ROOTS; do
		[ -d "$ROOT/$r" ] || continue
		(cd "$ROOT" && find "$r" -type f ! -name '.*' ! -name '*~')
	done
} | sort)

while read -r l; do
	[ -n "$l" ] || continue
	if ! grep -qxF "$l" <<<"$want"; then
		if [ -L "$WORK/$l" ]; then
			rm -f "$WORK/$l"
			changed=1
		fi
	fi
done <"$manifest"

while read -r l; do
	[ -n "$l" ] || continue
	if [ "$(readlink "$WORK/$l" 2>/dev/null)" != "$ROOT/$l" ]; then
		mkdir -p "$(dirname "$WORK/$l")"
		rm -rf "$WORK/$l"
		ln -s "$ROOT/$l" "$WORK/$l"
		changed=1
	fi
done <<<"$want"
printf '%s\n' "$want" >"$manifest"

# The one source line and the one obj- line.
add_line() {
	local file=$WORK/$1 line=$2
	grep -qxF "$line" "$file" && return 0
	unshare_file "$file"
	printf '%s\n' "$line" >>"$file"
	changed=1
}
kconfig_line=$(grep -m1 '^source ' "$ROOT/Kconfig") ||
	die "$ROOT/Kconfig has no source line"
add_line drivers/gpu/drm/Kconfig "$kconfig_line"
add_line drivers/gpu/drm/Makefile 'obj-$(CONFIG_DRM_AGX4) += agx4/'

if [ $changed -eq 1 ] || [ ! -f "$STAMP" ]; then
	touch "$STAMP"
fi
