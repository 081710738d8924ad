#!/usr/bin/env python3
"""Run the shell commands of the documentation as a reader would type them.

A fenced block is checked by its info string (data/docs/README.md, "Pages
that stay true"):

  ```sh runnable                      every command must exit 0 as written
  ```sh runnable games=20 budget=1500 the same, after replacing the value of
                                      --games and --budget in this block only
  ```sh norun                         not run (set-up, GUI sessions, long measurements)

Blocks marked runnable are run in every page scanned. In a --strict page
every ```sh / ```bash block must be marked one way or the other, so a new
command there is either run or exempt on purpose.

Commands run in a scratch folder where `data`, `tests` and `scripts` point
into the source tree and `build` into the build tree, so `build/bin/balance
data/rulesets/...` works as written and output files stay out of the tree.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*(.*)$")


def blocks(path):
    """Yields (line number, info words, command lines) for each fenced block."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        marker, info, start = m.group(2), m.group(3).split(), i + 1
        body = []
        i += 1
        while i < len(lines) and not lines[i].strip().startswith(marker):
            body.append(lines[i])
            i += 1
        i += 1
        yield start, info, body


def commands(body):
    """Joins continued lines; drops blank lines and whole-line comments."""
    out, current = [], ""
    for line in body:
        if not current and (not line.strip() or line.lstrip().startswith("#")):
            continue
        if line.rstrip().endswith("\\"):
            current += line.rstrip()[:-1] + " "
            continue
        out.append((current + line).strip())
        current = ""
    if current:
        out.append(current.strip())
    return out


def substitute(command, options):
    for key, value in options.items():
        command = re.sub(r"(--%s)(\s+|=)(\S+)" % re.escape(key), lambda m: m.group(1) + m.group(2) + value, command)
    return command


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--strict", action="append", default=[], help="a page whose every sh block must be marked")
    ap.add_argument("--scan", action="append", default=[], help="a glob of pages whose runnable blocks run")
    ap.add_argument("--timeout", type=float, default=300)
    ap.add_argument("--list", action="store_true", help="print the commands, run nothing")
    a = ap.parse_args()

    src = os.path.abspath(a.source)
    pages = []
    for pattern in a.strict + a.scan:
        for p in sorted(glob.glob(os.path.join(src, pattern))):
            if p not in pages:
                pages.append(p)
    strict = {os.path.join(src, p) for p in a.strict}
    missing = [p for p in strict if not os.path.exists(p)]
    if missing:
        print("missing strict pages: " + ", ".join(missing))
        return 1

    problems, todo = [], []
    for page in pages:
        rel = os.path.relpath(page, src)
        for line, info, body in blocks(page):
            if not info or info[0] not in ("sh", "bash", "shell", "console"):
                continue
            flags = info[1:]
            if "runnable" in flags:
                opts = dict(f.split("=", 1) for f in flags if "=" in f)
                for c in commands(body):
                    todo.append((f"{rel}:{line}", substitute(c, opts)))
            elif "norun" not in flags and page in strict:
                problems.append(f"{rel}:{line}: a ```{' '.join(info)} block is neither 'runnable' nor 'norun'")
    for p in problems:
        print(p)
    if a.list:
        for where, c in todo:
            print(f"{where}: {c}")
        return 1 if problems else 0

    scratch = tempfile.mkdtemp(prefix="wb-doc-commands-")
    for name in ("data", "tests", "scripts"):
        os.symlink(os.path.join(src, name), os.path.join(scratch, name))
    os.symlink(os.path.abspath(a.build), os.path.join(scratch, "build"))
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    failures = 0
    for where, c in todo:
        t0 = time.time()
        try:
            proc = subprocess.run(["bash", "-o", "pipefail", "-c", c], cwd=scratch, env=env, capture_output=True,
                                  text=True, timeout=a.timeout)
            code, out = proc.returncode, (proc.stdout + proc.stderr)
        except subprocess.TimeoutExpired as e:
            code, out = "timeout", str(e)
        status = "ok" if code == 0 else f"FAILED ({code})"
        print(f"{where}: {status} in {time.time() - t0:.1f} s: {c}", flush=True)
        if code != 0:
            failures += 1
            print("    " + "\n    ".join(out.strip().splitlines()[-15:]))
    print(f"{len(todo)} commands, {failures} failed, {len(problems)} unmarked blocks")
    if failures:
        print(f"the failed commands' files are in {scratch}")
    else:
        shutil.rmtree(scratch, ignore_errors=True)
    return 1 if failures or problems else 0


if __name__ == "__main__":
    sys.exit(main())
