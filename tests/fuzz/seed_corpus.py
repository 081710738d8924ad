#!/usr/bin/env python3
"""Writes the seed corpus of the three fuzz targets (tests/fuzz/corpus/seed-*)
from the shipped rulesets (data/) and the test fixtures (tests/data): every
ruleset file as a loader input (multi-file rulesets also merged into one file,
since a fuzz input is a single file), every expression found in them as an
expression input, every dice question as a dice input. The reproducers of
inputs that once crashed, hung or ate the machine are written by hand
(corpus/*/repro-*) and never regenerated.

    python3 tests/fuzz/seed_corpus.py      # from the repository root
"""
import os
import re
import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(ROOT, "tests", "fuzz", "corpus")


def write(target, name, text):
    path = os.path.join(CORPUS, target, "seed-" + name)
    with open(path, "wb") as f:
        f.write(text if isinstance(text, bytes) else text.encode("utf-8"))


def yaml_files():
    for base in ("data/rulesets", "tests/data"):
        for folder, _, files in os.walk(os.path.join(ROOT, base)):
            for f in sorted(files):
                if f.endswith((".yaml", ".yml")):
                    yield os.path.join(folder, f)


def merged(root_path):
    """A root with `include:` as one file: the included sections appended."""
    with open(root_path, encoding="utf-8") as f:
        root = yaml.safe_load(f)
    for inc in root.pop("include", []) or []:
        with open(os.path.join(os.path.dirname(root_path), inc), encoding="utf-8") as f:
            part = yaml.safe_load(f) or {}
        for key, value in part.items():
            root[key] = (root.get(key) or []) + value if isinstance(value, list) else value
    return yaml.safe_dump(root, sort_keys=False, allow_unicode=True)


EXPR = re.compile(r"^[A-Za-z0-9_ .*/+\-(),×]+$")


def expressions(node, out):
    if isinstance(node, dict):
        for v in node.values():
            expressions(v, out)
    elif isinstance(node, list):
        for v in node:
            expressions(v, out)
    elif isinstance(node, str) and EXPR.match(node) and re.search(r"[*/+\-(]", node) and len(node) < 200:
        out.add(node.strip())


def main():
    for target in ("loader", "expression", "dice"):
        os.makedirs(os.path.join(CORPUS, target), exist_ok=True)
        for f in os.listdir(os.path.join(CORPUS, target)):
            if f.startswith("seed-"):
                os.remove(os.path.join(CORPUS, target, f))
    exprs, questions = set(), []
    for path in yaml_files():
        rel = os.path.relpath(path, ROOT).replace("/", "_")
        with open(path, "rb") as f:
            raw = f.read()
        write("loader", rel, raw)
        try:
            doc = yaml.safe_load(raw)
        except yaml.YAMLError:
            continue
        if isinstance(doc, dict):
            if doc.get("include"):
                try:
                    write("loader", "merged_" + rel, merged(path))
                except (OSError, yaml.YAMLError, TypeError, AttributeError):
                    pass
            expressions(doc, exprs)
            questions += [q for q in doc.get("dice_questions") or [] if isinstance(q, dict)]
    for i, e in enumerate(sorted(exprs)):
        write("expression", "%03d" % i, e + "\n\x01\x02\x03\x04\x05\x06")
    for i, q in enumerate(questions):
        lines = [str(q.get("query", "sum"))]
        for key in ("pool", "vs", "target", "rolls", "wild", "expression", "at_least", "faces"):
            if key in q:
                value = q[key]
                if isinstance(value, list):
                    value = ("|" if key == "target" else ",").join(str(v) for v in value)
                lines.append("%s %s" % (key, value))
        if q.get("anchored"):
            lines.append("anchored")
        write("dice", "question-%03d" % i, "\n".join(lines) + "\n")
    notations = ["3d6", "2d6+1d8+2", "d20-2", "4dF", "6d10!4kh3", "4d{fire:2,earth,water,air,Z}", "7d[fire_shaman]",
                 "4d6dl1", "10d10kl3", "d%", "3d6-1d4", "1d{1,1,2,3}!", "5d[fire]"]
    for i, n in enumerate(notations):
        write("dice", "sum-%02d" % i, "sum\npool %s\nat_least 10\n" % n)
    write("dice", "count-00", "count\npool 4d{fire:2,earth,water,air,Z}\nfaces fire,Z\n")
    write("dice", "vs-00", "vs\npool 3d6\nvs 2d6\n")
    write("dice", "vs-01", "vs\npool 2d6+1d8\nvs 3d6\n")
    write("dice", "target-00", "target\npool 7d[fire_shaman]\ntarget fire:2,earth:2|fire:3\nrolls 3\nwild Z\nanchored\n")
    write("dice", "mc-00", "sum\npool 6d10!4kh3\nmc 2000\nseed 3\n")
    write("dice", "mc-01", "expression\nexpression fire * magic\nmc 1000\n")
    write("dice", "mc-02", "target\npool 5d6\ntarget 6:3\nrolls 2\nmc 500\n")


if __name__ == "__main__":
    main()
