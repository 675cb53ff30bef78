# shellcheck shell=bash
# Shared by the benchmark scripts; source it, do not run it.
#
# Settings (environment): FRAMELENS (the binary; default the release build), VIDEO and GROUND_TRUTH
# (default the bundled sample and its JSON), BENCH_RUNS (timed runs per command, after one warm-up;
# default 5), BENCH_SUMMARY (a file to which the scripts append their one-line results, for run.sh),
# BENCH_NO_HYPERFINE (set: time with the bash loop even where hyperfine is installed).

shopt -s inherit_errexit

BENCH_DIR=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_DIR=$(dirname "$BENCH_DIR")
FRAMELENS=${FRAMELENS:-$REPO_DIR/.build/release/framelens}
VIDEO=${VIDEO:-$REPO_DIR/Samples/lecture.mp4}
GROUND_TRUTH=${GROUND_TRUTH:-$REPO_DIR/Samples/lecture.json}
BENCH_RUNS=${BENCH_RUNS:-5}
source "$BENCH_DIR/results.sh"

require() {
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || { echo "error: $tool is not installed (make deps)" >&2; exit 1; }
    done
    [[ -x $FRAMELENS ]] || { echo "error: no $FRAMELENS; run: swift build -c release" >&2; exit 1; }
    [[ -f $VIDEO ]] || { echo "error: no $VIDEO" >&2; exit 1; }
}

# Whether median_seconds uses hyperfine.
use_hyperfine() { [[ -z ${BENCH_NO_HYPERFINE:-} ]] && command -v hyperfine >/dev/null; }

# Prints which timer median_seconds uses.
timer_name() {
    if use_hyperfine; then
        echo "hyperfine $(hyperfine --version | cut -d' ' -f2), median of $BENCH_RUNS runs after 1 warm-up"
    else
        echo "bash loop (date +%s.%N), median of $BENCH_RUNS runs after 1 warm-up"
    fi
}

# median_seconds SCRATCH_DIR COMMAND: the median wall time of a bash command line, in seconds.
# The command's output is discarded; a failing command stops the script.
median_seconds() {
    local scratch=$1 command=$2
    if use_hyperfine; then
        # Its warnings (outliers, slow first run) would clutter the tables: shown only if it fails.
        hyperfine --style none --shell bash --warmup 1 --runs "$BENCH_RUNS" \
            --export-json "$scratch/hyperfine.json" "$command" >/dev/null 2>"$scratch/hyperfine.err" ||
            { cat "$scratch/hyperfine.err" >&2; return 1; }
        python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["results"][0]["median"])' \
            "$scratch/hyperfine.json"
    else
        bash -c "$command" >/dev/null 2>&1 || { echo "error: failed: $command" >&2; return 1; }
        local run start end
        for ((run = 0; run < BENCH_RUNS; run++)); do
            start=$(date +%s.%N)
            bash -c "$command" >/dev/null 2>&1 || exit 1
            end=$(date +%s.%N)
            awk -v s="$start" -v e="$end" 'BEGIN { printf "%.6f\n", e - s }'
        done | sort -g | awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'
    fi
}

# paused_frame T: "FRAME SEEK" for the frame a paused player shows at T (greatest pts <= T): its number
# in display order, and the -ss value for which ffmpeg (first frame with pts >= it) returns that same
# frame: its pts minus half a frame, at least 0. Reads the packets' timestamps; decodes nothing.
paused_frame() {
    local time=$1 rate
    rate=$(ffprobe -v error -select_streams v:0 -show_entries stream=avg_frame_rate -of csv=p=0 "$VIDEO")
    ffprobe -v error -select_streams v:0 -show_entries packet=pts_time -of csv=p=0 "$VIDEO" |
        grep -v N/A | sort -g |
        awk -v t="$time" -v rate="$rate" '
            BEGIN { split(rate, r, "/"); half = r[2] / r[1] / 2; frame = 0; pts = 0 }
            $1 <= t + 1e-6 { frame = NR - 1; pts = $1 }
            END { seek = pts - half; printf "%d %.6f\n", frame, (seek < 0 ? 0 : seek) }'
}

# ms SECONDS: milliseconds, rounded.
ms() { awk -v s="$1" 'BEGIN { printf "%.0f", s * 1000 }'; }

# ratio A B: A / B with two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# sum NUMBERS...: their sum.
sum() { printf '%s\n' "$@" | awk '{ s += $1 } END { printf "%.6f\n", s }'; }

# summary LINE: appends a result line to $BENCH_SUMMARY when set.
summary() {
    if [[ -n ${BENCH_SUMMARY:-} ]]; then printf '%s\n' "$*" >>"$BENCH_SUMMARY"; fi
}
