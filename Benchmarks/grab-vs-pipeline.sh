#!/usr/bin/env bash
# `framelens grab` against the hand pipeline ffmpeg -> tesseract -> zbarimg, at the middle of each
# slide of the sample. The pipeline is timed with tesseract's default threading (what users run) and
# with OMP_THREAD_LIMIT=1 (one OCR thread, as framelens uses). Prints the median time of each per
# slide, the totals, the ratios pipeline/framelens (above 1: framelens is faster; the target is 3),
# the character error rate (CER) of each text against the ground truth, and whether the codes match.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
require ffmpeg tesseract zbarimg python3

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

q_framelens=$(printf '%q' "$FRAMELENS")
q_video=$(printf '%q' "$VIDEO")
frame=$(printf '%q' "$scratch/f.png")

# pipeline T: the hand pipeline as a command line. zbarimg exits 4 when it finds no code: not a failure.
pipeline() {
    echo "ffmpeg -v error -ss $1 -i $q_video -frames:v 1 -y $frame" \
        "&& tesseract $frame - 2>/dev/null && { zbarimg -q $frame || test \$? -eq 4; }"
}

# split_json JSON PREFIX [SLIDE]: writes the text of a framelens analysis, or of the ground truth's
# slide SLIDE, to PREFIX.txt and its codes, one "symbology:payload" a line, sorted, to PREFIX.codes.
split_json() {
    python3 - "$@" <<'EOF'
import json, sys
item = json.load(open(sys.argv[1]))
if len(sys.argv) > 3:
    item = item["slides"][int(sys.argv[3])]
    text = item["text"]
else:
    text = (item.get("text") or {}).get("transcript", "")
open(sys.argv[2] + ".txt", "w").write(text)
open(sys.argv[2] + ".codes", "w").writelines(sorted(f"{c['symbology']}:{c['payload']}\n" for c in item["codes"]))
EOF
}

# pipeline_read T: writes tesseract's text to tess.txt and zbarimg's codes to zbar.codes.
pipeline_read() {
    ffmpeg -nostdin -v error -ss "$1" -i "$VIDEO" -frames:v 1 -y "$scratch/f.png"
    tesseract "$scratch/f.png" - 2>/dev/null >"$scratch/tess.txt"
    { zbarimg -q "$scratch/f.png" 2>/dev/null || test $? -eq 4; } | sort >"$scratch/zbar.codes"
}

codes_match() { cmp -s "$scratch/truth.codes" "$1" && echo ok || echo MISS; }

echo "framelens grab vs ffmpeg | tesseract | zbarimg on $(basename "$VIDEO"); timer: $(timer_name)"
echo "pipe = tesseract default threads, pipe/1 = OMP_THREAD_LIMIT=1; x = pipeline / framelens (target >= 3)"
echo "CER = Levenshtein / len(reference), whitespace-normalised; codes = QR/barcodes as in the ground truth"
echo
printf '%5s %6s | %9s %9s %9s | %5s %5s | %7s %7s | %8s %8s\n' \
    slide time framelens pipe pipe/1 x x/1 "CER fl" "CER tes" "codes fl" "codes zb"
printf '%s\n' "-----------------------------------------------------------------------------------------------"
results_begin grab-vs-pipeline "framelens grab against ffmpeg | tesseract | zbarimg (grab-vs-pipeline.sh)"
results_table "The middle of each slide of the sample; times in ms ($(timer_name)); pipe = tesseract's default threads, pipe/1 = OMP_THREAD_LIMIT=1; x = pipeline / framelens (target >= 3)" \
    slide time framelens pipe pipe/1 x x/1 "CER framelens" "CER tesseract" "codes framelens" "codes zbarimg"

