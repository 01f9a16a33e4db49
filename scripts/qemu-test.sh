#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
#
# make qemu-test: the driver end to end without hardware.  Builds a small
# kernel from the grafted tree with agx4 as a module and its software
# backend (the firmware model), the UAPI programs of
# tools/testing/selftests/drm/agx4 statically linked against Debian's
# libdrm, and an initramfs around busybox-static; boots it in QEMU (TCG),
# loads agx4 and then the model's module (agx4_model) with model=g16,
# runs every program, unloads both, does the same with model=g17p, and
# checks the kernel log for warnings.  Prints each case, then "qemu: N
# passed, N failed" (x86_64) or "qemu-arm64: N passed, N failed" last;
# the exit status is non-zero when anything failed.
#
# Two guests: x86_64 with 4 KiB pages (qemu-system-x86_64), and arm64
# with 16 KiB pages and ARCH_APPLE, the product's configuration, on
# QEMU's virt machine (qemu-system-aarch64 -cpu max), built with
# Debian's cross compiler; its busybox-static and libdrm are Debian's
# arm64 packages, unpacked into BUILD_DIR/arm64-sysroot (deps.sh
# qemu-arm64 fetches them).
#
# Usage: scripts/qemu-test.sh BUILD_DIR [JOBS [x86_64|arm64]]
#
# Environment: AGX4_QEMU_GENS (default "g16 g17p"), AGX4_QEMU_TIMEOUT
# (seconds for the guest, default 900).  To run one program by hand, boot
# with AGX4_QEMU_SHELL=1: the guest loads agx4 and agx4_model (model=g16)
# and gives a shell on the console instead of running the programs.

set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd -P)
BUILD=$(cd "$1" && pwd -P)
JOBS=${2:-$(nproc)}
GARCH=${3:-x86_64}
SRC=$BUILD/src
SYSROOT=$BUILD/arm64-sysroot
case $GARCH in
x86_64)
	TAG=qemu
	OUT=$BUILD/qemu-x86
	LOG=$BUILD/qemu-x86-build.log
	RUNLOG=$BUILD/qemu-test.log
	FRAG=$ROOT/scripts/agx4-qemu-x86.config
	;;
arm64)
	TAG=qemu-arm64
	OUT=$BUILD/qemu-arm64
	LOG=$BUILD/qemu-arm64-build.log
	RUNLOG=$BUILD/qemu-arm64-test.log
	FRAG=$ROOT/scripts/agx4-qemu-arm64.config
	;;
*)
	echo "agx4 qemu: unknown guest architecture '$GARCH'" >&2
	exit 2
	;;
esac
# shellcheck source=scripts/kconfig-fragment.sh
. "$ROOT/scripts/kconfig-fragment.sh"
TESTS=$ROOT/tools/testing/selftests/drm/agx4
GENS=${AGX4_QEMU_GENS:-g16 g17p}
TIMEOUT=${AGX4_QEMU_TIMEOUT:-900}
# What a firmware crash the model's control provokes logs, and its restart.
SURVIVE_ALLOW='model: firmware instance [0-9]+ crashed|firmware [0-9]+ crashed|firmware reset [0-9]+: firmware crash'
SHELL_MODE=${AGX4_QEMU_SHELL:-}

die() {
	echo "agx4 $TAG: $*" >&2
	echo "$TAG: 0 passed, 1 failed"
	exit 1
}

cc=gcc
command -v ccache >/dev/null && cc="ccache gcc"
if [ "$GARCH" = arm64 ]; then
	ucc=aarch64-linux-gnu-gcc
	kcc=$ucc
	command -v ccache >/dev/null && kcc="ccache $ucc"
	kmake=(make -C "$SRC" O="$OUT" ARCH=arm64
	       CROSS_COMPILE=aarch64-linux-gnu- CC="$kcc" HOSTCC="$cc"
	       AGX4_WERROR=1 -j"$JOBS")
	image=arch/arm64/boot/Image
else
	ucc=gcc
	kmake=(make -C "$SRC" O="$OUT" ARCH=x86_64 CC="$cc" HOSTCC="$cc"
	       AGX4_WERROR=1 -j"$JOBS")
	image=arch/x86/boot/bzImage
fi

mkdir -p "$OUT"

# (Re)configure when the fragment changed (scripts/kconfig-fragment.sh).
agx4_configure_fragment "agx4 $TAG" "$OUT" "$FRAG" "$ROOT" "${kmake[@]}" ||
	die "cannot configure $OUT"

echo "agx4 $TAG: building the $GARCH guest kernel and modules (log: $LOG)"
# agx4's files (the software backend among them) first with W=1, as the
# arm64 build does, then the kernel and modules; ccache keeps both cheap.
set +e
"${kmake[@]}" W=1 drivers/gpu/drm/agx4/ >"$LOG" 2>&1 &&
	"${kmake[@]}" "$(basename "$image")" modules >>"$LOG" 2>&1
