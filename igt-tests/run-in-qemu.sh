#!/bin/bash
# SPDX-License-Identifier: MIT
#
# Run the asahi IGT tests of an IGT build in the x86_64 QEMU guest of
# `make qemu-test`, against agx4's software backend, once per generation,
# and print a pass/skip/fail table per subtest.
#
# It builds no kernel: it boots the guest kernel `make qemu-test` built
# (QEMU_OUT/arch/x86/boot/bzImage) with the modules it installed
# (QEMU_OUT/initramfs/lib/modules), so run `make qemu-test` once first.
# Into a new initramfs it copies busybox-static, those modules, every
# program of IGT_BUILD/tests/asahi, IGT_BUILD/lib/libigt.so.0 and each
# shared library they need (as ldd lists them, the loader included).
# The guest loads agx4 and then the model's module, agx4_model, with
# model=<gen> for each generation, runs every program (every subtest),
# unloads both, and fails the run on a kernel
# warning, oops or lockdep report.
#
# Usage: igt-tests/run-in-qemu.sh IGT_BUILD [QEMU_OUT]
#   IGT_BUILD  an IGT build directory (meson) with integrate.sh's additions
#   QEMU_OUT   the guest build of make qemu-test (default: build/qemu-x86)
# Environment: AGX4_QEMU_GENS (default "g16 g17p"), AGX4_QEMU_TIMEOUT
# (seconds, default 1200), IGT_TESTS (programs to run, default: all of
# tests/asahi), IGT_GENERIC (programs of IGT_BUILD/tests that every
# render driver should pass, e.g. "core_getversion syncobj_wait"; run
# with IGT_FORCE_DRIVER=asahi; default none), IGT_RESULTS (where the
# guest's log goes, default IGT_BUILD/qemu-igt.log).
#
# Last line: "igt-qemu: N passed, N skipped, N failed"; exit status 1 when
# anything failed.

set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
IGT_BUILD=$(cd "${1:?usage: $0 IGT_BUILD [QEMU_OUT]}" && pwd -P)
OUT=$(cd "${2:-$ROOT/build/qemu-x86}" && pwd -P)
GENS=${AGX4_QEMU_GENS:-g16 g17p}
TIMEOUT=${AGX4_QEMU_TIMEOUT:-1200}
LOG=${IGT_RESULTS:-$IGT_BUILD/qemu-igt.log}

die() {
	echo "igt-qemu: $*" >&2
	echo "igt-qemu: 0 passed, 0 skipped, 1 failed"
	exit 1
}

KERNEL=$OUT/arch/x86/boot/bzImage
[ -f "$KERNEL" ] || die "no guest kernel at $KERNEL: run make qemu-test first"
MODS=$OUT/initramfs/lib/modules
[ -d "$MODS" ] || die "no guest modules in $MODS: run make qemu-test first"
[ -f "$IGT_BUILD/lib/libigt.so.0" ] || die "no lib/libigt.so.0 in $IGT_BUILD"
if [ -n "${IGT_TESTS:-}" ]; then
	progs=$IGT_TESTS
else
	progs=$(find "$IGT_BUILD/tests/asahi" -maxdepth 1 -name 'asahi_*' \
		-type f -perm -u+x -printf '%f\n' | sort)
fi
progs=$(echo $progs)
generic=$(echo ${IGT_GENERIC:-})
[ -n "$progs" ] || die "no programs in $IGT_BUILD/tests/asahi"
command -v qemu-system-x86_64 >/dev/null || die "qemu-system-x86_64 missing"

STAGE=$(mktemp -d "${TMPDIR:-/tmp}/igt-qemu.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT
mkdir -p "$STAGE"/{bin,dev,proc,sys,tmp,igt,lib}
cp /bin/busybox "$STAGE/bin/busybox"
file -L "$STAGE/bin/busybox" | grep -q 'statically linked' ||
	die "/bin/busybox is not busybox-static"
cp -a "$MODS" "$STAGE/lib/"
cp "$IGT_BUILD/lib/libigt.so.0" "$STAGE/igt/"

# A file and its shared libraries at their own paths (the loader too).
copy_with_libs() {
	local f=$1 lib
	for lib in $(LD_LIBRARY_PATH="$IGT_BUILD/lib" ldd "$f" |
		     sed -n 's/.*=> \(\/[^ ]*\) .*/\1/p; s/^[[:space:]]*\(\/[^ ]*\) (.*/\1/p'); do
		case "$lib" in
		*/libigt.so.0) continue ;;
		esac
		[ -e "$STAGE$lib" ] && continue
		mkdir -p "$STAGE$(dirname "$lib")"
		cp -L "$lib" "$STAGE$lib"
	done
}
copy_with_libs "$IGT_BUILD/lib/libigt.so.0"
for p in $progs; do
	[ -x "$IGT_BUILD/tests/asahi/$p" ] || die "no program $IGT_BUILD/tests/asahi/$p"
	cp "$IGT_BUILD/tests/asahi/$p" "$STAGE/igt/"
	copy_with_libs "$IGT_BUILD/tests/asahi/$p"
