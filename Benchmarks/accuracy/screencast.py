#!/usr/bin/env python3
"""OCR accuracy on a code screencast (make-screencast.sh): a dark-theme editor that scrolls, then a terminal.

The corpus is Benchmarks/accuracy/make-screencast.sh's (made here when missing): 13 distinct views of a real
Python source file and of real command output, each with its frames and its text as drawn (manifest.json).
For every video (720p, 1080p):

  index      framelens index V --format json (default options), scored as captions.py scores captions,
             with the views as the captions: views found (a cue overlapping the view with CER <= 0.35),
             extra cues (matching no view), start error in frames, time accuracy (the smooth scroll's
             frames left out: no view is on screen there), CER of the found views and of all
  grab       framelens grab V --at T --json, T = the middle of each view
  tesseract  ffmpeg -ss T -i V -frames:v 1 f.png; tesseract f.png -
  rapidocr   RapidOCR (PP-OCRv4, venv.sh) on the same f.png, one long-lived process

CER (Benchmarks/cer.py) against the view's text: the editor's tab path and each row as "NUMBER CODE", the
terminal's rows. CER is order-sensitive, so each reading also gets a `lines CER`, which leaves the order
and the line numbers out: the truth's lines without their numbers, the reading's lines without lines of
digits alone and without a leading number (editor views); each truth line is paired with at most one
reading line, closest pairs first; the edits of the pairs, plus the unpaired lines of both, over the
truth's length. A reading whose lines CER is low and CER high has the words right and the order wrong. The scoring and the peer are imported
from captions.py and slides.py, not copied.

Environment: ACC_SCREENCASTS (screencast-720p,screencast-1080p; default both), ACC_TOOLS (framelens, tesseract,
rapidocr; default all), FRAMELENS (the binary; copied first), ACC_CORPUS (the corpus folder).
Prints the tables; writes Benchmarks/out/accuracy/screencast-results.json (`screencast.py --report` prints
the tables again from it) and the summary to Benchmarks/out/screencast.json.
"""
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from captions import REPO, OUT, MATCH, RapidOCR, run_framelens, score  # noqa: E402
from slides import framelens_transcript, first_difference, timed  # noqa: E402
from cer import cer, levenshtein, normalise  # noqa: E402  (Benchmarks/cer.py, on the path through captions.py)
from binary import copy_framelens  # noqa: E402
from results import rounded, write as write_results  # noqa: E402  (Benchmarks/results.py)

CORPUS = os.environ.get("ACC_CORPUS") or os.path.join(OUT, "screencast")
RESULTS = os.path.join(OUT, "screencast-results.json")
TOOLS = ("framelens", "tesseract", "rapidocr")
LINE_NUMBER = re.compile(r"^\s*\d+(\s+|$)")


def lines_cer(view, text):
    """CER with the order and the editor's line numbers left out (see the module doc)."""
    if view["kind"] == "editor":
        truth = view["text"].splitlines()[:1] + view["code"].splitlines()
        reading = [LINE_NUMBER.sub("", line) for line in text.splitlines()]
    else:
        truth, reading = view["text"].splitlines(), text.splitlines()
    tidy = lambda lines: [normalise(line) for line in lines if line.strip()]
    truth, reading = tidy(truth), tidy(reading)
    pairs = sorted((levenshtein(t, r) / max(len(t), 1), i, j) for i, t in enumerate(truth)
                   for j, r in enumerate(reading) if abs(len(t) - len(r)) < max(len(t), len(r)))
    edits, used_t, used_r = 0, set(), set()
    for _, i, j in pairs:
        if i not in used_t and j not in used_r:
            used_t.add(i), used_r.add(j)
            edits += levenshtein(truth[i], reading[j])
    edits += sum(len(t) for i, t in enumerate(truth) if i not in used_t)
    edits += sum(len(r) for j, r in enumerate(reading) if j not in used_r)
    return edits / max(1, sum(map(len, truth)))


def wanted(variable, known):
    names = [n.strip() for n in os.environ.get(variable, ",".join(known)).split(",") if n.strip()]
    unknown = set(names) - set(known)
    if unknown:
        sys.exit(f"error: {variable}: unknown {', '.join(sorted(unknown))} (known: {', '.join(known)})")
    return [k for k in known if k in names]


