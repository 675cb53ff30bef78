#!/usr/bin/env python3
"""Make the robustness-sweep videos and their ground truth.

Each variant is a synthetic slide deck (drawn with ffmpeg's drawtext, slide changes on frame numbers
that are not multiples of common GOP sizes or frame rates) encoded one way: x264 GOP structures,
frame rates, x265, VP9, MPEG-2 in TS, MPEG-4 Part 2 in AVI, AV1, bullet reveals, captions over a
picture inset, a crossfade, 720p insets, variable frame rate, anamorphic pixels, a rotation tag and
film grain. Encodes run one at a time.

Usage (from anywhere; the paths come from this file's location):

    python3 Benchmarks/sweep/make.py              # every variant
    python3 Benchmarks/sweep/make.py v07_x265 ... # only these (names as listed by --list)
    python3 Benchmarks/sweep/make.py --list

Writes OUT/vids/NAME.EXT and OUT/vids/NAME.truth.json, where OUT is Benchmarks/out/sweep in the
repository or $SWEEP_OUT. The truth is {"fps", "frames", "size", "encode", "slides": [{"startFrame",
"endFrame" (exclusive), "start", "end" (seconds), "text"}], ...}: frame numbers index the decoded
(displayed) frames in presentation order. Needs ffmpeg with libx264, libx265, libvpx-vp9 and
libaom-av1, and the DejaVu fonts (fonts-dejavu-core). Then run check.py.
"""
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
OUT = Path(os.environ.get("SWEEP_OUT") or REPO / "Benchmarks" / "out" / "sweep")
VIDS = OUT / "vids"
TXT = OUT / "txt"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
FONTB = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
# slide changes never fall on a multiple of these (GOP sizes, frame rates), so that a boundary that
# happens to coincide with a keyframe does not hide an error
BAD_MULT = (12, 15, 24, 25, 30, 48, 50, 60, 120, 128, 250)

WORDS = ("market review growth plan budget travel winter garden network design memory lesson "
         "project history science orange silver planet harbor river forest window signal engine "
         "quality summary method result answer camera rocket bridge castle desert island meadow "
         "teacher student library program theory formula balance factor vector sample random "
         "profile pattern shadow mirror crystal thunder journey harvest festival kitchen").split()

X264 = ["-c:v", "libx264", "-preset", "medium", "-pix_fmt", "yuv420p"]
X265 = ["-c:v", "libx265", "-preset", "fast", "-pix_fmt", "yuv420p"]
INSET_SMALL = "[0:v]scale=160:90,format=yuv420p[ins];[base][ins]overlay=x=W-w-8:y=8:shortest=1"


def testsrc(fps):
    """Input arguments for a moving 320x180 picture (the inset)."""
    return ["-f", "lavfi", "-i", f"testsrc2=s=320x180:r={fps}:d=40"]


# --- decks -------------------------------------------------------------------------------------

def irregular(n):
    return all(n % m for m in BAD_MULT)


def make_text(rng, nlines):
    title = " ".join(w.capitalize() for w in rng.sample(WORDS, 3))
    return [title] + [" ".join(rng.sample(WORDS, rng.randint(3, 4))) for _ in range(nlines - 1)]


def deck(seed, fps, dur_s, nlines=(3, 4), dark_every=3, min_s=2.1, max_s=3.9):
    """Slides {start, end, lines, dark} covering frames [0, N) without gaps, irregular boundaries."""
    rng = random.Random(seed)
    n = int(round(dur_s * fps))
    slides, s, i = [], 0, 0
    while s < n:
        e = s + int(rng.uniform(min_s, max_s) * fps)
        while not irregular(e):
            e += 1
        if n - e < min_s * fps:
            e = n
        slides.append(dict(start=s, end=e, lines=make_text(rng, rng.randint(*nlines)),
                           dark=(i % dark_every == dark_every - 1)))
        s, i = e, i + 1
    return slides, n


def textfile(s):
    """drawtext reads its text from a file (no escaping); named by content, so reruns reuse it."""
    p = TXT / (hashlib.sha1(s.encode()).hexdigest()[:16] + ".txt")
    if not p.exists():
        p.write_text(s, encoding="utf-8")
    return p


