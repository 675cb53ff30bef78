#!/usr/bin/env bash
# Makes the caption corpus of the OCR accuracy benchmark (Benchmarks/accuracy/captions.py) from third-party
# material only, into Benchmarks/out/accuracy/captions/ (or $1):
#   footage: the real camera clips Debian ships in opencv-doc (/usr/share/doc/opencv-doc/examples/data):
#            vtest.avi (768x576 street scene, MS-MPEG4v3, 10 fps, 79.5 s) and Megamind.avi (720x528,
#            MPEG-4 Part 2, 23.976 fps, 11.3 s, looped to 80 s with -stream_loop);
#   text:    fortunes-min's fortune cookies (/usr/share/games/fortunes/{fortunes,literature,riddles}): the
#            short ones (at most 80 characters, plain ASCII), split into 1 or 2 balanced lines of at most
#            40 characters;
#            Korean and Japanese: the messages of apt's and dpkg's own translations (the ko and ja gettext
#            catalogs of the apt, libapt-pkg6.0 and dpkg packages, fetched with `apt-get download` and unpacked,
#            not installed), 8-40 characters holding Hangul (or kana / kanji), without printf's `%`: real
#            technical text, a quarter of it with Latin words (`dpkg가`, `Content-Length 헤더를`) among the
#            Hangul; split into lines of at most 20 characters;
#   timing:  22 captions per SRT, 0.7-4 s long, 7 of the 21 following the previous one with no gap, the
#            others after a gap of 0.5-3 s; all drawn from a seeded random generator (same corpus every time).
# Each video's truth is its SRT (NAME.srt beside NAME.mp4/.avi; libass override tags such as {\an8} are not
# text). manifest.json lists the videos with their source, style, codec, size, frame rate, duration and the
# --region band(s) that hold their captions.
#
# Captions are burned with ffmpeg's subtitles filter (libass, DejaVu Sans) in two styles:
#   outline: white text, black outline 1.75, no box, no shadow;
#   box:     yellow text on an opaque dark grey box (BorderStyle=3);
# and two encodings: H.264 in MP4 at the clip's own size (libx264, crf 23, default GOP), MPEG-4 Part 2 in
# AVI at 1280x720 (-c:v mpeg4 -q:v 4). megamind-top has a third of its captions at the top ({\an8}).
# Two videos in other scripts (their manifest entries have "lang", read with framelens --lang):
#   vtest-kor-box:     Korean in Noto Sans CJK KR, light yellow on a half-transparent dark blue box, vtest
#                      scaled to 640x480, H.264 crf 26;
#   megamind-jpn-outline: Japanese in Noto Sans CJK JP, white with a black outline 1.5 and a small shadow,
#                      Megamind at its own size, H.264 crf 23.
#
# Missing Debian packages are installed (apt-get, as scripts/install-deps.sh does). What is already made
# is kept: delete a file to remake it, or set CAPTIONS_REBUILD=1 to remake everything.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
out=${1:-$repo/Benchmarks/out/accuracy/captions}
export PYTHONPATH=$here${PYTHONPATH:+:$PYTHONPATH}   # the embedded Python imports corpus.py from here
source "$here/corpus.sh"   # unpack_package, burn_captions
src=$out/src
data=/usr/share/doc/opencv-doc/examples/data
fortunes=/usr/share/games/fortunes

# --- Debian packages: only the missing ones.
"$repo/scripts/install-deps.sh" opencv-doc fortunes-min ffmpeg fonts-dejavu-core fonts-noto-cjk \
    tesseract-ocr-kor tesseract-ocr-jpn python3

# The clips may ship gzip-compressed in some package versions: unpack those into the output folder.
mkdir -p "$out"
clip() {
    local name=$1
    if [[ -f $data/$name ]]; then
        echo "$data/$name"
    elif [[ -f $data/$name.gz ]]; then
        [[ -f $out/src/$name ]] || { mkdir -p "$out/src"; gzip -dc "$data/$name.gz" >"$out/src/$name.part"; mv "$out/src/$name.part" "$out/src/$name"; }
        echo "$out/src/$name"
    else
        echo "error: no $data/$name (opencv-doc)" >&2
        exit 1
    fi
}
vtest=$(clip vtest.avi)
megamind=$(clip Megamind.avi)

