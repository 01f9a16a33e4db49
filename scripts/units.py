#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Check that the include graph of agx4's units has no cycle.

Usage: scripts/units.py DRIVER_DIR

A unit is a source file and its header (agx4_vm.c and agx4_vm.h are the
unit agx4_vm).  Unit A depends on unit B when a file of A includes B's
header.  agx4_device.h is the hub every unit may include, so it is a node
of its own: units may depend on it, and it may include only headers of
units that do not depend on it in turn (agx4_device.c, the probe, is an
ordinary unit).  Tests are not units.

Exits 1 and prints every cycle, with the #include lines that make it, when
the graph is not acyclic.
"""

import os
import re
import sys

HUB = "agx4_device.h"
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def unit_of(name):
    if name == HUB:
        return HUB
    return os.path.splitext(name)[0]


def graph(driver_dir):
    files = sorted(f for f in os.listdir(driver_dir)
                   if f.endswith((".c", ".h")))
    edges = {}
    why = {}
    for f in files:
        u = unit_of(f)
        edges.setdefault(u, set())
        with open(os.path.join(driver_dir, f), encoding="utf-8") as fh:
            text = fh.read()
        for inc in INCLUDE.findall(text):
            inc = os.path.basename(inc)
            if inc not in files:
                continue
            v = unit_of(inc)
            if v == u:
                continue
            edges[u].add(v)
            why.setdefault((u, v), []).append(f'{f}: #include "{inc}"')
    return edges, why


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
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    edges, why = graph(sys.argv[1])
    bad = cycles(edges)
    for comp in bad:
        print("agx4 units: include cycle among " + ", ".join(comp))
        members = set(comp)
        for u in comp:
            for v in sorted(edges[u] & members):
                for line in why[(u, v)]:
                    print(f"agx4 units:   {u} -> {v}  ({line})")
    n = sum(len(e) for e in edges.values())
    print(f"agx4 units: {len(edges)} units, {n} dependencies, "
          f"{len(bad)} cycle(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
