#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""The device-tree binding against the driver's property tables.

agx4_of.c declares every property of the GPU node it reads in three
tables (both SoCs, t8132, t8140): name, encoding, element count, range.
The binding (Documentation/devicetree/bindings/gpu/apple,agx-t8132.yaml)
declares each of them with its type, size and, where the schema can say
it, its range, between the markers

    # BEGIN agx4_of.c properties
    # END agx4_of.c properties

and lists the properties each table marks required, in the top-level
``required`` list (both SoCs) and in the per-SoC ``required`` lists of
its ``allOf`` (t8140 under ``then``, t8132 under ``else``), between

    # BEGIN agx4_of.c required (<soc>)
    # END agx4_of.c required (<soc>)

This script prints those blocks from the tables (--print) or checks that
the binding holds exactly them (the default; make checkpatch runs it), so
that the binding and the parser cannot drift apart.

Encodings: an ADT copy (little-endian u32, u64 or binary32, raw bytes)
is a uint8-array of its exact length, since the schema's integer types
are big-endian cells; a DT cell array (big-endian) is a uint32-array with
its count and range; the private VM region, two 64-bit values, a
uint64-array of 2; the build a string; a flag a boolean.
"""

import re
import sys
import textwrap

DRV = 'drivers/gpu/drm/agx4'
YAML = 'Documentation/devicetree/bindings/gpu/apple,agx-t8132.yaml'
BEGIN = '  # BEGIN agx4_of.c properties\n'
END = '  # END agx4_of.c properties\n'

# Names dt-schema gives a type of its own (standard unit suffixes).
UNIT = re.compile(r'-(ms|us|ns|ps|sec|hz|percent|bits|bytes|celsius|'
                  r'millicelsius|microvolt|microamp|microwatt|mm)$')

TABLES = {
    'agx4_common_props': 'both',
    'agx4_t8132_props': 't8132',
    'agx4_t8140_props': 't8140',
}


def defines(text):
    out = {}
    for m in re.finditer(r'^#define\s+(AGX4_\w+)\s+(\d+)\s*$', text, re.M):
        out[m.group(1)] = int(m.group(2))
    return out


def value(tok, consts):
    tok = tok.strip()
    m = re.fullmatch(r'(\d+)\s*\*\s*(\w+)', tok)
    if m:
        return int(m.group(1)) * consts[m.group(2)]
    if tok in consts:
        return consts[tok]
    return int(tok, 0)


def split_args(s):
    """Top-level comma split of a macro's arguments."""
    out, depth, cur, quoted = [], 0, '', False
    for ch in s:
        if ch == '"':
            quoted = not quoted
        elif ch in '([' and not quoted:
            depth += 1
        elif ch in ')]' and not quoted:
            depth -= 1
        if ch == ',' and depth == 0 and not quoted:
            out.append(cur)
            cur = ''
        else:
            cur += ch
    out.append(cur)
    return [a.strip() for a in out]


