#!/usr/bin/env bash
# Makes the HELD-OUT caption corpus of the OCR accuracy benchmark (ACC_SET=heldout captions.py) into
# Benchmarks/out/accuracy/heldout/captions/ (or $1). It shares nothing with the tuning corpus
# (make-captions.sh: opencv-doc's vtest.avi and Megamind.avi, fortunes-min, DejaVu Sans outline / box):
#   footage: cockatoo.mp4 from python3-imageio (a real 1280x720 20 fps camera clip of a white cockatoo,
#            14 s) and motion.mov from node-opencv (568x320 30 fps camera clip, 8 s), fetched with
#            `apt-get download` and unpacked, not installed; each looped to 60 s;
#   text:    English: sentences of the Debian FAQ (debian-faq: its chapters in HTML) of 15-80 characters,
#            split into 1 or 2 balanced lines of at most 40; Korean: sentences of the Korean Debian FAQ
#            (debian-faq-ko) of 8-40 characters, chapters other than basic-defs (whose text the held-out
#            Korean slide uses), split into lines of at most 22;
#   timing:  16 captions per 60 s SRT, each 1.0-4.5 s on screen, 5 of the 15 following the previous one
#            with no gap, the others after 0.4-2.5 s; seeded, so the same corpus every time.
# Styles (libass, ffmpeg's subtitles filter, force_style), one video each:
#   cockatoo-serif-h264  white Liberation Serif, thin black outline (0.8) and a soft translucent shadow
#                        (Shadow 2, BackColour alpha 0x80), bottom; 1280x720, H.264 crf 23 in MP4;
#   motion-top-vp9       small light-yellow (#FFFF99) Liberation Sans at the top (Alignment 8),
#                        outline 1; scaled to 1920x1080, VP9 crf 32 in WebM (realtime, cpu-used 8: a screen
#                        recorder's settings, and 10x faster to make than -deadline good);
#   cockatoo-kor-box     Korean, NanumGothic, white on a translucent black box (BorderStyle 3, alpha 0x60);
#                        854x480, H.264 crf 28 in MP4.
# manifest.json lists the videos (as make-captions.sh's, plus "lang").
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-$repo/Benchmarks/out/accuracy/heldout/captions}
src=$out/src

"$repo/scripts/install-deps.sh" ffmpeg fonts-liberation2 fonts-nanum tesseract-ocr-kor python3

