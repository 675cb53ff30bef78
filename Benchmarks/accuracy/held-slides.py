#!/usr/bin/env python3
"""framelens index on slides held long enough for several intra frames: what reading them together gives.

From the slide corpus (make-slides.sh; its `talk` and `docs` decks), two videos per deck, each slide held
24 s at 854x480, H.264 crf 35, an intra frame every 5 s (-g 150):
  still   the slide as rendered: every intra frame codes the same picture
  filmed  with a camera's changing grain (ffmpeg noise=alls=12:allf=t): every intra frame codes other noise
For each, `framelens index V --format json` once, and per slide the CER (Benchmarks/cer.py) of the cue
covering the middle of the slide, for each binary named: FRAMELENS (default the release build) and, if
set, FRAMELENS_BASE (another build, e.g. one from before a change), side by side with the wall time.
The videos are made once into Benchmarks/out/accuracy/held-slides/ (about 1 minute). Prints a line per video
and binary; writes the table to Benchmarks/out/held-slides.json.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.dirname(HERE))
from cer import cer  # noqa: E402
from binary import copy_framelens  # noqa: E402
from results import write as write_results  # noqa: E402  (Benchmarks/results.py)

SECONDS = 24
CORPUS = os.path.join(ROOT, "Benchmarks", "out", "accuracy", "slides")
OUT = os.path.join(ROOT, "Benchmarks", "out", "accuracy", "held-slides")
STYLES = {"still": "", "filmed": "noise=alls=12:allf=t,"}


def make(deck, style, slides):
    path = os.path.join(OUT, f"{deck}-{style}.mp4")
    if os.path.exists(path):
        return path
    os.makedirs(OUT, exist_ok=True)
    inputs = []
    for slide in slides:
        inputs += ["-loop", "1", "-framerate", "30", "-t", str(SECONDS), "-i", os.path.join(CORPUS, deck, slide["image"])]
    graph = "".join(f"[{i}]" for i in range(len(slides))) + \
        f"concat=n={len(slides)}:v=1:a=0,scale=854:480,setsar=1,{STYLES[style]}format=yuv420p[v]"
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", *inputs, "-filter_complex", graph, "-map", "[v]",
                    "-r", "30", "-c:v", "libx264", "-crf", "35", "-g", "150", "-threads", "2", path + ".tmp.mp4"],
                   check=True)
    os.replace(path + ".tmp.mp4", path)
    return path


def main():
    if not os.path.exists(os.path.join(CORPUS, "talk", "manifest.json")):
        sys.exit("error: no slide corpus; run Benchmarks/accuracy/make-slides.sh")
    scratch = tempfile.mkdtemp()
    binaries = [("framelens", copy_framelens(ROOT, scratch))]
    if os.environ.get("FRAMELENS_BASE"):
        base = os.path.join(scratch, "framelens-base")
        shutil.copy2(os.environ["FRAMELENS_BASE"], base)
        binaries.append(("base", base))
    print(f"{'video':14} | {'binary':9} | {'cues':>4} | {'mean CER':>8} | {'wall s':>6} | per slide")
    rows = []
    for deck in ("talk", "docs"):
        slides = json.load(open(os.path.join(CORPUS, deck, "manifest.json")))["slides"]
        for style in STYLES:
            video = make(deck, style, slides)
            for name, binary in binaries:
                started = time.monotonic()
                result = subprocess.run([binary, "index", video, "--format", "json", "-o", "-"],
                                        capture_output=True, text=True, check=True)
                wall = time.monotonic() - started
                cues = json.loads(result.stdout)["cues"]
                cers = []
                for number, slide in enumerate(slides):
                    middle = number * SECONDS + SECONDS / 2
                    cue = next((c for c in cues if c["start"] <= middle < c["end"]), None)
                    cers.append(cer(slide["truth"], cue["text"] if cue else ""))
                print(f"{deck + '-' + style:14} | {name:9} | {len(cues):4} | {sum(cers) / len(cers):8.4f} | "
                      f"{wall:6.1f} | {' '.join(f'{c:.3f}' for c in cers)}")
                rows.append([deck + "-" + style, name, len(cues), round(sum(cers) / len(cers), 4), round(wall, 2)])
    write_results("held-slides", f"Slides held {SECONDS} s, still and filmed: framelens index by binary "
                  "(accuracy/held-slides.py)", summary_tables(rows))


def summary_tables(rows):
    """Benchmarks/RESULTS.md's table (results.py): the console's, without the slides."""
    return [{"rows": rows, "columns": ["video", "binary", "cues", "mean CER", "wall s"],
             "notes": [f"video: the deck's slides held {SECONDS} s each at 854x480, an intra frame every 5 s; still: "
                       "as rendered, filmed: with a changing grain",
                       "mean CER: Levenshtein / reference length (whitespace collapsed) of the cue covering each "
                       "slide's middle (none: 1.0), mean over the slides",
                       "binary: framelens = FRAMELENS (default the release build), base = FRAMELENS_BASE"]}]


if __name__ == "__main__":
    main()
