#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make symbols: every global symbol the driver defines starts with agx4_.
#
# Usage: scripts/symbols.sh BUILD_DIR
#
# Reads the arm64 objects of the driver (tests excluded) with nm and fails
# on any defined global symbol without the prefix, apart from what the
# kernel's own macros emit (module entry points, export tables).

set -euo pipefail
dir=$1/arm64/drivers/gpu/drm/agx4
shopt -s nullglob
objs=()
for o in "$dir"/*.o; do
	case "$(basename "$o")" in
	agx4.o | agx4_model.o | *.mod.o) ;;
	*) objs+=("$o") ;;
	esac
done
[ ${#objs[@]} -gt 0 ] || { echo "agx4 symbols: no objects in $dir" >&2; exit 1; }
bad=$(nm -g --defined-only "${objs[@]}" |
	awk 'NF == 3 { print $3 }' |
	grep -v -E '^(agx4_|__UNIQUE_ID_|__export_symbol_|__ksymtab_|__kstrtab_|__kstrtabns_|__mod_[a-z0-9]+__[A-Za-z0-9_]+_device_table$|init_module$|cleanup_module$|__initcall)' |
	sort -u || true)
n=$(nm -g --defined-only "${objs[@]}" | awk 'NF == 3' | wc -l)
if [ -n "$bad" ]; then
	echo "agx4 symbols: global symbols without the agx4_ prefix:"
	echo "$bad" | sed 's/^/agx4 symbols:   /'
	exit 1
fi
echo "agx4 symbols: $n global symbols in ${#objs[@]} objects, all agx4_"
