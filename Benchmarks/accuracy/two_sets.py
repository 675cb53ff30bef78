"""What the benchmarks of a tuning and a held-out set of videos share (recorded.py, terminal.py): the sets to run
(ACC_SET, both by default), `framelens index` timed, and running the sets with a copy of the binary into the
per-cue results file, where a set not run keeps its figures from the last run.

Standard library only.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

from binary import copy_framelens  # noqa: E402
from captions import REPO, EXTRA_ARGS  # noqa: E402
from screencast import provenance  # noqa: E402

SETS = ("tuning", "heldout")


def sets_wanted():
    """The sets ACC_SET names: tuning, heldout, or both (unset or `both`)."""
    wanted = os.environ.get("ACC_SET", "both")
    if wanted == "both":
        return list(SETS)
    if wanted not in SETS:
        sys.exit(f"error: ACC_SET={wanted}: known: {', '.join(SETS)}, both (the default)")
    return [wanted]


def index(binary, video, scratch):
    """framelens index V --format json -o X.json: the cues (with their frames) and the wall time."""
    target = os.path.join(scratch, os.path.basename(video) + ".json")
    began = time.monotonic()
    subprocess.run([binary, "index", video, "--format", "json", "-o", target] + EXTRA_ARGS, check=True,
                   stdin=subprocess.DEVNULL)
    wall = time.monotonic() - began
    with open(target, encoding="utf-8") as f:
        return json.load(f)["cues"], wall


def run_sets(what, results, run_set):
    """Runs `run_set(name, binary, scratch, stamp, commit)` for each set wanted, with a copy of the binary
    (FRAMELENS, else the release build), after a header line naming `what`; returns every set's figures, those
    not run read from `results`."""
    wanted = sets_wanted()
    stamp, commit = provenance()
    source = os.environ.get("FRAMELENS") or os.path.join(REPO, ".build", "release", "framelens")
    print(f"== framelens index on {what} ({', '.join(wanted)}; {os.cpu_count()} cores, load "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; {source}; framelens at {commit}; {stamp})", flush=True)
    saved = {}
    if os.path.exists(results):
        with open(results, encoding="utf-8") as f:
            saved = json.load(f).get("sets", {})
    scratch_root = tempfile.mkdtemp(prefix="sets-")
    try:
        binary = copy_framelens(REPO, scratch_root)
        for name in wanted:
            saved[name] = dict(run_set(name, binary, scratch_root, stamp, commit), binary=source)
    finally:
        shutil.rmtree(scratch_root, ignore_errors=True)
    return {name: saved[name] for name in SETS if name in saved}


def save(results, benchmark, match, sets):
    """Writes every set's figures to `results` (through a temporary file)."""
    os.makedirs(os.path.dirname(results), exist_ok=True)
    with open(results + ".part", "w", encoding="utf-8") as f:
        json.dump({"benchmark": benchmark, "matchCer": match, "sets": sets}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(results + ".part", results)