rc=$?
set -e
warn=$(grep -E '(drivers/gpu/drm/agx4/|include/uapi/drm/asahi_drm\.h).*(warning|error):|^(WARNING|ERROR): modpost: .*agx4' "$LOG" || true)
if [ $rc -ne 0 ] || [ -n "$warn" ]; then
	[ -n "$warn" ] && printf '%s\n' "$warn" >&2
	[ $rc -ne 0 ] && tail -n 40 "$LOG" >&2
	rm -f "$OUT"/drivers/gpu/drm/agx4/*.o "$OUT"/drivers/gpu/drm/agx4/*.ko
	die "guest kernel build failed (see $LOG)"
fi
krel=$(cat "$OUT/include/config/kernel.release")

# The initramfs, rebuilt every run (it takes a second).
STAGE=$OUT/initramfs
rm -rf "$STAGE"
mkdir -p "$STAGE"/{bin,dev,proc,sys,tmp,tests}
"${kmake[@]}" -s INSTALL_MOD_PATH="$STAGE" INSTALL_MOD_STRIP=1 \
	modules_install >>"$LOG" 2>&1 || die "modules_install failed (see $LOG)"
# The guest checks it runs with the page size it was built for.
if [ "$GARCH" = arm64 ]; then
	page_size=16384
else
	page_size=4096
fi
printf '%s\n' '#include <stdio.h>' '#include <unistd.h>' \
	'int main(void) { printf("%ld\n", sysconf(_SC_PAGESIZE)); return 0; }' \
	>"$OUT/pagesize.c"
$ucc -static -O2 "$OUT/pagesize.c" -o "$STAGE/bin/pagesize" ||
	die "building pagesize failed"

if [ "$GARCH" = arm64 ]; then
	busybox=$SYSROOT/bin/busybox
	# The sysroot's xf86drm.h first: the cross compiler searches the
	# host's /usr/include too.
	drm_inc=(-I"$SYSROOT/usr/include/libdrm" -I"$SYSROOT/usr/include")
	drm_lib=(-L"$SYSROOT/usr/lib/aarch64-linux-gnu")
	want_elf='ARM aarch64'
else
	busybox=/bin/busybox
	drm_inc=(-I/usr/include/libdrm)
	drm_lib=()
	want_elf='x86-64'
fi
cp "$busybox" "$STAGE/bin/busybox"
file -L "$STAGE/bin/busybox" | grep 'statically linked' | grep -q "$want_elf" ||
	die "$busybox is not a static $GARCH busybox"

echo "agx4 $TAG: building the UAPI programs"
cflags=(-static -O2 -g -Wall -Wextra -Werror -Wno-unused-parameter
	-Wno-missing-field-initializers -I"$TESTS"
	-I"$ROOT/include/uapi" "${drm_inc[@]}"
	-I"$SRC/tools/testing/selftests")
progs=()
for c in "$TESTS"/agx4_*.c; do
	p=$(basename "$c" .c)
	$ucc "${cflags[@]}" "$c" -o "$STAGE/tests/$p" "${drm_lib[@]}" -ldrm \
		-pthread || die "building $p failed"
	progs+=("$p")
done

cat >"$STAGE/init" <<EOF
#!/bin/busybox sh
# agx4 qemu-test guest: load the backend per generation, run the programs.
/bin/busybox --install -s /bin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t tmpfs tmp /tmp
mount -t debugfs debugfs /sys/kernel/debug
echo "agx4-guest: booted \$(uname -r)"
n=0
result() { # gen, 0/1, name
	n=\$((n + 1))
	if [ "\$2" = 0 ]; then echo "\$1: ok \$n \$3"; else echo "\$1: not ok \$n \$3"; fi
}
if [ -n "$SHELL_MODE" ]; then
	modprobe agx4 && modprobe agx4_model model=g16
	echo "agx4-guest: agx4 and agx4_model loaded (model=g16); programs in /tests"
	setsid cttyhack sh
	reboot -f
fi
[ "\$(/bin/pagesize)" = $page_size ]; result all \$? page_size_$page_size
dmesg -c >/tmp/dmesg.all
for gen in $GENS; do
	# The job timeout cut to 3 s (default 10 s): the model's timeout
	# cases wait it out once per generation.
	modprobe agx4 job_timeout_ms=3000; result \$gen \$? load_agx4
	modprobe agx4_model model=\$gen; result \$gen \$? load_agx4_model
	i=0
	while [ ! -e /dev/dri/renderD128 ] && [ \$i -lt 50 ]; do sleep 0.1; i=\$((i + 1)); done
	[ -e /dev/dri/renderD128 ]; result \$gen \$? render_node_appears
	dmesg -c >/tmp/k
	cat /tmp/k >>/tmp/dmesg.all
	grep agx4 /tmp/k | sed "s/^/\$gen: # dmesg: /"
	for p in ${progs[*]}; do
		/tests/\$p >/tmp/out 2>&1
		rc=\$?
		sed "s/^/\$gen: /" /tmp/out
		# kselftest: 0 pass, 1 fail (its cases say which), 4 skip;
		# anything else is a crash, which fails here.
		[ \$rc = 0 ] || [ \$rc = 1 ] || [ \$rc = 4 ]; result \$gen \$? "\$p-exits-cleanly rc=\$rc"
		# The driver logs no error while a program runs (a firmware
		# crash is recovered from, but it is a failure here), but
		# for the one restart agx4_submit provokes and checks: a
		# job the model never completes, kept by the firmware a
		# hang timeout past its timeout; and the crashes agx4_survive
		# provokes (the model's crash control) and their restarts.
		# Any other cause of a restart still has its own "firmware
		# reset N:" line.
		dmesg -c >/tmp/k
		cat /tmp/k >>/tmp/dmesg.all
		sed "s/^/\$gen: # dmesg: /" /tmp/k
		allow='firmware kept job [0-9]+ of queue .* after its timeout: restarting the firmware|firmware reset [0-9]+: (killed job kept by the firmware|firmware up again)'
		if [ \$p = agx4_survive ]; then
			allow="\$allow|$SURVIVE_ALLOW"
		fi
		grep -v -E "\$allow" /tmp/k >/tmp/k2
		! grep -q -E 'ERROR|error|crash|fault|reset' /tmp/k2; result \$gen \$? "\$p-no-driver-errors"
	done
	rmmod agx4_model; result \$gen \$? unload_agx4_model
	[ ! -e /dev/dri/renderD128 ]; result \$gen \$? render_node_gone
	rmmod agx4; result \$gen \$? unload_agx4
done
# Any warning, oops or lockdep report in the kernel log fails the run.
dmesg -c >>/tmp/dmesg.all
if grep -q -E 'WARNING:|BUG:|Oops|possible circular|possible recursive|inconsistent lock|suspicious RCU|UBSAN|general protection|Call Trace' /tmp/dmesg.all; then
	sed 's/^/all: # dmesg: /' /tmp/dmesg.all | tail -n 80
	result all 1 kernel_log_clean
else
	result all 0 kernel_log_clean
fi
echo "agx4-guest: done"
reboot -f
EOF
chmod +x "$STAGE/init"
(cd "$STAGE" && find . | cpio -o -H newc --quiet | gzip -1) >"$OUT/initramfs.cpio.gz"

echo "agx4 $TAG: booting $krel in QEMU (TCG; log: $RUNLOG)"
# 2 GiB: agx4_survive's 16 clients render, and on G16 each rendering VM
# takes about 52 MiB of firmware objects (24 operand buffers of 2 MiB, as
# the reference lays them out), 1 GiB in all with the clients' own.
if [ "$GARCH" = arm64 ]; then
	qemu=(qemu-system-aarch64 -M virt -accel tcg,thread=multi -cpu max
	      -smp 2 -m 2048 -nographic -no-reboot -kernel "$OUT/$image"
	      -initrd "$OUT/initramfs.cpio.gz"
	      -append "console=ttyAMA0 loglevel=1 panic=-1 oops=panic")
else
	qemu=(qemu-system-x86_64 -accel tcg,thread=multi -cpu max -smp 2
	      -m 2048 -nographic -no-reboot -kernel "$OUT/$image"
	      -initrd "$OUT/initramfs.cpio.gz"
	      -append "console=ttyS0 loglevel=1 panic=-1 oops=panic tsc=reliable")
fi
if [ -n "$SHELL_MODE" ]; then
	exec "${qemu[@]}"
fi
set +e
timeout "$TIMEOUT" "${qemu[@]}" </dev/null 2>&1 | tr -d '\r' >"$RUNLOG"
set -e

pass=0
fail=0
while IFS= read -r line; do
	case "$line" in
	*": not ok "*|*": Bail out!"*)
		echo "$line"
		fail=$((fail + 1))
		;;
	*": ok "*"# SKIP"*)
		echo "$line"
		;;
	*": ok "*)
		echo "$line"
		pass=$((pass + 1))
		;;
	*": # "*)
		echo "$line"
		;;
	esac
done < <(grep -E '^(all|g16|g17p): ' "$RUNLOG" || true)
if ! grep -q '^agx4-guest: done' "$RUNLOG"; then
	echo "agx4 $TAG: the guest did not finish (timeout ${TIMEOUT}s or a crash); last lines:" >&2
	tail -n 30 "$RUNLOG" >&2
	fail=$((fail + 1))
fi
echo "$TAG: $pass passed, $fail failed"
[ $fail -eq 0 ]