def entries(body, consts):
    """The property entries of one table body, as dicts."""
    body = re.sub(r'/\*.*?\*/', '', body, flags=re.S)
    props = []
    i = 0
    while i < len(body):
        m = re.compile(r'(P_\w+)\s*\(|\{').search(body, i)
        if not m:
            break
        if m.group(0) == '{':
            depth, j = 1, m.end()
            while depth:
                depth += {'{': 1, '}': -1}.get(body[j], 0)
                j += 1
            f = {}
            for a in split_args(body[m.end():j - 1]):
                k, _, v = a.partition('=')
                if v:
                    f[k.strip().lstrip('.')] = v.strip()
            p = {'name': f['name'].strip('"'), 'kind': f['kind'],
                 'required': f.get('required') == 'true',
                 'count': value(f['count'], consts),
                 'min': value(f.get('min', '0'), consts),
                 'max': value(f.get('max', '0'), consts)}
            props.append(p)
            i = j
            continue
        depth, j = 1, m.end()
        while depth:
            depth += {'(': 1, ')': -1}.get(body[j], 0)
            j += 1
        a = split_args(body[m.end():j - 1])
        mac = m.group(1)
        if mac == 'P_REQ':
            p = {'name': a[0], 'kind': a[1], 'required': True,
                 'count': value(a[3], consts), 'min': 0, 'max': 0}
        elif mac == 'P_RANGE':
            p = {'name': a[0], 'kind': a[1], 'required': True, 'count': 1,
                 'min': value(a[3], consts), 'max': value(a[4], consts)}
        elif mac == 'P_LE64':
            p = {'name': a[0], 'kind': 'AGX4_PROP_LE64', 'required': True,
                 'count': 1, 'min': 0, 'max': 0}
        elif mac == 'P_OPT':
            p = {'name': a[0], 'kind': a[1], 'required': False, 'count': 1,
                 'min': 0, 'max': 0}
        elif mac == 'P_PWR':
            p = {'name': '"apple,sgx-gpu-' + a[0].strip('"') + '"',
                 'kind': 'AGX4_PROP_LE32', 'required': False, 'count': 1,
                 'min': value(a[3], consts), 'max': value(a[4], consts)}
        elif mac == 'P_PWRF':
            p = {'name': '"apple,sgx-gpu-' + a[0].strip('"') + '"',
                 'kind': 'AGX4_PROP_F32', 'required': False, 'count': 1,
                 'min': 0, 'max': 0}
        elif mac == 'P_PWR_HAS':
            p = {'name': '"apple,sgx-gpu-' + a[0].strip('"') + '"',
                 'kind': a[1], 'required': False, 'count': 1,
                 'min': value(a[3], consts), 'max': 0}
        elif mac == 'P_FIELD':
            i = j
            continue
        else:
            sys.exit(f'binding.py: unknown macro {mac}')
        p['name'] = p['name'].strip('"')
        props.append(p)
        i = j
    return props


def tables(root):
    src = open(f'{root}/{DRV}/agx4_of.c').read()
    consts = defines(open(f'{root}/{DRV}/agx4_of.h').read())
    consts.update(defines(src))
    out = []
    for t, soc in TABLES.items():
        m = re.search(r'static const struct agx4_prop_desc ' + t +
                      r'\[\] = \{(.*?)\n\};', src, re.S)
        if not m:
            sys.exit(f'binding.py: no table {t} in agx4_of.c')
        for p in entries(m.group(1), consts):
            p['soc'] = soc
            out.append(p)
    return out


