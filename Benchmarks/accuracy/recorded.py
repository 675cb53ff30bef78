#!/usr/bin/env python3
"""framelens index on recorded lectures (make-recorded.sh): slides under a moving mouse pointer, beside a webcam
inset of real footage, against the plain CLI on one frame per slide.

For each video of a set (ACC_SET=tuning or heldout; both by default): `framelens index V -o X.json` with
default options, then per slide (its first frame, end and text from the corpus's manifest.json):

  cues          the cues of the video; cues per slide
  exact start   a cue starts at the slide's first frame (±0 frames); within 1: at most a frame from it
  best CER      the lowest CER among the cues overlapping the slide in frames (1.0 when none does)
  extra         cues that are not the best of the slide they match best: a cue whose best-matching slide
                (the lowest CER among the slides it overlaps) has a cue with a lower CER (a tie: the earlier
                cue is the slide's), or that matches no slide with CER <= 0.35
  CLI CER       `ffmpeg -ss T -i V -frames:v 1 f.png`, T half a frame before the pts of the slide's middle
                frame (ffmpeg returns the first frame at or after T), then `tesseract f.png -`
                (OMP_THREAD_LIMIT=1), against the slide's text

CER as Benchmarks/cer.py (Levenshtein / reference length, whitespace collapsed) against the slide as drawn: the
title, then each bullet line. Each slide also lists the words of its text the best cue lacks and the words it
adds (difflib over the words), to see what the pointer or the inset cost.

Environment: ACC_SET, ACC_CORPUS (the folder holding tuning/ and heldout/), FRAMELENS (the binary; copied
first), ACC_FRAMELENS_ARGS (more arguments for framelens, as in captions.py), ACC_RESULTS (write the figures to
this file instead, and leave Benchmarks/out/recorded.json, RESULTS.md's summary, alone: a comparison run).
Writes Benchmarks/out/accuracy/recorded-results.json (a set not run keeps its figures from the last run) and the
summary of both sets to Benchmarks/out/recorded.json; `recorded.py --report` prints the tables again.
"""
import difflib
import json
import os
import statistics
import subprocess
import sys
import tempfile
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from captions import REPO, OUT, MATCH  # noqa: E402
from cer import cer, normalise  # noqa: E402  (Benchmarks/cer.py)
from filmed import cli_reading  # noqa: E402  (ffmpeg -ss T ... f.png; tesseract f.png -, OMP_THREAD_LIMIT=1)
from results import rounded, write as write_results  # noqa: E402  (Benchmarks/results.py)
from two_sets import SETS, index, run_sets, save  # noqa: E402

CORPUS = os.environ.get("ACC_CORPUS") or os.path.join(OUT, "recorded")
RESULTS = os.environ.get("ACC_RESULTS") or os.path.join(OUT, "recorded-results.json")


def word_changes(truth, text):
    """(words of the truth the text lacks, words the text adds), difflib over the whitespace-split words."""
    a, b = normalise(truth).split(), normalise(text).split()
    lost, added = [], []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes():
        if op in ("delete", "replace"):
            lost += a[i1:i2]
        if op in ("insert", "replace"):
            added += b[j1:j2]
    return lost, added


