#!/usr/bin/env python3
"""framelens index on terminal recordings (make-terminal.sh): commands typed one key at a time, their output
appearing at once, the screen scrolling when full, at 60 fps; against the plain CLI on one frame per output.

For each video of a set (ACC_SET=tuning, heldout or both, the default): `framelens index V --format json`
with default options (wall time measured), then per command's output, the view [outputFrame, endFrame) (from
the frame the output appears to the frame the next one does, or the video's end; its text: the screen's rows
at outputFrame, from the corpus's manifest.json):

  found         a cue overlapping the view (in frames) with CER <= 0.35 against the view's text
  start error   the first such cue's start frame - outputFrame; median and max of its size over the outputs
                found, exact starts (0 frames) and starts within 1 frame
  best CER      the lowest CER among the cues overlapping the view (1.0 when none does)
  typing cues   cues starting while a command is typed, in [typingStartFrame, outputFrame): next to the keys
                typed, "a cue per key" shows
  repeats       other cues (not starting while typing) that match a view with CER <= 0.35 without being the
                first cue matching any view: a view cut into several cues (the blinking cursor, say)
  extra         cues matching no view with CER <= 0.35 and not starting while typing (the opening prompt's
                cue, before the first key, is one)
  x real time   the video's duration / the wall time of the index
  CLI CER       `ffmpeg -ss T -i V -frames:v 1 f.png` at the middle frame of the view's still part
                [outputFrame, the next typingStartFrame) (where the screen shows exactly the view's text; T half
                a frame before its pts, ffmpeg returns the first frame at or after T), then `tesseract f.png -`
                (default page segmentation, OMP_THREAD_LIMIT=1), against the view's text

CER as Benchmarks/cer.py (Levenshtein / reference length, whitespace collapsed). Consecutive screens share
most rows (a short output scrolls the screen by 2-3 rows), so a cue left over from the screen before can match
a view too; each output also lists `staleCer`, the CER of the screen before against the view's text, and the
start error tells such a cue (it starts before outputFrame).

Environment: ACC_SET, ACC_CORPUS (the folder holding tuning/ and heldout/), FRAMELENS (the binary, default
.build/release/framelens; copied first), ACC_FRAMELENS_ARGS (more arguments for framelens, as in captions.py),
ACC_RESULTS (write the figures to this file instead, and leave Benchmarks/out/terminal.json, RESULTS.md's
summary, alone: a comparison run). Writes Benchmarks/out/accuracy/terminal-results.json (every output and cue;
a set not run keeps its figures from the last run) and the summary of both sets to Benchmarks/out/terminal.json;
`terminal.py --report` prints the tables again.
"""
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.dirname(HERE))
from captions import REPO, OUT, MATCH  # noqa: E402
from cer import cer, normalise  # noqa: E402  (Benchmarks/cer.py)
from filmed import cli_reading  # noqa: E402  (ffmpeg -ss T ... f.png; tesseract f.png -, OMP_THREAD_LIMIT=1)
from results import rounded, write as write_results  # noqa: E402  (Benchmarks/results.py)
from two_sets import SETS, index, run_sets, save  # noqa: E402

CORPUS = os.environ.get("ACC_CORPUS") or os.path.join(OUT, "terminal")
RESULTS = os.environ.get("ACC_RESULTS") or os.path.join(OUT, "terminal-results.json")


def score(entry, cues):
    """Every figure of one video (the module doc): a row per command's output, and each cue's class."""
    fps, commands = entry["fps"], entry["commands"]
    for c in cues:
        c.setdefault("startFrame", round(c["start"] * fps))
        c.setdefault("endFrame", round(c["end"] * fps))
    overlaps = {}   # (output, cue): CER
    for j, c in enumerate(cues):
        for k, o in enumerate(commands):
            if c["startFrame"] < o["endFrame"] and c["endFrame"] > o["outputFrame"]:
                overlaps[k, j] = cer(o["text"], c.get("text", ""))
    rows, first_of = [], {}
    for k, o in enumerate(commands):
        mine = sorted((v, j) for (kk, j), v in overlaps.items() if kk == k)
        matching = sorted((cues[j]["startFrame"], j) for v, j in mine if v <= MATCH)
        previous = commands[k - 1]["text"] if k else entry["opening"]["text"]
        row = {"command": o["command"], "outputFrame": o["outputFrame"], "endFrame": o["endFrame"],
               "outputLines": o["outputLines"], "cues": len(mine), "found": bool(matching),
               "bestCer": round(min(mine[0][0], 1.0), 4) if mine else 1.0,
               "staleCer": round(cer(o["text"], previous), 4)}
        if mine:
            row.update(bestCue=mine[0][1], bestCueText=cues[mine[0][1]].get("text", ""))
        if matching:
            j = matching[0][1]
            first_of.setdefault(j, k)
            row.update(firstCue=j, firstCueCer=round(overlaps[k, j], 4),
                       startError=cues[j]["startFrame"] - o["outputFrame"])
        rows.append(row)
    detail = []
    for j, c in enumerate(cues):
        typed = next((k for k, o in enumerate(commands) if o["typingStartFrame"] <= c["startFrame"] < o["outputFrame"]),
                     None)
        best = min(((v, k) for (k, jj), v in overlaps.items() if jj == j), default=None)
        if typed is not None:
            kind = "typing"
        elif j in first_of:
            kind = "first"
        elif best and best[0] <= MATCH:
            kind = "repeat"
        elif c["startFrame"] < commands[0]["typingStartFrame"]:
            kind = "extra (the opening prompt)"
        else:
            kind = "extra"
        detail.append({"cue": j, "start": c["start"], "end": c["end"], "startFrame": c["startFrame"],
                       "endFrame": c["endFrame"], "class": kind, "typedCommand": typed,
                       "firstOf": first_of.get(j), "bestOutput": best and best[1],
                       "bestCer": best and round(best[0], 4), "text": c.get("text", "")})
    return rows, detail


