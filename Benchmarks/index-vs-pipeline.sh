#!/usr/bin/env bash
# `framelens index` against the per-second hand pipeline on the 1080p lecture benchmark video
# (Benchmarks/make-slides-1080p.sh; made here if missing):
#   framelens: framelens index VIDEO -o index.json (the release build, default options)
#   pipeline:  ffmpeg -i VIDEO -vf fps=1 frames/%05d.png, then tesseract on every PNG
#              (OMP_THREAD_LIMIT=1, two at a time with xargs -P2, so both cores are busy), then a
#              python3 step that merges consecutive frames whose whitespace-normalised texts are within
#              15% edit distance into one cue starting at the first frame's second (frame N -> N-1 s).
# Both are timed with GNU time (/usr/bin/time -v): wall time and peak resident memory. The pipeline's
# wall time is the sum of its three steps; its peak memory is the largest single process's (GNU time
# reports the largest child, not a sum), and since two tesseracts run at once its footprint is about
# twice the tesseract figure: both are printed.
# Then each is scored against the truth JSON: cue count, and for each truth slide the cue with the most
# similar text (difflib ratio, ties to the cue overlapping the slide most): the mean absolute start
# error in seconds, and the mean character error rate (CER, Levenshtein / reference length, whitespace-
# normalised, case-sensitive; Benchmarks/cer.py when present) of that cue's text against the slide's.
#
# Settings (environment): FRAMELENS (default .build/release/framelens), OUT (default Benchmarks/out),
# VIDEO and TRUTH (default OUT/slides-1080p.mp4 and .json), INDEX_RUNS (framelens runs, the median wall
# time and the largest peak memory are reported; default 3; the pipeline runs once: it takes minutes).
# Results stay in OUT/index-vs-pipeline/ (framelens.json, pipeline.json, scores.txt with per-slide rows).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
FRAMELENS=${FRAMELENS:-$repo/.build/release/framelens}
OUT=${OUT:-$here/out}
VIDEO=${VIDEO:-$OUT/slides-1080p.mp4}
TRUTH=${TRUTH:-${VIDEO%.*}.json}
INDEX_RUNS=${INDEX_RUNS:-3}
source "$here/results.sh"

for tool in ffmpeg ffprobe tesseract python3 xargs; do
    command -v "$tool" >/dev/null || { echo "error: $tool is not installed" >&2; exit 1; }
done
[[ -x /usr/bin/time ]] || { echo "error: no GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }
[[ -x $FRAMELENS ]] || { echo "error: no $FRAMELENS; run: swift build -c release" >&2; exit 1; }
if [[ ! -f $VIDEO || ! -f $TRUTH ]]; then
    echo "making the benchmark video (about a minute)..."
    "$here/make-slides-1080p.sh" "$(dirname "$VIDEO")"
fi

results=$OUT/index-vs-pipeline
mkdir -p "$results"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# timed LABEL COMMAND...: runs the command under GNU time; its report goes to $scratch/LABEL.time.
timed() {
    local label=$1
    shift
    /usr/bin/time -v -o "$scratch/$label.time" "$@"
}
# wall LABEL / rss LABEL: seconds of wall time, and peak resident KiB, from a GNU time report.
wall() {
    awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0
        for (i = 1; i <= n; i++) s = s * 60 + p[i]; printf "%.3f\n", s }' "$scratch/$1.time"
}
rss() { awk -F': ' '/Maximum resident set size/ { print $2 }' "$scratch/$1.time"; }
calc() { awk "BEGIN { printf \"%.${2:-2}f\", $1 }"; }

# Other work on the machine skews every figure: say so (CPU use over one second, from /proc/stat).
busy=$({ head -1 /proc/stat; sleep 1; head -1 /proc/stat; } | awk '{ idle[NR] = $5 + $6; total[NR] = 0
    for (i = 2; i <= NF; i++) total[NR] += $i } END { printf "%.0f", 100 * (1 - (idle[2] - idle[1]) / (total[2] - total[1])) }')
if ((busy > 15)); then
    echo "warning: the CPUs were ${busy}% busy before starting: other work is running, times will be slower" >&2
