#!/usr/bin/env python3
"""OCR accuracy on burned-in captions: `framelens index` against two hand pipelines, on real camera footage.

The corpus is Benchmarks/accuracy/make-captions.sh's (made here when missing): videos with captions burned
in by libass, each with its SRT, the truth. For every video this runs

  framelens           framelens index V --format json (default options)
  framelens --region  the same with --region set to the band(s) that hold the captions (manifest.json)
  tesseract           ffmpeg -i V -vf fps=2 frames, `tesseract f.png -` on each (OMP_THREAD_LIMIT=1, two
                      at a time so both cores work), consecutive readings merged into cues
  rapidocr            the same frames read by one long-lived rapidocr_onnxruntime (PP-OCRv4) process
                      (Benchmarks/accuracy/venv.sh), merged the same way

and scores each against the SRT (see Benchmarks/accuracy/README.md, "Captions", for the definitions):
captions found, extra cues (and per 80 s), start error in frames (median, max), time accuracy, CER of the
found captions and of all, and speed as a multiple of real time. Prints one table, writes every figure
to Benchmarks/out/accuracy/captions-results.json (rows of an earlier run that this one did not redo are
kept there, each with the time it was measured) and this run's table to Benchmarks/out/captions-tuning.json
(captions-heldout.json).

Environment: ACC_VIDEOS=name,name (manifest names; default all), ACC_TOOLS=framelens,tesseract,rapidocr
(default all three; framelens means both of its rows), FRAMELENS (the binary; default
.build/release/framelens, copied to a temporary folder first), ACC_CORPUS (the corpus folder),
ACC_SET (tuning, the default: make-captions.sh's corpus; heldout: make-captions-heldout.sh's, in
Benchmarks/out/accuracy/heldout/captions, results in heldout-captions-results.json). A video whose manifest
entry has "lang" (e.g. kor) is read with framelens --lang and tesseract -l in that language.
ACC_ENGINES=tesseract,ppocr,auto (default tesseract): framelens's text engines to run, each its own row
(`framelens --engine ppocr`; the --region row only for tesseract, and not with ACC_REGION=0).
ACC_FRAMELENS_ARGS="--caption-finder detector": more arguments for every framelens run, named in its rows.
Standard library only (rapidocr runs in its own venv).
"""
import concurrent.futures
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(REPO, "Benchmarks"))
from cer import cer, normalise  # noqa: E402  (Benchmarks/cer.py: Levenshtein / len(reference), whitespace collapsed)
from binary import copy_framelens  # noqa: E402  (Benchmarks/accuracy/binary.py)
from results import rounded, write as write_results  # noqa: E402  (Benchmarks/results.py)

OUT = os.path.join(REPO, "Benchmarks", "out", "accuracy")
SET = os.environ.get("ACC_SET", "tuning")
if SET not in ("tuning", "heldout"):
    sys.exit(f"error: ACC_SET={SET}: known: tuning, heldout")
CORPUS = os.environ.get("ACC_CORPUS") or os.path.join(OUT, "captions" if SET == "tuning" else "heldout/captions")
RESULTS = os.path.join(OUT, "captions-results.json" if SET == "tuning" else "heldout-captions-results.json")
MAKER = "make-captions.sh" if SET == "tuning" else "make-captions-heldout.sh"
MATCH = 0.35          # a cue shows a caption when it overlaps it in time and its CER against it is at most this
MERGE = 0.3           # pipelines: consecutive readings within this CER of each other are one cue
SAMPLE_FPS = 2        # pipelines: frames read per second
STEP = 0.01           # time accuracy: sampling step (s)
TOOLS = ("framelens", "tesseract", "rapidocr")
ENGINES = [e.strip() for e in os.environ.get("ACC_ENGINES", "tesseract").split(",") if e.strip()]
if set(ENGINES) - {"tesseract", "ppocr", "auto"}:
    sys.exit(f"error: ACC_ENGINES={','.join(ENGINES)}: known: tesseract, ppocr, auto")
NO_SPACE_LANGS = {"kor", "jpn", "chi_sim"}  # scored with whitespace removed

# ---------------------------------------------------------------------------------------------- truth


def parse_srt(path):
    """[(start_ms, end_ms, text)] with libass override tags ({\\an8}) and HTML-like tags removed."""
    with open(path, encoding="utf-8") as f:
        blocks = re.split(r"\n\s*\n", f.read().strip())
    captions = []
    for block in blocks:
        lines = block.splitlines()
        m = re.match(r"(\d+):(\d+):(\d+)[,.](\d+)\s*-->\s*(\d+):(\d+):(\d+)[,.](\d+)", lines[1])
        h1, m1, s1, f1, h2, m2, s2, f2 = map(int, m.groups())
        text = "\n".join(re.sub(r"\{\\[^}]*\}|<[^>]*>", "", line) for line in lines[2:])
        captions.append(((h1 * 3600 + m1 * 60 + s1) * 1000 + f1, (h2 * 3600 + m2 * 60 + s2) * 1000 + f2, text))
    return captions