unpack_package() {
    local package=$1 scratch
    [[ -f $src/$package/.done ]] && return 0
    scratch=$(mktemp -d)
    [[ $(id -u) -ne 0 ]] || chown _apt "$scratch" 2>/dev/null || true
    (cd "$scratch" && apt-get download -q "$package" >/dev/null) ||
        { apt-get update -qq && (cd "$scratch" && apt-get download -q "$package" >/dev/null); }
    rm -rf "${src:?}/$package"
    mkdir -p "$src/$package"
    dpkg-deb -x "$scratch"/*.deb "$src/$package"
    rm -rf "$scratch"
    touch "$src/$package/.done"
}
mkdir -p "$src"
for package in python3-imageio node-opencv debian-faq debian-faq-ko; do
    unpack_package "$package"
done
cockatoo=$src/python3-imageio/usr/lib/python3/dist-packages/imageio/resources/images/cockatoo.mp4
motion=$src/node-opencv/usr/share/doc/node-opencv/examples/files/motion.mov
faq_en=$src/debian-faq/usr/share/doc/debian/FAQ
faq_ko=$src/debian-faq-ko/usr/share/doc/debian/FAQ/ko
[[ -n ${CAPTIONS_REBUILD:-} ]] && rm -f "$out"/*.srt "$out"/*.mp4 "$out"/*.webm "$out"/manifest.json

# make_srt NAME SEED LANG(en|ko) TOP(0|1)
make_srt() {
    local name=$1 seed=$2 lang=$3 top=$4
    [[ -f $out/$name.srt ]] && return 0
    python3 - "$faq_en" "$faq_ko" "$out/$name.srt" "$seed" "$lang" "$top" <<'PY'
import glob, html.parser, os, random, re, sys

faq_en, faq_ko, target, seed, lang, top = sys.argv[1:7]
COUNT, ADJACENT, DURATION = 16, 5, 60.0


class Paragraphs(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.depth, self.current, self.paragraphs = 0, [], []

    def handle_starttag(self, tag, attrs):
        if tag == "p":
            self.depth += 1
            self.current = []

    def handle_endtag(self, tag):
        if tag == "p" and self.depth:
            self.depth -= 1
            self.paragraphs.append(" ".join("".join(self.current).split()))

    def handle_data(self, data):
        if self.depth:
            self.current.append(data)


def sentences(files):
    for path in sorted(files):
        parser = Paragraphs()
        with open(path, encoding="utf-8") as f:
            parser.feed(f.read())
        for paragraph in parser.paragraphs:
            for s in re.findall(r".+?[.!?](?=\s|$)", paragraph):
                yield s.strip()


if lang == "en":
    files = [f for f in glob.glob(f"{faq_en}/*.en.html") if not f.endswith("index.en.html")]
    low, high, width = 15, 80, 40
    ok = lambda s: s.isascii() and s.isprintable() and not any(c in s for c in "{}<>\\")
else:
    files = [f for f in glob.glob(f"{faq_ko}/*.ko.html") if "basic-defs" not in f and "index" not in f]
    low, high, width = 8, 40, 22
    ok = lambda s: any("\uac00" <= c <= "\ud7a3" for c in s) and s.isprintable() and not any(c in s for c in "{}<>\\")
pool = sorted({s for s in sentences(files) if low <= len(s) <= high and ok(s)})


def lines(text):
    if len(text) <= width:
        return [text]
    best = None
    for i, c in enumerate(text):
        if c == " ":
            a, b = text[:i], text[i + 1:]
            if len(a) <= width and len(b) <= width and (best is None or max(len(a), len(b)) < best[0]):
                best = (max(len(a), len(b)), [a, b])
    return best[1] if best else None


rng = random.Random(seed)
chosen = []
for text in rng.sample(pool, len(pool)):
    split = lines(text)
    if split:
        chosen.append(split)
    if len(chosen) == COUNT:
        break
while True:
    adjacent = set(rng.sample(range(1, COUNT), ADJACENT))
    t, times = round(rng.uniform(1.0, 2.0), 2), []
    for i in range(COUNT):
        if i:
            t = times[-1][1] if i in adjacent else round(times[-1][1] + rng.uniform(0.4, 2.5), 2)
        times.append((t, round(t + rng.uniform(1.0, 4.5), 2)))
    if times[-1][1] <= DURATION - 1.0:
        break


def stamp(s):
    ms = round(s * 1000)
    return f"{ms // 3600000:02d}:{ms // 60000 % 60:02d}:{ms // 1000 % 60:02d},{ms % 1000:03d}"


with open(target + ".part", "w", encoding="utf-8") as f:
    for i, ((start, end), text) in enumerate(zip(times, chosen)):
        body = "\n".join(text)
        if top == "1":
            body = "{\\an8}" + body
        f.write(f"{i + 1}\n{stamp(start)} --> {stamp(end)}\n{body}\n\n")
os.replace(target + ".part", target)
PY
}

serif="FontName=Liberation Serif,FontSize=20,PrimaryColour=&H00FFFFFF,OutlineColour=&H00000000,BackColour=&H80000000,BorderStyle=1,Outline=0.8,Shadow=2"
top="FontName=Liberation Sans,FontSize=11,PrimaryColour=&H0099FFFF,OutlineColour=&H00000000,BorderStyle=1,Outline=1,Shadow=0,Alignment=8,MarginV=12"
korbox="FontName=NanumGothic,FontSize=18,PrimaryColour=&H00FFFFFF,OutlineColour=&H60000000,BackColour=&H60000000,BorderStyle=3,Outline=3,Shadow=0"

# burn NAME SOURCE SRT STYLE EXT SCALE ENCODE...
burn() {
    local name=$1 source=$2 srt=$3 style=$4 ext=$5 scale=$6
    shift 6
    [[ -f $out/$name.$ext ]] && return 0
    echo "making $name.$ext" >&2
    local rate
    rate=$(ffprobe -v error -select_streams v:0 -show_entries stream=r_frame_rate -of csv=p=0 "$source")
    (cd "$out" && ffmpeg -nostdin -v error -y -stream_loop -1 -i "$source" -t 60 -an \
        -vf "settb=${rate#*/}/${rate%/*},setpts=N,${scale}subtitles=filename=$srt:force_style='$style'" \
        "$@" -f "${ext/mp4/mp4}" "$name.part.$ext" && mv "$name.part.$ext" "$name.$ext")
}

make_srt cockatoo-serif 2201 en 0
make_srt motion-top 2202 en 1
make_srt cockatoo-kor 2203 ko 0
burn cockatoo-serif-h264 "$cockatoo" cockatoo-serif.srt "$serif" mp4 "" \
    -c:v libx264 -preset medium -crf 23 -pix_fmt yuv420p -movflags +faststart
burn motion-top-vp9 "$motion" motion-top.srt "$top" webm "scale=1920:1080,setsar=1," \
    -c:v libvpx-vp9 -crf 32 -b:v 0 -deadline realtime -cpu-used 8 -row-mt 1 -pix_fmt yuv420p
burn cockatoo-kor-box "$cockatoo" cockatoo-kor.srt "$korbox" mp4 "scale=854:480,setsar=1," \
    -c:v libx264 -preset medium -crf 28 -pix_fmt yuv420p -movflags +faststart

python3 - "$out" <<'PY'
import json, os, subprocess, sys
out = sys.argv[1]
videos = [
    # name, file, srt, source, style, lang, regions
    ("cockatoo-serif-h264", "cockatoo-serif-h264.mp4", "cockatoo-serif.srt", "python3-imageio: cockatoo.mp4",
     "white serif, thin outline, soft shadow", "eng", ["0,0.6,1,0.4"]),
    ("motion-top-vp9", "motion-top-vp9.webm", "motion-top.srt", "node-opencv: motion.mov",
     "small light yellow, top", "eng", ["0,0,1,0.4"]),
    ("cockatoo-kor-box", "cockatoo-kor-box.mp4", "cockatoo-kor.srt", "python3-imageio: cockatoo.mp4",
     "Korean on a translucent box", "kor", ["0,0.6,1,0.4"]),
]
entries = []
for name, file, srt, source, style, lang, regions in videos:
    probe = json.loads(subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
         "stream=codec_name,width,height,r_frame_rate,avg_frame_rate:format=duration", "-of", "json",
         os.path.join(out, file)], check=True, capture_output=True, text=True).stdout)
    stream = probe["streams"][0]
    num, den = stream["r_frame_rate"].split("/")
    entries.append({"name": name, "video": file, "truth": srt, "source": source, "style": style, "lang": lang,
                    "codec": stream["codec_name"], "width": stream["width"], "height": stream["height"],
                    "fps": int(num) / int(den), "frameRate": stream["r_frame_rate"],
                    "duration": float(probe["format"]["duration"]), "regions": regions})
with open(os.path.join(out, "manifest.json"), "w") as f:
    json.dump({"set": "heldout", "videos": entries}, f, indent=2)
    f.write("\n")
PY
echo "held-out caption corpus: $out (3 videos)" >&2
