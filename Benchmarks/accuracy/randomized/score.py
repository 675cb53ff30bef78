#!/usr/bin/env python3
"""Scores framelens index, the tesseract CLI and RapidOCR on one half of the randomised caption clips.

Each clip is run and scored by captions.py's own code (tool_runs, measure: the same tools, frames and
definitions as the caption benchmark); the figures are summed overall and per factor (report.py), printed,
written to Benchmarks/out/accuracy/randomized-HALF-results.json (every clip and caption) and recorded with
results.py as `randomized-HALF` for Benchmarks/RESULTS.md.

Environment: ACC_HALF=check (default) or tune; ACC_TOOLS, FRAMELENS, ACC_ENGINES as captions.py; ACC_CLIPS=N
scores the first N clips only; ACC_CORPUS another folder. The clips are made first when missing (make.sh,
RANDOM_CLIPS of them). Rows of tools an earlier run of the same clips measured and this one did not redo (another
ACC_FRAMELENS_ARGS, RapidOCR left out) are kept in the results and the report, each with the time it was
measured. Standard library only (RapidOCR runs in its venv).
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
sys.path.insert(0, os.path.dirname(HERE))
import captions  # noqa: E402  (Benchmarks/accuracy/captions.py)
from results import write as write_results  # noqa: E402  (Benchmarks/results.py, on captions.py's path)

import report  # noqa: E402

HALF = os.environ.get("ACC_HALF", "check")
if HALF not in ("tune", "check"):
    sys.exit(f"error: ACC_HALF={HALF}: known: tune, check")
OUT = os.path.join(REPO, "Benchmarks", "out", "accuracy")
CORPUS = os.environ.get("ACC_CORPUS") or os.path.join(OUT, "randomized", HALF)
RESULTS = os.path.join(OUT, f"randomized-{HALF}-results.json")


def main():
    manifest = os.path.join(CORPUS, "manifest.json")
    if not os.path.exists(manifest):
        subprocess.run([os.path.join(HERE, "make.sh"), HALF, CORPUS], check=True)
    with open(manifest, encoding="utf-8") as f:
        clips = json.load(f)["videos"]
    if os.environ.get("ACC_CLIPS"):
        clips = clips[:int(os.environ["ACC_CLIPS"])]
    tools = [t.strip() for t in os.environ.get("ACC_TOOLS", ",".join(captions.TOOLS)).split(",") if t.strip()]
    if set(tools) - set(captions.TOOLS):
        sys.exit(f"error: ACC_TOOLS: known: {', '.join(captions.TOOLS)}")

    began = time.monotonic()
    scratch_root = tempfile.mkdtemp(prefix="randomized-bench-")
    rows = []
    try:
        binary = captions.copy_framelens(REPO, scratch_root) if "framelens" in tools else None
        engine = captions.RapidOCR() if "rapidocr" in tools else None
        commit = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        print(f"randomized captions ({HALF} half): {len(clips)} clips, {sum(c['duration'] for c in clips):.0f} s, "
              f"tools {', '.join(tools)}; load {os.getloadavg()[0]:.2f}; at {commit}", flush=True)
        for n, entry in enumerate(clips, 1):
            video = os.path.join(CORPUS, entry["video"])
            truth = captions.truth(entry, CORPUS)
            for name, run in captions.tool_runs(entry, video, tools, binary, engine, region=False):
                figures = captions.measure(entry, truth, run, scratch_root, [tuple(s) for s in entry["ignore"]])
                figures.update(video=entry["name"], tool=name, factors=entry["factors"],
                               measured=time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()))
                rows.append(figures)
            print(f"\r  {n}/{len(clips)} clips, {time.monotonic() - began:.0f} s", end="", flush=True)
        print()
        if engine:
            engine.close()
    finally:
        shutil.rmtree(scratch_root, ignore_errors=True)

    wall = time.monotonic() - began
    rows += earlier_rows(clips, {row["tool"] for row in rows})
    tables = report.tables(rows)
    print(report.text(tables))
    print(f"\n{len(clips)} clips scored in {wall:.0f} s; load average at the end {os.getloadavg()[0]:.2f}")
    with open(RESULTS + ".part", "w", encoding="utf-8") as f:
        json.dump({"benchmark": f"randomized-{HALF}", "corpus": CORPUS, "wallSeconds": round(wall, 1),
                   "results": rows}, f, indent=1, ensure_ascii=False)
    os.replace(RESULTS + ".part", RESULTS)
    tables[0]["notes"].append(f"{len(clips)} clips of the {HALF} half (seed and draws: accuracy/README.md, "
                              f"\"Randomised captions\"); scored in {wall / 60:.1f} min")
    write_results(f"randomized-{HALF}", f"Randomised captions, {HALF} half: framelens index against tesseract and "
                  "RapidOCR, overall and per factor (accuracy/randomized/score.py)", tables)
    print(f"every clip and caption: {RESULTS}")


def earlier_rows(clips, redone):
    """The rows of RESULTS for these clips of tools not in `redone` that measured every one of them, when it was
    written for the same corpus."""
    try:
        with open(RESULTS, encoding="utf-8") as f:
            earlier = json.load(f)
    except (OSError, ValueError):
        return []
    names = {clip["name"] for clip in clips}
    if earlier.get("corpus") != CORPUS:
        return []
    kept = [row for row in earlier.get("results", []) if row["tool"] not in redone and row["video"] in names]
    complete = {tool for tool in {row["tool"] for row in kept}
                if names <= {row["video"] for row in kept if row["tool"] == tool}}
    return [row for row in kept if row["tool"] in complete]


if __name__ == "__main__":
    main()
