"""A drawn clip made real: its two SRTs (the one libass burns, with override tags, and the truth) and the ffmpeg
command that draws the footage, burns the captions and encodes it. Standard library only.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from corpus import stamp  # noqa: E402  (Benchmarks/accuracy/corpus.py)

from draw import POSITIONS  # noqa: E402
from sources import NO_SPACES  # noqa: E402

HIDDEN = "{\\alpha&HFF&}"   # what follows is drawn fully transparent: a build-up's words still to come
CONTAINERS = {"h264": "mp4", "hevc": "mp4", "vp9": "webm", "av1": "mkv", "mpeg4": "avi"}
MUXERS = {"mp4": "mp4", "webm": "webm", "mkv": "matroska", "avi": "avi"}


def burned_events(spec):
    """(start, end, text) of the events libass draws: one per caption, or one per word shown in a build-up
    (the words still to come already laid out but transparent, so the shown ones do not move)."""
    tags = "{\\an%d}" % POSITIONS[spec["position"]]
    if "fade" in spec:
        tags += "{\\fad(%d,%d)}" % tuple(spec["fade"])
    joiner = "" if spec["lang"] in NO_SPACES else " "
    events = []
    for caption in spec["captions"]:
        if "units" not in caption:
            events.append((caption["start"], caption["end"], tags + "\n".join(caption["lines"])))
            continue
        flat = [(k, unit) for k, units in enumerate(caption["units"]) for unit in units]
        for j in range(len(flat)):
            lines = [[] for _ in caption["units"]]
            for n, (k, unit) in enumerate(flat):
                lines[k].append(HIDDEN + unit if n == j + 1 else unit)
            text = "\n".join(joiner.join(line) for line in lines)
            start = round(caption["start"] + j * caption["step"], 2)
            end = caption["end"] if j == len(flat) - 1 else round(caption["start"] + (j + 1) * caption["step"], 2)
            events.append((start, end, tags + text))
    return events


def truth_events(spec):
    """(start, end, text) of each caption as the truth: a build-up's from the moment it is complete."""
    return [(c.get("complete", c["start"]), c["end"], "\n".join(c["lines"])) for c in spec["captions"]]


def write_srt(path, events):
    with open(path + ".part", "w", encoding="utf-8") as f:
        for i, (start, end, text) in enumerate(events, 1):
            f.write(f"{i}\n{stamp(start)} --> {stamp(end)}\n{text}\n\n")
    os.replace(path + ".part", path)


def force_style(spec):
    """The clip's style for the subtitles filter (its Alignment field takes SSA's old numbers here, so the
    position goes in each event as {\\an})."""
    fields = dict(spec["ass"], FontName=spec["fontName"], FontSize=spec["size"], Bold=int(spec["bold"]),
                  MarginV=spec["margin"], MarginL=spec["margin"],
                  MarginR=spec["margin"])
    return ",".join(f"{key}={value}" for key, value in fields.items())


def encoder(spec):
    if spec["codec"] == "mpeg4":
        return ["-c:v", "mpeg4", "-q:v", str(spec["q"])]
    crf = str(spec["crf"])
    return {
        "h264": ["-c:v", "libx264", "-preset", "veryfast", "-crf", crf],
        "hevc": ["-c:v", "libx265", "-preset", "fast", "-crf", crf, "-tag:v", "hvc1",
                 "-x265-params", "log-level=error"],
        "vp9": ["-c:v", "libvpx-vp9", "-crf", crf, "-b:v", "0", "-deadline", "realtime", "-cpu-used", "8",
                "-row-mt", "1"],
        "av1": ["-c:v", "libsvtav1", "-crf", crf, "-preset", "10"],
    }[spec["codec"]]


def ffmpeg_command(spec, src, rate, burned_srt, target):
    """The command (run in the clip's folder) that makes `target` from the footage; `rate` is the footage's
    r_frame_rate (num/den) for a clip. Frame n is put at exactly n / fps before libass draws (corpus.sh's
    burn_captions does the same)."""
    footage, width, height, duration = spec["footage"], spec["width"], spec["height"], spec["duration"]
    path = os.path.join(src, footage["source"])
    if footage["kind"] == "clip":
        inputs = ["-stream_loop", "-1", "-ss", str(footage["offset"]), "-i", path]
        num, den = rate.split("/")
        picture = f"scale={width}:{height}:force_original_aspect_ratio=increase,crop={width}:{height}"
    else:
        num, den = str(footage["rate"]), "1"
        inputs = ["-loop", "1", "-framerate", num, "-i", path]
        (x0, y0), (x1, y1) = footage["from"], footage["to"]
        w, h = round(width * footage["zoom"] / 2) * 2, round(height * footage["zoom"] / 2) * 2
        picture = (f"scale={w}:{h}:force_original_aspect_ratio=increase,"
                   f"crop={width}:{height}:x='(iw-ow)*({x0}+{x1 - x0:.2f}*t/{duration})'"
                   f":y='(ih-oh)*({y0}+{y1 - y0:.2f}*t/{duration})'")
    style = force_style(spec).replace("'", "")
    graph = (f"{picture},setsar=1,settb={den}/{num},setpts=N,"
             f"subtitles=filename={burned_srt}:force_style='{style}'")
    return (["ffmpeg", "-nostdin", "-v", "error", "-y", *inputs, "-t", str(duration), "-an", "-vf", graph,
             "-pix_fmt", "yuv420p", *encoder(spec), "-f", MUXERS[CONTAINERS[spec["codec"]]], target])
