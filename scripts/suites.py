#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The agx4 KUnit suites, by name.

Usage: scripts/suites.py TESTS_DIR [test|bench]

Prints the names of the suites of the unit-test files (test, the default:
tests/agx4_<X>_test.c) or of the benchmark files (bench:
tests/agx4_<X>_bench.c), one per line, in file order.  make kunit and make
mutants run exactly these suites, each in a boot of its own; a suite is
never selected by what its name is not.

A suite of agx4_<X>_test.c or agx4_<X>_bench.c is named agx4_<X> or
agx4_<X>_<something>, so a suite's file is found from its name; a file of
another name defines no suite.  Exits 1, naming them, when a suite breaks
this, when two suites share a name, or when no suite is found.
"""

import os
import re
import sys

SUITE = re.compile(r'struct\s+kunit_suite\s+\w+\s*=\s*\{(.*?)\n\};', re.S)
NAME = re.compile(r'\.name\s*=\s*"([^"]+)"')
FILE = re.compile(r'^(agx4_\w+?)_(test|bench)\.c$')


def suites(tests_dir):
    """[(file, kind, suite name)] of every suite, in file order."""
    out = []
    for f in sorted(os.listdir(tests_dir)):
        if not f.endswith('.c'):
            continue
        with open(os.path.join(tests_dir, f), encoding='utf-8') as fh:
            text = fh.read()
        m = FILE.match(f)
        for body in SUITE.findall(text):
            n = NAME.search(body)
            out.append((f, m.group(2) if m else None,
                        n.group(1) if n else None))
    return out


def problems(found):
    bad, seen = [], {}
    for f, kind, name in found:
        m = FILE.match(f)
        if not name:
            bad.append(f'{f}: a suite without a name')
        elif not m:
            bad.append(f'{f}: suite {name} in a file that is neither '
                       f'agx4_<unit>_test.c nor agx4_<unit>_bench.c')
        elif name != m.group(1) and not name.startswith(m.group(1) + '_'):
            bad.append(f'{f}: suite {name} is not named {m.group(1)} or '
                       f'{m.group(1)}_<something>')
        if name in seen:
            bad.append(f'{f}: suite {name} is also in {seen[name]}')
        seen.setdefault(name, f)
    if not found:
        bad.append('no suite found')
    return bad


def names(tests_dir, kind='test'):
    """The suites of @kind; SystemExit when the rules above are broken."""
    found = suites(tests_dir)
    bad = problems(found)
    if bad:
        sys.exit('\n'.join('agx4 suites: ' + b for b in bad))
    return [n for _, k, n in found if k == kind]


def main():
    if len(sys.argv) not in (2, 3) or sys.argv[2:] not in ([], ['test'],
                                                          ['bench']):
        print(__doc__, file=sys.stderr)
        return 2
    for n in names(sys.argv[1], sys.argv[2] if len(sys.argv) == 3
                   else 'test'):
        print(n)
    return 0


if __name__ == '__main__':
    sys.exit(main())
