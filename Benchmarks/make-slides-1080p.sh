#!/usr/bin/env bash
# Makes the 1080p lecture benchmark video for `framelens index` and its ground truth:
#   OUT/slides-1080p.mp4   3:00, 1920x1080, 30 fps, H.264 (x264 preset medium, -crf 23, -g 250,
#                          -sc_threshold 0, default B-frames), 15 slides: a title slide, bullet slides
#                          with 3-6 lines at 40-64 px, three bullet reveals (the same slide plus one
#                          line), one dark slide; every change falls on an irregular frame (never on a
#                          keyframe, a whole second or a half second). A 320x180 testsrc2 "presenter
#                          inset", which changes on every frame, sits in the bottom-right corner of
#                          every slide (40 px from the edges), away from the slide text.
#   OUT/slides-1080p.json  per slide: index, startFrame, endFrame (exclusive), start, end (seconds),
#                          lines, text, dark; plus fps, frameCount, duration, width, height, inset.
# MINUTES (environment, default 3) stretches the lecture: every slide is held MINUTES/3 times as long
# (its start frame scaled, moved one frame on where that lands on a keyframe or a sample instant), and the
# files are named slides-1080p-<MINUTES>min.{mp4,json}; MINUTES=20 is the 20-minute lecture `index`'s
# speed is measured on (Benchmarks/index-speed.sh, with PRESET=superfast). PRESET (default medium) is x264's preset: the 20-minute
# lecture is made with superfast (the same 3 B-frames and GOP; about an hour at medium on 2 busy cores).
# OUT is $1, default Benchmarks/out/ (git-ignored). Deterministic: the same JSON always, and the same
# video bytes for the same ffmpeg/x264 build (bit-exact flags, no metadata, a fixed x264 thread count).
# Each slide is drawn once as a PNG (ffmpeg drawtext, DejaVu fonts), held for its exact frame count
# (loop filter), the holds are concatenated and the inset overlaid in the one final encode.
# Needs: ffmpeg with libx264 and drawtext, python3. About 1-2 minutes on 2 cores.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:-$here/out}
mkdir -p "$out"
out=$(cd "$out" && pwd)
MINUTES=${MINUTES:-3}
name=slides-1080p
[[ $MINUTES == 3 ]] || name=slides-1080p-${MINUTES}min
export MINUTES DECK_NAME=$name
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }

# The deck: one source for what is drawn (filter scripts) and for the truth JSON.
cat >"$work/deck.py" <<'EOF'
import json, os, sys

W, H, FPS = 1920, 1080, 30
SCALE = float(os.environ.get("MINUTES", "3")) / 3
FRAMES = round(5400 * SCALE)
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
INSET = {"x": 1560, "y": 860, "width": 320, "height": 180}
LIGHT = {"bg": "0xFAFAF7", "title": "0x1A2A57", "body": "0x202020", "accent": "0x2F5DA8"}
DARK = {"bg": "0x111827", "title": "0xFFFFFF", "body": "0xE5E7EB", "accent": "0xF59E0B"}

TRANSLATION = [
    "Every load and store uses a virtual address",
    "The MMU splits it into page number and offset",
    "The page table maps pages to physical frames",
    "A missing mapping raises a page fault",
    "The kernel loads the page and retries",
]
POLICIES = [
    "FIFO evicts the oldest page in memory",
    "LRU evicts the page unused for longest",
    "Clock approximates LRU with one reference bit",
    "Working set keeps the pages of the recent window",
]

