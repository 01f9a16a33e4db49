#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Mutation testing of agx4's checks: make mutants [M=glob] [N=count].

Every check the driver makes on what it is given (ioctl arguments, command
buffers, firmware event records, TVB requests) must be proven by a test
that fails without it.  This script finds the checks in the source, removes
each one in turn from a scratch copy of the driver, rebuilds the KUnit
kernel incrementally and runs the agx4 suites (all but the benchmarks).  A
mutant that no test notices has survived: some input is not tested.

Units and sites
---------------
UNITS below names the files scanned: every driver unit that checks what
it is given, not the firmware model or the software device (and, for the
generation and queue backends, which functions: the rest of those files
is firmware-object construction, not input checking).  In them a site is

* a guarded error: an ``if`` whose body returns an error code
  (``return -E...``, ``return ERR_PTR(-E...)``, ``return c ? -E : 0``) or
  stores one (``ret = -E...;`` with or without ``goto``/``break``), a
  message (drm_dbg(), *_ratelimited()) before it or not (``if (ret)
  return ret;`` passes an error on and is not a check);
* a bounds check: an ``if`` whose condition compares (``<``, ``<=``,
  ``>``, ``>=``, check_*_overflow(), IS_ALIGNED(); not ``x < 0``, the sign
  of an error code passed on) and whose body leaves (``return``, ``goto``,
  ``break``, ``continue``) without an error code, after at most a message
  or a count (a branch that sets a local first does work, it is no check);
* a checked result: ``return COND ? 0 : -E...`` (or the arms swapped).

A condition ``A || B || C`` is one site per term, so each of several
checks sharing one error return is proven on its own; for a bounds check
only the terms that compare are sites.  ``likely()``, ``unlikely()``,
``WARN_ON()`` and ``WARN_ON_ONCE()`` around a whole condition are looked
through.

