#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make split: agx4.ko holds no test or model code.
#
# Usage: scripts/split.sh BUILD_DIR
#
# Reads the arm64 build, configured as distributions build KUnit tests
# (scripts/agx4-arm64.config: KUnit, the agx4 tests and the firmware model
# as modules), and counts the symbols of agx4.ko that are test or model
# code.  A symbol of agx4.ko (nm: every defined symbol, global or local,
# code or data) counts when
#
#   - an object of the firmware model or of the software device
#     (agx4_fwmodel*.o, agx4_swdev.o) or of the tests (tests/*.o) defines
#     a global symbol of that name, or
#   - its name is one of theirs by the driver's naming: agx4_fwmodel_*,
#     fwm_*, agx4_swdev*, swdev_*, agx4_test_*, *_test, *_bench, a KUnit
#     suite or case table (*_suite, *_cases, *_test_cases), or the
#     software device's parameter (__param_model, __param_str_model),
#   - or it lies in the section of KUnit's suite table
#     (.kunit_test_suites), counted as one symbol per suite.
#
# Names the kernel's macros emit in every object (__UNIQUE_ID_*,
# __initcall*, init_module, cleanup_module, export tables, mapping
# symbols) are not names of either and never count.  Prints
# "agx4-split: agx4.ko test or model symbols = N" and fails when N > 0.

set -euo pipefail
dir=$1/arm64/drivers/gpu/drm/agx4
ko=$dir/agx4.ko
die() {
	echo "agx4-split: $*" >&2
	exit 1
}
[ -f "$ko" ] || die "no $ko (make builds it)"
grep -qx 'CONFIG_DRM_AGX4_KUNIT_TEST=m' "$1/arm64/.config" ||
	die "the arm64 build does not build the agx4 tests as modules"

shopt -s nullglob
others=("$dir"/agx4_fwmodel*.o "$dir"/agx4_swdev.o "$dir"/tests/*.o)
theirs=$(nm -g --defined-only "${others[@]}" 2>/dev/null |
	 awk 'NF == 3 { print $3 }' | sort -u)
[ -n "$theirs" ] || die "no model or test objects in $dir"

generic='^(__UNIQUE_ID_|__initcall|__export_symbol_|__ksymtab_|__kstrtab_|__kstrtabns_|__crc_|init_module$|cleanup_module$|__this_module$|\$[xd]|\.L)'
named='^(agx4_fwmodel_|fwm_|agx4_swdev|swdev_|agx4_test_)|_(test|bench|suite|cases|test_cases)$|^__param(_str)?_model$'

mapfile -t syms < <(nm --defined-only "$ko" | awk 'NF == 3 { print $3 }' |
		    grep -v -E "$generic" | sort -u)
bad=$( { printf '%s\n' "${syms[@]}" | grep -x -F -f <(printf '%s\n' "$theirs") || true
	 printf '%s\n' "${syms[@]}" | grep -E "$named" || true; } | sort -u)
n=0
[ -n "$bad" ] && n=$(printf '%s\n' "$bad" | wc -l)

# KUnit's suite table: 8 bytes (a pointer) per suite.
suites=$(objdump -h "$ko" | awk '$2 == ".kunit_test_suites" { print $3 }')
[ -n "$suites" ] && n=$((n + 0x$suites / 8))

if [ "$n" -gt 0 ]; then
	[ -n "$bad" ] && printf '%s\n' "$bad" | head -n 20 | sed 's/^/agx4-split:   /'
	[ -n "$suites" ] && echo "agx4-split:   .kunit_test_suites: $((0x$suites / 8)) suite(s)"
fi
echo "agx4-split: agx4.ko test or model symbols = $n"
[ "$n" -eq 0 ]