# start: the slide's first frame. None is a multiple of 250 (a keyframe), 30 or 15 (a sample of
# --interval 0.5 or of fps=1): changes land inside GOPs and between sampling instants.
SLIDES = [
    {"start": 0, "layout": "title",
     "lines": ["CS 240: Operating Systems", "Lecture 9: Virtual Memory",
               "Prof. Grace Hopper", "Spring Term 2026"]},
    {"start": 263, "title": "Agenda", "size": 48,
     "bullets": ["Why virtual memory exists", "Address translation step by step",
                 "Page tables and the TLB", "Page replacement policies",
                 "Thrashing and the working set"]},
    {"start": 701, "title": "Why Virtual Memory?", "size": 44,
     "bullets": ["Each process sees its own private address space",
                 "Programs larger than physical memory still run",
                 "Pages are shared between processes safely",
                 "The kernel decides what stays resident"]},
    {"start": 1049, "title": "Address Translation", "size": 44, "bullets": TRANSLATION[:3]},
    {"start": 1412, "title": "Address Translation", "size": 44, "bullets": TRANSLATION[:4]},
    {"start": 1637, "title": "Address Translation", "size": 44, "bullets": TRANSLATION[:5]},
    {"start": 2094, "title": "Multi-Level Page Tables", "size": 40,
     "bullets": ["A flat table for 48-bit addresses is far too big",
                 "x86-64 uses four levels of 512 entries each",
                 "Each level indexes nine bits of the address",
                 "Unused regions need no lower-level tables",
                 "A walk costs up to four memory reads",
                 "Huge pages of 2 MiB skip the last level"]},
    {"start": 2468, "title": "Demo: Counting Page Faults", "size": 48, "dark": True,
     "bullets": ["Run: perf stat -e page-faults ./scan", "Minor faults: 18,432",
                 "Major faults: 97"]},
    {"start": 2851, "title": "The Translation Lookaside Buffer", "size": 44,
     "bullets": ["A small cache of recent translations",
                 "A hit takes about one cycle",
                 "A miss triggers a page table walk",
                 "Context switches flush it unless tagged"]},
    {"start": 3203, "title": "Page Replacement Policies", "size": 44, "bullets": POLICIES[:3]},
    {"start": 3322, "title": "Page Replacement Policies", "size": 44, "bullets": POLICIES[:4]},
    {"start": 3719, "title": "Thrashing", "size": 56,
     "bullets": ["Too many processes for too little memory",
                 "The disk is busy and the CPU is idle",
                 "Fix: suspend processes or add memory"]},
    {"start": 4117, "title": "Memory-Mapped Files", "size": 44,
     "bullets": ["mmap maps a file into the address space",
                 "Pages are read on first access",
                 "Dirty pages are written back lazily",
                 "Shared mappings let processes share data",
                 "Used by loaders for executables and libraries"]},
    {"start": 4583, "title": "Summary", "size": 40,
     "bullets": ["Virtual memory isolates processes",
                 "Translation is done in hardware by the MMU",
                 "The TLB makes translation fast",
                 "Page faults bring pages in on demand",
                 "Replacement policies choose what to evict",
                 "Too little memory leads to thrashing"]},
    {"start": 5012, "title": "Questions?", "size": 48,
     "bullets": ["Office hours: Tuesday 14:00 to 16:00",
                 "Reading: chapter 9, sections 9.1 to 9.6",
                 "Next lecture: file systems"]},
]
for _slide in SLIDES[1:]:
    _slide["start"] = round(_slide["start"] * SCALE)
    while _slide["start"] % 15 == 0 or _slide["start"] % 250 == 0:
        _slide["start"] += 1
TITLE_SIZE, MARGIN = 64, 100
TITLE_SLIDE = [(64, 330, BOLD), (48, 440, FONT), (44, 560, FONT), (40, 630, FONT)]


def lines_of(s):
    return list(s["lines"]) if s.get("layout") == "title" else [s["title"]] + list(s["bullets"])


def end_frame(i):
    return SLIDES[i + 1]["start"] if i + 1 < len(SLIDES) else FRAMES


def drawtext(path, font, size, color, x, y):
    return "drawtext=fontfile=%s:textfile=%s:expansion=none:fontsize=%d:fontcolor=%s:x=%s:y=%d" % (
        font, path, size, color, x, y)


def drawbox(x, y, w, h, color):
    return "drawbox=x=%d:y=%d:w=%d:h=%d:color=%s:t=fill" % (x, y, w, h, color)