# apt's and dpkg's Korean and Japanese messages (only their catalogs are unpacked).
catalogs=()
for package in apt libapt-pkg6.0 dpkg; do
    unpack_package "$package" './usr/share/locale/ko/*' './usr/share/locale/ja/*'
    catalogs+=("$src/$package")
done

[[ -n ${CAPTIONS_REBUILD:-} ]] && rm -f "$out"/*.srt "$out"/*.mp4 "$out"/*.avi "$out"/manifest.json

# --- The SRTs: python3 (standard library), seeded.
# make_srt NAME SEED DURATION TOP_FRACTION
make_srt() {
    local name=$1 seed=$2 duration=$3 top=$4
    [[ -f $out/$name.srt ]] && return 0
    python3 - "$fortunes" "$out/$name.srt" "$seed" "$duration" "$top" <<'PY'
import os, random, sys
from corpus import caption_times, choose_captions, write_srt  # Benchmarks/accuracy/corpus.py

folder, target, seed, duration, top = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4]), float(sys.argv[5])
COUNT, ADJACENT, WIDTH = 22, 7, 40

# Every short fortune of the three files, as one line of plain text.
pool = []
for book in ("fortunes", "literature", "riddles"):
    with open(os.path.join(folder, book), encoding="utf-8", errors="replace") as f:
        for entry in f.read().split("\n%\n"):
            text = " ".join(entry.split())
            if not 12 <= len(text) <= 2 * WIDTH or not text.isascii() or not text.isprintable():
                continue
            if any(c in text for c in "{}<>\\"):     # libass / SRT markup characters
                continue
            pool.append(text)
pool = sorted(set(pool))

rng = random.Random(seed)
chosen = choose_captions(rng, pool, COUNT, WIDTH)
times = caption_times(rng, COUNT, ADJACENT, duration, gap=(0.5, 3.0), length=(0.7, 4.0))
at_top = set(rng.sample(range(COUNT), round(COUNT * top))) if top else set()
write_srt(target, times, chosen, at_top)
PY
}

# make_messages_srt NAME SEED LANG(ko|ja): captions of the packages' translated messages, timed as make_srt's.
make_messages_srt() {
    local name=$1 seed=$2 lang=$3
    [[ -f $out/$name.srt ]] && return 0
    python3 - "$out/$name.srt" "$seed" "$lang" "${catalogs[@]}" <<'PY'
import glob, random, re, sys
from corpus import caption_times, catalog_messages, choose_captions, write_srt  # Benchmarks/accuracy/corpus.py

target, seed, lang, packages = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
COUNT, ADJACENT, WIDTH, duration = 22, 7, 20, 80.0
script = re.compile("[\uac00-\ud7a3]" if lang == "ko" else "[\u3040-\u30ff\u4e00-\u9fff]")
pool = set()
for package in packages:
    for mo in glob.glob(f"{package}/usr/share/locale/{lang}/LC_MESSAGES/*.mo"):
        pool.update(m for m in catalog_messages(mo)
                    if 8 <= len(m) <= 2 * WIDTH and script.search(m) and m.isprintable()
                    and not any(c in m for c in "%{}<>\\"))   # printf's and libass / SRT markup characters
pool = sorted(pool)

rng = random.Random(seed)
chosen = choose_captions(rng, pool, COUNT, WIDTH)
times = caption_times(rng, COUNT, ADJACENT, duration, gap=(0.5, 3.0), length=(0.7, 4.0))
write_srt(target, times, chosen, set())
PY
}

# --- The videos.
outline="FontName=DejaVu Sans,PrimaryColour=&H00FFFFFF,OutlineColour=&H00000000,BorderStyle=1,Outline=1.75,Shadow=0"
box="FontName=DejaVu Sans,PrimaryColour=&H0000FFFF,OutlineColour=&H00202020,BackColour=&H00202020,BorderStyle=3,Outline=2,Shadow=0"
korbox="FontName=Noto Sans CJK KR,FontSize=15,PrimaryColour=&H0080FFFF,OutlineColour=&H40502814,BackColour=&H40502814,BorderStyle=3,Outline=2,Shadow=0"
jpnoutline="FontName=Noto Sans CJK JP,FontSize=16,PrimaryColour=&H00FFFFFF,OutlineColour=&H00000000,BackColour=&H80000000,BorderStyle=1,Outline=1.5,Shadow=1"
# burn NAME SOURCE SRT STYLE CODEC  (CODEC: h264 = MP4 at the clip's size, mpeg4 = AVI at 1280x720)
burn() {
    local name=$1 source=$2 srt=$3 style=$4 codec=$5 style_string
    case $style in
        outline) style_string=$outline ;;
        box) style_string=$box ;;
        *) style_string=${!style} ;;   # korbox, jpnoutline
    esac
    # Looped to 80 s (vtest's 79.5 s too, so every video lasts 80 s): corpus.sh's burn_captions.
    case $codec in
        h264) burn_captions 80 "$name" "$source" "$srt" "$style_string" mp4 "" \
            -c:v libx264 -preset medium -crf 23 -pix_fmt yuv420p -movflags +faststart ;;
        mpeg4) burn_captions 80 "$name" "$source" "$srt" "$style_string" avi "scale=1280:720,setsar=1," \
            -c:v mpeg4 -q:v 4 -pix_fmt yuv420p ;;
        h264-480) burn_captions 80 "$name" "$source" "$srt" "$style_string" mp4 "scale=640:480,setsar=1," \
            -c:v libx264 -preset medium -crf 26 -pix_fmt yuv420p -movflags +faststart ;;
    esac
}

make_srt vtest vtest-captions-1 80 0
make_srt megamind-top megamind-captions-1 80 0.33
burn vtest-outline-h264 "$vtest" vtest.srt outline h264
burn vtest-box-mpeg4 "$vtest" vtest.srt box mpeg4
burn vtest-outline-mpeg4 "$vtest" vtest.srt outline mpeg4
burn vtest-box-h264 "$vtest" vtest.srt box h264
burn megamind-top-h264 "$megamind" megamind-top.srt outline h264
make_messages_srt vtest-kor vtest-kor-1 ko
make_messages_srt megamind-jpn megamind-jpn-1 ja
burn vtest-kor-box "$vtest" vtest-kor.srt korbox h264-480
burn megamind-jpn-outline "$megamind" megamind-jpn.srt jpnoutline h264

# --- The manifest: what each video is, from ffprobe.
python3 - "$out" <<'PY'
import json, os, sys
from corpus import video_facts
out = sys.argv[1]
videos = [
    # name, file, srt, source, style, codec, regions[, lang]
    ("vtest-outline-h264", "vtest-outline-h264.mp4", "vtest.srt", "vtest.avi", "outline", "h264", ["0,0.6,1,0.4"]),
    ("vtest-box-mpeg4", "vtest-box-mpeg4.avi", "vtest.srt", "vtest.avi", "box", "mpeg4", ["0,0.6,1,0.4"]),
    ("vtest-outline-mpeg4", "vtest-outline-mpeg4.avi", "vtest.srt", "vtest.avi", "outline", "mpeg4", ["0,0.6,1,0.4"]),
    ("vtest-box-h264", "vtest-box-h264.mp4", "vtest.srt", "vtest.avi", "box", "h264", ["0,0.6,1,0.4"]),
    ("megamind-top-h264", "megamind-top-h264.mp4", "megamind-top.srt", "Megamind.avi", "outline", "h264",
     ["0,0,1,0.4", "0,0.6,1,0.4"]),
    ("vtest-kor-box", "vtest-kor-box.mp4", "vtest-kor.srt", "vtest.avi", "Korean on a dark blue box", "h264",
     ["0,0.6,1,0.4"], "kor"),
    ("megamind-jpn-outline", "megamind-jpn-outline.mp4", "megamind-jpn.srt", "Megamind.avi", "Japanese outline",
     "h264", ["0,0.6,1,0.4"], "jpn"),
]
entries = []
for name, file, srt, source, style, codec, regions, *lang in videos:
    entries.append({"name": name, "video": file, "truth": srt, "source": source, "style": style,
                    **({"lang": lang[0]} if lang else {}), **video_facts(os.path.join(out, file)),
                    "regions": regions})
with open(os.path.join(out, "manifest.json"), "w") as f:
    json.dump({"videos": entries}, f, indent=2)
    f.write("\n")
PY
echo "caption corpus: $out ($(ls "$out"/*.mp4 "$out"/*.avi | wc -l) videos)" >&2
