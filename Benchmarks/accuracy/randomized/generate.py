#!/usr/bin/env python3
"""Draws and makes the clips of one half: generate.py HALF SRC OUT COUNT SEED (make.sh runs it).

Each clip NAME gets NAME.json (its draw), NAME.burn.srt (what libass draws), NAME.srt (the truth) and the video;
a clip whose draw is unchanged and whose video exists is not made again. manifest.json lists the clips in the
form captions.py reads (name, video, truth, lang, frame rate, duration) with each clip's factors and the spans
a build-up takes (left out of the time accuracy). Standard library only.
"""
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from corpus import video_facts, write_json  # noqa: E402  (Benchmarks/accuracy/corpus.py)

from draw import draw  # noqa: E402
from render import CONTAINERS, burned_events, ffmpeg_command, truth_events, write_srt  # noqa: E402
from sources import CLIPS, HALVES, LANGUAGES, texts  # noqa: E402

FACTORS = ("font", "fontKind", "style", "colour", "sizeClass", "position", "appearance", "lines", "lang",
           "resolution", "codec", "quality")


def probe(path, entry):
    return subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", entry, "-of",
                           "csv=p=0", path], check=True, capture_output=True, text=True).stdout.strip()


def make_clip(spec, src, out, rates):
    name = spec["name"]
    video = f"{name}.{CONTAINERS[spec['codec']]}"
    spec_path = os.path.join(out, name + ".json")
    if os.path.exists(os.path.join(out, video)) and os.path.exists(spec_path):
        with open(spec_path, encoding="utf-8") as f:
            if json.load(f) == spec:
                return video
    write_srt(os.path.join(out, name + ".burn.srt"), burned_events(spec))
    write_srt(os.path.join(out, name + ".srt"), truth_events(spec))
    rate = rates.get(spec["footage"]["source"])
    part = f"{name}.part.{CONTAINERS[spec['codec']]}"
    subprocess.run(ffmpeg_command(spec, src, rate, name + ".burn.srt", part), check=True, cwd=out)
    os.replace(os.path.join(out, part), os.path.join(out, video))
    write_json(spec_path, spec)
    return video


def main(half, src, out, count, seed):
    if half not in HALVES:
        sys.exit(f"error: half {half}: known: {', '.join(HALVES)}")
    os.makedirs(out, exist_ok=True)
    pools = {lang: texts(src, lang) for lang in LANGUAGES}
    for lang, pool in pools.items():
        if len(pool) < 20:
            sys.exit(f"error: only {len(pool)} {lang} texts in {src}'s catalogs")
    sources = [os.path.join(src, s) for s in CLIPS[half]]
    seconds = {s: float(probe(os.path.join(src, s), "format=duration")) for s in CLIPS[half]}
    rates = {s: probe(path, "stream=r_frame_rate") for s, path in zip(CLIPS[half], sources)}
    began, entries = time.monotonic(), []
    for number in range(count):
        spec = draw(half, number, seed, pools, seconds)
        video = make_clip(spec, src, out, rates)
        ignore = [[c["start"], c["complete"]] for c in spec["captions"] if "complete" in c]
        entries.append({"name": spec["name"], "video": video, "truth": spec["name"] + ".srt", "lang": spec["lang"],
                        "source": spec["footage"]["source"].split("/")[0] + ": " + os.path.basename(
                            spec["footage"]["source"]), "footage": spec["footage"]["kind"],
                        "factors": {k: spec[k] for k in FACTORS}, "ignore": ignore, "regions": [],
                        **video_facts(os.path.join(out, video))})
        print(f"\r{half}: {number + 1}/{count} clips ({time.monotonic() - began:.0f} s)", end="", file=sys.stderr,
              flush=True)
    print(file=sys.stderr)
    write_json(os.path.join(out, "manifest.json"), {"set": f"randomized-{half}", "seed": seed, "videos": entries,
                                                     "texts": {lang: len(pool) for lang, pool in pools.items()}})


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
