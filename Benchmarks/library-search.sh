#!/usr/bin/env bash
# The video library's speed and size: a library of 2,000 imported indexes (about 30,000 cues of real prose,
# library-corpus.py), searched as typed (words, code, an address, parts of Japanese and Korean words: the trigram
# index and the scan for one or two CJK characters) and in FTS5 syntax, the median wall time of whole `framelens search` processes over it (target <= 150 ms
# on 2 cores), the median time of `GET /api/search` answered by `serve --library` over it (target <= 30 ms),
# `library add` of an unchanged folder of real videos against its first add (target <= 10 %),
# and the library's size on disk per 1,000 cues.
#
# Settings (environment): as lib.sh (FRAMELENS, BENCH_RUNS: timed runs per query, default here 21),
# LIBRARY_VIDEOS (indexes to import, 2000), LIBRARY_ADD_VIDEOS (real videos for the re-add, 12), SERVE (the
# server's binary; default framelens-serve beside FRAMELENS).
set -euo pipefail
BENCH_RUNS=${BENCH_RUNS:-21}
source "$(dirname "$0")/lib.sh"
LIBRARY_VIDEOS=${LIBRARY_VIDEOS:-2000}
LIBRARY_ADD_VIDEOS=${LIBRARY_ADD_VIDEOS:-12}
require ffmpeg python3

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
library=$scratch/library.sqlite
seconds() { local start=$(date +%s.%N); "$@" >/dev/null; awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.3f", e - s }'; }

echo "# framelens library: $LIBRARY_VIDEOS imported indexes"
# Their videos are one short real video linked under each name, so that `serve --library` has them all to serve.
archive=$scratch/archive
mkdir -p "$archive"
ffmpeg -nostdin -v error -f lavfi -i "color=gray:s=320x180:r=25:d=2" -c:v libx264 -preset ultrafast -pix_fmt yuv420p "$scratch/clip.mp4"
for ((n = 0; n < LIBRARY_VIDEOS; n++)); do ln "$scratch/clip.mp4" "$(printf '%s/%04d.mp4' "$archive" "$n")"; done
python3 "$BENCH_DIR/library-corpus.py" "$scratch/indexes" "$LIBRARY_VIDEOS" 15 "$archive"
import_time=$(seconds "$FRAMELENS" library import --library "$library" --quiet "$scratch"/indexes/*.json)
cues=$("$FRAMELENS" library stats --library "$library" | awk '/^cues:/ { print $2 }')
bytes=$(stat -c %s "$library")
echo "import: $LIBRARY_VIDEOS indexes, $cues cues in $import_time s"
results_begin library-search "The video library: import, size, search, re-add (library-search.sh)"
results_table "A library of $LIBRARY_VIDEOS imported indexes, $cues cues" measure figure target
results_row import "$import_time s" ""
results_row "size on disk" "$(awk -v b="$bytes" -v c="$cues" 'BEGIN { printf "%.0f", b / c }') bytes a cue" ""
echo "size on disk: $bytes bytes, $(awk -v b="$bytes" -v c="$cues" 'BEGIN { printf "%.0f", b / c }') bytes a cue, $(awk -v b="$bytes" -v c="$cues" 'BEGIN { printf "%.1f", b / c * 1000 / 1048576 }') MiB per 1,000 cues"

echo
# process_times RUNS COMMAND...: "WALL CPU", the medians in seconds over RUNS runs after one warm-up, of the wall
# time and of the CPU time (user + system) of the whole process. On a shared machine the wall time includes
# waiting for a core; the CPU time does not.
process_times() {
    python3 - "$@" <<'PY'
import os, statistics, subprocess, sys, time
runs, command = int(sys.argv[1]), sys.argv[2:]
walls, cpus = [], []
for run in range(runs + 1):
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    if status != 0: sys.exit(f"failed: {command}")
    if run: walls.append(time.perf_counter() - start); cpus.append(usage.ru_utime + usage.ru_stime)
print(f"{statistics.median(walls):.6f} {statistics.median(cpus):.6f}")
PY
}

read -r wall cpu < <(process_times "$BENCH_RUNS" "$FRAMELENS" --version)
echo "framelens --version (the process alone): wall $(ms "$wall") ms, CPU $(ms "$cpu") ms"
results_row "framelens --version (the process alone), wall / CPU" "$(ms "$wall") / $(ms "$cpu") ms" ""
# The queries, each as SYNTAX:QUERY.
queries=(text:license 'text:free software' 'text:"without any warranty"' text:GPL-2+ text:www.gnu.org "text:don't"
    text:キーボード text:탐구 'fts5:distrib*' 'fts5:NEAR(copyright holders, 3)' 'fts5:debian NOT package' text:zzyzx)
echo "syntax | query | hits | wall (ms) | CPU (ms): medians of $BENCH_RUNS whole processes"
walls=()
for entry in "${queries[@]}"; do
    syntax=${entry%%:*} query=${entry#*:}
    hits=$("$FRAMELENS" search "$query" --syntax "$syntax" --library "$library" --json --limit 20 | grep -c '"command"' || true)
    read -r wall cpu < <(process_times "$BENCH_RUNS" "$FRAMELENS" search "$query" --syntax "$syntax" --library "$library" --limit 20)
    walls+=("$wall")
    echo "$syntax | $query | $hits | $(ms "$wall") | $(ms "$cpu")"
    printf '%s\t%s\t%s\t%s\n' "$syntax" "$query" "$hits" "$(ms "$wall") / $(ms "$cpu")" >>"$scratch/queries.tsv"
done
median=$(printf '%s\n' "${walls[@]}" | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }')
echo "search: median of the queries' wall-time medians $(ms "$median") ms (target <= 150); load average $(cut -d' ' -f1-3 /proc/loadavg)"
summary "library search: $(ms "$median") ms median per process over $cues cues"
results_row "framelens search, median of the queries' medians" "$(ms "$median") ms" "<= 150 ms"

echo
SERVE=${SERVE:-$(dirname "$FRAMELENS")/framelens-serve}
if [[ -x $SERVE ]]; then
    # From the start of the process to the page's answer and the first search's (target: both within 1 s).
    started=$(date +%s.%N)
    "$SERVE" --library "$library" --port 0 >"$scratch/serve.out" 2>"$scratch/serve.err" &
    server=$!
    trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$scratch"' EXIT
    for _ in $(seq 6000); do grep -q http "$scratch/serve.out" && break; sleep 0.01; done
    url=$(grep -o 'http://[^ ]*' "$scratch/serve.out") || { cat "$scratch/serve.err" >&2; exit 1; }
    curl -sf -o /dev/null "$url"
    page=$(date +%s.%N)
    curl -sf -o /dev/null "${url}api/search?q=license"
    searched=$(date +%s.%N)
    since() { awk -v s="$started" -v e="$1" 'BEGIN { printf "%.0f", (e - s) * 1000 }'; }
    echo "serve --library ($LIBRARY_VIDEOS videos): the page answers $(since "$page") ms after the start, the first search $(since "$searched") ms (target <= 1000)"
    results_row "serve --library: first page, first search after the start" "$(since "$page") ms, $(since "$searched") ms" "<= 1000 ms"
    summary "serve --library start: first search $(since "$searched") ms after the start over $LIBRARY_VIDEOS videos"
    echo "syntax | query | wall (ms): medians of $BENCH_RUNS GET /api/search?q=...&syntax=...&limit=20 (curl's time_total)"
    walls=()
    for entry in "${queries[@]}"; do
        syntax=${entry%%:*} query=${entry#*:}
        encoded=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1]))' "$query")
        request="${url}api/search?q=$encoded&syntax=$syntax&limit=20"
        curl -s -o /dev/null "$request"
        wall=$(for ((run = 0; run < BENCH_RUNS; run++)); do
            curl -s -o /dev/null -w '%{time_total}\n' "$request"
        done | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }')
        walls+=("$wall")
        echo "$syntax | $query | $(ms "$wall")"
        printf '%s\n' "$(ms "$wall")" >>"$scratch/api.txt"
    done
    median=$(printf '%s\n' "${walls[@]}" | sort -g | awk '{ t[NR] = $1 } END { print t[int((NR + 1) / 2)] }')
    echo "/api/search: median of the queries' medians $(ms "$median") ms (target <= 30); load average $(cut -d' ' -f1-3 /proc/loadavg)"
    summary "library /api/search: $(ms "$median") ms median per request over $cues cues"
    results_row "GET /api/search, median of the queries' medians" "$(ms "$median") ms" "<= 30 ms"
else
    echo "/api/search: not measured, no $SERVE (swift build -c release --product framelens-serve)"
fi

echo
echo "# library add: $LIBRARY_ADD_VIDEOS real videos (640x360, 6 s, 3 slides each), first add and an unchanged re-add"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
mkdir -p "$scratch/videos"
for ((n = 0; n < LIBRARY_ADD_VIDEOS; n++)); do
    draw=""
    for slide in 0 1 2; do
        draw+="drawtext=fontfile=$font:text='Video $n slide $slide synthesis':fontsize=36:x=40:y=150:fontcolor=white:enable='between(t,$((slide * 2)),$((slide * 2 + 2)))',"
    done
    ffmpeg -nostdin -v error -f lavfi -i "color=gray:s=640x360:r=25:d=6" -vf "${draw%,}" -c:v libx264 -preset ultrafast \
        -pix_fmt yuv420p "$scratch/videos/$n.mp4"
done
add_library=$scratch/add.sqlite
first=$(seconds "$FRAMELENS" library add "$scratch/videos" --library "$add_library" --jobs 2 --types text --quiet)
again=$(seconds "$FRAMELENS" library add "$scratch/videos" --library "$add_library" --jobs 2 --types text --quiet)
percent=$(awk -v a="$again" -v f="$first" 'BEGIN { printf "%.1f", a / f * 100 }')
echo "first add $first s, unchanged re-add $again s: $percent % (target <= 10)"
summary "library re-add: $percent % of the first add"
results_row "library add of $LIBRARY_ADD_VIDEOS videos: first, unchanged re-add" "$first s, $again s: $percent %" "<= 10 %"
results_table "The queries: medians of $BENCH_RUNS whole processes, and of as many requests to serve --library" \
    syntax query hits "search wall / CPU (ms)" "/api/search (ms)"
# A query's process figures, then its requests' when the server ran.
api=()
[[ ! -f $scratch/api.txt ]] || mapfile -t api <"$scratch/api.txt"
n=0
while IFS=$'\t' read -r -a cells; do
    results_row "${cells[@]}" "${api[$n]:--}"
    n=$((n + 1))
done <"$scratch/queries.tsv"