fi

# CPU seconds all processes have used since boot; at the end, what others used during the run is told.
cpu_busy() { awk -v hz="$(getconf CLK_TCK)" '/^cpu / { printf "%.2f\n", ($2 + $3 + $4 + $7 + $8) / hz }' /proc/stat; }
busy_start=$(cpu_busy) clock_start=$(date +%s.%N)

duration=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$VIDEO")
echo "framelens index vs ffmpeg fps=1 | tesseract (xargs -P2) | merge, on $(basename "$VIDEO")"
echo "$(ffprobe -v error -select_streams v:0 -show_entries stream=width,height,avg_frame_rate,codec_name \
    -of csv=p=0 "$VIDEO"), $(calc "$duration" 1) s; $(nproc) cores; $($FRAMELENS --version 2>/dev/null || echo framelens)"
echo

# --- framelens: INDEX_RUNS runs, median wall time, largest peak memory.
fl_walls=() fl_rss=0
for ((run = 1; run <= INDEX_RUNS; run++)); do
    FRAMELENS_COSTS=1 timed "fl$run" "$FRAMELENS" index "$VIDEO" -o "$results/framelens.json" 2>"$scratch/costs-$run.txt"
    fl_walls+=("$(wall "fl$run")")
    r=$(rss "fl$run")
    if ((r > fl_rss)); then fl_rss=$r; fi
done
fl_wall=$(printf '%s\n' "${fl_walls[@]}" | sort -g |
    awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }')
fl_cpu=$(for ((run = 1; run <= INDEX_RUNS; run++)); do cat "$scratch/fl$run.time"; done |
    awk -F': ' -v n="$INDEX_RUNS" '/User time|System time/ { s += $2 } END { printf "%.2f", s / n }')

# --- the pipeline.
mkdir "$scratch/frames"
timed extract ffmpeg -nostdin -v error -i "$VIDEO" -vf fps=1 "$scratch/frames/%05d.png"
export OMP_THREAD_LIMIT=1
timed ocr bash -c 'printf "%s\0" "$1"/*.png |
    xargs -0 -P2 -n1 sh -c '\''tesseract "$1" "${1%.png}" -l eng 2>/dev/null'\'' sh' sh "$scratch/frames"
unset OMP_THREAD_LIMIT
cat >"$scratch/merge.py" <<'EOF'
import difflib, glob, json, os, sys

sys.path.insert(0, sys.argv[2])
from cer import levenshtein, normalise as norm

frames = sorted(glob.glob(os.path.join(sys.argv[1], "*.txt")))

def distance(a, b):
    """Levenshtein distance / the longer length."""
    return 0.0 if a == b else levenshtein(a, b) / max(len(a), len(b))

cues, last = [], None
for path in frames:
    second = int(os.path.basename(path)[:-4]) - 1
    text = open(path, encoding="utf-8").read().strip()
    key = norm(text)
    if key and last is not None and distance(last, key) <= 0.15:
        cues[-1]["end"] = second + 1
    elif key:
        cues.append({"start": second, "end": second + 1, "text": text})
    last = key or None
