#!/bin/bash
# SPDX-License-Identifier: MIT
#
# Add agx4's asahi tests to an IGT checkout: copy lib/igt_asahi_uapi.[ch]
# and tests/asahi/*.c over it, add igt_asahi_uapi.c to lib/meson.build
# after igt_asahi.c, and add our programs to the asahi_progs list of
# tests/asahi/meson.build after asahi_get_time.  Idempotent: a second run
# copies the files again and adds no line twice.  Refuses (exit 2) an
# IGT older than 2.5 or one without the anchors it edits next to, and
# changes nothing in that case.
#
# Usage: igt-tests/integrate.sh IGT_DIR

set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd -P)
IGT=${1:?usage: $0 IGT_DIR}
IGT=$(cd "$IGT" && pwd -P)

die() {
	echo "integrate.sh: $*" >&2
	exit 2
}

# The programs we add, in the order meson lists them.
PROGS=$(sed -n 's/^[[:space:]]*'"'"'\(asahi_[a-z_]*\)'"'"',$/\1/p' \
	"$HERE/tests/asahi/meson.build.add")
[ -n "$PROGS" ] || die "no programs in $HERE/tests/asahi/meson.build.add"

# --- checks: all before the first change -------------------------------
[ -f "$IGT/meson.build" ] || die "$IGT is not an IGT checkout (no meson.build)"
grep -q "project('igt-gpu-tools'" "$IGT/meson.build" ||
	die "$IGT/meson.build is not igt-gpu-tools'"
ver=$(sed -n "s/^[[:space:]]*version[[:space:]]*:[[:space:]]*'\([0-9][0-9.]*\)'.*/\1/p" \
	"$IGT/meson.build" | head -n 1)
[ -n "$ver" ] || die "cannot read IGT's version from $IGT/meson.build"
major=${ver%%.*}
minor=${ver#*.}
minor=${minor%%.*}
if [ "$major" -lt 2 ] || { [ "$major" -eq 2 ] && [ "$minor" -lt 5 ]; }; then
	die "IGT $ver is too old: these tests need IGT >= 2.5 (asahi support, int igt_main())"
fi
grep -q 'DRIVER_ASAHI' "$IGT/lib/drmtest.h" ||
	die "lib/drmtest.h has no DRIVER_ASAHI (IGT without asahi support)"
grep -q '^#define igt_main()' "$IGT/lib/igt_core.h" ||
	die "lib/igt_core.h has no igt_main() macro (the pre-2.3 spelling)"
[ -f "$IGT/lib/igt_asahi.c" ] && [ -f "$IGT/lib/igt_asahi.h" ] ||
	die "lib/igt_asahi.[ch] missing"
grep -q "^[[:space:]]*'igt_asahi.c',\$" "$IGT/lib/meson.build" ||
	die "lib/meson.build has no 'igt_asahi.c', line to add ours after"
grep -q "^[[:space:]]*'asahi_get_time',\$" "$IGT/tests/asahi/meson.build" ||
	die "tests/asahi/meson.build has no 'asahi_get_time', line to add ours after"

# --- files ---------------------------------------------------------------
install -m 0644 "$HERE/lib/igt_asahi_uapi.c" "$HERE/lib/igt_asahi_uapi.h" \
	"$IGT/lib/"
for p in $PROGS; do
	[ -f "$HERE/tests/asahi/$p.c" ] || die "missing $HERE/tests/asahi/$p.c"
	install -m 0644 "$HERE/tests/asahi/$p.c" "$IGT/tests/asahi/"
done

# --- meson lines ---------------------------------------------------------
if ! grep -q "^[[:space:]]*'igt_asahi_uapi.c',\$" "$IGT/lib/meson.build"; then
	sed -i "/^[[:space:]]*'igt_asahi.c',\$/a\\	'igt_asahi_uapi.c'," \
		"$IGT/lib/meson.build"
fi
# Insert in reverse so the list keeps meson.build.add's order.
for p in $(echo "$PROGS" | tac); do
	if ! grep -q "^[[:space:]]*'$p',\$" "$IGT/tests/asahi/meson.build"; then
		sed -i "/^[[:space:]]*'asahi_get_time',\$/a\\	'$p'," \
			"$IGT/tests/asahi/meson.build"
	fi
done

# --- verify ----------------------------------------------------------------
[ "$(grep -c "^[[:space:]]*'igt_asahi_uapi.c',\$" "$IGT/lib/meson.build")" = 1 ] ||
	die "lib/meson.build: igt_asahi_uapi.c not listed exactly once"
for p in $PROGS; do
	[ "$(grep -c "^[[:space:]]*'$p',\$" "$IGT/tests/asahi/meson.build")" = 1 ] ||
		die "tests/asahi/meson.build: $p not listed exactly once"
done
echo "integrate.sh: IGT $ver at $IGT: lib/igt_asahi_uapi.[ch] and $(echo $PROGS | wc -w) programs added:" $PROGS
