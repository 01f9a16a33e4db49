#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only OR MIT
#
# Copyright 2026 The agx4 authors
#
# Writes drivers/gpu/drm/agx4/tests/agx4_fidelity_g17p_vectors.[ch]: byte
# images of G17P firmware objects as the reference generator (the G17P
# Python model in ADevWithAnIdea/m1n1, branch PUBLIC_neo_agx_bringup,
# commit ffe58c7802376b111f67b3cf45d80a1945db1f90, proxyclient/m1n1/agx/)
# builds them from agx4's test inputs.  Only the bytes the generator outputs
# go into the tree; none of its code does.  This script only calls it.
#
# Usage:
#   scripts/g17p-generator-vectors.py <m1n1 checkout> [<kernel tree>]
#
# The checkout must be at the commit above (checked).  The generator's
# builders are pure: they are imported through two bare package modules
# (m1n1 and m1n1.agx) whose search paths point into the checkout, so the
# package initialisers, which pull in hardware and proxy code, never run.
#
# Two groups of objects:
#  - "g_*": agx4's golden-test inputs (tests/agx4_fw_layout_golden.c and
#    the layout suites), with the reachable values the references use
#    where the golden input is synthetic: stamp (ctx << 8) + node (GEN-1),
#    lifecycle 0, cycle 0x178020.  The suite calls agx4's builder.
#  - "l_*": the live series.  The suite submits through the G17P backend
#    on the firmware model and reads the objects back.  Addresses are
#    agx4's allocations, so the generator is given placeholders; every
#    byte that depends on an address input is found here by perturbing
#    that input and is listed per object (not compared, counted).

import importlib
import os
import struct
import subprocess
import sys
import types

COMMIT = "ffe58c7802376b111f67b3cf45d80a1945db1f90"
REPO = "ADevWithAnIdea/m1n1"
BRANCH = "PUBLIC_neo_agx_bringup"


def load(checkout):
    head = subprocess.run(["git", "-C", checkout, "rev-parse", "HEAD"],
                          capture_output=True, text=True, check=True)
    if head.stdout.strip() != COMMIT:
        sys.exit("%s is at %s, not %s" % (checkout, head.stdout.strip(),
                                          COMMIT))
    base = os.path.join(checkout, "proxyclient", "m1n1")
    for name, path in (("m1n1", base), ("m1n1.agx", os.path.join(base, "agx"))):
        mod = types.ModuleType(name)
        mod.__path__ = [path]
        sys.modules[name] = mod
    mods = {}
    for name in ("g17p", "g17p_submission", "g17p_initdata", "g17p_render",
                 "g17p_compute", "g17p_backend"):
        mods[name] = importlib.import_module("m1n1.agx." + name)
    return types.SimpleNamespace(**mods)


# ---------------------------------------------------------------------------
# agx4's golden inputs (tests/agx4_fw_layout_golden.h), restated as numbers.

R_CTX = 0x1000000000
R_TILEMAP = 0x1001000000
R_TPC = 0x1001028000
R_HEAPMETA = 0x10035d0000
R_DEFL1 = 0x100102c2a0
R_DEFL2 = 0x100102c020
R_DEFL3 = 0x100102c000
R_VDM = 0x1004000000
R_TA_ALIAS = 0x7200100000
R_FR_ALIAS = 0x7200108000
R_TA_STATUS = 0x1000078000
R_FR_STATUS = 0x10001a8000
R_SUPPORT = 0xfffffc20c05b8000
R_AUX = 0x1000038000
R_TS = 0xfffffc2181400000
P_POOL_A = 0xfffffc20c07c8300
P_SHARED_A = 0xfffffc20c07d0000
P_POOL_B = 0xfffffc20c07d8280
P_SHARED_B = 0xfffffc20c07e0000
P_TA_D0 = 0xfffffc20001c8000
P_TA_D1 = 0xfffffc20c07c0000
P_FR_D0 = 0xfffffc20001c8004
P_FR_D1 = 0xfffffc20c07c0004
P_TA_STATUS = 0xfffffc2001610040
P_FR_STATUS = 0xfffffc2001630040
P_STAMP_A = 0xfffffc2000024c68

C_WORK = 0xfffffc2200300000
C_ALIAS = 0x7100300000
C_RES = 0x1000c64000
C_CDM = 0x1500000000
Q_SCHED = 0xfffffc20c0840000
Q_D0 = 0xfffffc20001c8010
Q_D1 = 0xfffffc20c07c0010
Q_S0 = 0xfffffc2001640000
Q_SC = 0xfffffc20c0848000
Q_ZP = 0xfffffc2000400000
Q_OS = 0x7000400000

RA = 0xfffffc2000108000
MC = 0xfffffc20c04f5a40
RC = 0xfffffc20000f8000
SA = 0xfffffc200003f180
SB = 0xfffffc2000030000
X0 = 0xfffffc200003eb00
X1 = 0xfffffc20000f3440
BUNDLE = 0xfffffc20c04d8000
CUR = 0xfffffc2000028000
GB = 0xfffffc2000000000
STATE_OBJECT = 0xfffffc2200197480
FWCTL = 0xfffffc22001c0000

# The golden render's command (agx4_golden_render_inputs()).
GOLDEN_RENDER = dict(
    width=800, height=600, layers=1, utile_width=32, utile_height=32,
    sample_size=8, multisample_control=0x99, ppp_control=0x202,
    merge_upper_x_bits=0x3b0dbd2a, merge_upper_y_bits=0x3b3cfc8e,
    emit_uapi_fields=True,
    store_pipeline_bind=0x22, store_pipeline=0x2000,
    load_pipeline_bind=0x21, load_pipeline=0x1000,
    partial_store_pipeline_bind=0x24, partial_store_pipeline=0x4000,
    partial_load_pipeline_bind=0x23, partial_load_pipeline=0x3000,
    scissor_array=0x1100000000, depth_bias_array=0x1100004000,
    occlusion_query_base=0x1100008000,
    depth_buffer=0x1200000000, depth_aux_buffer=0x1200100000,
    depth_stride=0x1000, depth_aux_stride=0x100,
    stencil_buffer=0x1300000000, stencil_aux_buffer=0x1300100000,
    stencil_stride=0x2000, stencil_aux_stride=0x200,
    depth_flags=0x1234, depth_dimensions=0x257031f,
    depth_clear_value_bits=0x3f800000, stencil_clear_value=0x1ab,
    sampler_array=0x1400000000, sampler_count=3,
    aux_fb_flags=0xc001, aux_fb_page_count=0x100000,
)


def tib_blocks(sample_size, samples, uw=32, uh=32):
    # agx4 and the UAPI: 2 KiB tile-buffer blocks for one utile.
    return (sample_size * uw * uh * samples + 2047) // 2048


