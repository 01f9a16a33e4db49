#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make series-check: apply build/series/ to a clean copy of the kernel tree
# with git am and check every patch on its own:
#
#  - build what the patch touches (arm64, W=1, any warning from a touched
#    file fails): drivers/gpu/drm/agx4/ for the driver, drivers/soc/apple/
#    for the RTKit patch, "make headers" for the UAPI header.  The
#    configuration is allnoconfig + scripts/agx4-arm64.config + the KUnit
#    options, so the suites build too.  While the driver is compiled
#    without being linked, nothing more is asked; once agx4.o is linked,
#    it may leave no agx4_ symbol undefined, and the KUnit module may use
#    only agx4_ symbols agx4.o defines;
#  - checkpatch.pl --strict, from the tree as it stands after the patch
#    (so compatibles are checked against the bindings): nothing may be
#    reported.  The one exception is checkpatch's question "added, moved
#    or deleted file(s), does MAINTAINERS need updating?" on patches that
#    add files: it is answered instead by checking that the series'
#    MAINTAINERS entry covers every file the series adds;
#
# then, on the whole series: dt_binding_check of the binding (with
# Debian's dt-schema), and "make SPHINXDIRS=gpu htmldocs" with no warning
# about agx4's page or the files it pulls in.
#
# Usage: scripts/series-check.sh BUILD_DIR [KSRC] [JOBS]
#
# The tree is BUILD_DIR/series-tree (remade every run: a hard-link farm of
# the pristine tree, the files the series changes copied, never written
# through); the build is BUILD_DIR/series-build (kept: a warm run only
# recompiles what the series touches, through ccache).  Kernel builds take
# /tmp/agx4-build.lock.

set -uo pipefail

# Debian's tools first (Sphinx, dt-schema, the python modules checkpatch's
# SPDX check imports): a python3 of another installation earlier in PATH
# would not see the packages deps.sh installs.
export PATH=/usr/bin:/bin:$PATH

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
BUILD=$(cd "$1" && pwd -P)
KSRC=${2:-}
JOBS=${3:-$(nproc)}
SERIES=$BUILD/series
TREE=$BUILD/series-tree
OUT=$BUILD/series-build
LOGS=$BUILD/series-logs
LOCK=/tmp/agx4-build.lock
CROSS=aarch64-linux-gnu-
start=$SECONDS

die() {
	echo "agx4 series-check: $*" >&2
	exit 1
}
say() {
	echo "agx4 series-check: $*"
}

SRC=${KSRC:-$BUILD/linux-source-6.12}
[ -d "$SRC" ] || die "no pristine tree at $SRC (run make graft)"
SRC=$(cd "$SRC" && pwd -P)
mapfile -t patches < <(ls "$SERIES"/[0-9][0-9][0-9][0-9]-*.patch 2>/dev/null |
		       grep -v '/0000-cover-letter\.patch$')
[ ${#patches[@]} -gt 0 ] || die "no series in $SERIES (run make series)"

cc=${CROSS}gcc
hostcc=gcc
if command -v ccache >/dev/null; then
	cc="ccache $cc"
	hostcc="ccache gcc"
fi
kmake=(make -C "$TREE" O="$OUT" ARCH=arm64 CROSS_COMPILE="$CROSS"
       CC="$cc" HOSTCC="$hostcc" W=1 AGX4_WERROR=1 -j"$JOBS")
locked() {
	flock "$LOCK" "$@"
}

# ---- a clean copy of the tree, as a git repository ---------------------
say "copying $SRC to $TREE"
rm -rf "$TREE" "$LOGS"
mkdir -p "$TREE" "$LOGS"
for e in "$SRC"/* "$SRC"/.[!.]*; do
	[ -e "$e" ] || continue
	case "${e##*/}" in
	.git|.config|.config.old|.agx4-unpacked) continue ;;
	esac
	cp -al "$e" "$TREE/" 2>/dev/null || cp -a "$e" "$TREE/" ||
		die "cannot copy $e"
