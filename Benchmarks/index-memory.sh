#!/usr/bin/env bash
# `framelens index`: peak memory does not grow with the video's length. Makes a 10-minute and a 2-hour
# slide video (426x240 at 10 fps, a new slide every 20 s: "Slide N" and a line of text, x264 ultrafast, a
# keyframe every 10 s; made once into OUT), indexes each with the release build, and prints both peak
# resident set sizes (GNU time's %M) and their ratio. Fails when the 2-hour peak is 10 % or more above the
# 10-minute one.
# Settings (environment): FRAMELENS (the binary), OUT (where the videos and indexes go; default
# Benchmarks/out), TYPES (index --types; default text,codes,detectors).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FRAMELENS=${FRAMELENS:-$(dirname "$here")/.build/release/framelens}
OUT=${OUT:-$here/out}
TYPES=${TYPES:-text,codes,detectors}
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
source "$here/results.sh"

[[ -x $FRAMELENS ]] || { echo "error: no $FRAMELENS; run: swift build -c release --product framelens" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "error: GNU time is not installed (apt-get install time)" >&2; exit 1; }
mkdir -p "$OUT"

# make_video SECONDS PATH: the slide video, unless it exists.
make_video() {
    [[ -f $2 ]] && return
    echo "making $2 ($1 s)..."
    ffmpeg -nostdin -v error -y -f lavfi -i "color=c=white:s=426x240:r=10:d=$1" -vf \
        "drawtext=fontfile=$font:fontsize=28:x=20:y=40:text='Slide %{eif\:floor(t/20)+1\:d}',\
drawtext=fontfile=$font:fontsize=16:x=20:y=110:text='Notes for part %{eif\:floor(t/20)*7+3\:d} of the talk'" \
        -c:v libx264 -preset ultrafast -g 100 -pix_fmt yuv420p "$2.partial.mp4"
    mv "$2.partial.mp4" "$2"
}

# peak_kib VIDEO: index it and print the peak RSS in KiB.
peak_kib() {
    local report
    report=$(mktemp)
    /usr/bin/time -f %M -o "$report" "$FRAMELENS" index "$1" --types "$TYPES" -o "${1%.mp4}.srt"
    cat "$report"
    rm -f "$report"
}

make_video 600 "$OUT/slides-10min.mp4"
make_video 7200 "$OUT/slides-2h.mp4"
start=$SECONDS
short=$(peak_kib "$OUT/slides-10min.mp4")
middle=$SECONDS
long=$(peak_kib "$OUT/slides-2h.mp4")
short_seconds=$((middle - start)) long_seconds=$((SECONDS - middle))
results_begin index-memory "framelens index: peak memory against the video's length (index-memory.sh)"
results_table "426x240 slide videos at 10 fps, --types $TYPES; GNU time" video "peak RSS (MiB)" "time (s)" cues
results_row "10 minutes" "$((short / 1024))" "$short_seconds" "$(grep -c -- '-->' "$OUT/slides-10min.srt")"
results_row "2 hours" "$((long / 1024))" "$long_seconds" "$(grep -c -- '-->' "$OUT/slides-2h.srt")"
results_note "2 hours / 10 minutes: $(awk -v s="$short" -v l="$long" 'BEGIN { printf "%.3f", l / s }') (limit 1.10)."
echo "index peak RSS: 10 minutes $((short / 1024)) MiB ($short_seconds s, $(grep -c -- '-->' "$OUT/slides-10min.srt") cues)," \
    "2 hours $((long / 1024)) MiB ($long_seconds s, $(grep -c -- '-->' "$OUT/slides-2h.srt") cues)"
awk -v s="$short" -v l="$long" 'BEGIN {
    ratio = l / s
    printf "ratio 2 h / 10 min: %.3f (limit 1.10)\n", ratio
    exit ratio < 1.10 ? 0 : 1
}'