def utile_config(samples, uw=32, uh=32):
    return (uw // 16) << 12 | (uh // 16) << 14 | (samples.bit_length() - 1)


# ---------------------------------------------------------------------------
# Collected objects.

class Obj:
    def __init__(self, name, data, agx4, inputs, addr=None):
        self.name = name
        self.data = bytes(data)
        self.agx4 = agx4
        self.inputs = inputs
        self.addr = sorted(addr or ())


OBJS = []


def add(name, data, agx4, inputs, addr=None):
    assert all(o.name != name for o in OBJS), name
    OBJS.append(Obj(name, data, agx4, inputs, addr))


class Mem:
    """The alloc/write pair G17PWorkBuilder takes: records what it writes."""

    def __init__(self, base):
        self.next = base
        self.writes = {}

    def alloc(self, size, name):
        a = self.next
        self.next += (size + 0x3fff) & ~0x3fff
        return a

    def write(self, addr, data):
        self.writes[addr] = bytes(data)


def render_params(g, samples, pet, ctx_base, addrs, extra):
    kw = dict(GOLDEN_RENDER)
    kw.update(extra)
    kw.update(
        context_base=ctx_base, samples=samples,
        tib_blocks=tib_blocks(kw["sample_size"], samples),
        utile_config=utile_config(samples),
        tile_config=0x10280 if pet else 0x280,
        process_empty_tiles=pet)
    kw.update(addrs)
    return g.g17p_render.G17PRenderParameters(**kw)


TA_TAIL = (0x780, 0x8a6, 0x8ae, 0x8fe, 0x934, 0x945)
FR_TAIL = (0x2140, 0x2148, 0x2198, 0x21a0, 0x21ce, 0x21df)


def descriptor(g, kind, p, index, ordinal, ctx, pair, grid, rec, pools,
               shared, alias, tail, status_base):
    """One TA (tiling) or 3D (fragment) descriptor through G17PWorkBuilder."""
    mem = Mem(0xfffffc2300000000)
    b = g.g17p_backend.G17PWorkBuilder(mem.alloc, mem.write, kind=kind,
                                       queue_pair=pair)
    b.write_lifecycle_fields = True
    b.write_item_fields = True
    b.write_structural_tail = True
    b.use_pools(*pools)
    b.low_alias = {kind: alias}
    b.tail_pointer_overrides = dict(tail)
    b.status_base = status_base
    if kind == "tiling":
        regs = g.g17p_render.build_tiling_registers(p)
    else:
        regs = g.g17p_render.build_fragment_registers(p)
    addr, _, _ = b.item(index, shared, regs, 0, 0, context_id=ctx,
                        record_indices=rec, submission_ordinal=ordinal,
                        queue_pair=pair, parameters=p,
                        queue_grid_index=grid)
    return mem.writes[addr]


def event(g, kind, group, grid, counter):
    rec = bytearray(g.g17p.build_event_record(group, kind, grid))
    v = struct.unpack_from("<I", rec, g.g17p.EVENT_RECORD_COUNTER)[0]
    struct.pack_into("<I", rec, g.g17p.EVENT_RECORD_COUNTER, v | counter)
    return bytes(rec)


# ---------------------------------------------------------------------------
# Golden group: render, compute, optional records.

def golden_render(g):
    # Context 9, pool 1 (queue_pair), item index 1, ordinal 3: counters
    # 3 (TA) / 2 (3D), node 3 + 3 / 2 = 4 = the golden work value, stamp
    # (9 << 8) + 4 reachable (GEN-1).  Pool records 0 of each array.
    ta_tail = dict(zip(TA_TAIL, (R_TPC, P_TA_D0, P_TA_D1, P_STAMP_A,
                                 R_SUPPORT, P_TA_STATUS)))
    fr_tail = dict(zip(FR_TAIL, (P_FR_D0, P_FR_D1, P_STAMP_A, P_STAMP_A + 8,
                                 R_SUPPORT, P_FR_STATUS)))
    addrs = dict(tilemap=R_TILEMAP, heapmeta=R_HEAPMETA, tpc=R_TPC,
                 deflake_1=R_DEFL1, deflake_2=R_DEFL2, deflake_3=R_DEFL3,
                 encoder=R_VDM, ta_status=R_TA_STATUS,
                 fragment_status=R_FR_STATUS, aux_fb=R_AUX,
                 timestamp_a=P_STAMP_A, ta_timestamp_end=P_STAMP_A + 8,
                 fragment_timestamp_start=P_STAMP_A,
                 fragment_timestamp_end=P_STAMP_A + 8,
                 ta_user_timestamp_start=R_TS,
                 ta_user_timestamp_end=R_TS + 8,
                 fragment_user_timestamp_start=R_TS + 0x10,
                 fragment_user_timestamp_end=R_TS + 0x18)
    common = ("agx4_golden_g17p_render_inputs() with work_stamp 0x904 "
              "(both stages), lifecycle 0, cycle 0x178020%s; generator "
              "G17PWorkBuilder.item(index 1, submission_ordinal 3, "
              "context_id 9, queue_pair 1 = bm_slot, record_indices (0, 0), "
              "queue_grid_index %d) with its own register recipe "
              "(build_%s_registers) from G17PRenderParameters(%s)")
    for samples, pet, sfx in ((1, True, ""), (1, False, "_nopet"),
                              (2, True, "_msaa2"), (4, True, "_msaa4")):
        p = render_params(g, samples, pet, R_CTX, addrs, {})
        what = ", flags 0" if not pet else ""
        if samples > 1:
            what += ", samples %d" % samples
        pdesc = "samples %d, process_empty_tiles %s, tib_blocks %d" % (
            samples, pet, p.tib_blocks)
        ta = descriptor(g, "tiling", p, 1, 3, 9, 1, 0, (0, 0),
                        (P_POOL_A, P_POOL_B), (P_SHARED_A, P_SHARED_B),
                        R_TA_ALIAS, ta_tail, P_TA_STATUS - 0x40)
        fr = descriptor(g, "fragment", p, 1, 3, 9, 1, 1, (0, 0),
                        (P_POOL_A, P_POOL_B), (P_SHARED_A, P_SHARED_B),
                        R_FR_ALIAS, fr_tail, P_FR_STATUS - 0x40)
        add("g_ta" + sfx, ta, "agx4_fw_g17p_build_render() bufs[0]",
            common % (what, 0, "tiling", pdesc))
        add("g_3d" + sfx, fr, "agx4_fw_g17p_build_render() bufs[2]",
            common % (what, 1, "fragment", pdesc))
    add("g_ta_event", event(g, "tiling", 0x12, 0, 0x34),
        "agx4_fw_g17p_build_render() bufs[1]",
        "g17p.build_event_record(0x12, 'tiling', 0) | counter 0x34 "
        "(golden ta.ev_group/ev_counter, grid 0)")
    add("g_3d_event", event(g, "fragment", 0x12, 1, 0x35),
        "agx4_fw_g17p_build_render() bufs[3]",
        "g17p.build_event_record(0x12, 'fragment', 1) | counter 0x35")


def compute_desc(g, ctx, ordinal, robustness, ops, res, cdm, identity,
                 sched, alias, term, submit, grid, d0, d1, s0, s1, ts0, ts1,
                 sc, zp, sup_ctl, sup_flags, qsub, qord, sidx, gate, usc):
    c = g.g17p_compute
    regs = c.build_compute_register_program(
        preempt_base=res, cdm_base=cdm, dispatch_identity=identity,
        context_id=ctx, work_ordinal=ordinal, robustness=robustness,
        operand_state_base=ops, usc_exec_base=usc, execution_gate=gate)
    return c.build_compute_descriptor(
        regs, sched, alias, term, submit_sequence=submit, context_id=ctx,
        grid_index=grid, dispatch_a=d0, dispatch_b=d1, status_a=s0,
        status_b=s1, user_timestamp_start=ts0, user_timestamp_end=ts1,
        shared_control=sc, zero_page=zp, support_control=sup_ctl,
        support_flags=sup_flags, work_ordinal=ordinal,
        queue_submission=qsub, queue_ordinal=qord,
        submission_index=sidx)


def golden_compute(g):
    d = compute_desc(g, 1, 5, 0x100, Q_OS, C_RES, C_CDM, (1 << 32) + 1,
                     Q_SCHED, C_ALIAS, C_CDM + 0x1000 - 4, 2, 4, Q_D0, Q_D1,
                     Q_S0, Q_S0 + 8, R_TS + 0x20, R_TS + 0x28, Q_SC, Q_ZP,
                     0x1234, 0x5678, 3, 6, 7, 0xabc, 1 << 40)
    add("g_compute", d[:0x1000], "agx4_fw_g17p_build_compute() bufs[0], "
        "0x1000 written", "agx4_golden_g17p_compute_inputs() with user "
        "timestamps R_TS+0x20/+0x28; generator build_compute_register_"
        "program(preempt C_RES, cdm C_CDM, identity 1<<32|1, context 1, "
        "ordinal 5, robustness 0x100, operand Q_OS, usc 1<<40, gate "
        "0xabc) + build_compute_descriptor(sched Q_SCHED, alias C_ALIAS, "
        "terminator C_CDM+0xffc, submit 2, grid 4, dispatch Q_D0/Q_D1, "
        "status Q_S0/+8, shared Q_SC, zero Q_ZP, support 0x1234/0x5678, "
        "queue submission 3, queue ordinal 6, submission index 7)")
    ev = g.g17p_compute.build_compute_event(0x20, 4, 7)
    add("g_compute_event", ev, "agx4_fw_g17p_build_compute() bufs[1]",
        "g17p_compute.build_compute_event(0x20, 4, 7)")


def golden_optional(g):
    s = g.g17p_submission
    base = dict(context_scratch=0x7000438000,
                firmware_scratch=0xfffffc20001d8000,
                shared_control=0xfffffc20c0848000,
                channel_control=0xfffffc20c07b8000, grid_index=2,
                item_index=3, submission_ordinal=9, uuid=0x15,
                first_record=True)
    desc = ("agx4_fw_layout_g17p_optional_golden_bytes() input %s; "
            "g17p_submission.build_optional_item(%s)")
    add("g_opt_ta_ctx1", s.build_optional_item(
        "tiling", context_id=1, tiling_shared_object=0xfffffc20c0850000,
        lifecycle_ordinal=0x6789, queue_namespace=0x77, **base),
        "agx4_fw_g17p_build_optional()", desc % (
            "TA, context 1", "'tiling', context_id 1, lifecycle 0x6789, "
            "namespace 0x77, item 3, ordinal 9, grid 2, uuid 0x15, first"))
    add("g_opt_3d_ctx1", s.build_optional_item(
        "fragment", context_id=1, **base), "agx4_fw_g17p_build_optional()",
        desc % ("3D, context 1", "'fragment', context_id 1"))
    add("g_opt_3d_ctx2", s.build_optional_item(
        "fragment", context_id=2, **base), "agx4_fw_g17p_build_optional()",
        desc % ("3D, context 2", "'fragment', context_id 2"))
    add("g_opt_3d_class4", s.build_optional_item(
        "fragment", context_id=1, scheduler_class=4, **base),
        "agx4_fw_g17p_build_optional()",
        desc % ("3D, class 4", "'fragment', context_id 1, "
                "scheduler_class 4"))
    add("g_opt_compute", g.g17p_compute.build_compute_optional(
        0x70004d8000, 0xfffffc2000278000, grid_index=4,
        submission_ordinal=0x3f, shared_control=0xfffffc20c0870000,
        channel_control=0xfffffc20c07b8040, uuid=0x170, field_46=1,
        field_1e=2, field_32=2, field_56=1, field_5e=2, first_submit=True,
        item_index=0), "agx4_fw_g17p_build_optional() kind 2",
        "compute golden input; g17p_compute.build_compute_optional(ctx "
        "0x70004d8000/0xfffffc2000278000, grid 4, ordinal 0x3f, uuid "
        "0x170, sched {2, 1, 2} at +0x1e/+0x46/+0x5e, ctx {2, 1} at "
        "+0x32/+0x56, first)")


# ---------------------------------------------------------------------------
# Golden group: the init graph.

def channels_primary(g):
    # agx4's channel table for bundle BUNDLE, cursors CUR, status A SA and
    # main config MC (tests/agx4_fw_layout_init_test.c channel_gold()).
    off = (0xc0, 0x1c0, 0x2c0, 0x80, 0x180, 0x280,
           0x40, 0x140, 0x240, 0x00, 0x100, 0x200)
    ch = []
    for i in range(12):
        ring = BUNDLE + 0xc5c0 + (i % 3) * 0x6000 + (3 - i // 3) * 0x1800
        c = CUR + off[i]
        ch.append(((c, c + 0x10, c + 0x20), ring))
    ch.append(((CUR + 0x300, CUR + 0x310, CUR + 0x320), MC + 0x4c0))
    ch.append(((SA + 0x40, SA + 0x2c0, SA + 0x80), SA + 0x4ac0))
    ch.append(((SA + 0x240, SA + 0xa6ac0, SA + 0x280), SA + 0xafac0))
    ch.append(((SA + 0x2d2c0, 0, 0), 0))
    ch.append(((0, 0, 0), 0))
    return ch


def golden_init(g):
    i = g.g17p_initdata
    version = (0x04c0, 0x0396, 0xa322, 0x0c8a)
    add("g_root", i.build_root(version, RA, MC, RC, SA, SB),
        "agx4_fw_build_root() instance 0",
        "agx4_fw_layout_root_golden_bytes() input; g17p_initdata."
        "build_root(version 04c0 0396 a322 0c8a, RA, MC, RC, SA, SB)")
    add("g_root_secondary", i.build_root(
        version, RA, MC, RC, SA, 0, kind=1, secondary_extra_0=X0,
        secondary_extra_1=X1), "agx4_fw_build_root() instance 1",
        "same, kind 1, status B 0, secondary_extra_0/1 = X0/X1")
    ch = channels_primary(g)
    regions = ((GB + 0xc07c8000, 0x1838000), (GB + 0x15e0000, 0x1840000),
               (GB + 0x15e8000, None))
    addr = [BUNDLE + o for o in g.g17p.MAIN_ADDR_OBJECT_OFFSETS]
    add("g_main_config", i.build_main_config(
        BUNDLE, BUNDLE + g.g17p.MAIN_REPEATED_ADDR_OFFSET, ch, addr,
        regions), "agx4_fw_g17p_build_main_config() instance 0",
        "agx4_fw_layout_main_config_golden_bytes() input; g17p_initdata."
        "build_main_config(BUNDLE, BUNDLE + MAIN_REPEATED_ADDR_OFFSET, "
        "17 channels, BUNDLE + MAIN_ADDR_OBJECT_OFFSETS, views)")
    add("g_main_config_secondary", i.build_secondary_main_config(
        BUNDLE, BUNDLE + g.g17p.MAIN_REPEATED_ADDR_OFFSET, ch,
        ((0, 0x1838000), (0, 0x1840000), (0, None)),
        extra_addr=0xfffffc20c04ff000),
        "agx4_fw_g17p_build_main_config() instance 1",
        "same input, views without addresses; g17p_initdata."
        "build_secondary_main_config(..., extra 0xfffffc20c04ff000)")
    prof = g.g17p.queue_priority_profile(2)
    q = g.g17p.build_queue_record(0xfffffc2200020000, 0xfffffc2200024000,
                                  0xfffffc2200028000, 0xfffffc220002c000,
                                  uuid=0x15, **prof)
    add("g_queue", q, "agx4_fw_g17p_build_queue() lane 0",
        "agx4_fw_layout_queue_golden_bytes() input; g17p.build_queue_"
        "record(pointers, ring, job list, context, uuid 0x15, "
        "**queue_priority_profile(2))")
    add("g_queue_compute", q, "agx4_fw_g17p_build_queue() lane 2",
        "same record: G17P takes one priority-2 row for every lane")
    add("g_region_c", i.build_region_c(), "agx4_fw_g17p_build_region_c()",
        "g17p_initdata.build_region_c()")
    wins = {
        17: dict(phys=0x404000000, device_va=0xfffffc2180200000,
                 size=0x20000, flag=2, unk_18=0),
        32: dict(phys=0x404d60000, device_va=0xfffffc2180224000,
                 size=0x8000, flag=2, unk_18=0xd60000),
        9: dict(phys=0x3803d0000, device_va=0xfffffc2180230000,
                size=0x4000, flag=0, unk_18=0),
    }
    perf = dict(g.g17p.PERF_TABLES)
    perf["scale_b"] = [0x3f828f5c] * 11
    recs = (dict(lead=1, value=0x1838000, addr=0xfffffc20c07c8000, trail=2),
            dict(lead=3, value=0x1840000, addr=0xfffffc20015e0000, trail=4))
    add("g_hwdata", i.build_hwdata(wins, {}, perf, chip_id=0x8140,
                                   region_records=recs),
        "agx4_fw_g17p_build_hwdata()",
        "agx4_fw_layout_hwdata_and_region_c_golden_bytes() input (windows "
        "17, 32, 9; ladders; 2 region records); g17p_initdata.build_"
        "hwdata(windows, no flag-only slots, PERF_TABLES with scale_b "
        "0x3f828f5c x 11, chip 0x8140, region records)")
    flag = {0: dict(phys=0x301014000, device_va=0xfffffc2180000000,
                    size=0x4000, flag=2, unk_18=0)}
    add("g_hwdata_flag_only", i.build_hwdata(
        flag, g.g17p.REGISTER_FLAG_ONLY_SLOTS, perf, chip_id=0x8140),
        "agx4_fw_g17p_build_hwdata()",
        "agx4_fw_layout_g17p_flag_only_slots_golden_bytes() input "
        "(window 0 and the 17 flag-only slots) with the golden ladders; "
        "build_hwdata(..., REGISTER_FLAG_ONLY_SLOTS, ...)")
    n = g.g17p
    add("g_status_b", i.build_primary_status_b(
        n.NATIVE_PRIMARY_STATUS_B_SIZE, FWCTL,
        FWCTL + n.CONTROL_MESSAGE_SIZE,
        n.NATIVE_PRIMARY_STATUS_B_CONFIG_HEADER,
        n.NATIVE_PRIMARY_STATUS_B_CONFIG_OFFSET,
        n.NATIVE_PRIMARY_STATUS_B_CONFIG_RUNS),
        "agx4_fw_g17p_init_status_b()",
        "fwctl 0xfffffc22001c0000; g17p_initdata.build_primary_status_b("
        "NATIVE_PRIMARY_STATUS_B_SIZE, fwctl, fwctl + CONTROL_MESSAGE_"
        "SIZE, NATIVE_PRIMARY_STATUS_B_CONFIG_*)")
    add("g_secondary_extra", i.build_sparse_object(
        0x80, n.NATIVE_SECONDARY_ROOT_EXTRA_1_RUNS),
        "agx4_fw_g17p_init_sec_extra()",
        "g17p_initdata.build_sparse_object(0x80, NATIVE_SECONDARY_ROOT_"
        "EXTRA_1_RUNS)")
    # The bundle beyond hwdata, laid out as the generator's boot script
    # does: the static runs, the five view objects' runs within their
    # valid sizes, and the state pointer.  hwdata (0..0x3db4) is left zero
    # on both sides (its own object above).
    b = bytearray(0x28000)
    for off, data in n.HWDATA_BUNDLE_STATIC_RUNS:
        b[off:off + len(data)] = data
    for voff, valid, spec in zip(n.MAIN_ADDR_OBJECT_OFFSETS,
                                 n.MAIN_ADDR_OBJECT_VALID_SIZES,
                                 n.MAIN_ADDR_OBJECTS):
        for off, data in spec["runs"]:
            if off + len(data) > valid:
                continue
            b[voff + off:voff + off + len(data)] = data
    struct.pack_into("<Q", b, n.HWDATA_BUNDLE_STATE_PTR, STATE_OBJECT)
    b[:0x3db4] = bytes(0x3db4)
    add("g_bundle", b, "agx4_fw_g17p_init_bundle()",
        "state object 0xfffffc2200197480; HWDATA_BUNDLE_STATIC_RUNS + "
        "MAIN_ADDR_OBJECTS runs inside MAIN_ADDR_OBJECT_VALID_SIZES at "
        "MAIN_ADDR_OBJECT_OFFSETS + the u64 at HWDATA_BUNDLE_STATE_PTR, "
        "as proxyclient/experiments/agx_g17p_boot.py lays them out; "
        "0..0x3db4 (hwdata) zero")


# ---------------------------------------------------------------------------
# The live series.  Placeholders for every address; the bytes that follow
# an address input are found by flipping the input's middle bits.

# Bits 5..35 of a client-VM address above the context base (TA registers
# carry offsets from it), bits 5..39 of a low alias or a firmware address.
CLIENT_FLIP = 0x0000000fffffffe0
FW_FLIP = 0x000000ffffffffe0
# Three patterns per input, so a byte that one flip leaves equal by a
# carry (base + offset) is still found by another.
FLIP_PATTERNS = (0xffffffffffffffff, 0x5555555555555555, 0x3333333333333333)

# Placeholders: client-VM addresses above agx4's context base, firmware
# addresses in the firmware half.
LIVE_CLIENT = dict(tilemap=0x1000580000, heapmeta=0x1000404000,
                   tpc=0x1000600000, deflake_1=0x10004082a0,
                   deflake_2=0x1000408020, deflake_3=0x1000408000,
                   encoder=0x1005000000, ta_status=0x100040c000,
                   fragment_status=0x1000410000, aux_fb=0x1000400000)
# The TA's end timestamp is left to the generator's default, 0, and
# compared: agx4 leaves it 0 as well.
LIVE_FW = dict(timestamp_a=0xfffffc2300010000,
               fragment_timestamp_start=0xfffffc2300010000,
               fragment_timestamp_end=0xfffffc2300010008)
LIVE_OBJS = dict(pool_a=0xfffffc2300020000, pool_b=0xfffffc2300030000,
                 shared_a=0xfffffc2300040000, shared_b=0xfffffc2300050000,
                 ta_alias=0x7300060000, fr_alias=0x7300068000,
                 ta_tail=0xfffffc2300070000, fr_tail=0xfffffc2300078000,
                 ctx_low=0x7300080000, ctx_high=0xfffffc2300080000,
                 shared_ctl=0xfffffc2300090000,
                 chan_ctl=0xfffffc23000a0000,
                 tiling_shared=0xfffffc23000b0000)


def pool_grid(pool):
    # agx4's TA grid of pool p (its 3D grid is the next): a queue identity
    # the driver chooses, given to the generator as queue_grid_index.
    return 2 * pool + (2 if pool >= 2 else 0)


def live_render_images(g, k, pool, asid, samples, pet, over):
    """TA and 3D descriptors of render k of pool `pool`, VM context asid."""
    cl = dict(LIVE_CLIENT)
    fw = dict(LIVE_FW)
    ob = dict(LIVE_OBJS)
    for key, v in over.items():
        for d in (cl, fw, ob):
            if key in d:
                d[key] = v
    addrs = dict(cl)
    addrs.update(fw)
    # The generator's native pair/item rule for the cycle and record-index
    # registers: queue_pair = agx4's pool index, item = k.
    p = render_params(g, samples, pet, R_CTX, addrs, dict(
        queue_pair=pool, queue_item_index=0, lifecycle_ordinal=k,
        native_pair_registers=True,
        # The live command: nothing but the geometry (the suite's
        # set_render()): no pipelines, buffers, samplers or merge bits.
        merge_upper_x_bits=0, merge_upper_y_bits=0,
        multisample_control=0, ppp_control=0,
        store_pipeline_bind=0, store_pipeline=0, load_pipeline_bind=0,
        load_pipeline=0, partial_store_pipeline_bind=0,
        partial_store_pipeline=0, partial_load_pipeline_bind=0,
        partial_load_pipeline=0, scissor_array=0, depth_bias_array=0,
        occlusion_query_base=0, depth_buffer=0, depth_aux_buffer=0,
        depth_stride=0, depth_aux_stride=0, stencil_buffer=0,
        stencil_aux_buffer=0, stencil_stride=0, stencil_aux_stride=0,
        depth_flags=0, depth_dimensions=0, depth_clear_value_bits=0,
        stencil_clear_value=0, sampler_array=0, sampler_count=0,
        aux_fb_flags=0xc000, aux_fb_page_count=0x100000,
        ta_user_timestamp_start=0, ta_user_timestamp_end=0,
        fragment_user_timestamp_start=0, fragment_user_timestamp_end=0))
    # The generator's item rule advances cycle/record index by the item;
    # pass it through queue_item_index only for the register program.
    p = g.g17p_render.G17PRenderParameters(**dict(
        p.__dict__, queue_item_index=k, status_item_index=0))
    tb, fb = ob["ta_tail"], ob["fr_tail"]
    ta_tail = dict(zip(TA_TAIL, (cl["tpc"], tb, tb + 8, fw["timestamp_a"],
                                 tb + 0x10, tb + 0x18)))
    fr_tail = dict(zip(FR_TAIL, (fb, fb + 8, fw["fragment_timestamp_start"],
                                 fw["fragment_timestamp_end"], fb + 0x10,
                                 fb + 0x18)))
    rec = ((2 * k) % 35, k % 79)
    pools = (ob["pool_a"], ob["pool_b"])
    shared = (ob["shared_a"], ob["shared_b"])
    grid = pool_grid(pool)
    ta = descriptor(g, "tiling", p, k, k, asid, pool, grid, rec, pools,
                    shared, ob["ta_alias"], ta_tail, tb + 0x20)
    fr = descriptor(g, "fragment", p, k, k, asid, pool, grid + 1, rec,
                    pools, shared, ob["fr_alias"], fr_tail, fb + 0x20)
    return ta, fr


def live_optional_images(g, k, pool, asid, over):
    ob = dict(LIVE_OBJS)
    ob.update({a: b for a, b in over.items() if a in ob})
    s = g.g17p_submission
    out = []
    for st, kind in enumerate(("tiling", "fragment")):
        kw = dict(context_scratch=ob["ctx_low"] + 0x1000 * st,
                  firmware_scratch=ob["ctx_high"] + 0x1000 * st,
                  shared_control=ob["shared_ctl"],
                  channel_control=ob["chan_ctl"],
                  grid_index=pool_grid(pool) + st, item_index=k + 1,
                  submission_ordinal=k, uuid=0x15, context_id=asid,
                  first_record=k == 0)
        if st == 0:
            kw["tiling_shared_object"] = ob["tiling_shared"]
        out.append(s.build_optional_item(kind, **kw))
    return out


def address_mask(build, keys):
    """Offsets of `build`'s images that follow any placeholder in keys."""
    base = build({})
    masks = [set() for _ in base]
    for key, flip in keys:
        v = None
        for d in (LIVE_CLIENT, LIVE_FW, LIVE_OBJS):
            if key in d:
                v = d[key]
        for pattern in FLIP_PATTERNS:
            alt = build({key: v ^ (flip & pattern)})
            for m, a, b in zip(masks, base, alt):
                m.update(i for i in range(len(a)) if a[i] != b[i])
    return base, masks


def live_keys():
    keys = [(k, CLIENT_FLIP) for k in LIVE_CLIENT]
    keys += [(k, FW_FLIP) for k in LIVE_FW]
    keys += [(k, FW_FLIP) for k in LIVE_OBJS]
    return keys


def live_series(g):
    cases = []
    # One pool, VM context 2: renders 0, 1, 2, 35 (pool-A/B wrap side),
    # 79 (pool-B wrap), 171 (node 256: the stamp's node leaves 8 bits).
    for k in (0, 1, 2, 35, 79, 171):
        cases.append(("l_r%d" % k, k, 0, 2, 1,
                      "render k=%d of pool 0, VM context 2, 1 sample" % k))
    for pool in (1, 2, 3):
        cases.append(("l_p%d" % pool, 0, pool, 2, 1,
                      "first render of pool %d (queue_pair %d), context 2"
                      % (pool, pool)))
    for s in (2, 4):
        cases.append(("l_s%d" % s, 0, 0, 2, s,
                      "first render of pool 0, context 2, %d samples" % s))
    keys = live_keys()
    for name, k, pool, asid, samples, what in cases:
        imgs, masks = address_mask(
            lambda o: live_render_images(g, k, pool, asid, samples, False,
                                         o), keys)
        gen = ("G17PWorkBuilder.item(index %d, submission_ordinal %d, "
               "context_id %d, queue_pair %d, record_indices (%d, %d), "
               "queue_grid_index %d/%d) with build_tiling/fragment_"
               "registers(G17PRenderParameters(800x600, 32x32 utiles, "
               "sample_size 8, samples %d, process_empty_tiles False, "
               "lifecycle_ordinal %d, native_pair_registers, "
               "queue_item_index %d, aux_fb_flags 0xc000))" %
               (k, k, asid, pool, (2 * k) % 35, k % 79, pool_grid(pool),
                pool_grid(pool) + 1, samples, k, k))
        src = ("live: SUBMIT through agx4_fw_g17p_submit on the firmware "
               "model, %s; read back from the pool" % what)
        add(name + "_ta", imgs[0], src + " (TA descriptor)", gen,
            masks[0])
        add(name + "_3d", imgs[1], src + " (3D descriptor)", gen,
            masks[1])
        gr = pool_grid(pool)
        evs = (event(g, "tiling", k + 1, gr, 0),
               event(g, "fragment", k + 1, gr + 1, 0))
        add(name + "_ta_event", evs[0], src + " (TA event record)",
            "g17p.build_event_record(%d, 'tiling', %d)" % (k + 1, gr))
        add(name + "_3d_event", evs[1], src + " (3D event record)",
            "g17p.build_event_record(%d, 'fragment', %d)" % (k + 1, gr + 1))
        opts, omasks = address_mask(
            lambda o: live_optional_images(g, k, pool, asid, o), keys)
        ogen = ("g17p_submission.build_optional_item(%%s, item_index %d, "
                "submission_ordinal %d, grid_index %%d, context_id %d, "
                "uuid 0x15, first_record %s, lifecycle_ordinal and "
                "queue_namespace by default)" % (k + 1, k, asid, k == 0))
        add(name + "_ta_opt", opts[0], src + " (TA optional record)",
            ogen % ("'tiling'", pool_grid(pool)), omasks[0])
        add(name + "_3d_opt", opts[1], src + " (3D optional record)",
            ogen % ("'fragment'", pool_grid(pool) + 1), omasks[1])


def live_compute(g):
    """The compute owner's first command and its first after a render."""
    c = g.g17p_compute
    for name, n, what in (("l_c0", 0, "first compute command"),
                          ("l_c_after_render", 0,
                           "first compute command after a render")):
        def build(o, n=n):
            ph = dict(sched=0xfffffc2300100000, alias=0x7300110000,
                      d0=0xfffffc2300120000, d1=0xfffffc2300130000,
                      s0=0xfffffc2300140000, sc=0xfffffc2300150000,
                      zp=0xfffffc2300160000, res=0x1000c00000,
                      ops=0x1000d00000, rob=0x1000e00000,
                      cdm=0x2000000000)
            ph.update(o)
            # agx4 has no generator rule for the identity (its own
            # constant); the support words and the queue ordinal are the
            # generator's defaults (measured over native boots).
            regs = c.build_compute_register_program(
                preempt_base=ph["res"], cdm_base=ph["cdm"],
                dispatch_identity=0x0200020803000247 + n * 0x200000001,
                context_id=2, work_ordinal=n, robustness=ph["rob"],
                operand_state_base=ph["ops"], usc_exec_base=1 << 40)
            d = c.build_compute_descriptor(
                regs, ph["sched"], ph["alias"], ph["cdm"] + 0xfc,
                submit_sequence=n, context_id=2, grid_index=32,
                dispatch_a=ph["d0"], dispatch_b=ph["d1"],
                status_a=ph["s0"], status_b=ph["s0"] + 8,
                shared_control=ph["sc"], zero_page=ph["zp"],
                work_ordinal=n, queue_submission=n + 1,
                submission_index=n + 1)
            return [d[:0x1000], c.build_compute_event(n + 1, 32, 2),
                    c.build_compute_queue_context_item(
                        0xfffffc2300170000 ^ o.get("desc", 0),
                        0xfffffc2300180000 ^ o.get("queue", 0),
                        grid_index=32, flags_200=1 << 60, word_330=0,
                        word_338=8, item_index=n)]
        base = build({})
        masks = [set() for _ in base]
        for key, flip in (("sched", FW_FLIP), ("alias", FW_FLIP),
                          ("d0", FW_FLIP), ("d1", FW_FLIP),
                          ("s0", FW_FLIP), ("sc", FW_FLIP),
                          ("zp", FW_FLIP), ("res", FW_FLIP),
                          ("ops", FW_FLIP), ("rob", FW_FLIP),
                          ("cdm", FW_FLIP), ("desc", FW_FLIP),
                          ("queue", FW_FLIP)):
            ph = {"sched": 0xfffffc2300100000, "alias": 0x7300110000,
                  "d0": 0xfffffc2300120000, "d1": 0xfffffc2300130000,
                  "s0": 0xfffffc2300140000, "sc": 0xfffffc2300150000,
                  "zp": 0xfffffc2300160000, "res": 0x1000c00000,
                  "ops": 0x1000d00000, "rob": 0x1000e00000,
                  "cdm": 0x2000000000, "desc": 0, "queue": 0}
            for pattern in FLIP_PATTERNS:
                alt = build({key: ph[key] ^ (flip & pattern)})
                for m, a, b in zip(masks, base, alt):
                    m.update(i for i in range(len(a)) if a[i] != b[i])
        src = ("live: SUBMIT through agx4_fw_g17p_submit on the firmware "
               "model, %s of the queue's owner (grid 32), VM context 2"
               % what)
        gen = ("build_compute_register_program(context 2, ordinal 0, "
               "identity 0x0200020803000247 (agx4's), gate 1, usc 1<<40) "
               "+ build_compute_descriptor(submit 0, grid 32, support "
               "control/flags by default (0x21000001/1), queue "
               "submission 1, queue ordinal by default (0), submission "
               "index 1)")
        add(name, base[0], src + " (descriptor)", gen, masks[0])
        add(name + "_event", base[1], src + " (event record)",
            "g17p_compute.build_compute_event(1, 32, 2): group n + 1, "
            "agx4's counter 2", masks[1])
        add(name + "_qctx", base[2], src + " (queue-context record)",
            "g17p_compute.build_compute_queue_context_item(desc, queue, "
            "grid 32, flags_200 1<<60, word_330 0, word_338 8): the "
            "direct-compute profile of proxyclient/experiments/"
            "agx_g17p_compute.py", masks[2])


def live_init(g):
    """The booted device's init graph: roots, main configs, region C and
    the secondary's extra object, with every address a placeholder."""
    i = g.g17p_initdata
    n = g.g17p
    version = (0x04c0, 0x0396, 0xa322, 0x0c8a)
    ph = {}
    for c in range(17):
        for w in range(4):
            ph["ch%d_%d" % (c, w)] = 0xfffffc2400000000 + c * 0x10000 + \
                w * 0x1000
    for k, v in (("ra", 0xfffffc2401000000), ("mc", 0xfffffc2402000000),
                 ("rc", 0xfffffc2403000000), ("sa", 0xfffffc2404000000),
                 ("sb", 0xfffffc2405000000), ("x0", 0xfffffc2406000000),
                 ("x1", 0xfffffc2407000000), ("bundle", 0xfffffc2408000000),
                 ("v0", 0xfffffc2409000000), ("v1", 0xfffffc240a000000),
                 ("v2", 0xfffffc240b000000), ("extra", 0xfffffc240c000000)):
        ph[k] = v

    def build(o):
        p = dict(ph)
        p.update(o)
        ch = [((p["ch%d_0" % c], p["ch%d_1" % c], p["ch%d_2" % c]),
               p["ch%d_3" % c]) for c in range(17)]
        # agx4 leaves channel 15's last two states, its ring and channel
        # 16 empty (tests/agx4_fw_layout_init_test.c channel_gold()).
        ch[15] = ((p["ch15_0"], 0, 0), 0)
        ch[16] = ((0, 0, 0), 0)
        addr = [p["bundle"] + off for off in n.MAIN_ADDR_OBJECT_OFFSETS]
        rep = p["bundle"] + n.MAIN_REPEATED_ADDR_OFFSET
        return [
            i.build_root(version, p["ra"], p["mc"], p["rc"], p["sa"],
                         p["sb"]),
            i.build_root(version, p["ra"], p["mc"], p["rc"], p["sa"], 0,
                         kind=1, secondary_extra_0=p["x0"],
                         secondary_extra_1=p["x1"]),
            i.build_main_config(p["bundle"], rep, ch, addr,
                                ((p["v0"], 0x1838000),
                                 (p["v1"], 0x1840000), (p["v2"], None))),
            i.build_secondary_main_config(
                p["bundle"], rep, ch, ((0, 0x1838000), (0, 0x1840000),
                                       (0, None)), extra_addr=p["extra"]),
        ]

    base = build({})
    masks = [set() for _ in base]
    for key, v in ph.items():
        for pattern in FLIP_PATTERNS:
            alt = build({key: v ^ (FW_FLIP & pattern)})
            for m, a, b in zip(masks, base, alt):
                m.update(j for j in range(len(a)) if a[j] != b[j])
    src = "live: the booted device (firmware model), %s"
    add("l_root", base[0], src % "the primary root (roots +0)",
        "g17p_initdata.build_root(version 04c0 0396 a322 0c8a, "
        "placeholder addresses)", masks[0])
    add("l_root_secondary", base[1],
        src % "the secondary root (roots +0x8000)",
        "g17p_initdata.build_root(..., kind 1, status B 0, "
        "secondary_extra_0/1)", masks[1])
    add("l_main_config", base[2],
        src % "the primary main config (primary root +0x18)",
        "g17p_initdata.build_main_config(bundle, bundle + MAIN_REPEATED_"
        "ADDR_OFFSET, 17 channels (agx4's: 15 with one state, 16 empty), "
        "bundle + MAIN_ADDR_OBJECT_OFFSETS, views (v0, 0x1838000), "
        "(v1, 0x1840000), (v2, None))", masks[2])
    add("l_main_config_secondary", base[3],
        src % "the secondary main config (secondary root +0x18)",
        "g17p_initdata.build_secondary_main_config(bundle, bundle + "
        "MAIN_REPEATED_ADDR_OFFSET, channels, views (0, 0x1838000), "
        "(0, 0x1840000), (0, None), extra)", masks[3])
    add("l_region_c", i.build_region_c(),
        src % "region C (primary root +0x20)",
        "g17p_initdata.build_region_c()")
    add("l_secondary_extra", i.build_sparse_object(
        0x80, n.NATIVE_SECONDARY_ROOT_EXTRA_1_RUNS),
        src % "the secondary root's +0xc0 object",
        "g17p_initdata.build_sparse_object(0x80, NATIVE_SECONDARY_ROOT_"
        "EXTRA_1_RUNS)")


# ---------------------------------------------------------------------------
# Output.

def runs_of(data, gap=8):
    """Non-zero runs, merged across fewer than gap zero bytes."""
    out = []
    i, n = 0, len(data)
    while i < n:
        if not data[i]:
            i += 1
            continue
        j = i
        last = i
        while j < n and j - last <= gap:
            if data[j]:
                last = j
            j += 1
        out.append((i, data[i:last + 1]))
        i = last + 1
    return out


def ranges_of(offsets):
    out = []
    for o in sorted(offsets):
        if out and out[-1][0] + out[-1][1] == o:
            out[-1][1] += 1
        else:
            out.append([o, 1])
    return out


def cstr(s):
    return s.replace("\\", "\\\\").replace('"', '\\"')


def emit_c(path_c, path_h, cmd):
    hdr = """/* SPDX-License-Identifier: GPL-2.0-only OR MIT */
/*
 * Copyright 2026 The agx4 authors
 *
 * Generated by scripts/g17p-generator-vectors.py; do not edit.
 *
 * G17P firmware objects as the reference generator builds them, for
 * the agx4_fidelity_g17p suite.  See agx4_fidelity_g17p_vectors.rst.
 */
#ifndef AGX4_FIDELITY_G17P_VECTORS_H
#define AGX4_FIDELITY_G17P_VECTORS_H

#include <linux/types.h>

/* Bytes @data at @off (@len of them); @data is NULL in an address list. */
struct agx4_fid_run {
	u32 off;
	u32 len;
	const u8 *data;
};

/**
 * struct agx4_fid_vec - one object as the generator built it
 * @name: the object's name.
 * @agx4: the agx4 builder (or path) that builds it.
 * @inputs: the inputs and the generator call.
 * @size: its size.
 * @runs: its non-zero bytes (every other byte is zero).
 * @nruns: how many runs.
 * @addr: bytes that follow an address input (live objects): not compared.
 * @naddr: how many address runs.
 */
struct agx4_fid_vec {
	const char *name;
	const char *agx4;
	const char *inputs;
	u32 size;
	const struct agx4_fid_run *runs;
	unsigned int nruns;
	const struct agx4_fid_run *addr;
	unsigned int naddr;
};

#define AGX4_FID_G17P_GEN_REPO \"""" + REPO + """\"
#define AGX4_FID_G17P_GEN_BRANCH \"""" + BRANCH + """\"
#define AGX4_FID_G17P_GEN_COMMIT \"""" + COMMIT + """\"
#define AGX4_FID_G17P_NUM_VECS """ + str(len(OBJS)) + """

extern const struct agx4_fid_vec agx4_fid_g17p_vecs[AGX4_FID_G17P_NUM_VECS];

#endif /* AGX4_FIDELITY_G17P_VECTORS_H */
"""
    with open(path_h, "w") as f:
        f.write(hdr)
    out = ["// SPDX-License-Identifier: GPL-2.0-only OR MIT",
           "/*",
           " * Copyright 2026 The agx4 authors",
           " *",
           " * Generated by scripts/g17p-generator-vectors.py; do not edit.",
           " * Generator: " + REPO + " " + BRANCH,
           " *   " + COMMIT,
           " * Command: " + cmd,
           " *",
           " * Bytes the generator output (facts); none of its code.",
           " */", "",
           "#include <linux/kernel.h>", "",
           "#include \"agx4_fidelity_g17p_vectors.h\"", ""]
    for o in OBJS:
        runs = runs_of(o.data)
        out.append("static const struct agx4_fid_run %s_runs[] = {" % o.name)
        for off, data in runs:
            hexs = "".join("\\x%02x" % b for b in data)
            parts = [hexs[i:i + 64] for i in range(0, len(hexs), 64)]
            one = "\t{ %#x, %d, (const u8 *)\"%s\" }," % (off, len(data),
                                                         hexs)
            if len(one) + 7 <= 100:
                out.append(one)
            else:
                out.append("\t{ %#x, %d, (const u8 *)" % (off, len(data)))
                for p in parts[:-1]:
                    out.append("\t\t\"%s\"" % p)
                out.append("\t\t\"%s\" }," % parts[-1])
        out.append("};")
        if o.addr:
            out.append("")
            out.append("static const struct agx4_fid_run %s_addr[] = {" %
                       o.name)
            line = "\t"
            for off, ln in ranges_of(o.addr):
                item = "{ %#x, %d }, " % (off, ln)
                if len(line) + len(item) > 72:
                    out.append(line.rstrip())
                    line = "\t"
                line += item
            out.append(line.rstrip())
            out.append("};")
        out.append("")
    out.append("const struct agx4_fid_vec "
               "agx4_fid_g17p_vecs[AGX4_FID_G17P_NUM_VECS] = {")
    for o in OBJS:
        out.append("\t{")
        out.append("\t\t.name = \"%s\"," % o.name)
        for field, text in (("agx4", o.agx4), ("inputs", o.inputs)):
            out.append("\t\t.%s =" % field)
            out.append("\t\t\t\"%s\"," % cstr(text))
        out.append("\t\t.size = %#x," % len(o.data))
        out.append("\t\t.runs = %s_runs," % o.name)
        out.append("\t\t.nruns = ARRAY_SIZE(%s_runs)," % o.name)
        if o.addr:
            out.append("\t\t.addr = %s_addr," % o.name)
            out.append("\t\t.naddr = ARRAY_SIZE(%s_addr)," % o.name)
        out.append("\t},")
    out.append("};")
    with open(path_c, "w") as f:
        f.write("\n".join(out) + "\n")


RST_HEAD = """.. SPDX-License-Identifier: GPL-2.0-only OR MIT

.. Generated by scripts/g17p-generator-vectors.py; do not edit.

==============================================
G17P test vectors from the reference generator
==============================================

``agx4_fidelity_g17p_vectors.c`` holds byte images of G17P firmware
objects as the reference generator builds them; the KUnit suite
``agx4_fidelity_g17p`` (``agx4_fidelity_g17p_test.c``) builds the same
objects with agx4 and compares them byte for byte.

Generator
=========

- Repository: ``%(repo)s`` (GitHub), branch ``%(branch)s``, commit
  ``%(commit)s``.
- Modules: ``proxyclient/m1n1/agx/g17p.py``, ``g17p_submission.py``,
  ``g17p_initdata.py``, ``g17p_render.py``, ``g17p_compute.py``,
  ``g17p_backend.py`` (pure builders: inputs to bytes).
- Python 3.11, no third-party packages.  The script registers two bare
  package modules, ``m1n1`` and ``m1n1.agx``, whose search paths point at
  ``proxyclient/m1n1`` and ``proxyclient/m1n1/agx`` of the checkout, so the
  package initialisers (hardware and proxy code) never run.

Only the bytes the generator outputs (facts) are in the tree, never its
code.

Command
=======

::

  git clone https://github.com/%(repo)s m1n1
  git -C m1n1 checkout %(commit)s
  scripts/g17p-generator-vectors.py m1n1

(from the tree root; a second argument names another kernel tree).  It
writes ``agx4_fidelity_g17p_vectors.[ch]`` and this file.

How the objects are compared
============================

- ``g_*`` objects: agx4's golden-test inputs
  (``agx4_fw_layout_golden.[ch]``, ``agx4_fw_layout_work_test.c``,
  ``agx4_fw_layout_init_test.c``, ``agx4_fw_g17p_init_test.c``).  Where a
  golden input is synthetic, both sides take the reachable value the
  references use: work stamp (context << 8) + node, 0x904 for context 9
  and node 4 (GEN-1); lifecycle 0; cycle 0x178020.  The suite calls the
  agx4 builder named below.  Render descriptors are built with the
  generator's own register recipe, so register values are compared too.
- ``l_*`` objects: the live series.  The suite submits through agx4's G17P
  backend on the firmware model (VM context 2) and reads the objects back
  from the pool.  The generator was given placeholder addresses; the bytes
  that follow an address input (found by flipping that input) are listed
  with each object and not compared: they are agx4's allocations.  Every
  other byte is.  Values agx4 chooses that the generator takes as inputs
  (the pool's grid, the compute identity) are given to the generator;
  everything the generator derives (stamps, lifecycle words, cycle and
  record index, item fields, counters) is its own.
- A difference is either a finding (the suite fails and prints offset,
  generator bytes, agx4 bytes) or one of the suite's accepted divergences,
  which pin the exact bytes (so a change on either side fails too).

Where the generator is behind the Rust reference
================================================

The suite accepts these as divergence GEN-R (agx4 follows
``GravityLinux/linux drivers/gpu/drm/asahi/g17p_render.rs@498fde22``):

- The work stamp past node 255 (HW-6): the generator's ``build_descriptor``
  writes (max(1, context) << 8) + node unmasked; the Rust reference masks
  the node to 8 bits.  ``l_r171_ta`` +0x371, +0x37d, +0x389 and
  ``l_r171_3d`` +0x471, +0x47d: generator 03, agx4 02.
- The MSAA sample count (G17P-3): the generator writes 3D +0x50 = 1 for
  every sample count and never +0x212c.
- TA +0x788 (G17P-2): the Rust reference writes the TPC size there; the
  generator keeps the older byte +0x789 = 0x78.
- 3D +0x1fac/+0x1fb0 (G17P-27): the Rust reference writes two u32, the
  stencil clear | 0x300 and the UAPI sample size (twice the tile-buffer
  blocks when it is 0); the generator writes the u64 blocks << 33 | 0x300.
  ``g_3d*`` +0x1fac: generator 00, agx4 ab (stencil clear 0x1ab);
  ``g_3d_msaa2``/``l_s2_3d`` +0x1fb0: generator 10, agx4 08;
  ``g_3d_msaa4``/``l_s4_3d`` +0x1fb0: generator 20, agx4 08.
- The 3D depth/stencil copies (G17P-10): the Rust reference copies the
  depth flags (+0x1eb8), depth and stencil buffers and strides
  (+0x1ec8..+0x1f27) and depth dimensions (+0x1fd0) from the values the
  registers carry; the generator leaves them 0.  ``g_3d*``: generator 0,
  agx4 the golden inputs' values.

Not compared
============

- Addresses in the live series: agx4's own allocations (the golden group
  compares address placement).
- The live status B, hwdata and bundle (the firmware model writes the
  status-config words at control start; the live windows are the test
  device tree's): only their golden images are compared.

Objects
=======

"""


def emit_rst(path):
    out = [RST_HEAD % dict(repo=REPO, branch=BRANCH, commit=COMMIT)]
    for o in OBJS:
        out.append("``%s`` (%#x bytes%s)" % (
            o.name, len(o.data),
            ", %d address bytes" % len(o.addr) if o.addr else ""))
        out.append("  - agx4: ``%s``" % o.agx4)
        out.append("  - inputs: ``%s``" % o.inputs)
        out.append("")
    with open(path, "w") as f:
        f.write("\n".join(out))


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit("usage: %s <m1n1 checkout> [<kernel tree>]" % sys.argv[0])
    tree = sys.argv[2] if len(sys.argv) == 3 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..")
    g = load(sys.argv[1])
    golden_render(g)
    golden_compute(g)
    golden_optional(g)
    golden_init(g)
    live_series(g)
    live_compute(g)
    live_init(g)
    tests = os.path.join(tree, "drivers/gpu/drm/agx4/tests")
    emit_c(os.path.join(tests, "agx4_fidelity_g17p_vectors.c"),
           os.path.join(tests, "agx4_fidelity_g17p_vectors.h"),
           "scripts/g17p-generator-vectors.py <m1n1 checkout>")
    emit_rst(os.path.join(tests, "agx4_fidelity_g17p_vectors.rst"))
    for o in OBJS:
        print("%-28s %6d bytes %5d address bytes  <- %s" %
              (o.name, len(o.data), len(o.addr), o.agx4))
    print("%d objects" % len(OBJS))


if __name__ == "__main__":
    main()
