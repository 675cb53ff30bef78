#!/usr/bin/env bash
# `framelens index` on a 20-minute 1080p slide lecture (Benchmarks/make-slides-1080p.sh with MINUTES=20;
# made here if missing), side by side with decoding the video in ffmpeg, in one run:
#   keyframes:    ffmpeg -skip_frame nokey -i VIDEO -f null -   (the least any reader of every slide decodes)
#   full decode:  ffmpeg -i VIDEO -f null -                     (every frame, ffmpeg's default threads)
#   index:        framelens index VIDEO -o index.json           (default options: --interval 0.5, all types)
# and, when FRAMELENS_BEFORE names another build, the same index with it, in a column of its own.
# Printed per column: wall time, x real time, x a keyframe-only decode, CPU time, peak RSS (GNU time), cues;
# then index's peak RSS on the lecture's first 5 minutes at --interval 0.5, 10 and 30 (memory must not
# grow with the interval). Targets (issue 24): index within 5x a keyframe-only decode, >= 50x real time,
# peak RSS under 300 MB.
# Settings (environment): FRAMELENS (default .build/release/framelens), FRAMELENS_BEFORE (optional), OUT
# (default Benchmarks/out), VIDEO (default OUT/slides-1080p-20min.mp4), RUNS (timed runs of each command,
# the median wall time and the largest peak RSS are reported; default 1). If BENCH_SUMMARY names a file,
# a one-line result is appended to it.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
FRAMELENS=${FRAMELENS:-$(dirname "$here")/.build/release/framelens}
OUT=${OUT:-$here/out}
VIDEO=${VIDEO:-$OUT/slides-1080p-20min.mp4}
RUNS=${RUNS:-1}
source "$here/results.sh"

command -v ffmpeg >/dev/null && command -v ffprobe >/dev/null || { echo "error: ffmpeg is not installed" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "error: no GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
for binary in "$FRAMELENS" ${FRAMELENS_BEFORE:+"$FRAMELENS_BEFORE"}; do
    [[ -x $binary ]] || { echo "error: no $binary; run: swift build -c release --product framelens" >&2; exit 1; }
done
if [[ ! -f $VIDEO ]]; then
    echo "making the 20-minute lecture (several minutes)..."
    MINUTES=20 PRESET=superfast "$here/make-slides-1080p.sh" "$(dirname "$VIDEO")"
fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

calc() { awk "BEGIN { printf \"%.${2:-2}f\", $1 }"; }
# measure LABEL COMMAND...: runs the command RUNS times under GNU time; sets LABEL's median wall time,
# mean CPU time and largest peak RSS (KiB) in $scratch/LABEL.wall and .stats.
measure() {
    local label=$1 run
    shift
    for ((run = 1; run <= RUNS; run++)); do
        /usr/bin/time -f '%e %U %S %M' -o "$scratch/$label.$run" "$@" >/dev/null 2>"$scratch/$label.err" ||
            { echo "error: $label failed: $(tail -3 "$scratch/$label.err")" >&2; exit 1; }
    done
    cat "$scratch/$label".[0-9]* | sort -g | awk '{ w[NR] = $1 } END {
        print (NR % 2) ? w[(NR + 1) / 2] : (w[NR / 2] + w[NR / 2 + 1]) / 2 }' >"$scratch/$label.wall"
    cat "$scratch/$label".[0-9]* | awk '{ c += $2 + $3; if ($4 > r) r = $4 } END { printf "%.2f %d\n", c / NR, r }' \
        >"$scratch/$label.stats"
}
wall() { cat "$scratch/$1.wall"; }
cpu() { cut -d' ' -f1 "$scratch/$1.stats"; }
mib() { calc "$(cut -d' ' -f2 "$scratch/$1.stats") / 1024" 0; }
cues() { python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["cues"]))' "$scratch/$1.json"; }