fl_all=() pipe_all=() pipe1_all=() fl_cer_all=() tess_cer_all=() misses=0
# The list comes on descriptor 3: ffmpeg and hyperfine read standard input.
while read -r slide t <&3; do
    fl=$(median_seconds "$scratch" "$q_framelens grab $q_video --at $t")
    pipe=$(median_seconds "$scratch" "$(pipeline "$t")")
    pipe1=$(median_seconds "$scratch" "export OMP_THREAD_LIMIT=1; $(pipeline "$t")")

    split_json "$GROUND_TRUTH" "$scratch/truth" "$slide"
    FRAMELENS_COSTS=1 "$FRAMELENS" grab "$VIDEO" --at "$t" --json >"$scratch/fl.json" 2>"$scratch/costs-$slide.txt"
    split_json "$scratch/fl.json" "$scratch/fl"
    pipeline_read "$t"
    fl_cer=$(python3 "$BENCH_DIR/cer.py" "$scratch/truth.txt" "$scratch/fl.txt")
    tess_cer=$(python3 "$BENCH_DIR/cer.py" "$scratch/truth.txt" "$scratch/tess.txt")
    fl_codes=$(codes_match "$scratch/fl.codes")
    zbar_codes=$(codes_match "$scratch/zbar.codes")
    [[ $fl_codes == ok ]] || misses=$((misses + 1))

    printf '%5s %6s | %7sms %7sms %7sms | %5s %5s | %7s %7s | %8s %8s\n' "$slide" "$t" \
        "$(ms "$fl")" "$(ms "$pipe")" "$(ms "$pipe1")" "$(ratio "$pipe" "$fl")" "$(ratio "$pipe1" "$fl")" \
        "$fl_cer" "$tess_cer" "$fl_codes" "$zbar_codes"
    results_row "$slide" "$t" "$(ms "$fl")" "$(ms "$pipe")" "$(ms "$pipe1")" "$(ratio "$pipe" "$fl")" \
        "$(ratio "$pipe1" "$fl")" "$fl_cer" "$tess_cer" "$fl_codes" "$zbar_codes"
    fl_all+=("$fl") pipe_all+=("$pipe") pipe1_all+=("$pipe1")
    fl_cer_all+=("$fl_cer") tess_cer_all+=("$tess_cer")
done 3< <(python3 -c '
import json, sys
for i, s in enumerate(json.load(open(sys.argv[1]))["slides"]):
    print(i, round((s["start"] + s["end"]) / 2, 2))' "$GROUND_TRUTH")

count=${#fl_all[@]}
fl=$(sum "${fl_all[@]}") pipe=$(sum "${pipe_all[@]}") pipe1=$(sum "${pipe1_all[@]}")
fl_cer=$(awk -v s="$(sum "${fl_cer_all[@]}")" -v n="$count" 'BEGIN { printf "%.4f", s / n }')
tess_cer=$(awk -v s="$(sum "${tess_cer_all[@]}")" -v n="$count" 'BEGIN { printf "%.4f", s / n }')
printf '%s\n' "-----------------------------------------------------------------------------------------------"
printf '%5s %6s | %7sms %7sms %7sms | %5s %5s | %7s %7s |\n' total "" \
    "$(ms "$fl")" "$(ms "$pipe")" "$(ms "$pipe1")" "$(ratio "$pipe" "$fl")" "$(ratio "$pipe1" "$fl")" \
    "$fl_cer" "$tess_cer"
echo "(CER on the total line: the mean over the slides)"
results_row "**total**" "" "$(ms "$fl")" "$(ms "$pipe")" "$(ms "$pipe1")" "**$(ratio "$pipe" "$fl")**" \
    "**$(ratio "$pipe1" "$fl")**" "$fl_cer" "$tess_cer" "$((count - misses))/$count" ""
results_note "CER on the total line: the mean over the slides."

echo
echo "Where framelens grab's time goes: the $count grabs of the CER column (FRAMELENS_COSTS=1), summed"
costs_table "Where framelens grab's time goes: the $count grabs of the CER column, summed (FRAMELENS_COSTS=1)" \
    "$scratch"/costs-*.txt

summary "grab: framelens $(ms "$fl") ms vs pipeline $(ms "$pipe") ms (OMP_THREAD_LIMIT=1: $(ms "$pipe1") ms)" \
    "for $count slides, pipeline/framelens = $(ratio "$pipe" "$fl")x ($(ratio "$pipe1" "$fl")x), target 3x"
summary "grab CER: framelens $fl_cer, tesseract CLI $tess_cer (mean over $count slides);" \
    "framelens codes right on $((count - misses))/$count slides"