def first_frame_at(ms, fps):
    """The first frame libass draws an event starting at `ms` on: the subtitles filter renders frame n at
    floor(n / fps in ms), and shows an event when start <= that < end."""
    n = math.ceil(Fraction(ms) * fps / 1000)
    while n > 0 and math.floor(Fraction(n - 1) * 1000 / fps) >= ms:
        n -= 1
    while math.floor(Fraction(n) * 1000 / fps) < ms:
        n += 1
    return n


def truth(entry, corpus=CORPUS):
    """Each caption as shown: start and end (the first frame after it) snapped to the frames, in seconds."""
    fps = Fraction(entry["frameRate"])
    result = []
    for start_ms, end_ms, text in parse_srt(os.path.join(corpus, entry["truth"])):
        a, b = first_frame_at(start_ms, fps), first_frame_at(end_ms, fps)
        result.append({"start": float(a / fps), "end": float(b / fps), "startFrame": a, "endFrame": b,
                       "text": text})
    return result

# ---------------------------------------------------------------------------------------------- tools


EXTRA_ARGS = os.environ.get("ACC_FRAMELENS_ARGS", "").split()


def run_framelens(binary, video, regions, scratch, lang="eng", engine="tesseract"):
    target = os.path.join(scratch, "index.json")
    command = [binary, "index", video, "--format", "json", "-o", target] + EXTRA_ARGS
    if lang != "eng":
        command += ["--lang", lang]
    if engine != "tesseract":
        command += ["--engine", engine]
    for region in regions:
        command += ["--region", region]
    began = time.monotonic()
    subprocess.run(command, check=True, stdin=subprocess.DEVNULL)
    wall = time.monotonic() - began
    with open(target) as f:
        index = json.load(f)
    cues = [{"start": c["start"], "end": c["end"], "text": c.get("text", "")} for c in index["cues"]]
    return cues, wall, {"command": " ".join(os.path.basename(c) if c == binary else c for c in command[:3] + EXTRA_ARGS)
                        + "".join(f" --region {r}" for r in regions)
                        + (f" --engine {engine}" if engine != "tesseract" else ""), "complete": index.get("complete")}


def extract_frames(video, folder):
    os.makedirs(folder, exist_ok=True)
    subprocess.run(["ffmpeg", "-nostdin", "-v", "error", "-i", video, "-vf", f"fps={SAMPLE_FPS}",
                    os.path.join(folder, "%05d.png")], check=True)
    return sorted(os.path.join(folder, name) for name in os.listdir(folder) if name.endswith(".png"))


def clean(text):
    """A reading's lines that hold a letter or a digit (drops the '~', '—_' a busy background reads as)."""
    return "\n".join(line.strip() for line in text.splitlines() if any(c.isalnum() for c in line)).strip()


def merge(readings):
    """Consecutive non-empty readings (frame i at i / SAMPLE_FPS s) whose texts are within MERGE CER of the
    previous one are one cue, from the first one's time to the last one's plus a sample; its text is the
    reading closest to all the others (the medoid)."""
    cues, current = [], None
    for i, text in enumerate(readings):
        t = i / SAMPLE_FPS
        if text and current and cer(current["texts"][-1], text) < MERGE:
            current["texts"].append(text)
            current["end"] = t + 1 / SAMPLE_FPS
            continue
        if current:
            cues.append(current)
        current = {"start": t, "end": t + 1 / SAMPLE_FPS, "texts": [text]} if text else None
    if current:
        cues.append(current)
    for cue in cues:
        texts = cue.pop("texts")
        cue["text"] = min(texts, key=lambda a: sum(cer(a, b) for b in texts)) if len(texts) > 2 else texts[0]
    return cues


def run_tesseract(video, scratch, lang="eng"):
    began = time.monotonic()
    frames = extract_frames(video, os.path.join(scratch, "frames"))
    environment = dict(os.environ, OMP_THREAD_LIMIT="1")

    def read(path):
        return subprocess.run(["tesseract", path, "-", "-l", lang], check=True, capture_output=True, text=True,
                              env=environment).stdout

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        readings = [clean(text) for text in pool.map(read, frames)]
    cues = merge(readings)
    wall = time.monotonic() - began
    return cues, wall, {"frames": len(frames), "command": f"ffmpeg -vf fps={SAMPLE_FPS} | tesseract f.png - "
                        f"(OMP_THREAD_LIMIT=1, {os.cpu_count() or 2} at a time) | merge"}