json.dump({"cues": cues}, sys.stdout, indent=2)
EOF
timed merge sh -c 'python3 "$1" "$2" "$3" >"$4"' sh "$scratch/merge.py" "$scratch/frames" "$here" "$results/pipeline.json"
frame_count=$(find "$scratch/frames" -name '*.png' | wc -l)
pipe_wall=$(calc "$(wall extract) + $(wall ocr) + $(wall merge)" 3)
pipe_cpu=$(cat "$scratch"/extract.time "$scratch"/ocr.time "$scratch"/merge.time |
    awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.2f", s }')
pipe_rss=$(printf '%s\n' "$(rss extract)" "$(rss ocr)" "$(rss merge)" | sort -n | tail -1)

# --- scores.
cat >"$scratch/score.py" <<'EOF'
import difflib, json, os, sys

truth_path, here = sys.argv[1], sys.argv[2]
truth = json.load(open(truth_path))
fps = truth["fps"]
sys.path.insert(0, here)
from cer import cer

def score(label, path, details):
    cues = json.load(open(path))["cues"]
    slides = truth["slides"]
    errors, end_errors, cers, used, exact = [], [], [], set(), 0
    details.write("%s (%s): %d cues for %d slides\n" % (label, path, len(cues), len(slides)))
    details.write("  slide  truth start-end      cue  cue start-end        dstart    dend   CER\n")
    for slide in slides:
        norm = " ".join(slide["text"].split())
        def key(item):
            k, cue = item
            overlap = min(cue["end"], slide["end"]) - max(cue["start"], slide["start"])
            return (difflib.SequenceMatcher(None, norm, " ".join(cue["text"].split()), autojunk=False).ratio(), overlap)
        k, cue = max(enumerate(cues), key=key) if cues else (None, {"start": 0, "end": 0, "text": ""})
        used.add(k)
        errors.append(cue["start"] - slide["start"])
        end_errors.append(cue["end"] - slide["end"])
        if cue.get("startFrame") == slide["startFrame"]:
            exact += 1
        cers.append(cer(slide["text"], cue["text"]))
        details.write("  %5d  %7.3f-%7.3f  %5s  %7.3f-%7.3f  %+7.3f %+7.3f  %.3f\n" % (
            slide["index"], slide["start"], slide["end"], k, cue["start"], cue["end"],
            errors[-1], end_errors[-1], cers[-1]))
    unmatched = [k for k in range(len(cues)) if k not in used]
    for k in unmatched:
        cue = cues[k]
        details.write("  unmatched cue %d %.3f-%.3f: %r\n" % (k, cue["start"], cue["end"], cue["text"][:100]))
    details.write("\n")
    n = len(slides)
    return {"cues": len(cues), "slides": n, "distinct": len(used), "unmatched": len(unmatched),
            "start_error": sum(abs(e) for e in errors) / n, "max_start_error": max(abs(e) for e in errors),
            "end_error": sum(abs(e) for e in end_errors) / n, "exact_starts": exact,
            "cer": sum(cers) / n}

with open(sys.argv[3], "w") as details:
    result = {label: score(label, path, details) for label, path in zip(("framelens", "pipeline"), sys.argv[4:6])}
json.dump(result, sys.stdout)
EOF
python3 "$scratch/score.py" "$TRUTH" "$here" "$results/scores.txt" \
    "$results/framelens.json" "$results/pipeline.json" >"$scratch/scores.json"
get() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]][sys.argv[3]])' "$scratch/scores.json" "$@"; }

mib() { calc "$1 / 1024" 0; }
fl_rtf=$(calc "$duration / $fl_wall" 1)
pipe_rtf=$(calc "$duration / $pipe_wall" 1)
speedup=$(calc "$pipe_wall / $fl_wall" 1)
slides=$(get framelens slides)
results_begin index-vs-pipeline "framelens index against the per-second pipeline, 1080p (index-vs-pipeline.sh)"
results_table "$(basename "$VIDEO"), $(calc "$duration" 0) s, $slides slides; framelens: median of $INDEX_RUNS runs; pipeline: ffmpeg fps=1, tesseract (OMP_THREAD_LIMIT=1, two at a time), merge" \
    measure framelens pipeline