duration=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$VIDEO")
echo "framelens index vs ffmpeg decoding, on $(basename "$VIDEO"): $(ffprobe -v error -select_streams v:0 \
    -show_entries stream=codec_name,width,height,avg_frame_rate -of csv=p=0 "$VIDEO"), $(calc "$duration" 1) s;" \
    "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"

measure keyframes ffmpeg -nostdin -v error -skip_frame nokey -i "$VIDEO" -f null -
measure full ffmpeg -nostdin -v error -i "$VIDEO" -f null -
columns=(keyframes full) titles=("keyframe-only" "full decode")
if [[ -n ${FRAMELENS_BEFORE:-} ]]; then
    measure before "$FRAMELENS_BEFORE" index "$VIDEO" -o "$scratch/before.json"
    columns+=(before) titles+=("index (before)")
fi
measure after "$FRAMELENS" index "$VIDEO" -o "$scratch/after.json"
columns+=(after) titles+=("index${FRAMELENS_BEFORE:+ (after)}")

row() { printf '%-30s' "$1"; printf '%16s' "${@:2}"; printf '\n'; results_row "$@"; }
printf '%-30s' ""; printf '%16s' "${titles[@]}"; printf '\n'
results_begin index-speed "framelens index against decoding in ffmpeg, 20-minute 1080p lecture (index-speed.sh)"
results_table "$(basename "$VIDEO"), $(calc "$duration" 0) s; GNU time" "" "${titles[@]}"
each() { local c out=(); for c in "${columns[@]}"; do out+=("$("$@" "$c")"); done; printf '%s\n' "${out[@]}"; }
mapfile -t cells < <(each wall); row "wall time (s, median of $RUNS)" "${cells[@]}"
rtf() { calc "$duration / $(wall "$1")" 1; }
mapfile -t cells < <(each rtf); row "x real time" "${cells[@]}"
kf() { calc "$(wall "$1") / $(wall keyframes)" 1; }
mapfile -t cells < <(each kf); row "x a keyframe-only decode" "${cells[@]}"
mapfile -t cells < <(each cpu); row "CPU time (s, user+sys)" "${cells[@]}"
mapfile -t cells < <(each mib); row "peak RSS (MiB)" "${cells[@]}"
cuecount() { [[ $1 == keyframes || $1 == full ]] && echo "" || cues "$1"; }
mapfile -t cells < <(each cuecount); row "cues" "${cells[@]}"

# Memory against the interval, on the first 5 minutes.
indexes=(after) binaries=("$FRAMELENS")
if [[ -n ${FRAMELENS_BEFORE:-} ]]; then indexes=(before after) binaries=("$FRAMELENS_BEFORE" "$FRAMELENS"); fi
for interval in 0.5 10 30; do
    cells=()
    for i in "${!indexes[@]}"; do
        measure "${indexes[$i]}-$interval" "${binaries[$i]}" index "$VIDEO" --to 300 --interval "$interval" \
            -o "$scratch/${indexes[$i]}-$interval.json"
        cells+=("$(mib "${indexes[$i]}-$interval")")
    done
    row "peak RSS, 5 min, --interval $interval" "" "" "${cells[@]}"
done

ratio=$(kf after) rtf=$(rtf after) rss=$(mib after)
verdict() { awk -v v="$1" -v t="$3" "BEGIN { print (v $2 t) ? \"met\" : \"MISSED\" }"; }
echo
echo "index: ${ratio}x a keyframe-only decode (target <= 5): $(verdict "$ratio" "<=" 5);" \
    "${rtf}x real time (target >= 50): $(verdict "$rtf" ">=" 50); peak RSS ${rss} MiB (target < 300): $(verdict "$rss" "<" 300)"
results_note "index: ${ratio}x a keyframe-only decode (target <= 5), ${rtf}x real time (target >= 50), peak RSS ${rss} MiB (target < 300)."
if [[ -n ${BENCH_SUMMARY:-} ]]; then
    echo "index-speed: ${rtf}x real time, ${ratio}x a keyframe-only decode, peak RSS ${rss} MiB on a 20-min 1080p lecture" >>"$BENCH_SUMMARY"
fi
