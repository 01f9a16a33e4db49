# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only
#
# Sourced by build-arm64.sh and qemu-test.sh: configure a kernel build
# directory from allnoconfig plus a fragment, again only when the
# fragment changed, and check that every line of the fragment took effect.
#
#   agx4_configure_fragment TAG OUT FRAG ROOT make-command...
#
# TAG prefixes messages ("agx4 build", "agx4 qemu"); the make command is
# the caller's kernel make (with its O=, ARCH= and compilers).

agx4_configure_fragment() {
	local tag=$1 out=$2 frag=$3 root=$4 fraghash line bad=0
	shift 4

	fraghash=$(sha256sum "$frag" | cut -d' ' -f1)
	if [ -f "$out/.config" ] &&
	   [ "$(cat "$out/.agx4-fragment" 2>/dev/null)" = "$fraghash" ]; then
		return 0
	fi
	echo "$tag: configuring $out (allnoconfig + ${frag#"$root"/})"
	"$@" -s KCONFIG_ALLCONFIG="$frag" allnoconfig >/dev/null || return 1
	while read -r line; do
		case "$line" in
		CONFIG_*=*)
			if ! grep -qxF "$line" "$out/.config"; then
				echo "$tag: ${line%%=*} did not take (wanted $line)" >&2
				bad=1
			fi
			;;
		esac
	done <"$frag"
	if [ $bad -ne 0 ]; then
		echo "$tag: configuration does not satisfy ${frag#"$root"/}" >&2
		return 1
	fi
	echo "$fraghash" >"$out/.agx4-fragment"
}