def plan(outdir):
    rows = []
    for i, s in enumerate(SLIDES):
        p = DARK if s.get("dark") else LIGHT
        paths = []
        for j, line in enumerate(lines_of(s)):
            paths.append(os.path.join(outdir, "s%d_%d.txt" % (i, j)))
            with open(paths[-1], "w", encoding="utf-8") as f:
                f.write(line)
        chain = ["format=rgb24", drawbox(0, 0, W, 16, p["accent"])]
        if s.get("layout") == "title":
            for j, (size, y, font) in enumerate(TITLE_SLIDE):
                chain.append(drawtext(paths[j], font, size, p["title"] if j == 0 else p["body"], "(w-text_w)/2", y))
            chain.append(drawbox(660, 415, 600, 5, p["accent"]))
        else:
            chain.append(drawtext(paths[0], BOLD, TITLE_SIZE, p["title"], str(MARGIN), 90))
            chain.append(drawbox(MARGIN, 190, 1440, 5, p["accent"]))
            size = s["size"]
            step = int(size * 1.9)
            for j, path in enumerate(paths[1:]):
                y = 260 + j * step
                marker = size // 3
                chain.append(drawbox(MARGIN, y + size // 2 - marker // 2, marker, marker, p["accent"]))
                chain.append(drawtext(path, FONT, size, p["body"], str(MARGIN + 50), y))
                assert y + size < INSET["y"] - 40
        with open(os.path.join(outdir, "s%d.filter" % i), "w") as f:
            f.write("[0:v]" + ",".join(chain) + "[out]\n")
        rows.append("%d\t%d\t%s" % (i, end_frame(i) - s["start"], p["bg"]))
    with open(os.path.join(outdir, "slides.tsv"), "w") as f:
        f.write("\n".join(rows) + "\n")


def truth():
    slides = []
    for i, s in enumerate(SLIDES):
        assert end_frame(i) > s["start"]
        assert i == 0 or all(s["start"] % n for n in (15, 250)), s["start"]
        slides.append({
            "index": i, "startFrame": s["start"], "endFrame": end_frame(i),
            "start": round(s["start"] / FPS, 6), "end": round(end_frame(i) / FPS, 6),
            "dark": bool(s.get("dark")), "lines": lines_of(s), "text": "\n".join(lines_of(s))})
    return {"video": os.environ["DECK_NAME"] + ".mp4", "width": W, "height": H, "fps": FPS, "frameCount": FRAMES,
            "duration": FRAMES / FPS, "inset": INSET, "slides": slides}


if sys.argv[1] == "plan":
    plan(sys.argv[2])
else:
    sys.stdout.write(json.dumps(truth(), indent=2, sort_keys=True) + "\n")
EOF

python3 "$work/deck.py" plan "$work"

# One PNG per distinct slide.
while IFS=$'\t' read -r i _ bg; do
    ff -f lavfi -i "color=c=$bg:s=1920x1080:r=1" -filter_complex_script "$work/s$i.filter" -map '[out]' \
        -frames:v 1 -fflags +bitexact -flags:v +bitexact "$work/s$i.png"
done <"$work/slides.tsv"

# Each PNG is converted to YUV once and held for exactly its frame count (the loop filter repeats the
# one frame; counting frames, no rounding of durations can move a boundary), the holds are concatenated,
# and the inset (its own input, advancing every frame) is overlaid.
inputs=() graph="" labels="" n=0
while IFS=$'\t' read -r i count _; do
    inputs+=(-i "$work/s$i.png")
    graph+="[$i:v]scale=out_color_matrix=bt709:out_range=tv:flags=bicubic,format=yuv420p,setsar=1,"
    graph+="loop=loop=$((count - 1)):size=1:start=0,settb=1/30,setpts=N[s$i];"
    labels+="[s$i]"
    n=$((n + 1))
done <"$work/slides.tsv"
frames=$(python3 -c 'import json,sys; print(json.load(sys.stdin)["frameCount"])' < <(python3 "$work/deck.py" json))
inputs+=(-f lavfi -i "testsrc2=s=320x180:r=30:d=$((frames / 30 + 1)),format=yuv420p")
graph+="${labels}concat=n=$n:v=1:a=0[deck];"
graph+="[deck][$n:v]overlay=x=1560:y=860:eof_action=endall,format=yuv420p[v]"

ff "${inputs[@]}" -filter_complex "$graph" -map '[v]' -an -frames:v "$frames" -fps_mode cfr -r 30 \
    -c:v libx264 -preset "${PRESET:-medium}" -profile:v high -crf 23 -g 250 -sc_threshold 0 -threads 2 \
    -colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv \
    -map_metadata -1 -fflags +bitexact -flags:v +bitexact -movflags +faststart "$work/$name.mp4"

got=$(ffprobe -v error -select_streams v:0 -count_packets -show_entries stream=nb_read_packets -of csv=p=0 \
    "$work/$name.mp4")
[[ $got == "$frames" ]] || { echo "error: encoded $got frames, expected $frames" >&2; exit 1; }
python3 "$work/deck.py" json >"$work/$name.json"
mv "$work/$name.mp4" "$work/$name.json" "$out/"
if [[ -n ${KEEP_SLIDES:-} ]]; then mkdir -p "$KEEP_SLIDES" && cp "$work"/s*.png "$KEEP_SLIDES"/; fi
echo "wrote $out/$name.mp4 ($(stat -c %s "$out/$name.mp4") bytes, $frames frames) and $out/$name.json"
