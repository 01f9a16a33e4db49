# SPDX-License-Identifier: GPL-2.0-only
#
# agx4 repository entry points.  See README.md.
#
#   make                 arm64 W=1 build of the kernel and agx4.ko (and
#                        the agx4 tests and model as modules)
#   make check           every check (what CI runs)
#   make kunit [T=glob]  KUnit on UML; T selects suites/cases
#   make sparse | checkpatch | kerneldoc | bench | units | symbols | split
#   make clang           the driver's objects built with LLVM=1 (arm64, W=1)
#   make qemu-test       agx4 on the firmware model in QEMU guests (x86_64
#                        with 4 KiB pages, arm64 with 16 KiB), driven
#                        from userspace
#   make series          the patch series for review, in build/series/
#   make mutants [M=glob] [N=count]
#                        remove each input check in turn, run KUnit
#                        (long; not part of check; see README.md)
#   make series-check    apply it to a clean tree, check every patch
#
# KSRC=/path/to/linux uses that kernel tree instead of Debian's
# linux-source-6.12; it is never modified.  JOBS=N sets the parallelism.

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST))))
B := $(ROOT)/build
JOBS ?= $(shell nproc)
KSRC ?=
T ?=
M ?=
N ?=

SHELL := /bin/bash
S := $(ROOT)/scripts
DEPS_SOURCE := $(if $(KSRC),,--with-source)
KSRC_CHECK := $(if $(KSRC),$(S)/graft.sh --check '$(KSRC)' &&)

# Everything of ours a build depends on.
OVERLAY := $(shell cd '$(ROOT)' && find drivers include patches tools \
	     Kconfig scripts/agx4-arm64.config scripts/build-arm64.sh \
	     scripts/kconfig-fragment.sh -type f 2>/dev/null)

.PHONY: all check kunit bench sparse checkpatch kerneldoc units symbols split \
	clang graft qemu-test series series-check mutants clean FORCE

all: $(B)/arm64/.agx4-built
	@$(S)/report.sh '$(B)'

# The graft runs every time (it is cheap when nothing changed); its stamp
# only moves when it changed the grafted tree.
$(B)/.graft-stamp: FORCE
	@$(KSRC_CHECK) $(S)/deps.sh build $(DEPS_SOURCE)
	@$(S)/graft.sh '$(B)' '$(KSRC)'

graft: $(B)/.graft-stamp

$(B)/arm64/.agx4-built: $(B)/.graft-stamp $(addprefix $(ROOT)/,$(OVERLAY))
	@$(S)/build-arm64.sh '$(B)' $(JOBS)
	@touch $@

kunit: $(B)/.graft-stamp
	@$(S)/deps.sh check
	@$(S)/kunit.sh '$(B)' $(JOBS) run '$(T)'

bench: $(B)/.graft-stamp
	@$(S)/deps.sh check
	@$(S)/kunit.sh '$(B)' $(JOBS) bench '$(T)'

sparse: $(B)/arm64/.agx4-built
	@$(S)/deps.sh check
	@$(S)/kunit.sh '$(B)' $(JOBS) build
	@$(S)/sparse.sh '$(B)'

# The units' calls (nm on the objects of the UML KUnit build, built
# first, incrementally) and #includes have no cycle but through the probe.
units: $(B)/.graft-stamp
	@$(S)/deps.sh check
	@$(S)/kunit.sh '$(B)' $(JOBS) build
	@python3 $(S)/units.py '$(ROOT)/drivers/gpu/drm/agx4' \
		'$(B)/uml/drivers/gpu/drm/agx4'

# The driver's directory built with clang and LLVM's tools.
clang: $(B)/.graft-stamp
	@$(S)/deps.sh clang
	@$(S)/build-clang.sh '$(B)' $(JOBS)

# Every global symbol of the driver starts with agx4_.
symbols: $(B)/arm64/.agx4-built
	@$(S)/symbols.sh '$(B)'

# agx4.ko holds no test or model code (they are modules of their own).
split: $(B)/arm64/.agx4-built
	@$(S)/split.sh '$(B)'

checkpatch kerneldoc: $(B)/.graft-stamp
	@$(S)/deps.sh check
	@$(S)/$@.sh '$(B)'

# The guests (x86_64 with 4 KiB pages, arm64 with 16 KiB), their
# initramfs and the UAPI programs; incremental.  Both run, either failing
# fails the target.
qemu-test: $(B)/.graft-stamp
	@$(S)/deps.sh qemu
	@$(S)/deps.sh qemu-arm64 --sysroot '$(B)/arm64-sysroot'
	@rc=0; $(S)/qemu-test.sh '$(B)' $(JOBS) x86_64 || rc=1; \
		$(S)/qemu-test.sh '$(B)' $(JOBS) arm64 || rc=1; exit $$rc

# Takes the build lock per mutant: never run it under flock.
# M= is kbuild's external-module variable too: the kernel builds the
# script starts must not inherit it (nor N=) through MAKEFLAGS.
mutants: $(B)/.graft-stamp
	@$(S)/deps.sh check
	@env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
		python3 $(S)/mutants.py '$(B)' $(JOBS) '$(M)' $(if $(N),--max $(N)) \
		$(MUTANTS_ARGS)

check: $(B)/.graft-stamp
	@$(S)/deps.sh check
	@$(S)/check.sh '$(B)'

# The review series: build/series/ from the current files, then every
# patch applied, built (arm64, W=1) and checkpatch'ed on its own.
series: $(B)/.graft-stamp
	@$(S)/deps.sh series
	@$(S)/series.sh '$(B)' '$(KSRC)'

series-check: series
	@$(S)/series-check.sh '$(B)' '$(KSRC)' $(JOBS)

clean:
	rm -rf '$(B)'

FORCE:
