#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""Make agx4's patch series from the repository's current files.

Usage: plan.py ROOT PRISTINE REPO OUTDIR NAME EMAIL

ROOT is the repository, PRISTINE the kernel tree the series applies to
(only read), REPO a scratch git repository to make (removed first) and
OUTDIR the directory the patches go to (removed first).  NAME and EMAIL
sign the commits.

The scratch repository holds only the kernel files the series changes, at
their pristine content, so the patches carry the tree's own blob ids.  The
commits, in the order a reviewer reads them:

  1. every patches/*.patch, as it is (authorship kept), signed off;
  2. the DT binding;
  3. the UAPI header, when the tree lacks it;
  4. the driver, one patch per unit (a unit is a file stem: agx4_vm.c and
     agx4_vm.h), ordered by the units' #include graph so every patch
     compiles; headers without a .c go with their first user.  Until the
     probe and the DRM driver (the last driver patch) exist nothing can
     link, so the Makefile compiles the units without linking them
     (always-$(CONFIG_DRM_AGX4)); the last driver patch turns the list
     into the module;
  5. the KUnit suites and the firmware model (their Kconfig entries and
     Makefile lines, .kunitconfig, KUnit configuration fragments);
  6. the Documentation page, with its line in Documentation/gpu/drivers.rst;
  7. the MAINTAINERS entry.

After the last commit the agx4 files of the scratch tree are checked to be
byte for byte the repository's.
"""

import os
import re
import shutil
import subprocess
import sys
import textwrap

DRV = "drivers/gpu/drm/agx4"
HUB = "agx4_device.h"
# The probe and the DRM driver: they call into every unit (and every unit
# calls agx4_device_read_sgx()), so the module can first link with them.
LAST_UNITS = ("agx4_device", "agx4_drv")
TEST_SYMS = ("DRM_AGX4_FWMODEL", "DRM_AGX4_SWDEV", "DRM_AGX4_KUNIT_TEST")
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def die(msg):
    print(f"agx4 series: {msg}", file=sys.stderr)
    sys.exit(1)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def run(cmd, cwd, env=None, inp=None):
    r = subprocess.run(cmd, cwd=cwd, env=env, input=inp, text=True,
                       capture_output=True)
    if r.returncode != 0:
        die(f"{' '.join(cmd)} failed:\n{r.stdout}{r.stderr}")
    return r.stdout


# ---------------------------------------------------------------- comments

def comment_paras(block):
    paras, cur = [], []
    for line in block.split("\n"):
        line = re.sub(r"^\s*\*( |$)", "", line.rstrip())
        if line.strip():
            cur.append(line)
        elif cur:
            paras.append(cur)
            cur = []
    if cur:
        paras.append(cur)
    return paras


def describe(path):
    """(DOC title or None, paragraphs) of a source file's overview."""
    text = read(path)
    m = re.search(r"/\*\*\s*\n\s*\*\s*DOC:\s*(.*?)\n(.*?)\*/", text, re.S)
    if m:
        return m.group(1).strip(), comment_paras(m.group(2))
    m = re.search(r"/\*\n(.*?)\*/", text, re.S)
    if m:
        paras = [p for p in comment_paras(m.group(1))
                 if not p[0].startswith("Copyright")]
        return None, paras
    return None, []


def plain(text):
    """kernel-doc markup to plain text for a commit message."""
    text = re.sub(r"``([^`]*)``", r"\1", text)
    text = re.sub(r"(?<![\w&])&(struct |enum |union )?(?=\w)", r"\1", text)
    text = re.sub(r"(?<!\w)%(?=\w)", "", text)
    return text


def body_paras(paras):
    """The overview's opening: up to two paragraphs (a paragraph ending in a
    colon takes the one it introduces), never a table or a literal block."""
    out = []
    for p in paras:
        first = p[0].lstrip()
        if first.startswith(("=", "|", "..")) or p[0].startswith("\t"):
            break
        if len(out) >= 2 and not out[-1].rstrip().endswith(":"):
            break
        if len(out) >= 4:
            break
        if re.match(r"^(\d+\.|-|\*) ", first):
            # A list: one line per item, continuation lines joined.
            items = []
            for x in p:
                if re.match(r"^\s*(\d+\.|-|\*) ", x) or not items:
                    items.append(x.strip())
                else:
                    items[-1] += " " + x.strip()
            out.append("\n".join(plain(x) for x in items))
        else:
            out.append(plain(" ".join(x.strip() for x in p)))
    if len(out) > 1 and out[-1].rstrip().endswith(":"):
        out.pop()
    elif out and out[-1].rstrip().endswith(":"):
        # Only an introduction to a table or a list: end it as a sentence.
        out[-1] = out[-1].rstrip()[:-1] + "."
    return out


def wrap(paras):
    res = []
    for p in paras:
        if "\n" in p:
            lines = []
            for item in p.split("\n"):
                ind = " " * (len(re.match(r"^(\d+\.|-|\*)? *", item)
                                     .group(0)))
                lines.extend(textwrap.wrap(item, 72, subsequent_indent=ind,
                                           break_on_hyphens=False))
            res.append("\n".join(lines))
        else:
            res.append(textwrap.fill(p, 72, break_on_hyphens=False))
    return "\n\n".join(res)


def lower_first(s):
    if len(s) > 1 and s[0].isupper() and s[1].islower():
        return s[0].lower() + s[1:]
    return s


def short_what(title, paras, stem):
    if title:
        return lower_first(title)
    if paras:
        s = plain(" ".join(x.strip() for x in paras[0]))
        s = re.sub(r"\s*\([^)]*\)", "", s)
        s = re.split(r"\.\s|\.$", s)[0]
        head, _, tail = s.partition(": ")
        if tail and len(head.split()) <= 2:
            s, suffix = tail, f" ({lower_first(head)})"
        else:
            s, suffix = head, ""
        s = s.split(", ")[0]
        words = s.split()
        while words and len(" ".join(words) + suffix) > 55:
            words.pop()
        while words and words[-1] in ("the", "a", "an", "at", "of", "to",
                                      "in", "on", "from", "and", "with",
                                      "beyond", "for", "by"):
            words.pop()
        if len(words) >= 2:
            return lower_first(" ".join(words)) + suffix
    return stem


# ------------------------------------------------------------------- units

def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"),
                  text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def unit_of(name):
    if name == HUB:
        return HUB
    return os.path.splitext(name)[0]


class Units:
    def __init__(self, ddir):
        self.files = {}
        self.deps = {}
        names = sorted(f for f in os.listdir(ddir)
                       if f.endswith((".c", ".h")))
        for f in names:
            u = unit_of(f)
            self.files.setdefault(u, []).append(f)
            self.deps.setdefault(u, set())
            for inc in INCLUDE.findall(read(os.path.join(ddir, f))):
                inc = os.path.basename(inc)
                if inc in names and unit_of(inc) != u:
                    self.deps[u].add(unit_of(inc))
        self.has_c = {u for u, fs in self.files.items()
                      if any(f.endswith(".c") for f in fs)}
        self.links = self._links(ddir)

    def _links(self, ddir):
        """Which units' functions and objects each .c unit uses."""
        defs = {}
        texts = {}
        for u in sorted(self.has_c):
            lines = strip_comments(read(os.path.join(ddir, u + ".c")))
            texts[u] = lines
            lines = lines.split("\n")
            for i, line in enumerate(lines):
                if (not line or line[0].isspace() or
                        line.startswith(("static", "#", "}", "{", "extern",
                                         "typedef"))):
                    continue
                m = re.search(r"\b(agx4_\w+)\s*\(", line)
                if m:
                    for nxt in lines[i:i + 20]:
                        if nxt.startswith("{"):
                            defs.setdefault(m.group(1), u)
                            break
                        if nxt.rstrip().endswith(";"):
                            break
                    continue
                m = re.search(r"\b(agx4_\w+)\s*(\[[^\]]*\])*\s*=", line)
                if m:
                    defs.setdefault(m.group(1), u)
        links = {}
        for u, text in texts.items():
            used = set(re.findall(r"\bagx4_\w+\b", text))
            links[u] = {defs[s] for s in used if s in defs and defs[s] != u}
        return links

    def closure(self, u):
        seen, todo = set(), [u]
        while todo:
            v = todo.pop()
            for w in self.deps.get(v, ()):
                if w not in seen:
                    seen.add(w)
                    todo.append(w)
        return seen

    def order(self, nodes):
        """Topological order of nodes by #include (hard) preferring, among
        the ready ones, the unit with fewest not-yet-placed callees."""
        nodes = set(nodes)
        placed, out = set(), []
        while len(out) < len(nodes):
            ready = [u for u in nodes - placed
                     if (self.deps[u] & nodes) <= placed]
            if not ready:
                die("include cycle among " + ", ".join(sorted(nodes - placed)))
            ready.sort(key=lambda u: (len((self.links.get(u, set()) & nodes)
                                          - placed), u))
            out.append(ready[0])
            placed.add(ready[0])
        return out


# --------------------------------------------------------- Kconfig/Makefile

def kconfig_without_tests(text):
    blocks = re.split(r"(?m)^(?=config |menuconfig )", text)
    out = []
    for b in blocks:
        m = re.match(r"(?:menu)?config (\w+)", b)
        if m and m.group(1) in TEST_SYMS:
            continue
        out.append("".join(l for l in b.splitlines(True)
                           if not any(s in l for s in TEST_SYMS)))
    return "".join(out).rstrip("\n") + "\n"


def mk_statements(text):
    """Split a Makefile into (lines) statements, continuation lines joined."""
    stmts, cur = [], []
    for line in text.splitlines(True):
        cur.append(line)
        if not line.rstrip("\n").endswith("\\"):
            stmts.append(cur)
            cur = []
    if cur:
        stmts.append(cur)
    return stmts


def mk_filter(text, keep):
    """Drop the object items keep() refuses; drop a statement left empty."""
    out = []
    for st in mk_statements(text):
        items = [w for w in re.findall(r"[\w./-]+", "".join(st))
                 if w.endswith((".o", "/")) and not w.startswith("$")]
        if not items:
            out.append(st)
            continue
        if all(keep(w) for w in items):
            out.append(st)
            continue
        if not any(keep(w) for w in items):
            # A comment above a dropped statement is its own.
            while out and all(l.startswith("#") for l in out[-1]):
                out.pop()
            continue
        if len(st) == 1:
            die("cannot filter Makefile line " + st[0].strip())
        lines = [st[0]] + [l for l in st[1:]
                           if not (l.strip().rstrip("\\").strip().endswith(
                               (".o", "/")) and
                               not keep(l.strip().rstrip("\\").strip()))]
        last = lines[-1].rstrip("\n").rstrip("\\").rstrip()
        lines[-1] = last + "\n"
        out.append(lines)
    res = "".join("".join(s) for s in out)
    res = re.sub(r"\n{3,}", "\n\n", res)
    return res.rstrip("\n") + "\n"


def mk_header(text):
    """The Makefile's lines before its first object list."""
    head = []
    for line in text.splitlines(True):
        if re.match(r"^(obj|agx4)[-\w$()]*\s*[:+]?=", line):
            break
        head.append(line)
    return "".join(head).rstrip("\n") + "\n"


def mk_compile_only(text, objs):
    # In the order of the final list, so the switch to it is a small diff.
    objs = sorted(objs, key=lambda o: (text.find(o) < 0, text.find(o), o))
    lines = [mk_header(text), "\n",
             "# Until the probe and the DRM driver are added, the units are "
             "compiled\n# but not linked into a module.\n",
             "always-$(CONFIG_DRM_AGX4) += \\\n"]
    for i, o in enumerate(objs):
        lines.append(f"\t{o}" + (" \\\n" if i < len(objs) - 1 else "\n"))
    return "".join(lines)


# ------------------------------------------------------ kernel file hunks

def add_after(text, anchor_re, line):
    """Insert line after the first line matching anchor_re, else append
    (before a trailing endif for Kconfig)."""
    lines = text.splitlines(True)
    for i, l in enumerate(lines):
        if re.match(anchor_re, l):
            lines.insert(i + 1, line + "\n")
            return "".join(lines)
    lines.append(line + "\n")
    return "".join(lines)