The operator
------------
"The check is gone": the term T becomes
``({ int __mutant = !!(T); (void)__mutant; 0; })`` (1 for the success arm
of a ternary).  T is still evaluated and its value used, so a call in a
condition (drm_dev_enter(), check_add_overflow(), both __must_check) keeps
its side effects and builds, and only the error path is never taken:
exactly the driver without that check.  (``(T) && 0`` does not build: gcc
folds it and then warns that T's value is unused.)  The compiler still sees
the removed branch, so a mutant does not fail to build for an unused label
or variable; a build failure is reported apart, as an operator bug.

A mutant is killed by the first failing case (``not ok``), by a kernel
report the KUnit run treats as failure (WARN, BUG, KASAN, lockdep,
kmemleak, UBSAN, Oops), by the kernel dying before the last suite, or by a
timeout (three times what the suites took unmutated plus a minute, or
SILENCE seconds without output); the run is stopped at the first of these.  The suites most likely
to kill a unit's mutants run first (one boot per suite glob of AFFINE), then
every other suite by name, one boot each (scripts/suites.py).

Equivalent mutants
------------------
scripts/mutants-equivalent.txt lists mutants no input can tell from the
driver, one per line: ``file | function | condition term | reason``.  The
term is the site's text with whitespace collapsed, as this script prints
it.  Those are reported as equivalent, not survived; an entry that names no
site is reported as stale.

Running
-------
Everything happens in BUILD/mutants: src (a hard-link copy of the grafted
tree whose drivers/gpu/drm/agx4 is a private copy of the driver) and uml (a
UML build directory first copied from BUILD/uml).  The work tree is never
written to.  The build lock (/tmp/agx4-build.lock) is taken per mutant
(build and run), kept for the next one only while it has been held less
than Lock.SLICE seconds (a run of quick kills), and let go between, so
other builds interleave: never run this under flock yourself.  Results go
to BUILD/mutants/results.json, keyed by the site, by a hash of the driver
and its tests, and by the operator's version, so an interrupted run
continues where it stopped and a changed tree starts over (--keep keeps
earlier kills of a changed tree, for iterating on survivors).  The kernel
output of every run is appended to BUILD/mutants/raw.log, each mutant's
after a line "=== <site key>".

The kill ledger
---------------
A full run takes longer than one sitting, and a build folder is not kept
between machines.  scripts/mutants-kills.json, which is committed, records
every kill: site key, verdict, the case or report that killed it, and the
tree it was killed on.  With --keep a site the ledger records as killed is
not run again (as for --keep's kills of a changed tree in results.json);
without --keep the ledger is not read, so a plain ``make mutants`` proves
every site on the current tree.  Every kill a run makes is added to the
ledger of the tree the script is in.  A site whose check text changed has
another key, so its old kill no longer counts; what the ledger cannot see
is a test weakened since the kill: run without --keep to be sure.
"""

import argparse
import fcntl
import fnmatch
import hashlib
import json
import os
import re
import shutil
import selectors
import signal
import subprocess
import sys
import time

import suites as suitelist

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), '..'))
DRV = 'drivers/gpu/drm/agx4'
LOCK = '/tmp/agx4-build.lock'
EQUIV = os.path.join(ROOT, 'scripts', 'mutants-equivalent.txt')
LEDGER = os.path.join(ROOT, 'scripts', 'mutants-kills.json')

# The units scanned: file -> regular expression of the functions scanned
# (None: every function).
UNITS = {
    # ioctls and what they validate
    'agx4_drv.c': None,
    'agx4_gem.c': None,
    'agx4_vm.c': None,
    'agx4_queue.c': None,
    'agx4_job.c': None,
    'agx4_job_report.c': None,
    'agx4_job_reset.c': None,
    'agx4_job_hang.c': None,
    # the command-buffer parser
    'agx4_cmdbuf.c': None,
    # firmware records: the event ring, its cursors, the record parsers
    'agx4_event.c': None,
    'agx4_channel.c': None,
    'agx4_fw_common.c': r'parse_common_event',
    'agx4_fw_g16.c': r'parse_event|slot_ok|build_ctl',
    'agx4_fw_g17p.c': r'parse_event|slot_ok|build_ctl',
    # TVB growth and memory-limit requests, and the backends' answers
    'agx4_tvb.c': None,
    'agx4_g16_vm.c': r'tvb_grow|pool_',
    'agx4_g16_prep.c': r'job_prepare|prepare_cmds',
    'agx4_g17p_pool.c': r'tvb_grow|tvb_limit|pool_',
    'agx4_g17p_prep.c': r'job_prepare|prepare_cmds|render_scratch',
    # The units below are scanned whole: what the scanner finds in them are
    # checks of what they are given (device tree, the loader's tables, the
    # firmware's registers, messages and buffers, commands), not object
    # construction, so no function is left out.
    # work items built from a command: what they refuse of it
    'agx4_fw_work.c': None,
    'agx4_fw_g16_work.c': None,
    'agx4_fw_g17p_work.c': None,
    # the generation-independent submission engine: channel cursors
    'agx4_engine.c': None,
    'agx4_fw.c': None,
    # the backends' queues, owners, VMs, leases and job status, whole
    'agx4_g16_submit.c': None,
    'agx4_g16_lease.c': None,
    'agx4_g16_support.c': None,
    'agx4_g17p_owner.c': None,
    'agx4_g17p_queue.c': None,
    'agx4_g17p_submit.c': None,
    'agx4_g17p_vm.c': None,
    # the RTKit transport: messages and the firmware's buffer requests
    'agx4_rtkit.c': None,
    # page tables, and the loader's tables adopted
    'agx4_uat.c': None,
    # firmware objects and the firmware half's memory
    'agx4_fw_obj.c': None,
    'agx4_fw_mem.c': None,
    # the boot of both generations: placement, windows, the firmware's
    # answers and cursors; power and init objects from device-tree values
    'agx4_fw_boot.c': None,
    'agx4_fw_gen.c': None,
    'agx4_fw_g16_boot.c': None,
    'agx4_fw_g16_power.c': None,
    'agx4_fw_g17p_boot.c': None,
    'agx4_fw_g17p_init.c': None,
    # the device tree, the probe steps, reset and recovery
    'agx4_of.c': None,
    'agx4_device.c': None,
    'agx4_reset.c': None,
    'agx4_recovery.c': None,
    # the debugfs decoder of firmware objects
    'agx4_fw_decode.c': None,
}

# Suites run first for a unit's mutants (one boot each), before all.
IOCTL = ['agx4_ioctl', 'agx4_fw_g16_submit_uapi']
AFFINE = {
    'agx4_drv.c': IOCTL,
    'agx4_gem.c': ['agx4_gem'] + IOCTL,
    'agx4_vm.c': ['agx4_vm'] + IOCTL,
    'agx4_queue.c': IOCTL,
    'agx4_job.c': ['agx4_job', 'agx4_submit'] + IOCTL,
    'agx4_job_report.c': ['agx4_fdinfo', 'agx4_info', 'agx4_recovery'],
    'agx4_job_reset.c': ['agx4_recovery', 'agx4_job'],
    'agx4_job_hang.c': ['agx4_job', 'agx4_recovery'],
    'agx4_cmdbuf.c': ['agx4_cmdbuf'] + IOCTL,
    'agx4_event.c': ['agx4_event', 'agx4_recovery'],
    'agx4_channel.c': ['agx4_channel', 'agx4_event'],
    'agx4_fw_common.c': ['agx4_fw_layout_event', 'agx4_event'],
    'agx4_fw_g16.c': ['agx4_fw_layout_event', 'agx4_event', 'agx4_tvb'],
    'agx4_fw_g17p.c': ['agx4_fw_layout_event', 'agx4_event', 'agx4_tvb'],
    'agx4_tvb.c': ['agx4_tvb'],
    'agx4_g16_vm.c': ['agx4_tvb', 'agx4_fw_g16_submit*'],
    'agx4_g16_prep.c': ['agx4_tvb', 'agx4_fw_g16_submit*'],
    'agx4_g17p_pool.c': ['agx4_tvb', 'agx4_fw_g17p_submit'],
    'agx4_g17p_prep.c': ['agx4_tvb', 'agx4_fw_g17p_submit'],
    'agx4_fw_work.c': ['agx4_fw_layout_refuse', 'agx4_fw_layout_work'],
    'agx4_fw_g16_work.c': ['agx4_fw_layout_refuse', 'agx4_fw_layout_work',
                           'agx4_tvb'],
    'agx4_fw_g17p_work.c': ['agx4_fw_layout_refuse', 'agx4_fw_layout_work'],
    'agx4_engine.c': ['agx4_engine', 'agx4_fw_hostile'],
    'agx4_fw.c': ['agx4_fw_layout_init', 'agx4_fw_hostile'],
    'agx4_g16_submit.c': ['agx4_tvb', 'agx4_fw_g16_submit*',
                          'agx4_fw_hostile'],
    'agx4_g16_lease.c': ['agx4_fw_g16_submit*', 'agx4_fw_hostile'],
    'agx4_g16_support.c': ['agx4_tvb', 'agx4_fw_g16_submit*'],
    'agx4_g17p_owner.c': ['agx4_fw_g17p_submit', 'agx4_fw_hostile'],
    'agx4_g17p_queue.c': ['agx4_fw_g17p_submit'] + IOCTL,
    'agx4_g17p_submit.c': ['agx4_fw_g17p_submit', 'agx4_fw_hostile'],
    'agx4_g17p_vm.c': ['agx4_fw_g17p_submit', 'agx4_vm'],
    'agx4_rtkit.c': ['agx4_rtkit'],
    'agx4_uat.c': ['agx4_uat', 'agx4_device'],
    'agx4_fw_obj.c': ['agx4_fw_obj', 'agx4_boot'],
    'agx4_fw_mem.c': ['agx4_fw_obj', 'agx4_boot'],
    'agx4_fw_boot.c': ['agx4_boot', 'agx4_recovery', 'agx4_fw_hostile'],
    'agx4_fw_gen.c': ['agx4_fw_gen', 'agx4_boot'],
    'agx4_fw_g16_boot.c': ['agx4_fw_g16_open', 'agx4_boot',
                           'agx4_fw_layout_init'],
    'agx4_fw_g16_power.c': ['agx4_fw_g16_power'],
    'agx4_fw_g17p_boot.c': ['agx4_boot', 'agx4_fw_g17p_init'],
    'agx4_fw_g17p_init.c': ['agx4_fw_g17p_init', 'agx4_fw_layout_init'],
    'agx4_of.c': ['agx4_of'],
    'agx4_device.c': ['agx4_device', 'agx4_boot'],
    'agx4_reset.c': ['agx4_recovery', 'agx4_fw_hostile'],
    'agx4_recovery.c': ['agx4_recovery', 'agx4_fw_hostile'],
    'agx4_fw_decode.c': ['agx4_fw_layout_decode', 'agx4_recovery'],
}
# Results made with another operator are not reused.
OPERATOR = 2
# Every suite of the unit-test files, by name, one boot each (as make
# kunit runs them), the long fault-injection suite last so that it can be
# left out (--quick).
FAULT = 'agx4_fault'
FULL = sorted(suitelist.names(os.path.join(ROOT, DRV, 'tests')),
              key=lambda n: n == FAULT)
FILTER = 'speed>slow'
# A kernel that prints nothing for this long is taken as hung.
SILENCE = 180

SPLAT = re.compile(r'(-+\[ cut here \]-+|WARNING:|BUG:|Oops|Kernel panic|'
                   r'INFO: (possible|trying|task|lockdep)|'
                   r'unreferenced object|UBSAN:|KASAN:|'
                   r'kmemleak: [0-9]+ new suspected|general protection)')
NOT_OK = re.compile(r'^\s*not ok \d+ (\S+)')
SUITE_OK = re.compile(r'^(?:not )?ok \d+ (\S+)')
SUBTEST = re.compile(r'^(\s*)# Subtest: (\S+)')

# ---------------------------------------------------------------- the lexer

TOKEN = re.compile(r'''
    (?P<ws>\s+)
  | (?P<comment>//[^\n]*|/\*.*?\*/)
  | (?P<pp>^[ \t]*\#(?:\\\n|[^\n])*)
  | (?P<str>"(?:[^"\\\n]|\\.)*")
  | (?P<chr>'(?:[^'\\\n]|\\.)*')
  | (?P<id>[A-Za-z_]\w*)
  | (?P<num>\.?\d(?:[eEpP][+-]|[\w.])*)
  | (?P<op>\.\.\.|<<=|>>=|->|\+\+|--|<=|>=|==|!=|&&|\|\||<<|>>
        |[-+*/%&|^]=|[-+*/%&|^!~<>=?:;,.(){}\[\]])
''', re.S | re.M | re.X)

OPEN = {'(': ')', '[': ']', '{': '}'}
CLOSE = {')', ']', '}'}
EXITS = {'return', 'goto', 'break', 'continue'}
RELOPS = {'<', '>', '<=', '>='}
RANGE_CALLS = {'check_add_overflow', 'check_mul_overflow',
               'check_sub_overflow', 'IS_ALIGNED', 'in_range'}
WRAPPERS = {'likely', 'unlikely', 'WARN_ON', 'WARN_ON_ONCE'}
ERRNO = re.compile(r'^E[A-Z0-9]+$')


class Tok:
    __slots__ = ('kind', 'text', 'start', 'end')

    def __init__(self, kind, text, start, end):
        self.kind, self.text, self.start, self.end = kind, text, start, end


def tokenize(src):
    toks, pos = [], 0
    while pos < len(src):
        m = TOKEN.match(src, pos)
        if not m:
            raise ValueError('cannot lex at offset %d: %r' %
                             (pos, src[pos:pos + 20]))
        kind = m.lastgroup
        if kind not in ('ws', 'comment', 'pp'):
            toks.append(Tok(kind, m.group(), m.start(), m.end()))
        pos = m.end()
    return toks


def match_close(toks, i):
    """Index of the bracket closing the one at toks[i]."""
    depth = 0
    for j in range(i, len(toks)):
        t = toks[j].text
        if t in OPEN:
            depth += 1
        elif t in CLOSE:
            depth -= 1
            if depth == 0:
                return j
    raise ValueError('unbalanced %r at offset %d' % (toks[i].text,
                                                   toks[i].start))


def split_top(toks, sep):
    """Split a token list at top-level tokens equal to sep."""
    parts, cur, depth = [], [], 0
    for t in toks:
        if t.text in OPEN:
            depth += 1
        elif t.text in CLOSE:
            depth -= 1
        if depth == 0 and t.text == sep:
            parts.append(cur)
            cur = []
        else:
            cur.append(t)
    parts.append(cur)
    return parts


def statements(toks):
    """Top-level statements of a block body (a nested block is one)."""
    out, cur, depth = [], [], 0
    for t in toks:
        cur.append(t)
        if t.text in OPEN:
            depth += 1
        elif t.text in CLOSE:
            depth -= 1
            if depth == 0 and t.text == '}' and cur[0].text not in ('=',):
                # "x = { ... };" is not a block; a block ends here
                if not any(c.text == '=' for c in cur[:-1]):
                    out.append(cur)
                    cur = []
        elif depth == 0 and t.text == ';':
            out.append(cur)
            cur = []
    if cur:
        out.append(cur)
    return out


def has_errno(toks):
    for k, t in enumerate(toks):
        if (t.text == 'ERR_PTR' and k + 3 < len(toks) and
                toks[k + 2].text == '-' and ERRNO.match(toks[k + 3].text)):
            return True
        if (t.text == '-' and k + 1 < len(toks) and
                ERRNO.match(toks[k + 1].text) and
                (k == 0 or toks[k - 1].text in
                 ('return', '=', '(', ',', '?', ':'))):
            return True
    return False


def is_errno_expr(toks):
    return (len(toks) == 2 and toks[0].text == '-' and
            ERRNO.match(toks[1].text) is not None)


def assigns_errno(stmt):
    """A statement storing an error code: x = -E..., *p = -E..."""
    parts = split_top(stmt, '=')
    return len(parts) >= 2 and has_errno(parts[-1]) and stmt[0].text != 'return'


def unwrap(toks):
    """Look through parentheses and wrappers spanning the whole condition."""
    while True:
        if (len(toks) >= 2 and toks[0].text == '(' and
                match_close(toks, 0) == len(toks) - 1):
            toks = toks[1:-1]
        elif (len(toks) >= 3 and toks[0].text in WRAPPERS and
              toks[1].text == '(' and match_close(toks, 1) == len(toks) - 1):
            toks = toks[2:-1]
        else:
            return toks


def only_exits(stmts):
    """A body that only leaves (after a message or a count), not a branch
    that does work of its own: no local is set or declared before the exit."""
    for st in stmts[:-1]:
        if len(st) >= 2 and st[0].kind == 'id' and st[1].text in ('=', ',', ';'):
            return False
        if len(st) >= 2 and st[0].kind == 'id' and st[1].kind == 'id':
            return False
    return True


def compares(toks):
    """A bounds comparison; "x < 0" tests the sign of an error code."""
    for k, t in enumerate(toks):
        if t.text in RANGE_CALLS:
            return True
        if t.text in RELOPS and not (k + 1 < len(toks) and
                                     toks[k + 1].text == '0'):
            return True
    return False


class Site:
    def __init__(self, unit, func, kind, term, first, last, op, src, lines,
                 alloc):
        self.unit, self.func, self.kind, self.alloc = unit, func, kind, alloc
        self.start, self.end, self.op = first, last, op
        self.term = ' '.join(src[first:last].split())
        self.line = src.count('\n', 0, first) + 1
        self.text = lines[self.line - 1].strip()
        self.key = None

    def mutate(self, src):
        new = '({ int __mutant = !!(%s); (void)__mutant; %d; })' % (
            src[self.start:self.end], 0 if self.op == 'false' else 1)
        return src[:self.start] + new + src[self.end:]


def functions(toks, wanted):
    """(name, first, last) token ranges of the function bodies."""
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.text == '{':
            j = match_close(toks, i)
            name = None
            if i > 0 and toks[i - 1].text == ')':
                k = i - 1
                depth = 0
                while k >= 0:
                    if toks[k].text == ')':
                        depth += 1
                    elif toks[k].text == '(':
                        depth -= 1
                        if depth == 0:
                            break
                    k -= 1
                if k > 0 and toks[k - 1].kind == 'id':
                    name = toks[k - 1].text
            if name and (wanted is None or re.search(wanted, name)):
                yield name, i + 1, j
            i = j + 1
        else:
            i += 1


def scan(unit, wanted):
    path = os.path.join(ROOT, DRV, unit)
    with open(path) as f:
        src = f.read()
    lines = src.split('\n')
    toks = tokenize(src)
    sites = []

    def add(func, kind, term, op, alloc=False):
        sites.append(Site(unit, func, kind, term, term[0].start,
                          term[-1].end, op, src, lines, alloc))

    for func, first, last in functions(toks, wanted):
        body = toks[first:last]
        for i, t in enumerate(body):
            if t.text == 'if' and i + 1 < len(body) and body[i + 1].text == '(':
                c = match_close(body, i + 1)
                cond = body[i + 2:c]
                if c + 1 >= len(body):
                    continue
                if body[c + 1].text == '{':
                    e = match_close(body, c + 1)
                    stmts = statements(body[c + 2:e])
                else:
                    if body[c + 1].text in ('if', 'for', 'while', 'switch',
                                            'do'):
                        continue
                    e = c + 1
                    while body[e].text != ';':
                        if body[e].text in OPEN:
                            e = match_close(body, e)
                        e += 1
                    stmts = [body[c + 1:e + 1]]
                if not stmts:
                    continue
                lastst = stmts[-1]
                exits = lastst[0].text in EXITS
                error = ((lastst[0].text == 'return' and
                          has_errno(lastst[1:])) or
                         any(assigns_errno(s) for s in stmts))
                if not error and not exits:
                    continue
                alloc = any(x.text == 'ENOMEM' for st in stmts for x in st)
                terms = split_top(unwrap(cond), '||')
                for term in terms:
                    if not term:
                        continue
                    if error:
                        add(func, 'error', term, 'false', alloc)
                    elif compares(term) and only_exits(stmts):
                        add(func, 'bounds', term, 'false')
            elif t.text == 'return' or (t.text == '=' and
                                        body[i - 1].kind == 'id'):
                # return COND ? -E : 0;  x = COND ? 0 : -E;
                e = i + 1
                while e < len(body) and body[e].text != ';':
                    if body[e].text in OPEN:
                        e = match_close(body, e)
                    e += 1
                expr = body[i + 1:e]
                q = split_top(expr, '?')
                if len(q) != 2:
                    continue
                arms = split_top(q[1], ':')
                if len(arms) != 2 or not q[0]:
                    continue
                a, b = arms
                if is_errno_expr(a) and [x.text for x in b] == ['0']:
                    add(func, 'result', q[0], 'false')
                elif is_errno_expr(b) and [x.text for x in a] == ['0']:
                    add(func, 'result', q[0], 'true')
    seen = {}
    for s in sites:
        base = '%s|%s|%s' % (s.unit, s.func, s.term)
        n = seen.get(base, 0)
        seen[base] = n + 1
        s.key = base if n == 0 else '%s|#%d' % (base, n + 1)
    return src, sites


# --------------------------------------------------------- equivalent list

def read_equivalents():
    out = []
    if not os.path.exists(EQUIV):
        return out
    with open(EQUIV) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            parts = [p.strip() for p in line.split(' | ')]
            # A term may hold ' | ' itself (an or of bits): the reason
            # is after the last one.
            if len(parts) > 4:
                parts[2:-1] = [' | '.join(parts[2:-1])]
            if len(parts) != 4 or not parts[3]:
                sys.exit('%s:%d: want "file | function | term | reason"' %
                         (EQUIV, n))
            out.append({'unit': parts[0], 'func': parts[1],
                        'term': ' '.join(parts[2].split()),
                        'reason': parts[3], 'line': n, 'used': False})
    return out


def equivalent(site, equivs):
    for e in equivs:
        if (e['unit'] == site.unit and e['func'] == site.func and
                e['term'] == site.term):
            e['used'] = True
            return e
    return None


# ------------------------------------------------------------ the scratch

def tree_hash():
    h = hashlib.sha256()
    for base in (DRV, 'include/uapi/drm', 'patches'):
        top = os.path.join(ROOT, base)
        for d, dirs, files in sorted(os.walk(top)):
            dirs.sort()
            for f in sorted(files):
                p = os.path.join(d, f)
                h.update(os.path.relpath(p, ROOT).encode() + b'\0')
                with open(p, 'rb') as fh:
                    h.update(fh.read())
    return h.hexdigest()[:16]


def log(msg):
    print('agx4 mutants: %s' % msg, flush=True)


def same(a, b):
    if not os.path.isfile(b) or os.path.getsize(a) != os.path.getsize(b):
        return False
    with open(a, 'rb') as fa, open(b, 'rb') as fb:
        return fa.read() == fb.read()


def sync_driver(msrc, keep_times):
    """Make the scratch's driver directory equal to the work tree's."""
    src = os.path.join(ROOT, DRV)
    dst = os.path.join(msrc, DRV)
    want = set()
    for d, _, files in os.walk(src):
        for f in files:
            rel = os.path.relpath(os.path.join(d, f), src)
            want.add(rel)
            a, b = os.path.join(src, rel), os.path.join(dst, rel)
            if same(a, b):
                continue
            os.makedirs(os.path.dirname(b), exist_ok=True)
            if keep_times:
                shutil.copy2(a, b)
            else:
                shutil.copyfile(a, b)
    for d, _, files in os.walk(dst):
        for f in files:
            rel = os.path.relpath(os.path.join(d, f), dst)
            if rel not in want and not re.search(r'\.(o|cmd|a|d)$|^\.', f):
                os.unlink(os.path.join(d, f))


def rewrite_paths(out, old, new):
    """Point a copied build directory at another source tree."""
    oldb, newb = old.encode(), new.encode()
    for d, _, files in os.walk(out):
        for f in files:
            if not (f.endswith('.cmd') or f == 'Makefile' or f.endswith('.d')):
                continue
            p = os.path.join(d, f)
            if os.path.islink(p):
                continue
            with open(p, 'rb') as fh:
                data = fh.read()
            if oldb in data:
                st = os.stat(p)
                with open(p, 'wb') as fh:
                    fh.write(data.replace(oldb, newb))
                os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns))
    link = os.path.join(out, 'source')
    if os.path.islink(link):
        os.unlink(link)
        os.symlink(new, link)


def prepare_scratch(build):
    gsrc = os.path.join(build, 'src')
    mut = os.path.join(build, 'mutants')
    msrc = os.path.join(mut, 'src')
    mout = os.path.join(mut, 'uml')
    os.makedirs(mut, exist_ok=True)
    ident = os.path.join(gsrc, '.agx4-graft')
    mident = os.path.join(msrc, '.agx4-graft')
    fresh = False
    if not (os.path.exists(mident) and same(ident, mident)):
        log('copying the grafted tree to %s' % msrc)
        shutil.rmtree(msrc, ignore_errors=True)
        shutil.rmtree(msrc + '.tmp', ignore_errors=True)
        subprocess.run(['cp', '-al', gsrc, msrc + '.tmp'], check=True)
        link = os.path.join(msrc + '.tmp', DRV)
        if os.path.islink(link) or os.path.isdir(link):
            if os.path.islink(link):
                os.unlink(link)
            else:
                shutil.rmtree(link)
        shutil.copytree(os.path.join(ROOT, DRV), link, symlinks=False)
        os.rename(msrc + '.tmp', msrc)
        fresh = True
    sync_driver(msrc, keep_times=fresh)
    if not os.path.isdir(mout):
        warm = os.path.join(build, 'uml')
        if os.path.isdir(warm):
            log('warming %s from %s' % (mout, warm))
            shutil.rmtree(mout + '.tmp', ignore_errors=True)
            subprocess.run(['cp', '-a', warm, mout + '.tmp'], check=True)
            rewrite_paths(mout + '.tmp', os.path.realpath(gsrc), msrc)
            os.rename(mout + '.tmp', mout)
        else:
            os.makedirs(mout)
    elif fresh:
        rewrite_paths(mout, os.path.realpath(gsrc), msrc)
    return msrc, mout


def cc():
    return 'ccache gcc' if shutil.which('ccache') else 'gcc'


def kunit_build(msrc, mout, jobs):
    """kunit.py build: the configuration, then the kernel."""
    c = cc()
    cmd = ['python3', 'tools/testing/kunit/kunit.py', 'build',
           '--kunitconfig=%s/.kunitconfig' % DRV, '--build_dir=' + mout,
           '--jobs=%d' % jobs, '--make_options', 'CC=' + c,
           '--make_options', 'HOSTCC=' + c, '--make_options', 'AGX4_WERROR=1']
    r = subprocess.run(cmd, cwd=msrc, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    return r.returncode == 0, r.stdout


def make(msrc, mout, jobs):
    """The incremental rebuild of one mutant."""
    c = cc()
    cmd = ['make', '-s', 'ARCH=um', 'O=' + mout, '-j%d' % jobs, 'CC=' + c,
           'HOSTCC=' + c, 'AGX4_WERROR=1', 'all']
    r = subprocess.run(cmd, cwd=msrc, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    return r.returncode == 0, r.stdout


class Lock:
    """The build lock, held for one mutant or a slice of quick ones."""
    SLICE = 60

    def __init__(self):
        self.fd, self.since = None, 0

    def take(self):
        """Returns the seconds waited."""
        if self.fd is not None:
            return 0
        t0 = time.monotonic()
        self.fd = os.open(LOCK, os.O_RDWR | os.O_CREAT, 0o644)
        fcntl.flock(self.fd, fcntl.LOCK_EX)
        self.since = time.monotonic()
        return self.since - t0

    def done(self, force=False):
        """Let others in once the slice is used up."""
        if self.fd is None:
            return
        if force or time.monotonic() - self.since >= self.SLICE:
            fcntl.flock(self.fd, fcntl.LOCK_UN)
            os.close(self.fd)
            self.fd = None

    def __enter__(self):
        self.take()
        return self

    def __exit__(self, *exc):
        self.done(force=True)


def run_uml(mout, glob, timeout, raw):
    """Boot the kernel on a suite glob; stop at the first failure.

    Returns (verdict, detail, {suite: seconds at its end}, seconds).
    verdict is 'pass', 'fail', 'report', 'crash' or 'timeout'.
    """
    args = [os.path.join(mout, 'linux'), 'kunit.filter_glob=' + glob,
            'kunit.filter="%s"' % FILTER, 'kunit.enable=1', 'mem=1G',
            'console=tty', 'kunit_shutdown=halt']
    # As in make kunit: the fault-injection suite boots without kmemleak,
    # whose own allocations would each be one more run of the suite.
    if glob == FAULT:
        args.append('kmemleak=off')
    t0 = time.monotonic()
    p = subprocess.Popen(args, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         start_new_session=True)
    fd = p.stdout.fileno()
    os.set_blocking(fd, False)
    verdict, detail, suites, halted = None, '', {}, False
    stack = []
    buf = b''
    sel = selectors.DefaultSelector()
    sel.register(fd, selectors.EVENT_READ)
    heard = t0
    try:
        while verdict is None:
            now = time.monotonic()
            left = timeout - (now - t0)
            if left <= 0:
                verdict, detail = 'timeout', 'no end after %ds' % timeout
                break
            if now - heard > SILENCE:
                verdict, detail = 'timeout', 'silent for %ds' % SILENCE
                break
            if not sel.select(min(left, 5)):
                continue
            heard = time.monotonic()
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            buf += chunk
            *done, buf = buf.split(b'\n')
            for b in done:
                line = b.decode('utf-8', 'backslashreplace')
                raw.write(line + '\n')
                m = SUBTEST.match(line)
                if m:
                    depth = len(m.group(1)) // 4
                    del stack[depth:]
                    stack.append(m.group(2))
                m = NOT_OK.match(line)
                if m:
                    verdict = 'fail'
                    detail = '.'.join(stack[:1] + [m.group(1)]) \
                        if stack and stack[0] != m.group(1) else m.group(1)
                    break
                if SPLAT.search(line):
                    verdict, detail = 'report', line.strip()[:120]
                    break
                m = SUITE_OK.match(line)
                if m:
                    suites[m.group(1)] = round(time.monotonic() - t0, 1)
                if 'reboot: System halted' in line:
                    halted = True
        if verdict == 'report':
            # The report's trace, for raw.log: what killed it, and where.
            end, n = time.monotonic() + 3, 0
            while n < 120 and time.monotonic() < end:
                if not sel.select(0.5):
                    continue
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                raw.write(chunk.decode('utf-8', 'backslashreplace'))
                n += chunk.count(b'\n')
    finally:
        sel.close()
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()
        p.stdout.close()
    if verdict is None:
        verdict = 'pass' if halted and suites else 'crash'
        if verdict == 'crash':
            detail = 'the kernel stopped after %d suite(s)' % len(suites)
    return verdict, detail, suites, time.monotonic() - t0


# ---------------------------------------------------------------- the run

def timeouts(base):
    """Per glob: three times what its suites took unmutated, plus a minute."""
    took = base.get('suite_s')
    if not took:
        return lambda g: 60 + 3 * base['run_s']
    return lambda g: 60 + 3 * sum(t for su, t in took.items()
                                  if fnmatch.fnmatchcase(su, g))


def run_mutant(s, orig, msrc, mout, a, th, base, timeout, raw, lock):
    """Build and run one mutant under the build lock."""
    path = os.path.join(msrc, DRV, s.unit)
    globs = list(AFFINE.get(s.unit, []))
    if s.alloc:
        globs.append(FAULT)
    full = [g for g in FULL
            if not any(fnmatch.fnmatchcase(g, x) for x in globs) and
            not (a.quick and g == FAULT)]
    r = {'tree': th, 'op': OPERATOR, 'line': s.line,
         'wait_s': round(lock.take())}
    tl = time.monotonic()
    with open(path, 'w') as f:
        f.write(s.mutate(orig))
    try:
        ok, out = make(msrc, mout, a.jobs)
        r['build_s'] = round(time.monotonic() - tl)
        if not ok:
            err = [x for x in out.split('\n') if 'error' in x]
            r.update(verdict='build',
                     detail=(err or ['make failed'])[0][:200])
            return r
        raw.write('=== %s\n' % s.key)
        ran = {}
        r['runs'] = []
        for g in globs + full:
            v, d, n, secs = run_uml(mout, g, timeout(g), raw)
            r['runs'].append([g, v, round(secs)])
            ran.update(n)
            if v != 'pass':
                r.update(verdict=v, detail=d, glob=g)
                return r
        if len(ran) < base['suites'] - (FAULT not in globs + full):
            r.update(verdict='crash', detail='only %d suites ran' %
                     len(ran))
            return r
        r.update(verdict='survived', detail='')
        if FAULT not in globs + full:
            r['quick'] = True
        return r
    finally:
        with open(path, 'w') as f:
            f.write(orig)
        r['total_s'] = round(time.monotonic() - tl)


def load_results(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {'results': {}}


def save_results(path, data):
    with open(path + '.tmp', 'w') as f:
        json.dump(data, f, indent=1, sort_keys=True)
    os.replace(path + '.tmp', path)


def load_ledger():
    """The committed kills (see "The kill ledger"), by site key."""
    try:
        with open(LEDGER) as f:
            return json.load(f).get('kills', {})
    except (OSError, ValueError):
        return {}


def save_ledger(kills):
    with open(LEDGER + '.tmp', 'w') as f:
        json.dump({'kills': kills}, f, indent=1, sort_keys=True)
        f.write('\n')
    os.replace(LEDGER + '.tmp', LEDGER)


def select_units(pattern):
    if not pattern:
        return list(UNITS)
    pats = pattern.split(',')
    units = [u for u in UNITS if any(fnmatch.fnmatch(u, p) for p in pats)]
    if not units:
        sys.exit('agx4 mutants: M=%s names no unit of %s' %
                 (pattern, ' '.join(UNITS)))
    return units


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('build')
    ap.add_argument('jobs', type=int)
    ap.add_argument('units', nargs='?', default='')
    ap.add_argument('--max', type=int, default=0,
                    help='stop after this many new mutants (0: all)')
    ap.add_argument('--list', action='store_true',
                    help='print the sites and stop')
    ap.add_argument('--keep', action='store_true',
                    help='keep kills recorded for another tree')
    ap.add_argument('--quick', action='store_true',
                    help='leave out the fault-injection suite except for '
                         'allocation-failure sites')
    ap.add_argument('--skip-alloc', action='store_true',
                    help='leave out the allocation-failure sites')
    ap.add_argument('--only', default='',
                    help='only sites whose key contains this')
    a = ap.parse_args()
    # A renamed suite must not silently leave a unit's first boots empty.
    stale = sorted({g for gs in AFFINE.values() for g in gs
                    if not fnmatch.filter(FULL, g)})
    if stale:
        sys.exit('agx4 mutants: AFFINE names no suite for %s' %
                 ', '.join(stale))
    build = os.path.realpath(a.build)
    units = select_units(a.units)
    equivs = read_equivalents()

    sites, sources = [], {}
    for u in units:
        sources[u], s = scan(u, UNITS[u])
        sites += s
    if a.only:
        sites = [s for s in sites if a.only in s.key]
    if a.skip_alloc:
        sites = [s for s in sites if not s.alloc]
    if a.list:
        for s in sites:
            eq = equivalent(s, equivs)
            print('%s:%d: [%s] %s%s' % (s.unit, s.line, s.kind, s.term,
                                        '  (equivalent)' if eq else ''))
        print('agx4-mutants: %d sites' % len(sites))
        return 0

    mut = os.path.join(build, 'mutants')
    os.makedirs(mut, exist_ok=True)
    rpath = os.path.join(mut, 'results.json')
    data = load_results(rpath)
    results = data['results']
    th = tree_hash()
    ledger = load_ledger()
    if a.keep:
        for k, v in ledger.items():
            if k not in results or (results[k]['verdict'] == 'survived' and
                                    results[k]['tree'] != th):
                results[k] = dict(v, ledger=True)

    def current(s):
        r = results.get(s.key)
        if not r or r.get('op') != OPERATOR:
            return None
        if r['verdict'] == 'survived' and r.get('quick') and not a.quick:
            return None
        if r['tree'] == th:
            return r
        if a.keep and r['verdict'] != 'survived':
            return r
        return None

    todo = [s for s in sites if current(s) is None and
            not equivalent(s, equivs)]
    if a.max:
        todo = todo[:a.max]
    log('%d sites in %s; %d to run' % (len(sites), ', '.join(units),
                                       len(todo)))
    raw = open(os.path.join(mut, 'raw.log'), 'a', buffering=1)
    if todo:
        msrc, mout = prepare_scratch(build)
        base = data.get('baseline', {})
        if base.get('tree') != th:
            log('baseline: building and running every suite unmutated')
            with Lock():
                t0 = time.monotonic()
                ok, out = kunit_build(msrc, mout, a.jobs)
                if not ok:
                    print(out[-4000:])
                    sys.exit('agx4 mutants: the unmutated kernel does not build')
                tb = time.monotonic() - t0
                # The boots a mutant runs (the fault suite without
                # kmemleak), each suite's time measured in its own boot.
                n, tr = {}, 0
                for g in FULL:
                    v, d, ends, secs = run_uml(mout, g, 3000, raw)
                    tr += secs
                    if v != 'pass':
                        break
                    prev = 0
                    for su, end in sorted(ends.items(), key=lambda kv: kv[1]):
                        n[su] = round(end - prev, 1)
                        prev = end
            if v != 'pass':
                sys.exit('agx4 mutants: the unmutated run fails (%s: %s); '
                         'fix that first (raw log: %s)' % (v, d, raw.name))
            base = {'tree': th, 'suites': len(n), 'build_s': round(tb),
                    'run_s': round(tr), 'suite_s': n}
            data['baseline'] = base
            save_results(rpath, data)
            log('baseline: %d suites, build %ds, run %ds' % (len(n), tb, tr))
        timeout = timeouts(base)
        lock = Lock()
        try:
            for k, s in enumerate(todo, 1):
                r = run_mutant(s, sources[s.unit], msrc, mout, a, th, base,
                               timeout, raw, lock)
                lock.done()
                results[s.key] = r
                save_results(rpath, data)
                if r['verdict'] not in ('survived', 'build'):
                    ledger[s.key] = {k: r[k] for k in
                                     ('verdict', 'detail', 'tree', 'line', 'op')}
                    save_ledger(ledger)
                log('[%d/%d] %s:%d %s: %s %s (%ds, lock wait %ds)' %
                    (k, len(todo), s.unit, s.line, s.term, r['verdict'],
                     r['detail'], r['total_s'], r['wait_s']))
        except KeyboardInterrupt:
            log('interrupted; the results so far are kept')
        finally:
            lock.done(force=True)
    raw.close()
    return report(sites, results, current, equivs)


def report(sites, results, current, equivs):
    killed, survived, equiv, builds, pending = [], [], [], [], []
    for s in sites:
        e = equivalent(s, equivs)
        if e:
            equiv.append((s, e))
            continue
        r = current(s)
        if r is None:
            pending.append(s)
        elif r['verdict'] == 'survived':
            survived.append(s)
        else:
            killed.append((s, r))
            if r['verdict'] == 'build':
                builds.append((s, r))
    print('agx4-mutants: %d sites, %d killed, %d survived' %
          (len(sites), len(killed), len(survived)))
    why = {}
    for _, r in killed:
        why[r['verdict']] = why.get(r['verdict'], 0) + 1
    print('agx4-mutants: %d equivalent, %d not run; killed by %s' %
          (len(equiv), len(pending),
           ', '.join('%s %d' % kv for kv in sorted(why.items())) or '-'))
    for s in survived:
        print('survived: %s/%s:%d: %s  [%s: %s]%s' %
              (DRV, s.unit, s.line, s.text, s.func, s.term,
               ' (quick: agx4_fault not run)'
               if results[s.key].get('quick') else ''))
    for s, r in builds:
        print('build failure: %s/%s:%d: %s: %s' %
              (DRV, s.unit, s.line, s.term, r['detail']))
    for s, e in equiv:
        print('equivalent: %s/%s:%d: %s  [%s]' %
              (DRV, s.unit, s.line, s.term, e['reason']))
    for e in equivs:
        if not e['used'] and any(s.unit == e['unit'] for s in sites):
            print('agx4 mutants: %s:%d names no site (stale entry)' %
                  (EQUIV, e['line']))
    return 1 if survived or pending else 0


if __name__ == '__main__':
    sys.exit(main())