def schema(p):
    """The binding's lines for one property."""
    k, n = p['kind'], p['count']
    size = {'AGX4_PROP_LE32': 4, 'AGX4_PROP_F32': 4, 'AGX4_PROP_LE64': 8}
    what = {'both': '', 't8132': ' (t8132)', 't8140': ' (t8140)'}[p['soc']]
    lines = [f"  {p['name']}:"]
    if k == 'AGX4_PROP_STRING':
        lines += ['    $ref: /schemas/types.yaml#/definitions/string',
                  f'    pattern: "^[ -~]{{1,{n - 1}}}$"']
        desc = f'at most {n - 1} printable characters'
    elif k == 'AGX4_PROP_LE32' and n == 1 and UNIT.search(p['name']):
        # dt-schema types unit-suffixed names as cells itself.
        lines += ['    maxItems: 1']
        desc = ('1 little-endian u32 copied from the ADT (4 bytes, '
                'which the schema sees as one cell)')
        if p['min'] or p['max']:
            desc += f", {p['min']}.." + (f"{p['max']}" if p['max'] else '')
    elif k == 'AGX4_PROP_FLAG':
        lines += ['    type: boolean']
        desc = 'present or not'
    elif k == 'AGX4_PROP_BE64':
        lines += ['    $ref: /schemas/types.yaml#/definitions/uint64-array',
                  f'    minItems: {n}', f'    maxItems: {n}']
        desc = f'{n} 64-bit values'
    elif k == 'AGX4_PROP_BE32':
        lines += ['    $ref: /schemas/types.yaml#/definitions/uint32-array',
                  f'    minItems: {n}', f'    maxItems: {n}']
        if p['min'] or p['max']:
            lines += ['    items:']
            if p['min'] == p['max']:
                lines += [f"      const: {p['min']}"]
            else:
                lines += [f"      minimum: {p['min']}"]
                if p['max']:
                    lines += [f"      maximum: {p['max']:#x}"]
        desc = f'{n} big-endian cell(s)'
    elif k == 'AGX4_PROP_BYTES':
        lines += ['    $ref: /schemas/types.yaml#/definitions/uint8-array',
                  f"    minItems: {p['min']}", f"    maxItems: {p['max']}"]
        desc = f"exactly {p['min']} or {p['max']} bytes copied from the ADT"
    else:
        b = size[k] * n
        lines += ['    $ref: /schemas/types.yaml#/definitions/uint8-array',
                  f'    minItems: {b}', f'    maxItems: {b}']
        enc = {'AGX4_PROP_LE32': 'little-endian u32',
               'AGX4_PROP_F32': 'little-endian IEEE-754 binary32',
               'AGX4_PROP_LE64': 'little-endian u64'}[k]
        desc = f'{n} {enc} value(s) copied from the ADT'
        if p['min'] or p['max']:
            rng = f"{p['min']}.." + (f"{p['max']}" if p['max'] else '')
            desc += f', each {rng}'
        if k == 'AGX4_PROP_F32':
            desc += ', finite'
    req = 'Required' if p['required'] else 'Optional'
    lines += ['    description:']
    lines += ['      ' + l for l in
              textwrap.wrap(f'{req}{what}; {desc}.', 70)]
    return lines


# The required blocks: the SoC of the table, the indentation of the list.
REQUIRED = {'both': '  ', 't8140': '        ', 't8132': '        '}


def required_block(props, soc):
    ind = REQUIRED[soc]
    out = f'{ind}# BEGIN agx4_of.c required ({soc})\n'
    for p in sorted(props, key=lambda p: p['name']):
        if p['soc'] == soc and p['required']:
            out += f"{ind}- {p['name']}\n"
    return out + f'{ind}# END agx4_of.c required ({soc})\n'


def blocks(props):
    """Every generated block, as (begin marker, end marker, text)."""
    out = [(BEGIN, END, block(props))]
    for soc in REQUIRED:
        text = required_block(props, soc)
        lines = text.splitlines(keepends=True)
        out.append((lines[0], lines[-1], text))
    return out


def block(props):
    out = BEGIN
    for p in sorted(props, key=lambda p: p['name']):
        out += '\n'.join(schema(p)) + '\n\n'
    return out.rstrip('\n') + '\n' + END


def main():
    root = sys.argv[-1] if len(sys.argv) > 1 and sys.argv[-1] != '--print' \
        else '.'
    props = tables(root)
    want = blocks(props)
    if '--print' in sys.argv:
        sys.stdout.write('\n'.join(text for _, _, text in want))
        return 0
    text = open(f'{root}/{YAML}').read()
    for begin, end, block_text in want:
        try:
            have = text[text.index(begin):text.index(end) + len(end)]
        except ValueError:
            print(f'agx4 binding: {YAML} lacks the markers {begin.strip()}')
            return 1
        if have != block_text:
            print(f'agx4 binding: {YAML} differs from agx4_of.c\'s tables '
                  f'at {begin.strip()}; regenerate with '
                  f'scripts/binding.py --print')
            return 1
    nreq = sum(p['required'] for p in props)
    print(f'agx4 binding: {len(props)} properties ({nreq} required) '
          f'match agx4_of.c')
    return 0


if __name__ == '__main__':
    sys.exit(main())