def kconfig_hook(text, line):
    if line in text:
        return text
    lines = text.splitlines(True)
    for i, l in enumerate(lines):
        if l.startswith('source "drivers/gpu/drm/panthor/Kconfig"'):
            lines.insert(i + 1, "\n" + line + "\n")
            return "".join(lines)
    # Otherwise before the "endif" closing "if DRM".
    for i in range(len(lines) - 1, -1, -1):
        if lines[i].startswith("endif"):
            lines.insert(i, line + "\n\n")
            return "".join(lines)
    return text + line + "\n"


def toctree_add(text, entry):
    lines = text.splitlines(True)
    for i, l in enumerate(lines):
        if l.startswith(".. toctree::"):
            j = i + 1
            while j < len(lines) and lines[j].strip().startswith(":"):
                j += 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            lines.insert(j, f"   {entry}\n")
            return "".join(lines)
    die("Documentation/gpu/drivers.rst has no toctree")


def maintainers_add(text, entry):
    """Insert entry between two sections whose titles sort around its own;
    MAINTAINERS is not sorted everywhere, so of the places that fit, take
    the one whose neighbour shares the longest prefix with the title."""
    title = entry.splitlines()[0].strip()
    lines = text.splitlines(True)
    start = next((i for i, l in enumerate(lines)
                  if l.startswith("Maintainers List")), None)
    if start is None:
        return text.rstrip("\n") + "\n\n" + entry
    heads = [i for i in range(start + 1, len(lines) - 1)
             if not lines[i - 1].strip() and lines[i].strip() and
             re.match(r"^[A-Z]:\t", lines[i + 1])]

    def common(a, b):
        n = 0
        while n < min(len(a), len(b)) and a[n] == b[n]:
            n += 1
        return n

    best, best_score = None, -1
    for k in range(1, len(heads)):
        prev, cur = lines[heads[k - 1]].strip(), lines[heads[k]].strip()
        if prev < title < cur:
            score = max(common(prev, title), common(cur, title))
            if score > best_score:
                best, best_score = heads[k], score
    if best is None:
        return text.rstrip("\n") + "\n\n" + entry
    return "".join(lines[:best]) + entry.rstrip("\n") + "\n\n" + \
        "".join(lines[best:])


# ------------------------------------------------------------------ series

class Series:
    def __init__(self, root, pristine, repo, name, email, date):
        self.root, self.pristine, self.repo = root, pristine, repo
        self.sob = f"Signed-off-by: {name} <{email}>"
        self.env = dict(os.environ, GIT_AUTHOR_NAME=name,
                        GIT_AUTHOR_EMAIL=email, GIT_COMMITTER_NAME=name,
                        GIT_COMMITTER_EMAIL=email, GIT_AUTHOR_DATE=date,
                        GIT_COMMITTER_DATE=date)
        self.subjects = []

    def git(self, *args, inp=None):
        return run(["git", "-c", "core.autocrlf=false", *args], self.repo,
                   self.env, inp)

    def pristine_text(self, path):
        p = os.path.join(self.pristine, path)
        return read(p) if os.path.exists(p) else None

    def current(self, path):
        p = os.path.join(self.repo, path)
        return read(p) if os.path.exists(p) else None

    def write(self, path, text):
        p = os.path.join(self.repo, path)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w", encoding="utf-8") as f:
            f.write(text)

    def copy(self, path):
        self.write(path, read(os.path.join(self.root, path)))

    def commit(self, subject, body, paths):
        self.git("add", "--", *paths)
        msg = subject + "\n\n" + body.rstrip("\n") + "\n\n" + self.sob + "\n"
        self.git("commit", "-q", "-F", "-", inp=msg)
        self.subjects.append(subject)


# ------------------------------------------------------------ cover letter

def bullets(items, indent="  "):
    out = []
    for it in items:
        out.append(textwrap.fill(it, 72, initial_indent="- ",
                                 subsequent_indent=indent,
                                 break_on_hyphens=False))
    return "\n".join(out)