RAPIDOCR_WORKER = r"""
import json, sys, time
began = time.monotonic()
from rapidocr_onnxruntime import RapidOCR
engine = RapidOCR()
print(json.dumps({"ready": time.monotonic() - began}), flush=True)
for line in sys.stdin:
    result, _ = engine(line.rstrip("\n"))
    print(json.dumps([[box, text, score] for box, text, score in (result or [])]), flush=True)
"""


class RapidOCR:
    """One long-lived rapidocr_onnxruntime process in the venv: a PNG path in, its boxes out (JSON lines)."""

    def __init__(self):
        python = subprocess.run([os.path.join(HERE, "venv.sh")], check=True, capture_output=True,
                                text=True).stdout.strip()
        self.process = subprocess.Popen([python, "-c", RAPIDOCR_WORKER], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)
        self.startup = json.loads(self.process.stdout.readline())["ready"]

    def read(self, path):
        self.process.stdin.write(path + "\n")
        self.process.stdin.flush()
        boxes = json.loads(self.process.stdout.readline())
        return "\n".join(text.strip() for _, text, _ in boxes)   # rapidocr orders boxes top to bottom

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def run_rapidocr(engine, video, scratch):
    began = time.monotonic()
    frames = extract_frames(video, os.path.join(scratch, "frames"))
    cues = merge([clean(engine.read(path)) for path in frames])
    wall = time.monotonic() - began
    return cues, wall, {"frames": len(frames), "startup": engine.startup,
                        "command": f"ffmpeg -vf fps={SAMPLE_FPS} | rapidocr_onnxruntime 1.4.4 (one process) "
                                   "| merge"}

# ---------------------------------------------------------------------------------------------- scoring


def score(captions, cues, duration, fps, ignore=()):
    """Every figure of one tool on one video (definitions in the module doc and the README). `ignore`:
    (start, end) spans left out of the time accuracy (screencast.py's scroll: no view to show there)."""
    # Which captions each cue overlaps, and its CER against each.
    pairs = {}
    for j, cue in enumerate(cues):
        for i, cap in enumerate(captions):
            if cue["start"] < cap["end"] and cue["end"] > cap["start"]:
                pairs[i, j] = cer(cap["text"], cue["text"])
    matches = {key: c for key, c in pairs.items() if c <= MATCH}
    # Each cue's label: the caption it matches best, else "junk".
    labels = []
    for j in range(len(cues)):
        mine = [(c, i) for (i, jj), c in matches.items() if jj == j]
        labels.append(min(mine)[1] if mine else "junk")

    per_caption, errors, found_cers, all_cers = [], [], [], []
    for i, cap in enumerate(captions):
        hits = sorted((cues[j]["start"], j) for (ii, j) in matches if ii == i)
        best = min((c for (ii, _), c in pairs.items() if ii == i), default=1.0)
        all_cers.append(min(best, 1.0))
        row = {"caption": i + 1, "start": cap["start"], "text": cap["text"], "found": bool(hits),
               "bestCer": round(min(best, 1.0), 4)}
        if hits:
            first = hits[0][1]
            error = abs(cues[first]["start"] - cap["start"]) * fps
            errors.append(error)
            found_cers.append(min(matches[i, j] for _, j in hits))
            row.update(cue=first, cueStart=cues[first]["start"], startErrorFrames=round(error, 2),
                       cer=round(found_cers[-1], 4), cueText=cues[first]["text"])
        per_caption.append(row)
    extra = [j for j in range(len(cues)) if labels[j] == "junk"]

    # Time accuracy: at every STEP, the label the index shows equals the caption on screen (or both none).
    right = total = 0
    for k in range(int(round(duration / STEP))):
        t = k * STEP
        if any(a <= t < b for a, b in ignore):
            continue
        shown = next((i for i, cap in enumerate(captions) if cap["start"] <= t < cap["end"]), None)
        covering = {labels[j] for j, cue in enumerate(cues) if cue["start"] <= t < cue["end"]}
        right += covering == ({shown} if shown is not None else set())
        total += 1

    return {
        "captions": len(captions), "cues": len(cues), "found": len(errors),
        "extra": len(extra), "extraPer80s": round(len(extra) * 80 / duration, 2),
        "startErrorFrames": {"median": round(statistics.median(errors), 2) if errors else None,
                             "max": round(max(errors), 2) if errors else None},
        "timeAccuracy": round(right / total, 4),
        "cerFound": round(statistics.mean(found_cers), 4) if found_cers else None,
        "cerAll": round(statistics.mean(all_cers), 4),
        "perCaption": per_caption,
        "extraCues": [{"start": cues[j]["start"], "end": cues[j]["end"], "text": cues[j]["text"]} for j in extra],
        "cueList": cues,
    }

