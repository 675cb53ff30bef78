#!/usr/bin/env python3
"""Index every sweep video with `framelens index` and score the cues against the truth.

Usage (after make.py; from anywhere):

    python3 Benchmarks/sweep/check.py              # every video make.py wrote
    python3 Benchmarks/sweep/check.py v07_x265 ... # only these (video names without extension)
    python3 Benchmarks/sweep/check.py --no-run     # score the indexes of the last run again

Runs `framelens index VIDEO -o OUT/vids/NAME.json` for one video at a time, timing it, and matches
each truth slide to the cue it overlaps most in time: start/end errors in frames (cue - truth), CER
(Levenshtein / reference length, whitespace collapsed), missing, merged and extra cues, and words
that are not in the deck (inset leaks). Prints the details of every miss and writes
OUT/results/NAME.json and OUT/results/summary.md (a table of every result in OUT/results), and that table
to Benchmarks/out/sweep.json.

With numpy installed it also checks the truth itself: it decodes each video with ffmpeg and lists
the truth boundaries where the decoded picture (outside any inset) does not change, so a boundary
the encoder moved shows up. Without numpy that check is skipped.

Exits 1 when, on any video checked, the index failed or a cue start or end is not exact (missing,
merged and extra cues included). A truth with "fades" ranges (v13_xfade, v18_fading_bullets) lets the
boundaries at a fade's start land anywhere within the fade: reported, not failed. OUT is Benchmarks/out/sweep in the
repository or $SWEEP_OUT; the binary is .build/release/framelens or $FRAMELENS.
"""
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUT = Path(os.environ.get("SWEEP_OUT") or REPO / "Benchmarks" / "out" / "sweep")
VIDS = OUT / "vids"
RESULTS = OUT / "results"
FRAMELENS = os.environ.get("FRAMELENS") or str(REPO / ".build" / "release" / "framelens")

sys.dont_write_bytecode = True           # no __pycache__ left next to Benchmarks/cer.py
sys.path.insert(0, str(REPO / "Benchmarks"))
from cer import cer, normalise  # noqa: E402  (Benchmarks/cer.py)
from results import write as write_results  # noqa: E402  (Benchmarks/results.py)

try:
    import numpy as np
except ImportError:
    np = None


def video_of(name):
    found = [p for p in VIDS.glob(f"{name}.*") if p.suffix != ".json"]
    if not found:
        sys.exit(f"no video {VIDS}/{name}.* (run make.py)")
    return found[0]


def run_index(video, out):
    """framelens index, with its wall time, user CPU time and peak resident memory."""
    with tempfile.TemporaryFile() as err:
        t = time.monotonic()
        p = subprocess.Popen([FRAMELENS, "index", str(video), "-o", str(out)],
                             stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.monotonic() - t
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        stderr = err.read().decode(errors="replace").strip()
    return dict(rc=p.returncode, stderr=stderr, wall=round(wall, 2), cpu=round(usage.ru_utime, 2),
                peak_mib=round(usage.ru_maxrss / 1024, 1))   # ru_maxrss is in KiB on Linux


def change_frames(video, inset=None, w=160, h=90):
    """Decoded frames (display order) whose gray thumbnail differs from the previous one's."""
    p = subprocess.run(["ffmpeg", "-v", "error", "-i", str(video), "-vsync", "passthrough", "-vf",
                        f"scale={w}:{h}:flags=area,format=gray", "-f", "rawvideo", "-"], capture_output=True)
    a = np.frombuffer(p.stdout, np.uint8).reshape(-1, h, w).astype(np.int16)
    mask = np.ones((h, w), bool)
    if inset:
        x0, y0, x1, y1 = inset
        mask[int(y0 * h) - 1:int(y1 * h) + 2, int(x0 * w) - 1:int(x1 * w) + 2] = False
    d = np.array([np.abs(a[i] - a[i - 1])[mask].max() for i in range(1, len(a))])
    return len(a), [int(i) + 1 for i in np.nonzero(d > 40)[0]]


def truth_self_check(video, truth, slides):
    """The truth boundaries at which the decoded picture does not change."""
    inset = None
    if "inset" in truth:
        width, height = map(int, truth["size"].split()[0].split("x"))
        m = dict(kv.split("=") for kv in truth["inset"].split(","))
        x, y, w, h = (int(m[k]) for k in "xywh")
        inset = (x / width, y / height, (x + w) / width, (y + h) / height)
    n, changes = change_frames(video, inset)
    bounds = sorted(({s["startFrame"] for s in slides} | {s["endFrame"] for s in slides}) - {0, n})
    return dict(decoded_frames=n, decoded_changes=changes,
                truth_bounds_not_in_decode=[b for b in bounds if b not in changes])


def vfr_frames(video, rows, cues):
    """VFR: convert the matched cues' times to decoded-frame indexes (the truth's frame numbers)."""
    pts = [float(x.strip(",")) for x in subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
         "frame=best_effort_timestamp_time", "-of", "csv=p=0", str(video)],
        capture_output=True, text=True).stdout.split() if x.strip(",")]

    def index(tm):
        return next((i for i, p in enumerate(pts) if p >= tm - 0.0005), len(pts))
    for r in rows:
        if "cue" in r:
            c = cues[r["cue"]]
            r["gotNominal"] = r["got"]
            r["got"] = [index(c["start"]), index(c["end"])]
            r["ds"], r["de"] = r["got"][0] - r["truth"][0], r["got"][1] - r["truth"][1]