def totals(videos):
    """A set's (or a video's) figures from its outputs' rows and its cues."""
    rows = [r for v in videos for r in v["perOutput"]]
    cues = [c for v in videos for c in v["cues"]]
    errors = [abs(r["startError"]) for r in rows if r["found"]]
    best, cli = [r["bestCer"] for r in rows], [r["cliCer"] for r in rows]
    duration, wall = sum(v["duration"] for v in videos), sum(v["wallSeconds"] for v in videos)
    count = lambda kind: sum(c["class"].startswith(kind) for c in cues)
    return {"outputs": len(rows), "found": sum(r["found"] for r in rows),
            "startErrorFrames": {"median": statistics.median(errors) if errors else None,
                                 "max": max(errors) if errors else None},
            "exactStarts": sum(r["found"] and r["startError"] == 0 for r in rows),
            "startsWithin1": sum(r["found"] and abs(r["startError"]) <= 1 for r in rows),
            "bestCerMean": round(statistics.mean(best), 4), "bestCerMax": round(max(best), 4),
            "cues": len(cues), "typingCues": count("typing"), "keys": sum(v["keys"] for v in videos),
            "repeats": count("repeat"), "extra": count("extra"),
            "wallSeconds": round(wall, 2), "duration": round(duration, 3), "xRealTime": round(duration / wall, 2),
            "cliCerMean": round(statistics.mean(cli), 4), "cliCerMax": round(max(cli), 4)}