done
rm -rf "$TREE/include/config" "$TREE/include/generated" \
       "$TREE"/arch/*/include/generated
# The files the series changes: private copies, tracked by git.
mapfile -t changed < <(sed -n 's|^--- a/\([^[:space:]]*\).*|\1|p' "${patches[@]}" |
		       sort -u)
# (A file the series itself adds and a later patch changes is not one.)
mapfile -t changed < <(for f in "${changed[@]}"; do
			       [ -f "$SRC/$f" ] && echo "$f"
		       done)
for f in "${changed[@]}"; do
	cp -p "$TREE/$f" "$TREE/$f.agx4-tmp" && mv -f "$TREE/$f.agx4-tmp" "$TREE/$f"
done
git_t() {
	git -C "$TREE" -c user.name=series-check -c user.email=series-check@localhost \
		-c core.autocrlf=false "$@"
}
git_t init -q -b base || die "git init failed"
printf '/*\n' >"$TREE/.git/info/exclude"
# checkpatch's SPDX check reads LICENSES/ from the repository's HEAD.
git_t add -f -- LICENSES "${changed[@]}" && git_t commit -q -m base &&
	git_t tag series-base || die "cannot commit the base files"

# ---- the configuration ---------------------------------------------------
FRAG=$OUT.config
{
	cat "$ROOT/scripts/agx4-arm64.config"
	echo "CONFIG_KUNIT=y"
	echo "CONFIG_DRM_AGX4_KUNIT_TEST=m"
} >"$FRAG.tmp"
mkdir -p "$OUT"
configure() {
	locked "${kmake[@]}" -s KCONFIG_ALLCONFIG="$FRAG" allnoconfig \
		>"$LOGS/config.log" 2>&1 || {
		cat "$LOGS/config.log" >&2
		return 1
	}
}
mv -f "$FRAG.tmp" "$FRAG"

failed=0
fail() {
	echo "agx4 series-check: FAIL: $*" >&2
	failed=1
}

# Which objects the patch asks to be built.
targets_of() {
	local p=$1 f
	for f in $(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$p"); do
		case "$f" in
		drivers/gpu/drm/agx4/*|drivers/gpu/drm/Kconfig|drivers/gpu/drm/Makefile)
			echo drivers/gpu/drm/agx4/ ;;
		include/uapi/*) echo headers ;;
		Documentation/*|MAINTAINERS) ;;
		*/Kconfig*|*/Makefile) echo "${f%/*}/" ;;
		*.c|*.h) echo "${f%/*}/" ;;
		esac
	done | sort -u
}

A=$OUT/drivers/gpu/drm/agx4
link_check() {
	local und
	[ -f "$A/agx4.o" ] || return 0
	und=$(${CROSS}nm -u "$A/agx4.o" | awk '$2 ~ /^agx4_/ {print $2}')
	if [ -n "$und" ]; then
		fail "$1: agx4.o leaves agx4 symbols undefined: $(echo $und)"
		return 1
	fi
	[ -f "$A/tests/agx4_test.o" ] || return 0
	und=$(comm -23 <(${CROSS}nm -u "$A/tests/agx4_test.o" |
			 awk '$2 ~ /^agx4_/ {print $2}' | sort -u) \
		       <(${CROSS}nm --defined-only "$A/agx4.o" \
			 $([ -f "$A/agx4_model.o" ] && echo "$A/agx4_model.o") |
			 awk '{print $3}' | sort -u))
	if [ -n "$und" ]; then
		fail "$1: agx4_test.o uses agx4 symbols agx4.o and agx4_model.o lack: $(echo $und)"
		return 1
	fi
}