def score(name, run=True, self_check=True):
    video = video_of(name)
    truth = json.loads((VIDS / f"{name}.truth.json").read_text())
    out = VIDS / f"{name}.json"
    res = dict(name=name, video=str(video), encode=truth.get("encode"))
    if run:
        res.update(run_index(video, out))
        (RESULTS / f"{name}.run.json").write_text(json.dumps(res))
    else:
        res.update(json.loads((RESULTS / f"{name}.run.json").read_text()))
    try:
        cues = json.loads(out.read_text())["cues"]
    except Exception as e:
        res["error"] = f"no index: {e}"
        cues = []
    slides = truth["slides"]
    res["ncues"], res["ntruth"] = len(cues), len(slides)
    rows, used = [], set()
    for s in slides:
        best, best_overlap = None, 0
        for i, c in enumerate(cues):
            o = min(s["end"], c["end"]) - max(s["start"], c["start"])   # overlap in seconds
            if o > 1e-6 and o > best_overlap:
                best, best_overlap = i, o
        r = dict(truth=[s["startFrame"], s["endFrame"]], truthTime=[s["start"], s["end"]], text=s["text"])
        if best is None:
            r["missing"] = True
        else:
            c = cues[best]
            used.add(best)
            r.update(cue=best, got=[c["startFrame"], c["endFrame"]], gotTime=[c["start"], c["end"]],
                     ds=c["startFrame"] - s["startFrame"], de=c["endFrame"] - s["endFrame"],
                     cer=round(cer(s["text"], c["text"]), 4), gotText=c["text"])
        rows.append(r)
    matches = [r["cue"] for r in rows if "cue" in r]
    for r in rows:                           # one cue matched by several slides: merged slides
        if "cue" in r and matches.count(r["cue"]) > 1:
            r["merged"] = True
    if truth.get("fps") is None:
        vfr_frames(video, rows, cues)
        res["note"] = "VFR: cue frames converted from cue times to decoded-frame indexes"
    res["rows"] = rows
    res["extra"] = [dict(i=i, startFrame=c["startFrame"], endFrame=c["endFrame"], text=c["text"])
                    for i, c in enumerate(cues) if i not in used]
    vocab = {w.lower() for s in slides for w in normalise(s["text"]).split()}
    res["alien_words"] = [(i, w) for i, c in enumerate(cues) for w in normalise(c["text"]).split()
                          if w.lower().strip(".,:;|'\"") not in vocab]
    ok = [r for r in rows if "ds" in r]
    res["exact_starts"] = sum(r["ds"] == 0 for r in ok)
    res["exact_ends"] = sum(r["de"] == 0 for r in ok)
    res["max_start_err"] = max((abs(r["ds"]) for r in ok), default=None)
    res["max_end_err"] = max((abs(r["de"]) for r in ok), default=None)
    res["mean_cer"] = round(sum(r["cer"] for r in ok) / len(ok), 4) if ok else None
    if self_check:
        res.update(truth_self_check(video, truth, slides))
    res["failures"], res["tolerated"] = judge(res, truth.get("fades", []))
    (RESULTS / f"{name}.json").write_text(json.dumps(res, indent=1))
    return res


def judge(res, fades=()):
    """(failures, tolerated): what makes the check fail, and fade boundaries that do not."""
    failures, tolerated = [], []
    if res.get("rc"):
        failures.append(f"framelens exited {res['rc']}")
    if res.get("error"):
        failures.append(res["error"])
    for r in res["rows"]:
        if r.get("missing"):
            failures.append(f"slide {r['truth']} missing")
            continue
        for k, what in ((0, "start"), (1, "end")):
            want, got = r["truth"][k], r["got"][k]
            if got == want:
                continue
            msg = f"slide {r['truth']} {what} {want} got {got}"
            fade = next((f for f in fades if want == f[0] and f[0] <= got <= f[1]), None)
            if fade:
                tolerated.append(msg + f" (inside the fade [{fade[0]},{fade[1]}))")
            else:
                failures.append(msg)
    for e in res["extra"]:
        failures.append(f"extra cue [{e['startFrame']},{e['endFrame']})")
    return failures, tolerated


