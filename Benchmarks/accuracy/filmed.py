#!/usr/bin/env python3
"""framelens index on lectures filmed in the room (make-filmed.sh), against the plain CLI on middle frames.

For each video of the set (ACC_SET=tuning, the default, or heldout): `framelens index V --format json` with
default options (and `--lang` of the slides), then per slide:

  found once   exactly one cue is labelled with the slide (a cue's label: the slide it overlaps longest)
  extra        cues beyond one per slide found (a second cue of one slide, or a cue of no slide)
  start error  |start of the slide's first cue - the slide's start|, seconds
  time acc     share of 10 ms steps where the cue shown is labelled with the slide on screen
  CER          the slide's truth against its first cue's text (1.0 when not found)
  CLI CER      the truth against `tesseract` (OMP_THREAD_LIMIT=1) on ffmpeg's PNG of the slide's middle frame

CER as Benchmarks/cer.py (whitespace normalised). Environment: ACC_SET, ACC_CORPUS (the filmed folder),
FRAMELENS (the binary; copied first). Writes Benchmarks/out/accuracy/filmed-{tuning,heldout}-results.json and
the table to Benchmarks/out/filmed-{tuning,heldout}.json.
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from binary import copy_framelens  # noqa: E402
from captions import REPO, OUT, STEP, run_framelens  # noqa: E402
from cer import cer  # noqa: E402
from results import rounded, write as write_results  # noqa: E402  (Benchmarks/results.py)
from screencast import provenance  # noqa: E402

SET = os.environ.get("ACC_SET", "tuning")
CORPUS = os.path.join(os.environ.get("ACC_CORPUS") or os.path.join(OUT, "filmed"), SET)
RESULTS = os.path.join(OUT, f"filmed-{SET}-results.json")


def label(cue, slides):
    """The slide the cue overlaps longest, or None."""
    overlaps = [(min(cue["end"], s["end"]) - max(cue["start"], s["start"]), i) for i, s in enumerate(slides)]
    best = max(overlaps)
    return best[1] if best[0] > 0 else None


def cli_reading(video, time, lang, scratch):
    png = os.path.join(scratch, "middle.png")
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-ss", f"{time:.3f}", "-i", video, "-frames:v", "1", png],
                   check=True)
    env = dict(os.environ, OMP_THREAD_LIMIT="1")
    return subprocess.run(["tesseract", png, "-", "-l", lang], check=True, capture_output=True, text=True,
                          env=env).stdout


def score(slides, cues, duration, video, scratch):
    labels = [label(c, slides) for c in cues]
    rows = []
    for i, slide in enumerate(slides):
        mine = [j for j, l in enumerate(labels) if l == i]
        first = min(mine, key=lambda j: cues[j]["start"]) if mine else None
        middle = (slide["start"] + slide["end"]) / 2
        rows.append({
            "slide": i, "deck": slide["deck"], "deckSlide": slide["deckSlide"], "cues": len(mine),
            "startError": round(abs(cues[first]["start"] - slide["start"]), 3) if first is not None else None,
            "cer": round(min(1.0, cer(slide["truth"], cues[first]["text"])), 4) if first is not None else 1.0,
            "cliCer": round(min(1.0, cer(slide["truth"], cli_reading(video, middle, slide["lang"], scratch))), 4),
        })
    right = total = 0
    for k in range(int(round(duration / STEP))):
        t = k * STEP
        shown = next((i for i, s in enumerate(slides) if s["start"] <= t < s["end"]), None)
        covering = {labels[j] for j, c in enumerate(cues) if c["start"] <= t < c["end"]}
        right += covering == ({shown} if shown is not None else set())
        total += 1
    found = [r for r in rows if r["cues"] >= 1]
    errors = [r["startError"] for r in found]
    return {
        "slides": len(slides), "cues": len(cues), "foundOnce": sum(r["cues"] == 1 for r in rows),
        "found": len(found), "extra": len(cues) - len(found),
        "startError": {"median": statistics.median(errors) if errors else None, "max": max(errors, default=None)},
        "timeAccuracy": round(right / total, 4),
        "cer": round(statistics.mean(r["cer"] for r in rows), 4),
        "cliCer": round(statistics.mean(r["cliCer"] for r in rows), 4),
        "perSlide": rows, "cueList": cues,
    }


def main():
    manifest_path = os.path.join(CORPUS, "manifest.json")
    if not os.path.exists(manifest_path):
        subprocess.run([os.path.join(HERE, "make-filmed.sh")], check=True)
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    stamp, commit = provenance()
    print(f"== framelens index on filmed lectures ({SET} set, {len(manifest['videos'])} videos; {os.cpu_count()} cores, "
          f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}; framelens at {commit}; {stamp})", flush=True)
    scratch_root = tempfile.mkdtemp(prefix="filmed-")
    rows = []
    try:
        binary = copy_framelens(REPO, scratch_root)
        for entry in manifest["videos"]:
            video = os.path.join(CORPUS, entry["video"])
            lang = entry["slides"][0]["lang"]
            cues, wall, _ = run_framelens(binary, video, [], tempfile.mkdtemp(dir=scratch_root), lang)
            figures = score(entry["slides"], cues, entry["duration"], video, tempfile.mkdtemp(dir=scratch_root))
            rows.append({"video": entry["name"], "duration": entry["duration"], "wallSeconds": round(wall, 2),
                         "xRealTime": round(entry["duration"] / wall, 2), "measured": stamp, "commit": commit,
                         **figures})
    finally:
        shutil.rmtree(scratch_root, ignore_errors=True)
    report(rows)
    with open(RESULTS + ".part", "w", encoding="utf-8") as f:
        json.dump({"benchmark": "filmed", "set": SET, "results": rows}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(RESULTS + ".part", RESULTS)
    print(f"\nevery slide and cue: {os.path.relpath(RESULTS, REPO)}")
    write_results(f"filmed-{SET}", f"Filmed lectures, {'tuning' if SET == 'tuning' else 'held-out'} set: framelens "
                  "index against the tesseract CLI on middle frames (accuracy/filmed.py)", summary_tables(rows))


def summary_tables(rows):
    """Benchmarks/RESULTS.md's table (results.py): the console's, without the slides."""
    cells = [[r["video"], f"{r['foundOnce']}/{r['slides']}", r["extra"], rounded(r["startError"]["median"]),
              rounded(r["startError"]["max"]), rounded(r["timeAccuracy"]), rounded(r["cer"]), rounded(r["cliCer"]), rounded(r["xRealTime"])]
             for r in rows]
    return [{"rows": cells, "columns": ["video", "found once", "extra", "start err med (s)", "start err max (s)",
                                        "time acc", "CER", "CLI CER", "x real time"],
             "notes": ["found once: slides with exactly one cue labelled with them (a cue's label: the slide it "
                       "overlaps longest); extra: cues beyond one per slide found",
                       "start err: |the start of the slide's first cue - the slide's start|; time acc: share of 10 ms "
                       "steps where the cue shown is labelled with the slide on screen",
                       "CER: Levenshtein / reference length (whitespace collapsed) of the slide's first cue (1.0 when "
                       "not found), mean over the slides; CLI CER: tesseract on ffmpeg's PNG of the slide's middle"]}]


def report(rows):
    print(f"\n{'video':14} | {'found once':>10} | {'extra':>5} | {'start err med/max s':>19} | {'time acc':>8} | "
          f"{'CER':>6} | {'CLI CER':>7} | {'x real time':>11}")
    for r in rows:
        err = r["startError"]
        errs = "-" if err["median"] is None else f"{err['median']:.2f}/{err['max']:.2f}"
        print(f"{r['video']:14} | {r['foundOnce']:>4}/{r['slides']:<5} | {r['extra']:>5} | {errs:>19} | "
              f"{r['timeAccuracy']:8.3f} | {r['cer']:6.3f} | {r['cliCer']:7.3f} | {r['xRealTime']:11.1f}")
        for s in r["perSlide"]:
            e = "-" if s["startError"] is None else f"{s['startError']:.2f}"
            print(f"    slide {s['slide']} {s['deck']}#{s['deckSlide']:<3} cues {s['cues']}  start err {e:>5}  "
                  f"CER {s['cer']:.3f}  CLI {s['cliCer']:.3f}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--report"]:
        with open(RESULTS, encoding="utf-8") as f:
            report(json.load(f)["results"])
    else:
        main()