def readme_status(root):
    """README's Status section as (is_bullet, text) items, without what is
    about the repository rather than the kernel code."""
    text = read(os.path.join(root, "README.md"))
    m = re.search(r"^## Status\n(.*?)^## ", text, re.S | re.M)
    if not m:
        return []
    items = []
    for block in re.split(r"\n\s*\n", m.group(1).strip()):
        if block.startswith("- "):
            for it in re.split(r"(?m)^- ", block)[1:]:
                items.append((True, " ".join(it.split())))
        else:
            items.append((False, " ".join(block.split())))
    out = []
    for bullet, it in items:
        it = re.sub(r"`([^`]*)`", r"\1", it).replace("**", "")
        if "repository" in it or it.startswith("Not yet run on hardware"):
            continue
        out.append((bullet, it))
    return out


def open_questions(root):
    text = read(os.path.join(root, "Documentation/gpu/agx4.rst"))
    m = re.search(r"^Open questions\n=+\n(.*?)(^\S[^\n]*\n=+\n|\Z)", text,
                  re.S | re.M)
    if not m:
        return []
    rows, cur = [], None
    for line in m.group(1).splitlines():
        r = re.match(r"^   \* - (.*)$", line)
        c = re.match(r"^     - (.*)$", line)
        if r:
            cur = [r.group(1).strip()]
            rows.append(cur)
        elif c and cur is not None:
            cur.append(c.group(1).strip())
        elif cur is not None and line.startswith("       ") and line.strip():
            cur[-1] += " " + line.strip()
    rows = [r for r in rows if r[:2] != ["value", "tag"]]
    return [re.sub(r"``([^`]*)``", r"\1",
                   f"{r[0]} ({r[1]}): {r[2]}" if len(r) > 2 else r[0])
            for r in rows]


def cover_letter(root, pristine):
    tmpl = read(os.path.join(root, "scripts/series/cover.txt"))
    ver = ".".join(re.search(rf"^{k} = (\S*)", read(os.path.join(
        pristine, "Makefile")), re.M).group(1)
        for k in ("VERSION", "PATCHLEVEL", "SUBLEVEL"))
    status = []
    for bullet, it in readme_status(root):
        if bullet:
            status.append(bullets([it]))
        else:
            status.append("\n" + textwrap.fill(it, 72,
                                               break_on_hyphens=False))
    nsuites = 0
    for dp, _, fs in os.walk(os.path.join(root, DRV, "tests")):
        for f in fs:
            nsuites += len(re.findall(r"^kunit_test_suites?\(",
                                      read(os.path.join(dp, f)), re.M))
    return (tmpl.replace("@VERSION@", ver)
            .replace("@STATUS@", "\n".join(status).strip("\n"))
            .replace("@NSUITES@", str(nsuites))
            .replace("@OPEN@", bullets(open_questions(root))))