def chain(slides, w, h, fps, nframes, base="0xF4F4F0", layout="slide"):
    """A filter chain (no labels) drawing the slides by frame number on a solid background."""
    parts = [f"color=c={base}:s={w}x{h}:r={fps}:d={nframes / fps + 1.0:.4f}", "format=yuv420p"]
    ts, bs = max(14, h // 12), max(12, h // 16)
    for sl in slides:
        en = f"enable='between(n,{sl['start']},{sl['end'] - 1})'"
        bg, fg = ("0x1E2230", "0xF0F0F0") if sl.get("dark") else ("0xF4F4F0", "0x202020")
        if bg != base:
            parts.append(f"drawbox=x=0:y=0:w=iw:h=ih:color={bg}:t=fill:{en}")
        if layout == "caption":
            for k, line in enumerate(sl["lines"]):
                y = int(h * 0.80) + k * int(bs * 1.4)
                parts.append(f"drawtext=fontfile={FONT}:textfile={textfile(line)}:fontsize={bs}:"
                             f"fontcolor={fg}:x=(w-text_w)/2:y={y}:{en}")
            continue
        reveal = sl.get("reveal", [sl["start"]] * len(sl["lines"]))  # each line's first frame
        for k, line in enumerate(sl["lines"]):
            if k == 0:
                y, fs, ff = int(h * 0.10), ts, FONTB
            else:
                y, fs, ff = int(h * 0.32) + (k - 1) * int(h * 0.12), bs, FONT
            en_k = f"enable='between(n,{reveal[k]},{sl['end'] - 1})'"
            parts.append(f"drawtext=fontfile={ff}:textfile={textfile(line)}:fontsize={fs}:"
                         f"fontcolor={fg}:x={int(w * 0.07)}:y={y}:{en_k}")
    parts.append(f"trim=end_frame={nframes}")
    return ",".join(parts)


def truth_from(slides, fps, nframes, extra=None):
    """Truth cues: one per slide, or one per reveal step of a slide with "reveal"."""
    out = []
    for sl in slides:
        if "reveal" in sl:
            rv = sl["reveal"]
            starts = sorted(set(rv))
            for j, st in enumerate(starts):
                en = starts[j + 1] if j + 1 < len(starts) else sl["end"]
                txt = "\n".join(line for line, r in zip(sl["lines"], rv) if r <= st)
                out.append(dict(startFrame=st, endFrame=en, text=txt))
        elif sl["lines"]:
            out.append(dict(startFrame=sl["start"], endFrame=sl["end"], text="\n".join(sl["lines"])))
    for t in out:
        t["start"] = round(t["startFrame"] / fps, 4)
        t["end"] = round(t["endFrame"] / fps, 4)
    d = dict(fps=fps, frames=nframes, slides=out)
    if extra:
        d.update(extra)
    return d


# --- encoding ----------------------------------------------------------------------------------

def run(cmd):
    print("+", " ".join(c if len(c) < 200 else c[:80] + "..." for c in map(str, cmd)), flush=True)
    t = time.time()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if p.returncode:
        sys.exit(f"ffmpeg failed (exit {p.returncode}):\n{p.stderr[-2000:]}")
    return time.time() - t


def encode(name, ext, fgraph, enc, truth, extra_in=()):
    path = VIDS / f"{name}.{ext}"
    dt = run(["ffmpeg", "-y", "-hide_banner", "-nostdin", *extra_in, "-filter_complex", fgraph + "[v]",
              "-map", "[v]", *enc, path])
    truth["encode"] = " ".join(enc)
    truth["encode_seconds"] = round(dt, 1)
    (VIDS / f"{name}.truth.json").write_text(json.dumps(truth, indent=1))
    return path


def std(name, fps=30, w=640, h=360, dur=30, seed=1, enc=X264, ext="mp4", post=""):
    """A standard deck, optionally with filters appended (post), encoded with enc."""
    slides, n = deck(seed, fps, dur)
    encode(name, ext, chain(slides, w, h, fps, n) + post, enc,
           truth_from(slides, fps, n, dict(size=f"{w}x{h}")))


# --- variants ----------------------------------------------------------------------------------

VARIANTS = {}


def variant(f):
    VARIANTS[f.__name__] = f
    return f


@variant
def v01_x264_default():
    std("v01_x264_default", seed=1)


@variant
def v02_x264_sc0_g250():
    std("v02_x264_sc0_g250", seed=2, enc=X264 + ["-sc_threshold", "0", "-g", "250"])


@variant
def v03_x264_bf0():
    std("v03_x264_bf0", seed=3, enc=X264 + ["-bf", "0"])


@variant
def v04_x264_opengop():
    std("v04_x264_opengop", seed=4, enc=X264 + ["-g", "120", "-x264-params", "open_gop=1"])


@variant
def v05_x264_still_crf40():
    std("v05_x264_still_crf40", seed=5, enc=X264 + ["-tune", "stillimage", "-crf", "40"])


@variant
def v06a_x264_60fps():
    std("v06a_x264_60fps", fps=60, seed=6, dur=25)


@variant
def v06b_x264_24fps():
    std("v06b_x264_24fps", fps=24, seed=7)


@variant
def v06c_x264_25fps():
    std("v06c_x264_25fps", fps=25, seed=8)


@variant
def v07_x265():
    std("v07_x265", seed=9, enc=X265 + ["-x265-params", "log-level=error"])


@variant
def v07b_x265_no_bpyramid():
    """v07's deck; B-frames never used as references."""
    std("v07b_x265_no_bpyramid", seed=9, enc=X265 + ["-x265-params", "log-level=error:b-pyramid=0"])


@variant
def v07c_x265_bf0():
    """v07's deck; no B-frames."""
    std("v07c_x265_bf0", seed=9, enc=X265 + ["-x265-params", "log-level=error:bframes=0"])


@variant
def v08_vp9_300k():
    std("v08_vp9_300k", seed=10, ext="webm",
        enc=["-c:v", "libvpx-vp9", "-b:v", "300k", "-deadline", "good", "-cpu-used", "4", "-row-mt", "1"])


@variant
def v09a_mpeg2_ts():
    std("v09a_mpeg2_ts", seed=11, ext="ts", enc=["-c:v", "mpeg2video", "-bf", "2", "-b:v", "1500k"])


@variant
def v09b_mpeg4_avi():
    std("v09b_mpeg4_avi", seed=12, ext="avi", enc=["-c:v", "mpeg4", "-q:v", "4"])


@variant
def v10_av1():
    std("v10_av1", seed=13, ext="mkv", dur=20,
        enc=["-c:v", "libaom-av1", "-cpu-used", "8", "-crf", "40", "-b:v", "0", "-row-mt", "1"])


@variant
def v11_bullets():
    """Bullets revealed one at a time: each reveal is a cue of its own."""
    fps, n = 30, 30 * 30
    rng = random.Random(21)
    s1 = dict(start=0, end=97, lines=make_text(rng, 3))
    s2 = dict(start=97, end=97 + 317, lines=make_text(rng, 4))
    s2["reveal"] = [97, 97, 97 + 89, 97 + 181]           # title and a line, then +1 (~3 s), +1 (~3 s)
    s3 = dict(start=414, end=521, lines=make_text(rng, 3), dark=True)
    s4 = dict(start=521, end=n, lines=make_text(rng, 4))
    s4["reveal"] = [521, 521 + 71, 521 + 71 + 103, 521 + 71 + 103 + 77]  # title, +1, +1, +1
    slides = [s1, s2, s3, s4]
    encode("v11_bullets", "mp4", chain(slides, 640, 360, fps, n), X264,
           truth_from(slides, fps, n, dict(size="640x360")))


@variant
def v12_captions_inset():
    """One-line captions (with gaps) on a dark background, a moving picture inset top right."""
    fps, n = 30, 32 * 30
    rng = random.Random(31)
    slides, s = [], 37
    while True:
        e = s + int(rng.uniform(2.0, 3.5) * fps)
        while not irregular(e):
            e += 1
        if e > n - 20:
            break
        slides.append(dict(start=s, end=e, lines=[" ".join(rng.sample(WORDS, 4))], dark=True))
        s = e
        if rng.random() < 0.6:   # a gap of 1-2 s
            s = e + int(rng.uniform(1.0, 2.0) * fps)
            while not irregular(s):
                s += 1
    g = chain(slides, 640, 360, fps, n, base="0x1E2230", layout="caption") + "[base];" + INSET_SMALL
    encode("v12_captions_inset", "mp4", g, X264,
           truth_from(slides, fps, n, dict(size="640x360", inset="x=472,y=8,w=160,h=90")),
           extra_in=testsrc(fps))


@variant
def v13_xfade():
    """Two decks joined by a 0.5 s crossfade: the boundary inside the fade is legitimately anywhere in it."""
    fps = 30
    rng = random.Random(41)
    a = [dict(start=0, end=127, lines=make_text(rng, 3)), dict(start=127, end=400, lines=make_text(rng, 3))]
    b = [dict(start=0, end=143, lines=make_text(rng, 3), dark=True),
         dict(start=143, end=400, lines=make_text(rng, 3))]
    off = 263                  # the fade starts at output frame 263 (8.767 s) and lasts 15 frames
    n = off + 400
    g = (chain(a, 640, 360, fps, 400) + "[a];" + chain(b, 640, 360, fps, 400) + "[b];"
         f"[a][b]xfade=transition=fade:duration=0.5:offset={off / fps:.6f}")
    slides = [a[0], dict(a[1], end=off), dict(b[0], start=off, end=off + 143),
              dict(b[1], start=off + 143, end=n)]
    tr = truth_from(slides, fps, n, dict(
        size="640x360", fades=[[off, off + 15]],
        note=f"slide 2 -> 3 crossfade over frames [{off},{off + 15}); truth boundary = fade start"))
    encode("v13_xfade", "mp4", g, X264, tr)


@variant
def v18_fading_bullets():
    """Bullets fading in over 0.5 s one by one: each step is a cue starting within its fade."""
    fps, n = 30, 600
    lines = make_text(random.Random(61), 5)
    reveal = [0, 61, 157, 251, 338]
    parts = [f"color=c=0xF4F4F0:s=640x360:r={fps}:d={n / fps + 1:.4f}", "format=yuv420p"]
    for k, (line, start) in enumerate(zip(lines, reveal)):
        fade = f"alpha='min(1,(n-{start}+1)/15)':" if k else ""
        parts.append(f"drawtext=fontfile={FONT}:textfile={textfile(line)}:fontsize={34 if k == 0 else 26}:"
                     f"fontcolor=0x202020:x=40:y={40 + k * 50}:{fade}enable='gte(n,{start})'")
    parts.append(f"trim=end_frame={n}")
    encode("v18_fading_bullets", "mp4", ",".join(parts), X264,
           truth_from([dict(start=0, end=n, lines=lines, reveal=reveal)], fps, n, dict(
               size="640x360", fades=[[start, start + 15] for start in reveal[1:]],
               note="each bullet fades in over 15 frames; truth boundary = fade start")))


def short_lines(slides):
    """Keep the text clear of a bottom-right 320x180 inset at 1280x720."""
    for sl in slides:
        sl["lines"] = [line[:26].rstrip() for line in sl["lines"]]


def inset_720p(name, seed, inset):
    """A 720p deck with a 320x180 testsrc2 picture inset bottom right, `inset` filtering the inset."""
    fps = 30
    slides, n = deck(seed, fps, 30)
    short_lines(slides)
    g = (chain(slides, 1280, 720, fps, n) + "[base];"
         f"[0:v]format=yuv420p{inset}[ins];[base][ins]overlay=x=W-w-16:y=H-h-16:shortest=1")
    encode(name, "mp4", g, X264,
           truth_from(slides, fps, n, dict(size="1280x720", inset="x=944,y=524,w=320,h=180")),
           extra_in=testsrc(fps))


@variant
def v14_big_inset_720p():
    """720p deck with a moving 320x180 picture inset bottom right."""
    inset_720p("v14_big_inset_720p", 51, "")


@variant
def v14b_text_inset_720p():
    """Like v14, but the inset carries readable text that moves every frame (must not leak into cues)."""
    inset_720p("v14b_text_inset_720p", 52,
               f",drawtext=fontfile={FONTB}:text='Speaker':fontsize=40:fontcolor=white:"
               "box=1:boxcolor=black:x=40+50*sin(n/7):y=40+30*cos(n/9)")


@variant
def v14c_no_inset_720p():
    """Control for v14: the same deck and size without the inset."""
    fps = 30
    slides, n = deck(51, fps, 30)
    short_lines(slides)
    encode("v14c_no_inset_720p", "mp4", chain(slides, 1280, 720, fps, n), X264,
           truth_from(slides, fps, n, dict(size="1280x720")))


@variant
def v15_vfr():
    """Variable frame rate: of every 7 source frames at 30 fps the first 4 are kept (intervals 1/30 s and 4/30 s)."""
    fps = 30
    slides, n = deck(61, fps, 30)
    keep = [k for k in range(n) if k % 7 < 4]
    pos = {k: i for i, k in enumerate(keep)}

    def first_kept(k):
        while k not in pos and k < n:
            k += 1
        return pos.get(k, len(keep))
    g = chain(slides, 640, 360, fps, n) + ",select='lt(mod(n\\,7)\\,4)'"
    out = []
    for sl in slides:
        a, b = first_kept(sl["start"]), first_kept(sl["end"])
        ta = keep[a] / fps
        tb = keep[b] / fps if b < len(keep) else n / fps
        out.append(dict(startFrame=a, endFrame=b, start=round(ta, 4), end=round(tb, 4),
                        text="\n".join(sl["lines"]), sourceFrame=[sl["start"], sl["end"]]))
    tr = dict(fps=None, frames=len(keep), slides=out, size="640x360",
              note="VFR: frames kept = source frames n with n%7<4 (pts = n/30 s). startFrame/endFrame are "
                   "indexes of decoded frames; start/end are the pts of those frames.")
    encode("v15_vfr", "mkv", g, X264 + ["-vsync", "vfr"], tr)


@variant
def v16a_anamorphic():
    """480x360 stored with a 4:3 sample aspect ratio (displayed 640x360)."""
    std("v16a_anamorphic", seed=71, w=480, h=360, post=",setsar=4/3")


@variant
def v16b_rotated():
    """Stored 360x640 (the deck turned 90 degrees clockwise) with a rotation tag that turns it upright."""
    fps = 30
    slides, n = deck(81, fps, 25)
    tmp = encode("v16b_tmp", "mp4", chain(slides, 640, 360, fps, n) + ",transpose=1", X264,
                 truth_from(slides, fps, n, dict(size="640x360 displayed, 360x640 stored")))
    final = VIDS / "v16b_rotated.mp4"
    run(["ffmpeg", "-y", "-hide_banner", "-nostdin", "-i", tmp, "-c", "copy", "-metadata:s:v", "rotate=90",
         final])
    os.replace(VIDS / "v16b_tmp.truth.json", VIDS / "v16b_rotated.truth.json")
    os.remove(tmp)
    rot = subprocess.run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                          "stream_side_data=rotation", "-of", "csv=p=0", final],
                         capture_output=True, text=True).stdout.strip()
    if not rot:
        sys.exit(f"{final}: this ffmpeg wrote no rotation (-metadata:s:v rotate=90 is ignored by newer "
                 "ffmpeg); the video would not be rotated")


@variant
def v17_grain():
    """Temporal noise on every frame (film grain): nothing is ever still."""
    std("v17_grain", seed=91, post=",noise=alls=8:allf=t")


def main():
    args = sys.argv[1:]
    if "--list" in args or "-h" in args or "--help" in args:
        if "--list" not in args:
            print(__doc__.strip() + "\n\nVariants:")
        for name, f in VARIANTS.items():
            print(name + (f"  {f.__doc__.strip()}" if f.__doc__ else ""))
        return
    unknown = [a for a in args if a not in VARIANTS]
    if unknown:
        sys.exit(f"unknown variant(s): {' '.join(unknown)} (see --list)")
    for font in (FONT, FONTB):
        if not os.path.exists(font):
            sys.exit(f"missing font {font} (apt-get install fonts-dejavu-core)")
    VIDS.mkdir(parents=True, exist_ok=True)
    TXT.mkdir(parents=True, exist_ok=True)
    t0 = time.time()
    names = args or list(VARIANTS)
    for name in names:
        VARIANTS[name]()
    print(f"{len(names)} videos in {VIDS} ({time.time() - t0:.0f} s)")


if __name__ == "__main__":
    main()
