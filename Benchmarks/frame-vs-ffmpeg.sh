#!/usr/bin/env bash
# `framelens frame` against ffmpeg writing the same frame, as PNG and as raw RGB24, at 10 times of the
# sample (mid-GOP ones included). Prints the median time of each per timestamp, the totals, the
# ratios ffmpeg/framelens (above 1: framelens is faster), and whether both wrote the same pixels.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
require ffmpeg ffprobe cmp python3

TIMES=(0 7.4 13.3 20.6 26.8 33.5 42.1 48.04 54.6 59.9)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# rgb24 FILE: the file's pixels as raw RGB24, decoded by ffmpeg.
rgb24() { ffmpeg -nostdin -v error -i "$1" -f rawvideo -pix_fmt rgb24 -y "$1.rgb"; }

same() { cmp -s "$1" "$2" && echo OK || echo DIFF; }

q_framelens=$(printf '%q' "$FRAMELENS")
q_video=$(printf '%q' "$VIDEO")
q_scratch=$(printf '%q' "$scratch")

echo "framelens frame vs ffmpeg -frames:v 1 on $(basename "$VIDEO"); timer: $(timer_name)"
echo "ratio = ffmpeg / framelens (above 1: framelens faster); same = identical RGB24 pixels"
echo
printf '%7s %6s %10s | %9s %9s %5s %4s | %9s %9s %5s %4s\n' \
    time frame "ffmpeg -ss" "fl png" "ff png" ratio same "fl raw" "ff raw" ratio same
printf '%s\n' "-------------------------------------------------------------------------------------"
results_begin frame-vs-ffmpeg "framelens frame against ffmpeg (frame-vs-ffmpeg.sh)"
results_table "The sample, PNG and raw RGB24; times in ms ($(timer_name)); ratio = ffmpeg / framelens (above 1: framelens is faster); same = identical RGB24 pixels" \
    time frame "framelens PNG" "ffmpeg PNG" ratio same "framelens raw" "ffmpeg raw" ratio same

fl_png_all=() ff_png_all=() fl_raw_all=() ff_raw_all=() differing=0
for t in "${TIMES[@]}"; do
    read -r frame ss < <(paused_frame "$t")
    rm -f "$scratch"/f[fl].*  # so that a command writing nothing cannot pass on an earlier frame

    fl_png=$(median_seconds "$scratch" "$q_framelens frame $q_video --at $t -o $q_scratch/fl.png")
    ff_png=$(median_seconds "$scratch" "ffmpeg -v error -ss $ss -i $q_video -frames:v 1 -f image2 -y $q_scratch/ff.png")
    fl_raw=$(median_seconds "$scratch" "$q_framelens frame $q_video --at $t -o $q_scratch/fl.raw")
    ff_raw=$(median_seconds "$scratch" \
        "ffmpeg -v error -ss $ss -i $q_video -frames:v 1 -f rawvideo -pix_fmt rgb24 -y $q_scratch/ff.raw")

    rgb24 "$scratch/fl.png"
    rgb24 "$scratch/ff.png"
    png_same=$(same "$scratch/fl.png.rgb" "$scratch/ff.png.rgb")
    raw_same=$(same "$scratch/fl.raw" "$scratch/ff.raw")
    [[ $png_same == OK && $raw_same == OK ]] || differing=$((differing + 1))
    FRAMELENS_COSTS=1 "$FRAMELENS" frame "$VIDEO" --at "$t" -o "$scratch/costs.png" >/dev/null 2>"$scratch/costs-$frame.txt"

    printf '%7s %6s %10s | %7sms %7sms %5s %4s | %7sms %7sms %5s %4s\n' "$t" "$frame" "$ss" \
        "$(ms "$fl_png")" "$(ms "$ff_png")" "$(ratio "$ff_png" "$fl_png")" "$png_same" \
        "$(ms "$fl_raw")" "$(ms "$ff_raw")" "$(ratio "$ff_raw" "$fl_raw")" "$raw_same"
    results_row "$t" "$frame" "$(ms "$fl_png")" "$(ms "$ff_png")" "$(ratio "$ff_png" "$fl_png")" "$png_same" \
        "$(ms "$fl_raw")" "$(ms "$ff_raw")" "$(ratio "$ff_raw" "$fl_raw")" "$raw_same"
    fl_png_all+=("$fl_png") ff_png_all+=("$ff_png") fl_raw_all+=("$fl_raw") ff_raw_all+=("$ff_raw")
done

fl_png=$(sum "${fl_png_all[@]}") ff_png=$(sum "${ff_png_all[@]}")
fl_raw=$(sum "${fl_raw_all[@]}") ff_raw=$(sum "${ff_raw_all[@]}")
printf '%s\n' "-------------------------------------------------------------------------------------"
printf '%7s %6s %10s | %7sms %7sms %5s %4s | %7sms %7sms %5s %4s\n' total "" "" \
    "$(ms "$fl_png")" "$(ms "$ff_png")" "$(ratio "$ff_png" "$fl_png")" "" \
    "$(ms "$fl_raw")" "$(ms "$ff_raw")" "$(ratio "$ff_raw" "$fl_raw")" ""
results_row "**total**" "" "$(ms "$fl_png")" "$(ms "$ff_png")" "**$(ratio "$ff_png" "$fl_png")**" "" \
    "$(ms "$fl_raw")" "$(ms "$ff_raw")" "**$(ratio "$ff_raw" "$fl_raw")**" "$(( ${#TIMES[@]} - differing ))/${#TIMES[@]}"
echo
echo "identical pixels: $(( ${#TIMES[@]} - differing ))/${#TIMES[@]} timestamps"

echo
echo "Where framelens frame's time goes: one PNG at each time (FRAMELENS_COSTS=1), summed"
costs_table "Where framelens frame's time goes: one PNG at each time, summed (FRAMELENS_COSTS=1)" "$scratch"/costs-*.txt

summary "frame  PNG: framelens $(ms "$fl_png") ms vs ffmpeg $(ms "$ff_png") ms for ${#TIMES[@]} frames," \
    "ffmpeg/framelens = $(ratio "$ff_png" "$fl_png")x"
summary "frame  raw: framelens $(ms "$fl_raw") ms vs ffmpeg $(ms "$ff_raw") ms for ${#TIMES[@]} frames," \
    "ffmpeg/framelens = $(ratio "$ff_raw" "$fl_raw")x; identical pixels $(( ${#TIMES[@]} - differing ))/${#TIMES[@]}"