def score(slides, cues, fps):
    """Every figure of one video (the module doc); cues without frames get them from their times."""
    for c in cues:
        c.setdefault("startFrame", round(c["start"] * fps))
        c.setdefault("endFrame", round(c["end"] * fps))
    overlaps = {}   # (slide, cue): CER
    for j, c in enumerate(cues):
        for i, s in enumerate(slides):
            if c["startFrame"] < s["endFrame"] and c["endFrame"] > s["startFrame"]:
                overlaps[i, j] = cer(s["text"], c.get("text", ""))
    # Each cue's best slide; each slide's own cue: the best (then earliest) of the cues that match it best.
    best_slide = {}
    for j in range(len(cues)):
        mine = sorted((c, i) for (i, jj), c in overlaps.items() if jj == j)
        if mine and mine[0][0] <= MATCH:
            best_slide[j] = mine[0][1]
    keeper = {}
    for j, i in sorted(best_slide.items()):
        if i not in keeper or overlaps[i, j] < overlaps[i, keeper[i]]:
            keeper[i] = j
    extra = [{"cue": j, "start": cues[j]["start"], "startFrame": cues[j]["startFrame"], "text": cues[j].get("text", ""),
              "why": "no slide" if j not in best_slide else f"slide {best_slide[j] + 1} has a better cue"}
             for j in range(len(cues)) if keeper.get(best_slide.get(j)) != j]
    rows = []
    for i, s in enumerate(slides):
        mine = sorted((c, j) for (ii, j), c in overlaps.items() if ii == i)
        starts = [cues[j]["startFrame"] - s["startFrame"] for _, j in mine]
        row = {"slide": s["slide"], "start": s["start"], "startFrame": s["startFrame"], "title": s["title"],
               "cues": len(mine), "exactStart": 0 in starts, "startWithin1": any(abs(d) <= 1 for d in starts),
               "bestCer": round(min(mine[0][0], 1.0), 4) if mine else 1.0,
               "pointerOverText": s.get("pointerOverText")}
        if mine:
            best = cues[mine[0][1]]
            lost, added = word_changes(s["text"], best.get("text", ""))
            row.update(bestCue=mine[0][1], bestCueStart=best["start"], bestCueStartFrame=best["startFrame"],
                       bestCueText=best.get("text", ""), lostWords=lost, addedWords=added)
        rows.append(row)
    return rows, extra


def totals(videos):
    """A set's (or a video's) figures from its slides' rows and its cues."""
    rows = [r for v in videos for r in v["perSlide"]]
    cues = sum(len(v["cues"]) for v in videos)
    best, cli = [r["bestCer"] for r in rows], [r["cliCer"] for r in rows]
    return {"slides": len(rows), "cues": cues, "cuesPerSlide": round(cues / len(rows), 3),
            "exactStarts": sum(r["exactStart"] for r in rows), "startsWithin1": sum(r["startWithin1"] for r in rows),
            "bestCerMean": round(statistics.mean(best), 4), "bestCerMax": round(max(best), 4),
            "extra": sum(len(v["extraCues"]) for v in videos),
            "cliCerMean": round(statistics.mean(cli), 4), "cliCerMax": round(max(cli), 4)}