def fmt_row(r):
    notes = []
    if r.get("rc"):
        notes.append(f"exit {r['rc']}")
    if r.get("stderr"):
        notes.append("stderr: " + r["stderr"][:80].replace("\n", " / "))
    miss = sum(1 for x in r["rows"] if x.get("missing"))
    merged = sum(1 for x in r["rows"] if x.get("merged"))
    if miss:
        notes.append(f"{miss} slides missing")
    if merged:
        notes.append(f"{merged} slides merged")
    if r["extra"]:
        notes.append(f"{len(r['extra'])} extra cues")
    if r["alien_words"]:
        notes.append(f"{len(r['alien_words'])} words not in deck")
    if r.get("truth_bounds_not_in_decode"):
        notes.append(f"truth bounds w/o decoded change: {r['truth_bounds_not_in_decode'][:5]}")
    n = r["ntruth"]
    return (f"| {r['name']} | {r['encode']} | {r['ncues']}/{n} | {r['exact_starts']}/{n} | {r['max_start_err']} | "
            f"{r['exact_ends']}/{n} | {r['mean_cer']} | {r['wall']} | {r['cpu']} | {r['peak_mib']} | "
            f"{'; '.join(notes)} |")


def summary_tables(results):
    """Benchmarks/RESULTS.md's table (results.py): summary.md's, the check's failures counted instead of the notes."""
    rows = []
    for r in results:
        n = r["ntruth"]
        failures = r.get("failures")
        rows.append([r["name"], r["encode"], f"{r['ncues']}/{n}", f"{r['exact_starts']}/{n}", r["max_start_err"],
                     f"{r['exact_ends']}/{n}", r["mean_cer"], r.get("wall"), r.get("cpu"), r.get("peak_mib"),
                     None if failures is None else len(failures)])
    columns = ["variant", "codec/settings", "cues/truth", "exact starts", "max abs start err (fr)", "exact ends",
               "mean CER", "wall s", "CPU s", "peak MiB", "failures"]
    return [{"rows": rows, "columns": columns,
             "notes": ["exact starts, ends: slides whose cue (the one overlapping the slide most) starts (ends) on the "
                       "truth's frame; start err: cue - truth, in frames",
                       "mean CER: Levenshtein / reference length (whitespace collapsed), mean over the matched slides",
                       "wall s, CPU s, peak MiB: of framelens index (user CPU time, peak resident memory)",
                       "failures: what fails the check (a missing, merged or extra cue, an inexact start or end, a "
                       "failed index); check.py prints them"]}]


def print_details(r):
    print(fmt_row(r), flush=True)
    for x in r["rows"]:
        if x.get("missing"):
            print(f"   MISSING truth {x['truth']} {normalise(x['text'])[:50]!r}")
        elif x["ds"] or x["de"] or x["cer"] > 0.02 or x.get("merged"):
            print(f"   truth {x['truth']} got {x['got']} ds={x['ds']:+d} de={x['de']:+d} cer={x['cer']}"
                  f"{' MERGED' if x.get('merged') else ''} got={normalise(x['gotText'])[:60]!r}")
    for e in r["extra"]:
        print(f"   EXTRA cue {e['i']} [{e['startFrame']},{e['endFrame']}) {normalise(e['text'])[:60]!r}")
    if r["alien_words"]:
        print(f"   words not in deck: {r['alien_words'][:12]}")
    for t in r["tolerated"]:
        print(f"   not failed: {t}")


def main():
    args = sys.argv[1:]
    if "-h" in args or "--help" in args:
        print(__doc__.strip())
        return 0
    run = "--no-run" not in args
    names = [a for a in args if not a.startswith("--")]
    if not names:
        names = sorted(p.name[:-len(".truth.json")] for p in VIDS.glob("*.truth.json"))
    if not names:
        sys.exit(f"no videos in {VIDS} (run make.py first)")
    if run and not os.access(FRAMELENS, os.X_OK):
        sys.exit(f"no binary {FRAMELENS} (swift build -c release, or set FRAMELENS)")
    RESULTS.mkdir(parents=True, exist_ok=True)
    if np is None:
        print("numpy not installed: skipping the truth self-check (decoded changes vs truth boundaries)")
    failed = {}
    for name in names:
        r = score(name, run, self_check=np is not None)
        print_details(r)
        if r["failures"]:
            failed[name] = r["failures"]
    results = [json.loads(p.read_text()) for p in sorted(RESULTS.glob("v*.json"))
               if not p.name.endswith(".run.json")]
    with open(RESULTS / "summary.md", "w") as f:
        f.write("| variant | codec/settings | cues/truth | exact starts | max abs start err (fr) | exact ends | "
                "mean CER | wall s | CPU s | peak MiB | notes |\n|" + "---|" * 11 + "\n")
        for r in results:
            f.write(fmt_row(r) + "\n")
    print(f"summary: {RESULTS / 'summary.md'}")
    write_results("sweep", "Robustness sweep: framelens index's cue frames and text across codecs, containers and "
                  "frame rates (sweep/check.py)", summary_tables(results))
    if failed:
        print(f"FAILED: {len(failed)} of {len(names)} videos")
        for name, why in failed.items():
            print(f"  {name}: " + "; ".join(why[:6]) + (f"; ... ({len(why)} in all)" if len(why) > 6 else ""))
        return 1
    print(f"OK: every cue start and end exact on {len(names)} videos")
    return 0


if __name__ == "__main__":
    sys.exit(main())