done
for p in $generic; do
	[ -x "$IGT_BUILD/tests/$p" ] || die "no program $IGT_BUILD/tests/$p"
	cp "$IGT_BUILD/tests/$p" "$STAGE/igt/"
	copy_with_libs "$IGT_BUILD/tests/$p"
done

cat >"$STAGE/init" <<EOF
#!/bin/busybox sh
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
mount -t debugfs debugfs /sys/kernel/debug
export LD_LIBRARY_PATH=/igt IGT_FORCE_DRIVER=asahi
echo "igt-guest: booted \$(uname -r)"
dmesg -c >/tmp/dmesg.all
for gen in $GENS; do
	# A 3 s job timeout (default 10 s), as make qemu-test: asahi_model's
	# job-timeout subtest waits it out.
	if ! modprobe agx4 job_timeout_ms=3000 ||
	   ! modprobe agx4_model model=\$gen; then
		echo "igt: \$gen load-agx4 FAIL"
		continue
	fi
	i=0
	while [ ! -e /dev/dri/renderD128 ] && [ \$i -lt 50 ]; do sleep 0.1; i=\$((i + 1)); done
	for p in $progs $generic; do
		/igt/\$p >/tmp/out 2>&1
		rc=\$?
		sed "s/^/\$gen: \$p: /" /tmp/out
		# IGT: "Subtest NAME: SUCCESS|SKIP|FAIL|CRASH|TIMEOUT (time)".
		sed -n "s/^Subtest \([^:]*\): \([A-Z]*\).*/igt: \$gen \$p@\1 \2/p" /tmp/out
		# A program that ended without its subtests' results crashed.
		if [ \$rc != 0 ] && [ \$rc != 77 ] && [ \$rc != 98 ]; then
			echo "igt: \$gen \$p@(exit) FAIL rc=\$rc"
		fi
		dmesg -c >/tmp/k
		cat /tmp/k >>/tmp/dmesg.all
		sed "s/^/\$gen: \$p: # dmesg: /" /tmp/k
	done
	rmmod agx4_model agx4 || echo "igt: \$gen unload-agx4 FAIL"
done
dmesg -c >>/tmp/dmesg.all
if grep -q -E 'WARNING:|BUG:|Oops|possible circular|possible recursive|inconsistent lock|suspicious RCU|UBSAN|general protection|Call Trace' /tmp/dmesg.all; then
	sed 's/^/all: # dmesg: /' /tmp/dmesg.all | tail -n 80
	echo "igt: all kernel-log-clean FAIL"
else
	echo "igt: all kernel-log-clean SUCCESS"
fi
echo "igt-guest: done"
reboot -f
EOF
chmod +x "$STAGE/init"
(cd "$STAGE" && find . | cpio -o -H newc --quiet | gzip -1) >"$STAGE.cpio.gz"
trap 'rm -rf "$STAGE" "$STAGE.cpio.gz"' EXIT

echo "igt-qemu: booting $KERNEL with $(echo $progs $generic | wc -w) IGT programs (log: $LOG)"
set +e
timeout "$TIMEOUT" qemu-system-x86_64 -accel tcg,thread=multi -cpu max -smp 2 \
	-m 1024 -nographic -no-reboot -kernel "$KERNEL" -initrd "$STAGE.cpio.gz" \
	-append "console=ttyS0 loglevel=1 panic=-1 oops=panic tsc=reliable" \
	</dev/null 2>&1 | tr -d '\r' >"$LOG"
set -e

pass=0
skip=0
fail=0
printf '%-6s %-62s %s\n' gen 'test@subtest' result
while read -r _ gen name res _; do
	printf '%-6s %-62s %s\n' "$gen" "$name" "$res"
	case "$res" in
	SUCCESS) pass=$((pass + 1)) ;;
	SKIP) skip=$((skip + 1)) ;;
	*) fail=$((fail + 1)) ;;
	esac
done < <(grep -E '^igt: ' "$LOG" || true)
if ! grep -q '^igt-guest: done' "$LOG"; then
	echo "igt-qemu: the guest did not finish (timeout ${TIMEOUT}s or a crash); last lines:" >&2
	tail -n 30 "$LOG" >&2
	fail=$((fail + 1))
fi
echo "igt-qemu: $pass passed, $skip skipped, $fail failed"
[ $fail -eq 0 ]