def readings(binary, engine, tools, video, views, scratch):
    """Each view's reading by grab, tesseract and rapidocr at its middle, with CERs and wall times."""
    rows = []
    for view in views:
        middle = (view["start"] + view["end"]) / 2
        row = {"view": view["view"], "kind": view["kind"], "where": view["where"], "time": round(middle, 3)}
        got = {}
        if binary:
            proc, seconds = timed([binary, "grab", video, "--at", f"{middle:.3f}", "--json"])
            got["grab"] = (framelens_transcript(json.loads(proc.stdout)) if proc.returncode == 0 else "", seconds)
        if engine or "tesseract" in tools:
            png = os.path.join(scratch, f"view-{view['view']:02d}.png")
            _, ff_seconds = timed(["ffmpeg", "-nostdin", "-v", "error", "-y", "-ss", f"{middle:.3f}", "-i", video,
                                   "-frames:v", "1", png], check=True)
            if "tesseract" in tools:
                proc, seconds = timed(["tesseract", png, "-"], check=True)
                got["tesseract"] = (proc.stdout.decode("utf-8", "replace"), ff_seconds + seconds)
            if engine:
                began = time.monotonic()
                text = engine.read(png)
                got["rapidocr"] = (text, ff_seconds + time.monotonic() - began)
        for tool, (text, seconds) in got.items():
            row[tool] = {"text": text, "seconds": round(seconds, 3), "cer": round(cer(view["text"], text), 4),
                         "linesCer": round(lines_cer(view, text), 4)}
        rows.append(row)
        print(f"   view {view['view']:2d} {view['where']:<28} " + " ".join(
            f"{tool} {row[tool]['cer']:.3f}" for tool in ("grab", "tesseract", "rapidocr") if tool in row), flush=True)
    return rows



def corpus_facts(manifest):
    """The corpus manifest's views, frame rate, duration, and the transitions' spans (not scored)."""
    ignore = [(t["start"], t["end"]) for t in manifest["transitions"]]
    return manifest["views"], manifest["fps"], manifest["duration"], ignore


def provenance():
    """When the run is (UTC) and the framelens commit it measures."""
    stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    commit = subprocess.run(["git", "-C", REPO, "describe", "--always", "--dirty"], capture_output=True,
                            text=True).stdout.strip()
    return stamp, commit

