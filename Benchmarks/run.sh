#!/usr/bin/env bash
# Builds the release binaries once, then runs every benchmark on the sample and prints a summary:
#   frame-vs-ffmpeg.sh    framelens frame vs ffmpeg, PNG and raw RGB24, 10 timestamps
#   grab-vs-pipeline.sh   framelens grab vs ffmpeg | tesseract | zbarimg, 9 slides, with CER
#   framelens-bench       20 grabs in one process (model loaded once), with peak RSS
#   index-vs-pipeline.sh  framelens index vs ffmpeg fps=1 | tesseract, on a 3-minute 1080p lecture
#   index-speed.sh        framelens index vs a keyframe-only and a full ffmpeg decode, x real time and peak
#                         RSS, on a 20-minute 1080p lecture; peak RSS against --interval
# Settings (environment): BENCH_RUNS (timed runs per command, default 5), VIDEO, GROUND_TRUTH.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# Taken before building, which loads the machine itself.
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
export RESULTS_LOAD=${load_before%% *}

echo "== Building (swift build -c release)"
(cd "$REPO_DIR" && swift build -c release)
# Measure copies, so that a rebuild in the work tree during the run changes nothing measured.
cp "$REPO_DIR/.build/release/framelens" "$REPO_DIR/.build/release/framelens-bench" "$scratch/"
export FRAMELENS=$scratch/framelens BENCH_SUMMARY=$scratch/summary.txt

echo
echo "== Machine: $(nproc) cores, load average before the build $load_before, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "   $(ffmpeg -version | head -1 | cut -d' ' -f1-3); $(tesseract --version 2>&1 | head -1);" \
    "zbarimg $(zbarimg --version); $(command -v hyperfine >/dev/null && hyperfine --version || echo 'no hyperfine')"
echo "   framelens at $(git -C "$REPO_DIR" describe --always --dirty 2>/dev/null || echo 'unknown commit')"
if awk '{ exit !($1 > 0.5) }' <<<"$load_before"; then
    echo "   note: something else was running (load > 0.5); the timings may be noisy"
fi

echo
echo "== framelens frame vs ffmpeg"
"$BENCH_DIR/frame-vs-ffmpeg.sh"

echo
echo "== framelens grab vs the hand pipeline"
"$BENCH_DIR/grab-vs-pipeline.sh"

echo
echo "== In-process grabs (framelens-bench)"
"$scratch/framelens-bench" "$VIDEO" "$GROUND_TRUTH" | tee "$scratch/in-process.txt"
sed 's/^/in-process /' "$scratch/in-process.txt" >>"$BENCH_SUMMARY"
results_begin grab-in-process "Grabs in one process, the model loaded once (framelens-bench)"
results_table "20 grabs cycling through the sample's slides" measure figure
while IFS=: read -r measure figure; do results_row "$measure" "${figure# }"; done <"$scratch/in-process.txt"

echo
echo "== framelens index vs the per-second pipeline (1080p, 3 minutes)"
"$BENCH_DIR/index-vs-pipeline.sh"

echo
echo "== framelens index speed and memory (1080p, 20 minutes)"
"$BENCH_DIR/index-speed.sh"

echo
echo "== Summary (ratios above 1: framelens is faster)"
cat "$BENCH_SUMMARY"
python3 "$BENCH_DIR/results.py" render
