#!/usr/bin/env python3
"""framelens index on the code screencast at a constant and at a variable frame rate, side by side.

Desktop recorders (GNOME's, OBS with VFR) write a frame only when the screen changes: a view held for 7 s is
one frame. This makes such copies of make-screencast.sh's videos (made here when missing) with ffmpeg's
mpdecimate, which drops every frame that repeats the last one kept:

  NAME-vfr.webm  VP9 in WebM (timestamps in milliseconds), as GNOME's recorder writes
  NAME-vfr.mkv   H.264 in Matroska
  NAME-vfr.mp4   H.264 in MP4

(`ffmpeg -i NAME.mp4 -vf mpdecimate -fps_mode vfr ...`), into Benchmarks/out/accuracy/screencast-vfr/, and
indexes each copy and the constant-rate original with `framelens index V --format json` (default options).
Every copy keeps the first frame of every view at its time, so the views' truth is the corpus's
(manifest.json), up to where the copy ends: mpdecimate drops the last view's repeated frames too, so a
copy ends one frame into the last view (57.3 s of 64.3 at 720p), and the views are scored up to there.
Scored with captions.py's `score` as screencast.py scores the original: views found (a cue
overlapping the view with CER <= 0.35), extra cues, start error (seconds here: the targets are in seconds),
time accuracy (the smooth scroll left out), CER of the views found.

Environment: ACC_SCREENCASTS (screencast-720p,screencast-1080p; default screencast-720p), FRAMELENS (the
binary; copied first), ACC_CORPUS (the corpus folder). Prints one table; writes
Benchmarks/out/accuracy/screencast-vfr-results.json and the table to Benchmarks/out/screencast-vfr.json.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from captions import REPO, OUT, MATCH, run_framelens, score  # noqa: E402
from binary import copy_framelens  # noqa: E402
from screencast import CORPUS, corpus_facts, provenance, wanted  # noqa: E402
from results import rounded, write as write_results  # noqa: E402  (Benchmarks/results.py)

COPIES = OUT + "/screencast-vfr"
RESULTS = os.path.join(OUT, "screencast-vfr-results.json")
# The copies: suffix -> codec arguments (the picture only; mpdecimate and -fps_mode vfr come first).
ENCODINGS = {
    "vfr.webm": ["-c:v", "libvpx-vp9", "-crf", "32", "-b:v", "0", "-row-mt", "1", "-cpu-used", "4"],
    "vfr.mkv": ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p"],
    "vfr.mp4": ["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p"],
}


def frame_count(video):
    proc = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-count_packets", "-show_entries",
                           "stream=nb_read_packets", "-of", "csv=p=0", video], check=True, capture_output=True,
                          text=True)
    return int(proc.stdout.strip())


def duration_of(video):
    proc = subprocess.run(["ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", video],
                          check=True, capture_output=True, text=True)
    return float(proc.stdout.strip())


def clipped(spans, end):
    """The spans (views, or (start, end) pairs) that start before `end`, ending at `end` at the latest."""
    if spans and isinstance(spans[0], dict):
        return [dict(v, end=min(v["end"], end)) for v in spans if v["start"] < end]
    return [(a, min(b, end)) for a, b in spans if a < end]


def measure(binary, video, views, ignore, fps, scratch):
    """framelens index on `video`, scored against the views shown up to its end."""
    duration = duration_of(video)
    cues, wall, _ = run_framelens(binary, video, [], scratch)
    figures = score(clipped(views, duration), cues, duration, fps, ignore=clipped(ignore, duration))
    return dict(figures, duration=duration, wallSeconds=round(wall, 2))


def vfr_copy(source, name, suffix):
    """The variable-rate copy of `source`, made once (kept while the source is older)."""
    target = os.path.join(COPIES, f"{name}-{suffix}")
    if os.path.exists(target) and os.path.getmtime(target) >= os.path.getmtime(source):
        return target
    os.makedirs(COPIES, exist_ok=True)
    part = target + ".part" + os.path.splitext(target)[1]
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-y", "-i", source, "-vf", "mpdecimate", "-fps_mode", "vfr"]
                   + ENCODINGS[suffix] + [part], check=True)
    os.replace(part, target)
    return target


def main():
    manifest_path = os.path.join(CORPUS, "manifest.json")
    if not os.path.exists(manifest_path):
        subprocess.run([os.path.join(HERE, "make-screencast.sh"), CORPUS], check=True)
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    names = [v["name"] for v in manifest["videos"]]
    if "ACC_SCREENCASTS" not in os.environ:
        os.environ["ACC_SCREENCASTS"] = "screencast-720p"
    videos = [v for v in manifest["videos"] if v["name"] in wanted("ACC_SCREENCASTS", names)]
    views, fps, duration, ignore = corpus_facts(manifest)
    stamp, commit = provenance()
    print(f"== framelens index, constant vs variable frame rate: screencast ({len(views)} views, {duration:.1f} s; "
          f"{os.cpu_count()} cores, load {' '.join(f'{x:.2f}' for x in os.getloadavg())}; framelens at {commit}; "
          f"{stamp})", flush=True)
    scratch_root = tempfile.mkdtemp(prefix="screencast-vfr-")
    rows = []
    try:
        binary = copy_framelens(REPO, scratch_root)
        for entry in videos:
            source = os.path.join(CORPUS, entry["video"])
            for video in [source] + [vfr_copy(source, entry["name"], suffix) for suffix in ENCODINGS]:
                figures = measure(binary, video, views, ignore, fps, tempfile.mkdtemp(dir=scratch_root))
                rows.append({"video": os.path.basename(video), "frames": frame_count(video), "measured": stamp,
                             "commit": commit, **figures})
                print(f"   {os.path.basename(video)}: {figures['cues']} cues in {figures['wallSeconds']:.1f} s", flush=True)
    finally:
        shutil.rmtree(scratch_root, ignore_errors=True)
    report(rows, fps)
    os.makedirs(OUT, exist_ok=True)
    with open(RESULTS + ".part", "w", encoding="utf-8") as f:
        json.dump({"benchmark": "screencast-vfr", "fps": fps, "views": views, "results": rows}, f, indent=1, ensure_ascii=False)
        f.write("\n")
    os.replace(RESULTS + ".part", RESULTS)
    print(f"\nevery cue: {os.path.relpath(RESULTS, REPO)}")
    write_results("screencast-vfr", "Screencast at a constant and at a variable frame rate: framelens index "
                  "(accuracy/screencast-vfr.py)", summary_tables(rows, fps))


def summary_tables(rows, fps):
    """Benchmarks/RESULTS.md's table (results.py): the console's."""
    def seconds(frames):
        return None if frames is None else round(frames / fps, 4)

    cells = [[r["video"], r["frames"], rounded(r["duration"]), f"{r['found']}/{r['captions']}", r["extra"],
              seconds(r["startErrorFrames"]["median"]), seconds(r["startErrorFrames"]["max"]), rounded(r["timeAccuracy"]),
              rounded(r["cerFound"]), rounded(r["wallSeconds"])] for r in rows]
    return [{"rows": cells, "columns": ["video", "frames", "s", "views found", "extra", "start err med (s)",
                                        "start err max (s)", "time acc", "CER found", "wall s"],
             "notes": ["frames: the video's frames (the vfr copies keep those that differ from the last); s: its "
                       "duration, the views scored up to there",
                       f"views found: a cue overlapping the view with CER <= {MATCH}; extra: cues matching no view",
                       "start err: |the first matching cue's start - the view's start|; time acc: share of 10 ms "
                       "steps where the index shows the right view (the smooth scroll left out)",
                       "CER: Levenshtein / reference length (whitespace collapsed), mean over the views found"]}]


def report(rows, fps):
    print(f"\n{'video':26} | {'frames':>6} | {'s':>5} | {'views found':>11} | {'extra':>5} | {'start err med/max s':>19} | "
          f"{'time acc':>8} | {'CER found':>9} | {'wall s':>6}")
    for r in rows:
        err = r["startErrorFrames"]
        errs = "-" if err["median"] is None else f"{err['median'] / fps:.3f}/{err['max'] / fps:.3f}"
        cer_found = "-" if r["cerFound"] is None else f"{r['cerFound']:.3f}"
        print(f"{r['video']:26} | {r['frames']:>6} | {r['duration']:5.1f} | {r['found']:>5}/{r['captions']:<5} | {r['extra']:>5} | "
              f"{errs:>19} | {r['timeAccuracy']:8.3f} | {cer_found:>9} | {r['wallSeconds']:6.1f}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--report"]:
        with open(RESULTS, encoding="utf-8") as f:
            saved = json.load(f)
        report(saved["results"], saved["fps"])
    else:
        main()
