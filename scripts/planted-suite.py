#!/usr/bin/env python3
"""The planted-imbalance suite of `balance tune` (the docs' "Tuning").

A benchmark, not a test (CI runs only the toy case): every case in
data/tune/planted/*.yaml takes a shipped ruleset that passes its targets,
plants one or two edits with --set that break them, and leaves every value the
schema bounds (or every card cost) free as a knob. For each case and strategy
(the tuner and its three peers at the same budget: random search, the
one-value-at-a-time sweep and NTBEA, the N-tuple bandit evolutionary algorithm
as TAG runs it) it runs

  nice -n 10 build/bin/balance tune RULESET --targets CASE --set PLANTED... \\
      --agents A --verify-agents A --budget B --verify-games V --seed S \\
      --threads 1 --strategy X --json OUT

one at a time, and for every "pass" an independent check: `balance run` with
the planted values and the proposal's edits as --set, on another seed, and
whether each target's 95% interval lies inside its band (first side: the run's
Wilson interval; shares: Wilson on the counts; length: mean +- 1.96 sd/sqrt(n)),
and whether every use the content guard protected (`guard.protected`, metrics
use_per_turn:ID:USE) lies inside its band there ("guard broken" otherwise).
Prints one Markdown table. The case's header comments name the ruleset
(`# ruleset:`), the planted values (`# planted:`), the agents (`# agents:`) and,
when it is not the ruleset's default, the player count (`# players:`).

usage: scripts/planted-suite.py [--balance build/bin/balance] [--budget 8000]
         [--verify-games 2000] [--seed 1] [--check-seed 7] [--check-games 2000]
         [--strategies tuner,random,one-at-a-time,ntbea] [--no-guard] [--out DIR] [CASE.yaml ...]
"""
import argparse
import glob
import json
import math
import os
import resource
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def header(path):
    meta = {"planted": [], "agents": "random"}
    with open(path) as f:
        for line in f:
            if not line.startswith("#"):
                break
            for key in ("ruleset", "planted", "agents", "players"):
                tag = "# " + key + ":"
                if line.startswith(tag):
                    value = line[len(tag):].strip()
                    meta[key] = value.split() if key == "planted" else value.split()[0] if key == "players" else value
    if "ruleset" not in meta:
        sys.exit(f"{path}: no '# ruleset:' line")
    return meta


