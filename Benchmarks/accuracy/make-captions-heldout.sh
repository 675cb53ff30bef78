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
export PYTHONPATH=$here${PYTHONPATH:+:$PYTHONPATH}   # the embedded Python imports corpus.py from here
source "$here/corpus.sh"   # unpack_package, burn_captions
src=$out/src

"$repo/scripts/install-deps.sh" ffmpeg fonts-liberation2 fonts-nanum tesseract-ocr-kor python3

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
import glob, random, re, sys
from corpus import caption_times, choose_captions, paragraphs, write_srt  # Benchmarks/accuracy/corpus.py

faq_en, faq_ko, target, seed, lang, top = sys.argv[1:7]
COUNT, ADJACENT, DURATION = 16, 5, 60.0


def sentences(files):
    for path in sorted(files):
        for paragraph in paragraphs(path):
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


# The captions in the seeded order, their times, all at the top or none.
rng = random.Random(seed)
chosen = choose_captions(rng, pool, COUNT, width)
times = caption_times(rng, COUNT, ADJACENT, DURATION, gap=(0.4, 2.5), length=(1.0, 4.5))
write_srt(target, times, chosen, set(range(COUNT)) if top == "1" else set())
PY
}

serif="FontName=Liberation Serif,FontSize=20,PrimaryColour=&H00FFFFFF,OutlineColour=&H00000000,BackColour=&H80000000,BorderStyle=1,Outline=0.8,Shadow=2"
top="FontName=Liberation Sans,FontSize=11,PrimaryColour=&H0099FFFF,OutlineColour=&H00000000,BorderStyle=1,Outline=1,Shadow=0,Alignment=8,MarginV=12"
korbox="FontName=NanumGothic,FontSize=18,PrimaryColour=&H00FFFFFF,OutlineColour=&H60000000,BackColour=&H60000000,BorderStyle=3,Outline=3,Shadow=0"

# burn NAME SOURCE SRT STYLE EXT SCALE ENCODE...: 60 s videos (corpus.sh)
burn() {
    burn_captions 60 "$@"
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
import json, os, sys
from corpus import video_facts
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
    entries.append({"name": name, "video": file, "truth": srt, "source": source, "style": style, "lang": lang,
                    **video_facts(os.path.join(out, file)), "regions": regions})
with open(os.path.join(out, "manifest.json"), "w") as f:
    json.dump({"set": "heldout", "videos": entries}, f, indent=2)
    f.write("\n")
PY
echo "held-out caption corpus: $out (3 videos)" >&2