row() { printf '%-28s %18s %18s\n' "$@"; [[ -z $1 ]] || results_row "$@"; }
row "" framelens pipeline
row "wall time (s)" "$(calc "$fl_wall")" "$(calc "$pipe_wall")"
row "  runs" "$(printf '%.2f ' "${fl_walls[@]}")" ""
row "  parts" "median of $INDEX_RUNS" "$(calc "$(wall extract)")+$(calc "$(wall ocr)")+$(calc "$(wall merge)")"
row "CPU time (s, user+sys)" "$fl_cpu" "$pipe_cpu"
row "real-time factor (x)" "$fl_rtf" "$pipe_rtf"
row "peak RSS (MiB)" "$(mib "$fl_rss")" "$(mib "$pipe_rss") (one process)"
row "  parts" "" "$(mib "$(rss extract)")/$(mib "$(rss ocr)")/$(mib "$(rss merge)")"
row "  with 2 tesseracts at once" "" "~$(mib "$(($(rss ocr) * 2))")"
row "cues (truth: $slides)" "$(get framelens cues)" "$(get pipeline cues)"
row "slides with their own cue" "$(get framelens distinct)/$slides" "$(get pipeline distinct)/$slides"
row "cues matching no slide" "$(get framelens unmatched)" "$(get pipeline unmatched)"
row "mean |start error| (s)" "$(calc "$(get framelens start_error)" 3)" "$(calc "$(get pipeline start_error)" 3)"
row "max |start error| (s)" "$(calc "$(get framelens max_start_error)" 3)" "$(calc "$(get pipeline max_start_error)" 3)"
row "mean |end error| (s)" "$(calc "$(get framelens end_error)" 3)" "$(calc "$(get pipeline end_error)" 3)"
row "frame-exact starts" "$(get framelens exact_starts)/$slides" "n/a (1 fps)"
row "mean CER" "$(calc "$(get framelens cer)" 4)" "$(calc "$(get pipeline cer)" 4)"
echo
echo "framelens CPU time is the mean of its runs; pipeline: $frame_count frames, OMP_THREAD_LIMIT=1, xargs -P2"
echo "pipeline / framelens CPU time: $(calc "$pipe_cpu / $fl_cpu" 1)x (less sensitive than wall time to other work on the machine)"
results_note "pipeline / framelens: wall time ${speedup}x (target >= 10x), CPU time $(calc "$pipe_cpu / $fl_cpu" 1)x; framelens ${fl_rtf}x real time (target >= 50x)."
echo "framelens real-time factor: ${fl_rtf}x (target >= 50x): $(awk -v r="$fl_rtf" 'BEGIN { print (r >= 50) ? "met" : "MISSED" }')"
echo "pipeline / framelens wall time: ${speedup}x (target >= 10x): $(awk -v r="$speedup" 'BEGIN { print (r >= 10) ? "met" : "MISSED" }')"
fl_err=$(get framelens start_error) pipe_err=$(get pipeline start_error)
echo "mean start error: framelens $(calc "$fl_err" 3) s, pipeline $(calc "$pipe_err" 3) s" \
    "($(awk -v a="$fl_err" -v b="$pipe_err" 'BEGIN { if (a < 0.0005) print "framelens exact to the frame"; else printf "pipeline/framelens %.1fx", b / a }');" \
    "framelens better: $(awk -v a="$fl_err" -v b="$pipe_err" 'BEGIN { print (a < b) ? "yes" : "NO" }'))"
echo "per-slide rows: $results/scores.txt"
echo
echo "Where framelens index's time goes: its last run (FRAMELENS_COSTS=1)"
costs_table "Where framelens index's time goes: its last run (FRAMELENS_COSTS=1)" "$scratch/costs-$INDEX_RUNS.txt"
ours=$(cat "$scratch"/*.time | awk -F': ' '/User time|System time/ { s += $2 } END { printf "%.2f", s }')
others=$(calc "$(cpu_busy) - $busy_start - $ours" 1)
elapsed=$(calc "$(date +%s.%N) - $clock_start" 1)
if awk -v o="$others" -v e="$elapsed" -v n="$(nproc)" 'BEGIN { exit !(o > 0.05 * e * n) }'; then
    echo "warning: other processes used ${others} CPU-seconds during this ${elapsed} s run: the times are too slow; run again on a quiet machine" >&2
else
    echo "other processes used ${others} CPU-seconds during this ${elapsed} s run (quiet machine)"
fi
results_note "Other processes used ${others} CPU-seconds during this ${elapsed}-s run."

if [[ -n ${BENCH_SUMMARY:-} ]]; then
    echo "index-vs-pipeline: framelens ${fl_rtf}x real time, ${speedup}x faster than the pipeline," \
        "start error $(calc "$(get framelens start_error)" 3) s vs $(calc "$(get pipeline start_error)" 3) s" >>"$BENCH_SUMMARY"
fi