# ---------------------------------------------------------------------------------------------- one video


def tool_runs(entry, video, tools, binary, engine, region=os.environ.get("ACC_REGION", "1") != "0"):
    """[(row name, run)] of the tools on one video: run(scratch) returns (cues, wall seconds, info)."""
    lang = entry.get("lang", "eng")
    runs = []
    if "framelens" in tools:
        name = " ".join(["framelens"] + EXTRA_ARGS)
        if "tesseract" in ENGINES:
            runs.append((name, lambda s: run_framelens(binary, video, [], s, lang)))
            if region:
                runs.append((f"{name} --region", lambda s: run_framelens(binary, video, entry["regions"], s, lang)))
        runs += [(f"{name} --engine {e}", lambda s, e=e: run_framelens(binary, video, [], s, lang, e))
                 for e in ENGINES if e != "tesseract"]
    if "tesseract" in tools:
        runs.append(("tesseract", lambda s: run_tesseract(video, s, lang)))
    if "rapidocr" in tools:
        runs.append(("rapidocr", lambda s: run_rapidocr(engine, video, s)))
    return runs


def measure(entry, captions, run, scratch_root, ignore=()):
    """One tool's figures on one video (score's, with the duration, frame rate, wall time and the run's info)."""
    scratch = tempfile.mkdtemp(dir=scratch_root)
    cues, wall, info = run(scratch)
    shutil.rmtree(scratch)
    if entry.get("lang") in NO_SPACE_LANGS:
        # Korean, Japanese and Chinese: whitespace removed before scoring, as slides.py does (Tesseract's
        # kor model puts spaces between syllables, and line breaks fall inside words).
        cues = [dict(c, text="".join(c["text"].split())) for c in cues]
        captions = [dict(c, text="".join(c["text"].split())) for c in captions]
    fps = float(Fraction(entry["frameRate"]))
    figures = score(captions, cues, entry["duration"], fps, ignore)
    figures.update(duration=entry["duration"], fps=fps, wallSeconds=round(wall, 3),
                   xRealTime=round(entry["duration"] / wall, 2), **info)
    return figures

# ---------------------------------------------------------------------------------------------- main