def main():
    manifest_path = os.path.join(CORPUS, "manifest.json")
    if not os.path.exists(manifest_path):
        subprocess.run([os.path.join(HERE, "make-screencast.sh"), CORPUS], check=True)
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    videos = [v for v in manifest["videos"] if v["name"] in wanted("ACC_SCREENCASTS", [v["name"] for v in manifest["videos"]])]
    tools = wanted("ACC_TOOLS", TOOLS)
    views, fps, duration, ignore = corpus_facts(manifest)
    stamp, commit = provenance()
    print(f"== OCR accuracy: screencast ({len(views)} views, {duration:.1f} s; {os.cpu_count()} cores, load "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; tools {', '.join(tools)}; framelens at {commit}; "
          f"{stamp})", flush=True)

    scratch_root = tempfile.mkdtemp(prefix="screencast-bench-")
    results = []
    try:
        binary = copy_framelens(REPO, scratch_root) if "framelens" in tools else None
        engine = RapidOCR() if "rapidocr" in tools else None
        for entry in videos:
            video = os.path.join(CORPUS, entry["video"])
            result = {"video": entry["name"], "width": entry["width"], "height": entry["height"],
                      "fontPx": entry["fontPx"], "measured": stamp, "commit": commit}
            if binary:
                scratch = tempfile.mkdtemp(dir=scratch_root)
                cues, wall, info = run_framelens(binary, video, [], scratch)
                figures = score(views, cues, duration, fps, ignore=ignore)
                figures.update(wallSeconds=round(wall, 3), xRealTime=round(duration / wall, 2), **info)
                result["index"] = figures
                print(f"   {entry['name']}: index {len(cues)} cues in {wall:.1f} s", flush=True)
            result["views"] = readings(binary, engine, tools, video, views, scratch_root)
            results.append(result)
        if engine:
            engine.close()
    finally:
        shutil.rmtree(scratch_root, ignore_errors=True)

    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    report(results, views)
    os.makedirs(OUT, exist_ok=True)
    with open(RESULTS + ".part", "w", encoding="utf-8") as f:
        json.dump({"benchmark": "screencast", "corpus": CORPUS, "matchCer": MATCH, "views": views,
                   "transitions": manifest["transitions"], "results": results}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(RESULTS + ".part", RESULTS)
    print(f"\nevery cue, reading and CER: {os.path.relpath(RESULTS, REPO)}")
    write_results("screencast", "Screencast: framelens index and grab against the tesseract CLI and RapidOCR on a code "
                  "editor and a terminal (accuracy/screencast.py)", summary_tables(results))


def mean(values):
    values = list(values)
    return f"{statistics.fmean(values):.3f}" if values else "-"


def summary_tables(results):
    """Benchmarks/RESULTS.md's tables (results.py): the index per video, and the frames read per kind of view."""
    index = [[r["video"], f"{f['found']}/{f['captions']}", f["extra"], rounded(f["startErrorFrames"]["median"]),
              rounded(f["startErrorFrames"]["max"]), rounded(f["timeAccuracy"]), rounded(f["cerFound"]), rounded(f["cerAll"]),
              rounded(f["xRealTime"])] for r in results for f in [r.get("index")] if f]
    tools = [t for t in ("grab", "tesseract", "rapidocr") if any(t in v for r in results for v in r["views"])]
    frames = []
    for r in results:
        for kind in ("all", "editor", "terminal"):
            views = [v for v in r["views"] if kind == "all" or v["kind"] == kind]
            frames.append([r["video"], f"{kind} ({len(views)})"] + [
                rounded(x) for t in tools for x in (statistics.fmean(v[t]["cer"] for v in views),
                                              statistics.fmean(v[t]["linesCer"] for v in views),
                                              statistics.median(v[t]["seconds"] for v in views))])
    cer_note = "CER: Levenshtein / reference length (whitespace collapsed) against the text as drawn"
    tables = [{"title": "framelens index (the views as captions.py's captions)", "rows": index,
               "columns": ["video", "views found", "extra", "start err med (fr)", "start err max (fr)", "time acc",
                           "CER found", "CER all", "x real time"],
               "notes": [f"views found: a cue overlapping the view with CER <= {MATCH}; extra: cues matching no view",
                         "start err: |the first matching cue's start - the view's start|, in frames",
                         "time acc: share of 10 ms steps where the index shows the right view (the smooth scroll "
                         "left out)",
                         cer_note + "; mean over the views found, and over all (the closest cue; 1.0 where none)"]}]
    if tools:
        tables.append({"title": "One frame per view (its middle), mean per kind of view", "rows": frames,
                       "columns": ["video", "views"] + [f"{t} {c}" for t in tools for c in ("CER", "lines CER", "s")],
                       "notes": [cer_note, "lines CER: the same with the order and the editor's line numbers left out",
                                 "s: median wall seconds a view (the grab process; ffmpeg + tesseract; ffmpeg + "
                                 "rapidocr in a running process)"]})
    return tables


def report(results, views):
    print("\nframelens index (views as captions.py's captions; time acc leaves the smooth scroll out):\n")
    print(f"{'video':17} | {'views found':>11} | {'extra':>5} | {'start err med/max':>17} | {'time acc':>8} | "
          f"{'CER found':>9} | {'CER all':>7} | {'x real time':>11}")
    for r in results:
        f = r.get("index")
        if not f:
            continue
        err = f["startErrorFrames"]
        errs = "-" if err["median"] is None else f"{err['median']:.1f}/{err['max']:.1f}"
        print(f"{r['video']:17} | {f['found']:>5}/{f['captions']:<5} | {f['extra']:>5} | {errs:>17} | "
              f"{f['timeAccuracy']:8.3f} | {'-' if f['cerFound'] is None else format(f['cerFound'], '.3f'):>9} | "
              f"{f['cerAll']:7.3f} | {f['xRealTime']:11.1f}")
    print("\none frame per view (its middle): mean CER against the text as drawn, mean lines CER (order and line"
          "\nnumbers left out), median seconds a view\n")
    tools = [t for t in ("grab", "tesseract", "rapidocr") if any(t in v for r in results for v in r["views"])]
    print(f"{'video':17} {'views':12} | " + " | ".join(f"{t:>9} {'lines':>6} {'s':>5}" for t in tools))
    for r in results:
        for kind in ("all", "editor", "terminal"):
            rows = [v for v in r["views"] if kind == "all" or v["kind"] == kind]
            cells = []
            for t in tools:
                cells.append(f"{mean(v[t]['cer'] for v in rows):>9} {mean(v[t]['linesCer'] for v in rows):>6} "
                             f"{statistics.median(v[t]['seconds'] for v in rows):5.2f}")
            print(f"{r['video']:17} {kind + ' (' + str(len(rows)) + ')':12} | " + " | ".join(cells))
    print("\nper view: grab / the index cue covering the middle / tesseract / rapidocr CER; where grab first departs")
    for r in results:
        cues = r.get("index", {}).get("cueList", [])
        for v, view in zip(r["views"], views):
            covering = [c for c in cues if c["start"] <= v["time"] < c["end"]]
            index_cer = cer(view["text"], covering[0]["text"]) if covering else None
            cells = [f"{v[t]['cer']:.3f}" if t in v else "-" for t in ("grab",)]
            cells.append("-" if index_cer is None else f"{index_cer:.3f}")
            cells += [f"{v[t]['cer']:.3f}" if t in v else "-" for t in ("tesseract", "rapidocr")]
            print(f"   {r['video']:17} {v['view']:2d} {v['where']:<27} {' / '.join(cells)}")
            if "grab" in v and v["grab"]["cer"] > 0:
                a, b = first_difference(view["text"], v["grab"]["text"], "eng")
                print(f"   {'':48} truth: {a!r}\n   {'':48} grab:  {b!r}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--report"]:   # the tables again, from the last run's results
        with open(RESULTS, encoding="utf-8") as f:
            saved = json.load(f)
        for result in saved["results"]:   # a run made before the lines CER was: add it
            for v, view in zip(result["views"], saved["views"]):
                for tool in ("grab", "tesseract", "rapidocr"):
                    if tool in v and "linesCer" not in v[tool]:
                        v[tool]["linesCer"] = round(lines_cer(view, v[tool]["text"]), 4)
        report(saved["results"], saved["views"])
    else:
        main()
