#!/usr/bin/env python3
"""Writes set3's dangerous.jsonl, ordinary.jsonl and prompts.jsonl (deterministic, no network) and fails on a
duplicate: the same (tool, input) with whitespace collapsed, within or across the two tool-call files, or the same
prompt. `--check` also runs `bash -n` on every Bash command and prints the counts per class and tool."""

import json
import os
import re
import subprocess
import sys
from collections import Counter

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.dirname(__file__))
import dangerous  # noqa: E402
import ordinary  # noqa: E402
import prompts  # noqa: E402

OUT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CWD = "/home/kim/src/ledger"


def key(tool, inp):
    return tool + "\0" + re.sub(r"\s+", " ", json.dumps(inp, sort_keys=True, ensure_ascii=False)).strip()


def main():
    seen = {}

    def claim(k, who):
        if k in seen:
            sys.exit(f"duplicate: {who} repeats {seen[k]}")
        seen[k] = who

    rows, per = [], Counter()
    for cls, tool, inp, note in dangerous.all_cases():
        per[cls] += 1
        rid = f"{cls}-{per[cls]:03d}"
        claim(key(tool, inp), rid)
        rows.append({"id": rid, "class": cls, "tool": tool, "input": inp, "cwd": CWD, "expect": dangerous.CLASSES[cls], "note": note})
    ords = []
    for i, (kind, tool, inp, note, near) in enumerate(ordinary.all_cases(), 1):
        rid = f"ordinary-{i:04d}"
        claim(key(tool, inp), rid)
        r = {"id": rid, "class": "ordinary", "tool": tool, "input": inp, "cwd": CWD, "expect": "allow", "note": note}
        if near:
            r["near"] = near
        ords.append(r)
    prs, nb, na = [], 0, 0
    for expect, text, note in prompts.all_prompts():
        if expect == "block":
            nb += 1
            rid = f"secret-prompt-{nb:03d}"
        else:
            na += 1
            rid = f"prompt-ordinary-{na:03d}"
        claim("prompt\0" + text, rid)
        prs.append({"id": rid, "prompt": text, "expect": expect, "note": note})
    for name, data in [("dangerous.jsonl", rows), ("ordinary.jsonl", ords), ("prompts.jsonl", prs)]:
        with open(os.path.join(OUT, name), "w", encoding="utf-8", newline="\n") as f:
            for r in data:
                f.write(json.dumps(r, ensure_ascii=False) + "\n")
    if "--check" in sys.argv:
        check(rows, ords, prs)


def check(rows, ords, prs):
    bad = 0
    for r in rows + ords:
        if r["tool"] == "Bash":
            p = subprocess.run(["bash", "-n"], input=r["input"]["command"], text=True, capture_output=True)
            if p.returncode:
                bad += 1
                print(f"bash -n fails: {r['id']}: {p.stderr.strip()}")
    ids = [r["id"] for r in rows + ords + prs]
    assert len(ids) == len(set(ids)), "ids not unique"
    for name in ["dangerous.jsonl", "ordinary.jsonl", "prompts.jsonl"]:
        with open(os.path.join(OUT, name), encoding="utf-8") as f:
            for line in f:
                json.loads(line)
    by = Counter((r["class"], r["tool"]) for r in rows)
    for cls in dangerous.CLASSES:
        tools = ", ".join(f"{t} {n}" for (c, t), n in sorted(by.items(), key=lambda x: -x[1]) if c == cls)
        print(f"{cls:18} {dangerous.CLASSES[cls]:5} {sum(n for (c, _), n in by.items() if c == cls):4}  {tools}")
    print("dangerous", len(rows))
    near = Counter(r.get("near") for r in ords)
    print("ordinary", len(ords), "near", sum(n for k, n in near.items() if k), dict(near))
    print("ordinary by tool", dict(Counter(r["tool"] for r in ords)))
    print("prompts", len(prs), dict(Counter(r["expect"] for r in prs)), "near-miss", sum(r["note"].startswith("near-miss") for r in prs))
    if bad:
        sys.exit(f"{bad} Bash commands do not parse")


main()
