#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check that agx4's units depend on each other without a cycle.

Usage: scripts/units.py DRIVER_DIR OBJ_DIR

A unit is a source file and its header (agx4_vm.c and agx4_vm.h are the
unit agx4_vm; HEADERS and COMPONENTS below name the few exceptions to the
naming).  Unit A depends on unit B when

* A's object refers to a global symbol B's object defines (a call, a
  table of B's functions, a variable), as nm reads the objects in OBJ_DIR
  (make units builds and reads the UML KUnit kernel's: it has every unit,
  the firmware model and the software device included), or
* a file of A includes B's header (a type, an inline function, a macro).

agx4_device.h, the hub every unit may include, is a node of its own for
#include: units may include it, and it may include only headers of units
that do not depend on it in turn.  The probe, agx4_device.c, is the unit
agx4_device (declared in the hub); it brings every unit up and down
through its table of steps, so what it calls is not followed: a cycle
through the probe is the one allowed.  Tests are not units.

Every function and variable a header declares must be defined by that
header's unit (the hub's by agx4_device.c): a declaration in another
unit's header hides the dependency it stands for.

EXCEPTIONS lists the other dependencies not followed, and
DECL_EXCEPTIONS the declarations left outside their unit's header, each
with its reason; an entry that no longer matches fails the check, so the
lists only shrink.