# ---- patch by patch -------------------------------------------------------
CP="$TREE/scripts/checkpatch.pl"
fpc_patches=()
configured=
say "${#patches[@]} patches, builds in $OUT (logs: $LOGS)"
# Composite objects of an earlier run must not pass for this run's.
rm -f "$A/agx4.o" "$A/agx4.ko" "$A/tests/agx4_test.o" "$A/tests/agx4_test.ko"
n=0
cp_bad=0
build_bad=0
nbuilt=0
for p in "${patches[@]}"; do
	n=$((n + 1))
	name=${p##*/}
	t0=$SECONDS
	if ! git_t am -q "$p" >"$LOGS/$name.am" 2>&1; then
		cat "$LOGS/$name.am" >&2
		fail "$name does not apply"
		git_t am --abort >/dev/null 2>&1
		break
	fi

	# checkpatch, from the tree as it now is.
	out=$(cd "$TREE" && perl "$CP" --strict --no-summary --terse \
		--show-types - <"$p" 2>&1)
	if grep -q 'FILE_PATH_CHANGES' <<<"$out"; then
		fpc_patches+=("$name")
		out=$(grep -v 'FILE_PATH_CHANGES' <<<"$out")
	fi
	if [ -n "$out" ]; then
		printf '%s\n' "$out" | sed "s|^-:|$name:|" >&2
		fail "$name: checkpatch --strict"
		cp_bad=$((cp_bad + 1))
	fi

	# Build what the patch touches.
	mapfile -t tg < <(targets_of "$p")
	built=
	if [ ${#tg[@]} -gt 0 ]; then
		if [ -z "$configured" ] || grep -q '^+++ b/.*Kconfig' "$p"; then
			configure || { fail "$name: configuration failed"; break; }
			configured=1
		fi
		log=$LOGS/$name.build
		if ! locked "${kmake[@]}" "${tg[@]}" >"$log" 2>&1; then
			tail -n 30 "$log" >&2
			fail "$name: the build fails (log: $log)"
			build_bad=$((build_bad + 1))
		fi
		files=$(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$p" | paste -sd'|')
		warn=$(grep -E "(drivers/gpu/drm/agx4/|$files).*(warning|error):" "$log" |
		       head -n 20)
		if [ -n "$warn" ]; then
			printf '%s\n' "$warn" >&2
			fail "$name: warnings (log: $log)"
			build_bad=$((build_bad + 1))
		fi
		link_check "$name" || build_bad=$((build_bad + 1))
		nbuilt=$((nbuilt + 1))
		built=" built ${tg[*]}"
	fi
	printf 'agx4 series-check: %2d/%d %s:%s (%d s)\n' "$n" "${#patches[@]}" \
		"$(git_t log -1 --format=%s)" "$built" $((SECONDS - t0))
done

[ "$n" -eq "${#patches[@]}" ] || fail "stopped at patch $n"
if [ -f "$A/agx4.o" ]; then
	:
elif [ $failed -eq 0 ]; then
	fail "no patch linked agx4.o"
fi

# ---- FILE_PATH_CHANGES: does MAINTAINERS cover every added file? ---------
if [ ${#fpc_patches[@]} -gt 0 ]; then
	mapfile -t added < <(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "${patches[@]}" |
			     sort -u | while read -r f; do
				     grep -qxF "$f" <(printf '%s\n' "${changed[@]}") || echo "$f"
			     done)
	mapfile -t fpat < <(sed -n '/^[^[:space:]].*(AGX4)$/,/^$/s/^F:\t//p' \
			    "$TREE/MAINTAINERS")
	uncovered=()
	others=()
	for f in "${added[@]}"; do
		ok=
		for pat in "${fpat[@]}"; do
			case "$pat" in
			*/) [[ "$f" == "$pat"* ]] && ok=1 ;;
			*) [[ "$f" == $pat ]] && ok=1 ;;
			esac
		done
		[ -n "$ok" ] && continue
		# Not agx4's: another entry (the KUnit framework's, say) may
		# cover it; name the most specific one.
		sec=$(python3 - "$TREE/MAINTAINERS" "$f" <<'PY'
import fnmatch, sys
best = ("", "")
title = None
for line in open(sys.argv[1], encoding="utf-8", errors="replace"):
    line = line.rstrip("\n")
    if line and not line[1:2] == ":":
        title = line
    elif line.startswith("F:\t") and title:
        pat = line[3:].strip()
        f = sys.argv[2]
        hit = f.startswith(pat) if pat.endswith("/") else fnmatch.fnmatch(f, pat)
        if hit and len(pat) > len(best[1]) and pat != "*":
            best = (title, pat)
print(f"{best[0]} (F: {best[1]})" if best[0] else "")
PY
)
		if [ -n "$sec" ]; then
			others+=("$f: $sec")
		else
			uncovered+=("$f")
		fi
	done
	if [ ${#fpat[@]} -eq 0 ]; then
		fail "checkpatch asks whether MAINTAINERS needs updating, and the series adds no agx4 entry"
	elif [ ${#uncovered[@]} -gt 0 ]; then
		fail "no MAINTAINERS entry covers: ${uncovered[*]}"
	else
		say "checkpatch's \"does MAINTAINERS need updating?\" on ${#fpc_patches[@]} patches: the series' MAINTAINERS entry covers $((${#added[@]} - ${#others[@]})) of the ${#added[@]} files it adds"
		for o in "${others[@]}"; do
			say "  not in agx4's entry, covered by: $o"
		done
	fi
fi

# ---- the DT binding -------------------------------------------------------
bindings=$(git_t diff --name-only --diff-filter=A series-base HEAD -- \
	   'Documentation/devicetree/bindings/*.yaml' | paste -sd:)
dtstat="no binding in the series"
if [ -n "$bindings" ]; then
	if ! command -v dt-doc-validate >/dev/null || ! command -v yamllint >/dev/null; then
		dtstat="SKIPPED (dt-schema or yamllint missing: apt-get install dt-schema yamllint)"
		say "dt_binding_check: $dtstat"
	else
		have=$(dt-doc-validate --version 2>/dev/null | head -n1)
		minv=$(sed -n 's/^DT_SCHEMA_MIN_VERSION = //p' \
			"$TREE/Documentation/devicetree/bindings/Makefile")
		log=$LOGS/dt_binding_check.log
		# The tree may ask for a newer dt-schema than Debian has; then
		# the binding is still checked against the meta-schema, with
		# yamllint and dtc, but the example is not validated against
		# it: dt-schema 2022.08 reads a list of phandles in a .dtb as
		# one entry ("memory-region: ... is too short"; the tree's own
		# ti,k3-dsp-rproc.yaml fails the same way).
		strict=1
		examples="examples validated"
		if [ -n "$minv" ] &&
		   [ "$(printf '%s\n' "$minv" "$have" | sort -V | head -n1)" != "$minv" ]; then
			strict=
			examples="examples compiled, not validated: dt-schema $have is older than the $minv this tree asks for"
		fi
		locked "${kmake[@]}" DT_SCHEMA_MIN_VERSION="$have" \
			DT_SCHEMA_FILES="$bindings" dt_binding_check >"$log" 2>&1
		rc=$?
		bad=$(for b in ${bindings//:/ }; do
			      base=${b%.yaml}
			      grep -F -e "$b" -e "${base##*/}.example" "$log"
		      done | grep -v '^[[:space:]]' |
		      grep -vE '^  (DTEX|DTC|CHKDT|LINT|SCHEMA)' |
		      if [ -n "$strict" ]; then cat; else grep -v '\.example\.dtb:'; fi)
		if [ $rc -eq 0 ] && [ -z "$bad" ]; then
			dtstat="ok (dt-schema $have, yamllint; $examples)"
		else
			printf '%s\n' "$bad" | head -n 20 >&2
			[ $rc -ne 0 ] && tail -n 5 "$log" >&2
			fail "dt_binding_check (log: $log)"
			dtstat="FAIL ($examples)"
		fi
		say "dt_binding_check: $dtstat"
	fi
fi

# ---- htmldocs -------------------------------------------------------------
docstat=
if ! python3 -c 'import sphinx, sphinx_rtd_theme' 2>/dev/null; then
	docstat="SKIPPED (python3-sphinx or python3-sphinx-rtd-theme missing)"
else
	log=$LOGS/htmldocs.log
	t0=$SECONDS
	locked "${kmake[@]}" SPHINXDIRS=gpu htmldocs >"$log" 2>&1
	rc=$?
	# Paths made relative first: the build directory's own path may
	# well contain "agx4".
	w=$(sed -e "s|$TREE/||g" -e "s|$OUT/||g" -e "s|$BUILD/||g" "$log" |
	    grep -E 'agx4|asahi_drm' | grep -iE 'warning|error' | head -n 20)
	if [ ! -f "$OUT/Documentation/output/gpu/agx4.html" ]; then
		tail -n 20 "$log" >&2
		fail "htmldocs made no gpu/agx4.html (log: $log)"
		docstat=FAIL
	elif [ -n "$w" ]; then
		printf '%s\n' "$w" >&2
		fail "htmldocs warns about agx4 (log: $log)"
		docstat=FAIL
	else
		docstat="ok, no agx4 warning ($((SECONDS - t0)) s; make rc $rc)"
	fi
fi
say "htmldocs: $docstat"

say "---- summary ----"
say "${#patches[@]} patches applied with git am onto $SRC"
say "builds (arm64, W=1): $nbuilt patches built, $build_bad failed"
say "checkpatch --strict: $((n - cp_bad)) of ${#patches[@]} patches clean"
say "dt_binding_check: $dtstat"
say "htmldocs: $docstat"
if [ $failed -ne 0 ]; then
	say "FAILED after $((SECONDS - start)) s"
	exit 1
fi
say "ok: ${#patches[@]} patches, $((SECONDS - start)) s"