def main():
    if len(sys.argv) != 7:
        die(__doc__)
    root, pristine, repo, outdir, name, email = sys.argv[1:]
    ddir = os.path.join(root, DRV)
    # The date of the repository's last commit: the same files give the
    # same series.
    r = subprocess.run(["git", "log", "-1", "--format=%aD"], cwd=root,
                       capture_output=True, text=True)
    date = r.stdout.strip() if r.returncode == 0 else ""
    date = date or subprocess.run(["date", "-R"], capture_output=True,
                                  text=True).stdout.strip()

    prereqs = sorted(f for f in os.listdir(os.path.join(root, "patches"))
                     if f.endswith(".patch"))
    touched = set()
    for p in prereqs:
        for m in re.finditer(r"^(?:---|\+\+\+) [ab]/(\S+)",
                             read(os.path.join(root, "patches", p)), re.M):
            touched.add(m.group(1))
    touched |= {"drivers/gpu/drm/Kconfig", "drivers/gpu/drm/Makefile",
                "Documentation/gpu/drivers.rst", "MAINTAINERS"}

    shutil.rmtree(repo, ignore_errors=True)
    os.makedirs(repo)
    s = Series(root, pristine, repo, name, email, date)
    s.git("init", "-q", "-b", "agx4")
    base_files = []
    for f in sorted(touched):
        t = s.pristine_text(f)
        if t is not None:
            s.write(f, t)
            base_files.append(f)
    s.git("add", "--", *base_files)
    s.git("commit", "-q", "-m", "base: the files of the kernel tree that "
          "the series changes")
    base = s.git("rev-parse", "HEAD").strip()

    # 1. Prerequisites, as they are.
    for p in prereqs:
        s.git("am", "-q", "--signoff", "--keep-cr",
              os.path.join(root, "patches", p))
        s.subjects.append(s.git("log", "-1", "--format=%s").strip())

    # 2. The DT binding.
    bdir = "Documentation/devicetree/bindings/gpu"
    bindings = sorted(os.path.join(bdir, f)
                      for f in os.listdir(os.path.join(root, bdir)))
    compat = []
    for b in bindings:
        s.copy(b)
        m = re.search(r"^  compatible:\n((?:    .*\n|\n)*)",
                      read(os.path.join(root, b)), re.M)
        if m:
            compat += re.findall(r"(?:const|-)\s*:?\s*([a-z0-9-]+,[\w.-]+)",
                                 m.group(1))
    s.commit(
        "dt-bindings: gpu: Add Apple M4 and A18 Pro GPU (agx4)",
        wrap([
            "The GPU of the Apple M4 (t8132, GPU generation G16) and of the "
            "A18 Pro (t8140, G17P) is run by firmware on an RTKit "
            "coprocessor. The boot loader loads that firmware, builds its "
            "first page tables, reserves the memory it uses and copies the "
            "properties the driver needs from Apple's device tree into the "
            "GPU node; the binding describes that node (compatibles: "
            + ", ".join(dict.fromkeys(compat)) + ").",
            "The binding goes first so that the driver patches that follow "
            "match documented compatibles."]),
        bindings)

    # 3. The UAPI header, when the tree lacks it.
    uapi = "include/uapi/drm/asahi_drm.h"
    if s.pristine_text(uapi) is None and os.path.exists(
            os.path.join(root, uapi)):
        s.copy(uapi)
        s.commit(
            "drm/agx4: uapi: Add the Asahi UAPI header",
            wrap([
                "agx4 serves Mesa's asahi driver unmodified, so it "
                "implements the Asahi UAPI and registers its render node "
                "under the DRM driver name \"asahi\". This adds the header, "
                "ABI-identical to the upstream asahi_drm.h: the ioctl "
                "numbers, the argument structures and the parameters "
                "userspace queries.",
                "It comes before the driver, whose ioctl handlers and "
                "compile-time ABI checks are written against it."]),
            [uapi])

    # 4. The driver, unit by unit.
    units = Units(ddir)
    # The model and the virtual GPU built on it go with the tests.
    model = {u for u in units.files
             if u.startswith(("agx4_fwmodel", "agx4_swdev"))}
    drv_units = set(units.files) - model
    for u in drv_units:
        if units.deps[u] & model:
            die(f"{u} includes the firmware model; it cannot come before "
                "the tests")
    last = {u for u in LAST_UNITS if u in drv_units}
    for u in units.has_c & drv_units:
        if "MODULE_LICENSE" in read(os.path.join(ddir, u + ".c")):
            last.add(u)
    # A unit that includes a header of those cannot compile before them:
    # it goes into their patch (and so does whatever includes it).
    joined = set()
    while True:
        more = {u for u in units.has_c & drv_units - last
                if units.closure(u) & last}
        if not more:
            break
        last |= more
        joined |= more
    early_c = [u for u in units.order(drv_units - last)
               if u in units.has_c]
    # A header-only unit goes with the first .c unit that needs it.
    steps = []
    taken = set()
    for u in early_c:
        need = (units.closure(u) | {u}) - taken
        group = [u] + sorted(v for v in need
                             if v not in units.has_c and v != u)
        bad = [v for v in need if v in units.has_c and v != u]
        if bad:
            die(f"{u} needs {bad} first")
        taken |= set(group)
        steps.append(group)
    rest = sorted(drv_units - taken)
    steps.append(sorted(last & units.has_c) +
                 sorted(v for v in rest if v not in units.has_c or
                        v not in last))
    if any(v in units.has_c and v not in last for v in steps[-1]):
        die("units left for the last driver patch: " + ", ".join(steps[-1]))

    kconfig_full = read(os.path.join(ddir, "Kconfig"))
    mk_full = read(os.path.join(ddir, "Makefile"))
    hook_k = [l for l in read(os.path.join(root, "Kconfig")).splitlines()
              if l.startswith("source ")][0]
    hook_m = "obj-$(CONFIG_DRM_AGX4) += agx4/"
    is_model = re.compile(
        r"^(agx4_fwmodel\w*\.o|agx4_swdev\.o|agx4_model\.o|tests/)$")
    mk_final = mk_filter(mk_full, lambda w: not is_model.match(w))
    objs = []
    for i, group in enumerate(steps):
        paths = []
        if i == 0:
            k = kconfig_hook(s.current("drivers/gpu/drm/Kconfig"), hook_k)
            m = add_after(s.current("drivers/gpu/drm/Makefile"),
                          r"^obj-\$\(CONFIG_DRM_PANTHOR\)", hook_m)
            s.write("drivers/gpu/drm/Kconfig", k)
            s.write("drivers/gpu/drm/Makefile", m)
            s.write(DRV + "/Kconfig", kconfig_without_tests(kconfig_full))
            paths += ["drivers/gpu/drm/Kconfig", "drivers/gpu/drm/Makefile",
                      DRV + "/Kconfig"]
        for u in group:
            for f in units.files[u]:
                s.copy(f"{DRV}/{f}")
                paths.append(f"{DRV}/{f}")
                if f.endswith(".c"):
                    objs.append(f[:-2] + ".o")
        final = i == len(steps) - 1
        if final:
            s.write(DRV + "/Makefile", mk_final)
            for o in objs:
                if not re.search(r"\b" + re.escape(o) + r"\b", mk_final):
                    die(f"{o} is not in {DRV}/Makefile")
        else:
            s.write(DRV + "/Makefile", mk_compile_only(mk_full, objs))
        paths.append(DRV + "/Makefile")

        cs = [u for u in group if u in units.has_c]
        hs = [u for u in group if u not in units.has_c]
        names = [c[len("agx4_"):] for c in cs]
        paras = []
        whats = []
        for c in cs:
            title, ps = describe(os.path.join(ddir, c + ".c"))
            whats.append(short_what(title, ps, c))
            paras += body_paras(ps) or [f"Add {c}.c."]
        for h in hs:
            f = [x for x in units.files[h] if x.endswith(".h")][0]
            title, ps = describe(os.path.join(ddir, f))
            bp = body_paras(ps)
            if bp:
                paras.append(f"{f}: " + lower_first(bp[0]))
            else:
                paras.append(f"{f}: the declarations the units share.")
        if i == 0:
            paras.append(
                "This first driver patch also adds the Kconfig entry and "
                "hooks the directory into drivers/gpu/drm. Until the probe "
                "and the DRM driver are added (the last driver patch), the "
                "Makefile compiles each unit as it arrives without linking "
                "a module, so every patch of the series builds.")
        if final and joined:
            paras.append(
                "It also carries " + ", ".join(sorted(joined)) + ", which "
                "include(s) a header of the probe or the DRM driver and so "
                "cannot be built before them.")
        if final:
            paras.append(
                "Every unit calls into the device (register access) and "
                "the probe calls into every unit, so the module can only "
                "link from here: the Makefile now links agx4.ko from every "
                "unit added so far.")
        subject = f"drm/agx4: {', '.join(names)}: Add {whats[0]}"
        if len(cs) > 1:
            names = [", ".join(names[:-1]), names[-1]]
            subject = (f"drm/agx4: {' and '.join(names)}: Add the "
                       f"{'probe and the DRM driver' if final else whats[0]}")
        s.commit(subject, wrap(paras), paths)

    # 5. The KUnit suites and the firmware model.
    paths = []
    for u in sorted(model):
        for f in units.files[u]:
            s.copy(f"{DRV}/{f}")
            paths.append(f"{DRV}/{f}")
    tdir = os.path.join(ddir, "tests")
    for dp, _, fs in os.walk(tdir):
        for f in sorted(fs):
            rel = os.path.relpath(os.path.join(dp, f), root)
            s.copy(rel)
            paths.append(rel)
    for rel in [DRV + "/.kunitconfig"] + sorted(
            os.path.join("tools/testing/kunit/configs", f) for f in
            os.listdir(os.path.join(root, "tools/testing/kunit/configs"))):
        if os.path.exists(os.path.join(root, rel)):
            s.copy(rel)
            paths.append(rel)
    s.copy(DRV + "/Kconfig")
    s.copy(DRV + "/Makefile")
    paths += [DRV + "/Kconfig", DRV + "/Makefile"]
    ntests = len([p for p in paths if p.endswith("_test.c")])
    mtitle, mps = describe(os.path.join(ddir, "agx4_fwmodel_core.c"))
    s.commit(
        "drm/agx4: tests: Add the KUnit suites and the firmware model",
        wrap(body_paras(mps) + [
            f"The KUnit suites ({ntests} files under tests/) cover the page "
            "tables, buffer objects and VMs, every ioctl with hostile "
            "inputs, the device-tree parsing, the firmware layouts of both "
            "generations checked against tables written from the protocol "
            "description, and the probe and boot of both generations "
            "against the model. None needs hardware: they run on UML "
            "with PROVE_LOCKING, KASAN and kmemleak on.",
            "The model is a module of its own, agx4_model, built with "
            "DRM_AGX4_FWMODEL, which the KUnit option selects; the tests "
            "are another, agx4_test, so neither links into agx4.ko. The "
            "model drives no hardware and is never for production "
            "kernels. Run the suites with:",
            "  ./tools/testing/kunit/kunit.py run "
            "--kunitconfig=drivers/gpu/drm/agx4"]),
        paths)

    # 6. Documentation.
    doc = "Documentation/gpu/agx4.rst"
    s.copy(doc)
    s.write("Documentation/gpu/drivers.rst",
            toctree_add(s.current("Documentation/gpu/drivers.rst"), "agx4"))
    s.commit(
        "drm/agx4: doc: Add the driver's documentation",
        wrap([
            "Documentation/gpu/agx4.rst describes the architecture (the "
            "probe, the firmware generations and their layouts, the "
            "transport, GPU memory, the UAPI), how to build and test the "
            "driver, and lists every open question about the firmware with "
            "its confidence; it pulls the units' DOC: overviews in with "
            "kernel-doc.",
            "The page is added to the toctree of "
            "Documentation/gpu/drivers.rst."]),
        [doc, "Documentation/gpu/drivers.rst"])

    # 7. MAINTAINERS.
    s.write("MAINTAINERS", maintainers_add(s.current("MAINTAINERS"),
                                           read(os.path.join(root,
                                                             "MAINTAINERS"))))
    s.commit("MAINTAINERS: Add an entry for the agx4 DRM driver",
             wrap(["agx4 is maintained in drm-misc; the entry covers the "
                   "driver, its UAPI header, its binding and its "
                   "documentation."]),
             ["MAINTAINERS"])

    # The series ends where the repository is.
    for dp, _, fs in os.walk(repo):
        if "/.git" in dp + "/":
            continue
        for f in fs:
            rel = os.path.relpath(os.path.join(dp, f), repo)
            if rel in touched:
                continue
            if read(os.path.join(root, rel)) != read(os.path.join(repo, rel)):
                die(f"after the series {rel} differs from the repository")
    for dp, _, fs in os.walk(ddir):
        for f in fs:
            rel = os.path.relpath(os.path.join(dp, f), root)
            if not os.path.exists(os.path.join(repo, rel)):
                die(f"{rel} is in no patch")

    s.git("config", "branch.agx4.description",
          cover_letter(root, pristine))
    shutil.rmtree(outdir, ignore_errors=True)
    s.git("format-patch", "-q", "--cover-letter",
          "--cover-from-description=subject", "--thread=shallow",
          "--no-signature", "-o", outdir, f"{base}..HEAD")
    with open(os.path.join(repo, ".git", "agx4-base"), "w") as f:
        f.write(base + "\n")
    print(f"agx4 series: {len(s.subjects)} patches and a cover letter in "
          f"{outdir}")


if __name__ == "__main__":
    main()