Exits 1 and prints every cycle with the symbols and #include lines that
make it, every declaration outside its unit's header, every stale
exception, and every source without an object in OBJ_DIR.
"""

import os
import re
import subprocess
import sys

HUB = "agx4_device.h"
PROBE = "agx4_device"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)

# (unit, unit it depends on): why the dependency is not followed.  Each
# closes a cycle: the backends' ops tables, which the generation
# descriptors name, the G17P state the boot holds for its backend, and
# the GEM close callback.
EXCEPTIONS = {
    ("agx4_g16", "agx4_fw_g16"):
        "the G16 backend includes agx4_fw_g16.h for the descriptor's "
        "declaration of its ops table (agx4_fw_g16_submit_ops), which the "
        "descriptor names: probe-table wiring",
    ("agx4_g17p", "agx4_fw_g17p"):
        "the G17P backend includes agx4_fw_g17p.h for the descriptor's "
        "declaration of its ops table (agx4_fw_g17p_submit), which the "
        "descriptor names: probe-table wiring",
    ("agx4_g17p", "agx4_fw_g17p_boot"):
        "the G17P backend finds its shared state through "
        "agx4_fw_g17p_sub() of the boot, which makes that state with the "
        "backend's agx4_fw_g17p_sub_init()",
    ("agx4_gem", "agx4_drv"):
        "&drm_gem_object_funcs.close of the GEM unit's objects is the "
        "file's agx4_drv_close_object(): closing a handle unmaps the "
        "object from the file's VMs, which depend on the GEM unit",
}

# (header, symbol): a declaration left outside its unit's header, and why.
DECL_EXCEPTIONS = {
    ("agx4_fw_g16.h", "agx4_fw_g16_submit_ops"):
        "the descriptor names the backend's ops table; declared with the "
        "descriptor so that the backend's header need not be the "
        "descriptor's",
    ("agx4_fw_g17p.h", "agx4_fw_g17p_submit"):
        "the descriptor names the backend's ops table; declared with the "
        "descriptor so that the backend's header need not be the "
        "descriptor's",
    ("agx4_g17p_sub.h", "agx4_fw_g17p_sub"):
        "defined by the G17P boot, which holds the state; the backend's "
        "header is where its users look for it",
}

# nm's letters for a symbol an object defines (global).
DEFINED = set("ABCDGRSTVW")


# Headers named otherwise than their unit: header -> (unit, why).
HEADERS = {
    "agx4_fw_build.h": ("agx4_fw_common",
                        "the builders' inputs and the builders every "
                        "generation shares (agx4_fw_common.c)"),
}

# Files that are one unit whatever their names: (prefix, unit, why).
COMPONENTS = [
    ("agx4_g16", "agx4_g16",
     "the G16 submission backend, one file per state it owns: "
     "agx4_g16_sub.h shared by its files, agx4_g16_submit.h its test "
     "hooks"),
    ("agx4_g17p", "agx4_g17p",
     "the G17P submission backend, one file per state it owns: "
     "agx4_g17p_sub.h shared by its files"),
    ("agx4_fwmodel", "agx4_fwmodel",
     "the firmware model, a component of its own (testing only): "
     "agx4_fwmodel.h is its interface, agx4_fwmodel_core.h shared by its "
     "files"),
]


def unit_of(name):
    if name == HUB:
        return HUB
    if name in HEADERS:
        return HEADERS[name][0]
    stem = os.path.splitext(name)[0]
    for prefix, unit, _ in COMPONENTS:
        if stem == prefix or stem.startswith(prefix + "_"):
            return unit
    return stem


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'),
                  text, flags=re.S)
    return re.sub(r'//[^\n]*', '', text)


def symbols(obj_dir, sources):
    """Per unit, the global symbols its objects define and use."""
    defs, uses = {}, {}
    for c in sources:
        o = os.path.join(obj_dir, c[:-2] + ".o")
        if not os.path.exists(o):
            continue
        out = subprocess.run(["nm", o], check=True, capture_output=True,
                             text=True).stdout
        u = unit_of(c)
        d, n = defs.setdefault(u, set()), uses.setdefault(u, set())
        for line in out.splitlines():
            f = line.split()
            if len(f) == 2 and f[0] == "U":
                n.add(f[1])
            elif len(f) == 3 and f[1] in DEFINED:
                d.add(f[2])
    return defs, uses


def declarations(text):
    """Names of the functions and variables a header declares."""
    text = strip_comments(text)
    # Preprocessor lines, their continuations included.
    text = re.sub(r'^\s*#(?:[^\n]*\\\n)*[^\n]*', '', text, flags=re.M)
    names = []
    depth = 0
    stmt = ""
    for ch in text:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                stmt = ""
            continue
        if depth:
            continue
        if ch == ";":
            s = " ".join(stmt.split())
            stmt = ""
            if re.match(r'(static|typedef|struct \w+$|enum \w+$|union \w+$)',
                        s):
                continue
            m = re.match(r'[^()]*?\b(agx4_\w+)\s*\(', s)
            if m and not s.startswith("extern"):
                names.append(m.group(1))
                continue
            m = re.match(r'extern\b[^()]*?\b(agx4_\w+)\s*(\[[^\]]*\])?$', s)
            if m:
                names.append(m.group(1))
            continue
        stmt += ch
    return names


def graph(driver_dir, obj_dir):
    files = sorted(f for f in os.listdir(driver_dir)
                   if f.endswith((".c", ".h")))
    edges, why = {}, {}

    def add(u, v, line):
        edges.setdefault(u, set()).add(v)
        why.setdefault((u, v), []).append(line)

    for f in files:
        edges.setdefault(unit_of(f), set())
        with open(os.path.join(driver_dir, f), encoding="utf-8") as fh:
            text = fh.read()
        for inc in INCLUDE.findall(text):
            inc = os.path.basename(inc)
            if inc in files and unit_of(inc) != unit_of(f):
                add(unit_of(f), unit_of(inc), f'{f}: #include "{inc}"')

    defs, uses = symbols(obj_dir, [f for f in files if f.endswith(".c")])
    if not defs:
        sys.exit(f"agx4 units: no object of the driver in {obj_dir}")
    owner = {}
    for u, d in defs.items():
        for s in d:
            owner.setdefault(s, u)
    for u, n in uses.items():
        for s in sorted(n):
            v = owner.get(s)
            if v and v != u:
                add(u, v, f"{u}.o uses {s}")
    return files, edges, why, defs, owner


def cycles(edges):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    driver_dir, obj_dir = sys.argv[1], sys.argv[2]
    files, edges, why, defs, owner = graph(driver_dir, obj_dir)
    bad = 0
    for f in files:
        if f.endswith(".c") and not os.path.exists(
                os.path.join(obj_dir, f[:-2] + ".o")):
            print(f"agx4 units: no object of {f} in {obj_dir}")
            bad += 1

    followed = {}
    skipped = []
    for u, vs in edges.items():
        followed[u] = set()
        for v in vs:
            if (u, v) in EXCEPTIONS:
                skipped.append((u, v))
            elif u != PROBE:
                followed[u].add(v)
    for (u, v), reason in sorted(EXCEPTIONS.items()):
        if v not in edges.get(u, ()):
            print(f"agx4 units: stale exception: {u} -> {v} ({reason})")
            bad += 1
    for u, v in sorted(skipped):
        print(f"agx4 units: exception: {u} -> {v}: {EXCEPTIONS[(u, v)]}")

    comps = cycles(followed)
    for comp in comps:
        print("agx4 units: cycle among " + ", ".join(comp))
        members = set(comp)
        for u in comp:
            for v in sorted(followed[u] & members):
                for line in why[(u, v)]:
                    print(f"agx4 units:   {u} -> {v}  ({line})")
    bad += len(comps)

    used = set()
    for f in files:
        if not f.endswith(".h"):
            continue
        u = PROBE if f == HUB else unit_of(f)
        with open(os.path.join(driver_dir, f), encoding="utf-8") as fh:
            names = declarations(fh.read())
        for name in names:
            v = owner.get(name)
            if not v or v == u:
                continue
            if (f, name) in DECL_EXCEPTIONS:
                used.add((f, name))
                continue
            print(f"agx4 units: {f} declares {name}, which {v} defines")
            bad += 1
    for (f, name), reason in sorted(DECL_EXCEPTIONS.items()):
        if (f, name) not in used:
            print(f"agx4 units: stale exception: {f} declaring {name} "
                  f"({reason})")
            bad += 1
        else:
            print(f"agx4 units: exception: {f} declares {name}: {reason}")

    n = sum(len(e) for e in edges.values())
    print(f"agx4 units: {len(edges)} units, {n} dependencies "
          f"(#include and symbols of {obj_dir}), {len(comps)} cycle(s), "
          f"{len(EXCEPTIONS) + len(DECL_EXCEPTIONS)} exception(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