def run_set(name, binary, scratch_root, stamp, commit):
    subprocess.run([os.path.join(HERE, "make-terminal.sh"), CORPUS], check=True)
    folder = os.path.join(CORPUS, name)
    with open(os.path.join(folder, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    videos = []
    for entry in manifest["videos"]:
        video, fps = os.path.join(folder, entry["video"]), entry["fps"]
        scratch = tempfile.mkdtemp(dir=scratch_root)
        cues, wall = index(binary, video, scratch)
        rows, detail = score(entry, cues)
        commands = entry["commands"]
        for k, (row, o) in enumerate(zip(rows, commands)):
            still_end = commands[k + 1]["typingStartFrame"] if k + 1 < len(commands) else o["endFrame"]
            middle = (o["outputFrame"] + still_end) // 2
            text = cli_reading(video, (middle - 0.5) / fps, "eng", scratch)
            row.update(cliFrame=middle, cliCer=round(min(1.0, cer(o["text"], text)), 4), cliText=text)
        result = {"video": entry["name"], "width": entry["width"], "height": entry["height"], "fps": fps,
                  "duration": entry["duration"], "font": entry["font"], "fontPx": entry["fontPx"],
                  "grid": f"{entry['columns']}x{entry['rows']}", "cursor": entry["cursor"]["kind"],
                  "keys": sum(o["keys"] for o in commands), "wallSeconds": round(wall, 2), "measured": stamp,
                  "commit": commit, "perOutput": rows, "cues": detail}
        result["figures"] = totals([result])
        videos.append(result)
        f = result["figures"]
        print(f"   {name}/{entry['name']}: {f['cues']} cues, {f['found']}/{f['outputs']} outputs found, "
              f"{f['exactStarts']} exact starts, best CER {f['bestCerMean']:.3f}, {f['typingCues']} typing cues for "
              f"{f['keys']} keys, {f['extra']} extra; {f['xRealTime']:.2f}x real time; CLI {f['cliCerMean']:.3f}",
              flush=True)
    return {"corpus": folder, "seed": manifest.get("seed"), "videos": videos, "figures": totals(videos)}


def main():
    sets = run_sets("terminal recordings", RESULTS, run_set)
    print(f"\nload average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    report(sets)
    save(RESULTS, "terminal", MATCH, sets)
    print(f"\nevery output and cue: {os.path.relpath(RESULTS, REPO)}")
    if not os.environ.get("ACC_RESULTS"):
        write_results("terminal", "Terminal recordings: framelens index against the tesseract CLI on commands typed "
                      "key by key at 60 fps, their output at once, the screen scrolling (accuracy/terminal.py)",
                      summary_tables(sets))


COLUMNS = ["video", "outputs found", "start err med (fr)", "start err max (fr)", "exact starts", "starts ±1",
           "best CER mean", "best CER max", "cues", "typing cues", "keys", "repeats", "extra", "x real time",
           "CLI CER mean", "CLI CER max"]


def cells(name, f):
    err = f["startErrorFrames"]
    return [name, f"{f['found']}/{f['outputs']}", rounded(err["median"], 1), err["max"], f["exactStarts"],
            f["startsWithin1"], rounded(f["bestCerMean"]), rounded(f["bestCerMax"]), f["cues"], f["typingCues"],
            f["keys"], f["repeats"], f["extra"], rounded(f["xRealTime"], 2), rounded(f["cliCerMean"]),
            rounded(f["cliCerMax"])]


def set_rows(s):
    rows = [cells(v["video"], v["figures"]) for v in s["videos"]]
    return rows + [cells("all", s["figures"])] if len(s["videos"]) > 1 else rows


def summary_tables(sets):
    """Benchmarks/RESULTS.md's tables (results.py): one per set, a row per video (and the set's, when more)."""
    notes = [f"outputs found: outputs with a cue overlapping their view (the frames from the output's appearing to "
             f"the next output's, or the end) with CER <= {MATCH} against the screen's rows at that frame",
             "start err: |the first such cue's start - the output's frame|, in frames (60 fps), median and max over "
             "the outputs found; exact starts: 0 frames; starts ±1: within a frame",
             "best CER: the lowest CER (Levenshtein / reference length, whitespace collapsed) among the cues "
             "overlapping the view, 1.0 where none does; mean and max over the outputs",
             "typing cues: cues starting while a command is typed (from its first key to its output); keys: the "
             "keys typed (one screen each)",
             f"repeats: cues not starting while typing that match a view with CER <= {MATCH} without being the "
             f"first to match one (a view cut in several cues)",
             f"extra: cues matching no view with CER <= {MATCH} and not starting while typing (the opening prompt's "
             f"cue is one)",
             "x real time: the video's duration / the wall time of `framelens index V --format json`",
             "CLI CER: `tesseract` (default page segmentation) on ffmpeg's PNG of the middle frame of the output's "
             "still part (before the next command is typed), against the view's text"]
    tables = [{"title": f"{'Tuning' if name == 'tuning' else 'Held-out'} set", "columns": COLUMNS,
               "rows": set_rows(s)} for name, s in sets.items()]
    tables[-1]["notes"] = notes
    return tables


def report(sets):
    for name, s in sets.items():
        print(f"\n{name} set ({s.get('binary', '')}):\n")
        rows = [COLUMNS] + [[c if isinstance(c, str) else "-" if c is None else f"{c:g}" for c in row]
                            for row in set_rows(s)]
        widths = [max(len(str(r[k])) for r in rows) for k in range(len(COLUMNS))]
        for row in rows:
            print(" | ".join(str(c).rjust(w) if k else str(c).ljust(w) for k, (c, w) in enumerate(zip(row, widths))))
        for v in s["videos"]:
            print(f"\n   {v['video']} ({v['grid']}, {v['font']} {v['fontPx']} px, {v['cursor']} cursor, "
                  f"{v['wallSeconds']} s):")
            typing = {}
            for c in v["cues"]:
                if c["class"] == "typing":
                    typing[c["typedCommand"]] = typing.get(c["typedCommand"], 0) + 1
            for k, r in enumerate(v["perOutput"]):
                start = f"{r['startError']:+d}" if r["found"] else "-"
                print(f"    {r['command'][:38]:38} out {r['outputFrame']:5d} ({r['outputLines']:2d} lines)  "
                      f"cues {r['cues']}  start {start:>4} fr  best CER {r['bestCer']:.3f}  stale {r['staleCer']:.3f}  "
                      f"CLI {r['cliCer']:.3f}  typing cues {typing.get(k, 0)}")
            for c in v["cues"]:
                if c["class"].startswith(("extra", "repeat")):
                    print(f"    {c['class']} cue at frame {c['startFrame']}-{c['endFrame']}: "
                          f"{normalise(c['text'])[:90]!r}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--report"]:
        with open(RESULTS, encoding="utf-8") as f:
            report(json.load(f)["sets"])
    else:
        main()