def main():
    manifest = os.path.join(CORPUS, "manifest.json")
    if not os.path.exists(manifest):
        print("making the caption corpus (about a minute)...", file=sys.stderr)
        subprocess.run([os.path.join(HERE, MAKER), CORPUS], check=True)
    with open(manifest) as f:
        videos = json.load(f)["videos"]
    wanted = [v.strip() for v in os.environ.get("ACC_VIDEOS", "").split(",") if v.strip()]
    unknown = set(wanted) - {v["name"] for v in videos}
    if unknown:
        sys.exit(f"error: ACC_VIDEOS names no video: {', '.join(sorted(unknown))} "
                 f"(known: {', '.join(v['name'] for v in videos)})")
    if wanted:
        videos = [v for v in videos if v["name"] in wanted]
    tools = [t.strip() for t in os.environ.get("ACC_TOOLS", ",".join(TOOLS)).split(",") if t.strip()]
    if set(tools) - set(TOOLS):
        sys.exit(f"error: ACC_TOOLS: unknown {', '.join(sorted(set(tools) - set(TOOLS)))} (known: {', '.join(TOOLS)})")

    scratch_root = tempfile.mkdtemp(prefix="captions-bench-")
    try:
        binary = None
        if "framelens" in tools:
            binary = copy_framelens(REPO, scratch_root)
        version = subprocess.run([binary, "--version"], capture_output=True, text=True).stdout.strip() \
            if binary else None
        commit = subprocess.run(["git", "-C", REPO, "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        engine = RapidOCR() if "rapidocr" in tools else None
        stamp = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        print(f"captions ({SET} set): {len(videos)} videos, tools {', '.join(tools)}; {os.cpu_count()} cores, load "
              f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; framelens {version or '-'} at {commit}; {stamp}")
        if engine:
            print(f"rapidocr start-up (once, not counted): {engine.startup:.2f} s")

        rows = []
        for entry in videos:
            video = os.path.join(CORPUS, entry["video"])
            captions = truth(entry)
            for name, run in tool_runs(entry, video, tools, binary, engine):
                figures = measure(entry, captions, run, scratch_root)
                figures.update(video=entry["name"], tool=name, measured=stamp, commit=commit, framelensVersion=version)
                rows.append(figures)
                print(f"  {entry['name']:<22} {name:<19} {figures['cues']:3d} cues in {figures['wallSeconds']:6.1f} s",
                      flush=True)
        if engine:
            engine.close()
    finally:
        shutil.rmtree(scratch_root, ignore_errors=True)

    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())} (above ~1: other work ran, "
          "the x real time column is low)")
    print()
    print(table(rows))
    save(rows)
    print(f"\nall figures (per caption, every cue): {RESULTS}")
    write_results(f"captions-{SET}", f"Captions, {'tuning' if SET == 'tuning' else 'held-out'} set: framelens index "
                  f"against tesseract and RapidOCR on frames at {SAMPLE_FPS} fps (accuracy/captions.py)",
                  summary_tables(rows))


HEADER = ("video", "tool", "found", "extra (/80s)", "start err med/max", "time acc", "CER found", "CER all",
          "x real time")


def line(r):
    err = r["startErrorFrames"]
    errs = "-" if err["median"] is None else f"{err['median']:.1f}/{err['max']:.1f}"
    return (r["video"], r["tool"], f"{r['found']}/{r['captions']}", f"{r['extra']} ({r['extraPer80s']:.1f})", errs,
            f"{r['timeAccuracy']:.3f}", "-" if r["cerFound"] is None else f"{r['cerFound']:.3f}",
            f"{r['cerAll']:.3f}", f"{r['xRealTime']:.1f}")


def table(rows):
    cells = [HEADER] + [line(r) for r in rows]
    widths = [max(len(c[k]) for c in cells) for k in range(len(HEADER))]
    text = []
    for n, c in enumerate(cells):
        text.append(" | ".join(v.ljust(w) if k < 2 else v.rjust(w) for k, (v, w) in enumerate(zip(c, widths))))
        if n == 0:
            text.append("-+-".join("-" * w for w in widths))
    text.append("start err in frames of the video; found: a cue overlapping the caption with CER <= "
                f"{MATCH}; time acc: share of 10 ms steps where the index shows the right caption or rightly none")
    return "\n".join(text)


def summary_tables(rows):
    """Benchmarks/RESULTS.md's table (results.py): the console's, one row per video and tool."""
    cells = [[r["video"], r["tool"], f"{r['found']}/{r['captions']}", r["extra"], rounded(r["extraPer80s"]),
              rounded(r["startErrorFrames"]["median"]), rounded(r["startErrorFrames"]["max"]), rounded(r["timeAccuracy"]),
              rounded(r["cerFound"]), rounded(r["cerAll"]), rounded(r["xRealTime"])] for r in rows]
    notes = [f"found: captions with a cue overlapping them in time whose CER against them is <= {MATCH}; extra: "
             "cues matching no caption",
             "start err: |the first matching cue's start - the caption's start|, in frames of the video",
             "time acc: share of 10 ms steps where the index shows the right caption or rightly none",
             "CER: Levenshtein / reference length (whitespace collapsed; kor/jpn: removed), mean over the captions "
             "found, and over all (the closest overlapping cue; 1.0 where none)",
             f"tesseract, rapidocr: ffmpeg fps={SAMPLE_FPS} frames read one by one, consecutive readings merged into "
             "cues; x real time: video duration / the tool's wall time"]
    return [{"notes": notes, "rows": cells,
             "columns": ["video", "tool", "found", "extra", "extra /80 s", "start err med (fr)", "start err max (fr)",
                         "time acc", "CER found", "CER all", "x real time"]}]


def save(rows):
    """Writes this run's rows, keeping an earlier run's rows for videos/tools not redone."""
    kept = []
    if os.path.exists(RESULTS):
        try:
            with open(RESULTS) as f:
                kept = json.load(f).get("results", [])
        except (OSError, ValueError):
            kept = []
    redone = {(r["video"], r["tool"]) for r in rows}
    merged = [r for r in kept if (r["video"], r["tool"]) not in redone] + rows
    os.makedirs(OUT, exist_ok=True)
    with open(RESULTS + ".part", "w") as f:
        json.dump({"benchmark": "captions", "set": SET, "corpus": CORPUS, "matchCer": MATCH, "mergeCer": MERGE,
                   "sampleFps": SAMPLE_FPS, "table": table(merged).splitlines(), "results": merged}, f, indent=1)
        f.write("\n")
    os.replace(RESULTS + ".part", RESULTS)


if __name__ == "__main__":
    main()