def run_set(name, binary, scratch_root, stamp, commit):
    subprocess.run([os.path.join(HERE, "make-recorded.sh"), CORPUS], check=True)
    folder = os.path.join(CORPUS, name)
    with open(os.path.join(folder, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    videos = []
    for entry in manifest["videos"]:
        video = os.path.join(folder, entry["video"])
        fps = float(Fraction(entry["frameRate"]))
        scratch = tempfile.mkdtemp(dir=scratch_root)
        cues, wall = index(binary, video, scratch)
        rows, extra = score(entry["slides"], cues, fps)
        for row, slide in zip(rows, entry["slides"]):
            middle = (slide["startFrame"] + slide["endFrame"]) // 2
            text = cli_reading(video, (middle - 0.5) / fps, "eng", scratch)
            row.update(cliFrame=middle, cliCer=round(min(1.0, cer(slide["text"], text)), 4), cliText=text)
        result = {"video": entry["name"], "codec": entry["codec"], "width": entry["width"], "height": entry["height"],
                  "frameRate": entry["frameRate"], "duration": entry["duration"], "font": entry["font"],
                  "theme": entry["theme"], "pointer": entry["pointer"]["kind"],
                  "inset": entry["inset"] and {k: entry["inset"][k] for k in ("clip", "corner", "width", "height")},
                  "wallSeconds": round(wall, 2), "measured": stamp, "commit": commit,
                  "perSlide": rows, "extraCues": extra, "cues": cues}
        result["figures"] = totals([result])
        videos.append(result)
        f = result["figures"]
        print(f"   {name}/{entry['name']}: {f['cues']} cues for {f['slides']} slides, {f['exactStarts']} exact starts, "
              f"best CER {f['bestCerMean']:.3f}, {f['extra']} extra; CLI {f['cliCerMean']:.3f}", flush=True)
    return {"corpus": folder, "seed": manifest.get("seed"), "videos": videos, "figures": totals(videos)}


def main():
    sets = run_sets("recorded lectures", RESULTS, run_set)
    report(sets)
    save(RESULTS, "recorded", MATCH, sets)
    print(f"\nevery slide and cue: {os.path.relpath(RESULTS, REPO)}")
    if not os.environ.get("ACC_RESULTS"):
        write_results("recorded", "Recorded lectures: framelens index against the tesseract CLI on slides under a "
                      "moving pointer beside a webcam inset (accuracy/recorded.py)", summary_tables(sets))


COLUMNS = ["video", "slides", "cues", "cues/slide", "exact starts", "starts ±1", "best CER mean", "best CER max",
           "extra", "CLI CER mean", "CLI CER max"]


def cells(name, f):
    return [name, f["slides"], f["cues"], rounded(f["cuesPerSlide"], 2), f["exactStarts"], f["startsWithin1"],
            rounded(f["bestCerMean"]), rounded(f["bestCerMax"]), f["extra"], rounded(f["cliCerMean"]),
            rounded(f["cliCerMax"])]


def summary_tables(sets):
    """Benchmarks/RESULTS.md's tables (results.py): one per set, a row per video and the set's."""
    notes = ["exact starts: slides with a cue starting at their first frame; starts ±1: within a frame of it",
             "best CER: the lowest CER (Levenshtein / reference length, whitespace collapsed) among the cues "
             "overlapping the slide, 1.0 where none does; mean and max over the slides",
             f"extra: cues matching no slide with CER <= {MATCH}, or whose best-matching slide has a better cue",
             "CLI CER: tesseract on ffmpeg's PNG of the slide's middle frame"]
    tables = [{"title": f"{'Tuning' if name == 'tuning' else 'Held-out'} set", "columns": COLUMNS,
               "rows": [cells(v["video"], v["figures"]) for v in s["videos"]] + [cells("all", s["figures"])]}
              for name, s in sets.items()]
    tables[-1]["notes"] = notes
    return tables


def report(sets):
    for name, s in sets.items():
        print(f"\n{name} set ({s.get('binary', '')}):\n")
        widths = [max(len(COLUMNS[0]), *(len(v["video"]) for v in s["videos"]))] + [len(c) for c in COLUMNS[1:]]
        print(" | ".join(c.rjust(w) if k else c.ljust(w) for k, (c, w) in enumerate(zip(COLUMNS, widths))))
        for v in s["videos"] + [{"video": "all", "figures": s["figures"]}]:
            row = [c if isinstance(c, (int, str)) else f"{c:.3f}" for c in cells(v["video"], v["figures"])]
            print(" | ".join(str(c).rjust(w) if k else str(c).ljust(w) for k, (c, w) in enumerate(zip(row, widths))))
        for v in s["videos"]:
            print(f"\n   {v['video']}:")
            for r in v["perSlide"]:
                start = "-" if "bestCueStartFrame" not in r else f"{r['bestCueStartFrame'] - r['startFrame']:+d}"
                exact = "yes" if r["exactStart"] else "no"
                print(f"    slide {r['slide']} at {r['start']:6.2f} s  cues {r['cues']}  best starts {start:>4} fr  "
                      f"exact {exact:3}  best CER {r['bestCer']:.3f}  CLI {r['cliCer']:.3f}")
                if r.get("lostWords") or r.get("addedWords"):
                    print(f"      lost {' '.join(r['lostWords'])[:110]!r}; added {' '.join(r['addedWords'])[:110]!r}")
            for e in v["extraCues"]:
                print(f"    extra cue at {e['start']:6.2f} s ({e['why']}): {normalise(e['text'])[:100]!r}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--report"]:
        with open(RESULTS, encoding="utf-8") as f:
            report(json.load(f)["sets"])
    else:
        main()