def run(cmd):
    """Runs cmd; returns (exit code, stdout, stderr, wall s, CPU s of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return p.returncode, p.stdout, p.stderr, time.time() - start, cpu


def wilson(k, n, z=1.959963984540054):
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, c - h), min(1.0, c + h))


def interval(doc, metric):
    """(value, lo, hi) of a tune metric read from a `balance run --json` document."""
    games = doc["games"]
    if metric in ("first_side", "first_player"):
        fs = doc["first_side"]
        return fs["win_rate"], fs["ci95"][0], fs["ci95"][1]
    if metric == "length":
        t = doc["turns"]
        h = 1.959963984540054 * t["sd"] / math.sqrt(games)
        return t["mean"], t["mean"] - h, t["mean"] + h
    parts = metric.split(":")
    entities = doc.get("entities", {})
    if parts[0] in ("use", "use_games") and len(parts) in (2, 3) and parts[1] in entities:
        use = entities[parts[1]]["use"]
        u = use[parts[2] if len(parts) == 3 else use["main"]]
        if parts[0] == "use":
            return u["per_game"], u["ci95"][0], u["ci95"][1]
        lo, hi = wilson(round(u["games_share"] * games), games)
        return u["games_share"], lo, hi
    if parts[0] == "diversity" and len(parts) == 2 and parts[1] in doc.get("diversity", {}):
        d = doc["diversity"][parts[1]]
        return d["value"], d["ci95"][0], d["ci95"][1]
    counts = {"nobody_wins": doc["nobody_wins"], "adjudicated": doc["adjudicated"],
              "timeouts": doc["timeouts"]["count"], "draws": doc["draws"]}
    if metric in counts:
        k = counts[metric]
        lo, hi = wilson(k, games)
        return k / games, lo, hi
    return None


def check(meta, result, args):
    """The independent `balance run` of a pass: 'ok' or the targets whose interval leaves the band."""
    cmd = ["nice", "-n", "10", args.balance, "run", meta["ruleset"], "--agents", meta["agents"],
           "--games", str(args.check_games), "--seed", str(args.check_seed), "--threads", "1", "--json", "-"]
    if "players" in meta:
        cmd += ["--players", meta["players"]]
    for s in meta["planted"]:
        cmd += ["--set", s]
    for e in result["edits"]:
        cmd += ["--set", f"{e['path']}={e['to']}"]
    code, out, err, wall, cpu = run(cmd)
    if code != 0:
        return f"run failed ({err.strip()[:80]})", cpu, cmd
    doc = json.loads(out)
    outside, crosses = [], []
    for t in result["targets"]:
        got = interval(doc, t["metric"])
        if got is None:
            outside.append(t["metric"] + " not in run")
            continue
        v, lo, hi = got
        tmin = -math.inf if t["min"] is None else t["min"]
        tmax = math.inf if t["max"] is None else t["max"]
        text = f"{t['metric']} {v:.3g} [{lo:.3g}, {hi:.3g}]"
        if hi < tmin or lo > tmax:
            outside.append(text)
        elif lo < tmin or hi > tmax:
            crosses.append(text)
    broken = []
    for g in result.get("guard", {}).get("protected", []):
        parts = g["metric"].split(":")
        if parts[0] not in ("use", "use_per_turn") or len(parts) != 3 or parts[1] not in doc.get("entities", {}):
            continue
        v = doc["entities"][parts[1]]["use"][parts[2]]["per_game"]
        if parts[0] == "use_per_turn":
            v /= max(doc["turns"]["mean"], 1e-9)
        gmin = -math.inf if g["min"] is None else g["min"]
        gmax = math.inf if g["max"] is None else g["max"]
        if v < gmin or v > gmax:
            broken.append(f"{g['metric']} {v:.3g} (band {g['min']}..{g['max']})")
    if broken:
        return "guard broken: " + "; ".join(broken[:3]) + (f" (+{len(broken) - 3})" if len(broken) > 3 else ""), cpu, cmd
    if outside:
        return "OUTSIDE: " + "; ".join(outside + crosses), cpu, cmd
    if crosses:
        return "crosses: " + "; ".join(crosses), cpu, cmd
    return "inside", cpu, cmd


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("cases", nargs="*")
    ap.add_argument("--balance", default="build/bin/balance")
    ap.add_argument("--budget", type=int, default=8000)
    ap.add_argument("--verify-games", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--check-seed", type=int, default=7)
    ap.add_argument("--check-games", type=int, default=2000)
    ap.add_argument("--strategies", default="tuner,random,one-at-a-time,ntbea")
    ap.add_argument("--no-guard", action="store_true", help="tune without the content guard (as balance tune --no-guard)")
    ap.add_argument("--out", help="keep each tune's JSON here")
    args = ap.parse_args()
    cases = args.cases or sorted(glob.glob(os.path.join(ROOT, "data/tune/planted/*.yaml")))
    out_dir = args.out or tempfile.mkdtemp(prefix="planted-")
    os.makedirs(out_dir, exist_ok=True)
    print("| case | planted | strategy | verdict | edits | vs planted | games (search + verify) | time | independent check |")
    print("|---|---|---|---|---|---|---|---|---|")
    tally = {}
    for case in cases:
        meta = header(case)
        name = os.path.splitext(os.path.basename(case))[0]
        for strategy in args.strategies.split(","):
            js = os.path.join(out_dir, f"{name}.{strategy}.json")
            cmd = ["nice", "-n", "10", args.balance, "tune", meta["ruleset"], "--targets", os.path.relpath(case, ROOT),
                   "--agents", meta["agents"], "--verify-agents", meta["agents"], "--budget", str(args.budget),
                   "--verify-games", str(args.verify_games), "--seed", str(args.seed), "--threads", "1",
                   "--json", js] + ([] if strategy == "tuner" else ["--strategy", strategy])
            if args.no_guard:
                cmd.append("--no-guard")
            if "players" in meta:
                cmd += ["--players", meta["players"]]
            for s in meta["planted"]:
                cmd += ["--set", s]
            code, out, err, wall, cpu = run(cmd)
            if code != 0:
                print(f"| {name} | {' '.join(meta['planted'])} | {strategy} | error {code}: {err.strip()[:100]} | | | | | |")
                continue
            with open(js) as f:
                r = json.load(f)
            # Each edit with its move in steps of the knob's domain: a big move
            # where a small one passes shows here.
            edits = ", ".join(f"{e['path'].replace('parameters.', '')} {e['from']}->{e['to']} ({e.get('steps', 0):+d})"
                              for e in r["edits"]) or "none"
            n, p = len(r["edits"]), len(meta["planted"])
            within = n <= p + 1
            verdict = r["verdict"]
            indep = "-"
            if verdict == "pass":
                indep, ccpu, _ = check(meta, r, args)
                cpu += ccpu
            ok = verdict == "pass" and within and indep == "inside"
            t = tally.setdefault(strategy, [0, 0, 0, 0])
            t[0] += 1
            t[1] += ok
            t[2] += verdict == "pass" and (indep.startswith("OUTSIDE") or indep.startswith("guard broken"))
            t[3] += verdict == "pass" and indep.startswith("crosses")
            planted = ", ".join(s.replace("parameters.", "") for s in meta["planted"])
            print(f"| {name} | {planted} | {strategy} | {verdict} | {edits} | {n} vs {p}{'' if within else ' (too many)'} "
                  f"| {r['games']['search']} + {r['games']['verification']} | {r['elapsed_s']:.1f} s ({cpu:.1f} s CPU) | {indep} |",
                  flush=True)
    print()
    for strategy, (cases_run, good, contradicted, crossing) in tally.items():
        print(f"{strategy}: {good} of {cases_run} cases pass on fresh seeds with at most one edit more than planted "
              f"and every interval inside its band in the independent check; of the passes, {contradicted} put an "
              f"interval outside its band (or broke the guard) there and {crossing} one across an edge")
    print(f"(budget {args.budget} search games, {args.verify_games} verification games per run, seed {args.seed}; "
          f"checks: balance run --games {args.check_games} --seed {args.check_seed}; JSON in {out_dir})")


if __name__ == "__main__":
    main()
