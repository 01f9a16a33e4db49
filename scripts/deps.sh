#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Install the Debian packages a target needs, when they are missing.
#
# Usage: scripts/deps.sh build|check|qemu|series|clang [--with-source]
#        scripts/deps.sh qemu-arm64 --sysroot DIR
#
# clang (make clang) adds clang, LLVM's binary tools and lld (LLVM=1).
#
# qemu (make qemu-test) adds QEMU for x86_64, busybox-static, libdrm's
# headers and static library, and cpio for the guest's initramfs.
#
# qemu-arm64 (make qemu-test, its arm64 guest) adds QEMU for arm64 and the
# cross C library, and unpacks Debian's arm64 busybox-static, libdrm2 and
# libdrm-dev into DIR (the guest's userspace is linked against them);
# fetching them adds the arm64 architecture to dpkg once.
#
# series (make series, make series-check) adds git, python3-ply and
# python3-git (checkpatch's SPDX check in a tree), Sphinx with the Read
# the Docs theme (htmldocs) and dt-schema with yamllint (dt_binding_check).
#
# Uses apt-get directly as root, sudo otherwise; fails with a message naming
# the missing packages when neither is possible.

set -euo pipefail

want=(make gcc gcc-aarch64-linux-gnu flex bison bc libelf-dev libssl-dev
      python3 perl ccache kmod file xz-utils patch)
case "${1:-build}" in
build) ;;
check) want+=(sparse) ;;
qemu) want+=(qemu-system-x86 busybox-static libdrm-dev cpio gzip) ;;
qemu-arm64) want+=(qemu-system-arm libc6-dev-arm64-cross cpio gzip) ;;
clang) want+=(clang llvm lld) ;;
series) want+=(git python3-ply python3-git python3-sphinx python3-sphinx-rtd-theme
	       dt-schema yamllint) ;;
*) echo "deps.sh: unknown target '$1'" >&2; exit 2 ;;
esac
[ "${2:-}" = --with-source ] && want+=(linux-source-6.12)
sysroot=
if [ "${2:-}" = --sysroot ]; then
	sysroot=${3:?deps.sh: --sysroot needs a directory}
fi

missing=()
for p in "${want[@]}"; do
	if ! dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
	     grep -q '^install ok installed$'; then
		missing+=("$p")
	fi
done
# The arm64 guest's userspace: Debian's arm64 packages, unpacked.
arm64_debs=(busybox-static libdrm2 libdrm-dev)
sysroot_ok() {
	[ -z "$sysroot" ] ||
		[ "$(cat "$sysroot/.debs" 2>/dev/null)" = "${arm64_debs[*]}" ]
}
[ ${#missing[@]} -eq 0 ] && sysroot_ok && exit 0

if [ "$(id -u)" -eq 0 ]; then
	SUDO=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
	SUDO=(sudo -n)
else
	echo "agx4: missing Debian packages: ${missing[*]}" >&2
	echo "agx4: not root and no password-less sudo; install them with:" >&2
	echo "      apt-get install ${missing[*]}" >&2
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive
if ! sysroot_ok; then
	echo "agx4: unpacking Debian's arm64 ${arm64_debs[*]} into $sysroot"
	if ! dpkg --print-foreign-architectures | grep -qx arm64; then
		"${SUDO[@]}" dpkg --add-architecture arm64
		"${SUDO[@]}" apt-get update -qq
	fi
	rm -rf "$sysroot" "$sysroot.debs"
	mkdir -p "$sysroot.debs"
	if ! (cd "$sysroot.debs" &&
	      apt-get download -qq "${arm64_debs[@]/%/:arm64}" 2>/dev/null); then
		"${SUDO[@]}" apt-get update -qq
		(cd "$sysroot.debs" &&
		 apt-get download -qq "${arm64_debs[@]/%/:arm64}" 2>/dev/null)
	fi
	for d in "$sysroot.debs"/*.deb; do
		dpkg-deb -x "$d" "$sysroot"
	done
	rm -rf "$sysroot.debs"
	echo "${arm64_debs[*]}" >"$sysroot/.debs"
fi
[ ${#missing[@]} -eq 0 ] && exit 0

echo "agx4: installing ${missing[*]}"
if ! "${SUDO[@]}" apt-get install -y -qq --no-install-recommends \
	"${missing[@]}" >/dev/null 2>&1; then
	"${SUDO[@]}" apt-get update -qq
	"${SUDO[@]}" apt-get install -y -qq --no-install-recommends \
		"${missing[@]}"
fi
