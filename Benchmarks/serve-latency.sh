#!/usr/bin/env bash
# `framelens serve`: how long from a pause to the overlay on a 1080p slide, and whether memory stays flat
# over many pauses, beside `framelens grab` doing the same read as a fresh process.
#   pause to overlay = the server's answer to GET /api/videos/ID/analysis?t=T (curl's time_total, models
#                      warm), one pause in the middle of each slide of the 1080p lecture
#                      (Benchmarks/make-slides-1080p.sh, made if missing): the page asks at once on a pause
#   seek to overlay  = the same answer after the page's settle delay (SETTLE_MS in app.js: after a seek it
#                      reads only once seeking has stopped that long)
#   grab             = `framelens grab VIDEO --at T --json`, a new process each time (models loaded each time)
#   memory           = the server's resident memory (VmRSS) after 10 pauses and after CYCLES more at
#                      times spread over the video; growth above 5 % is reported as a failure
# Settings (environment): SERVE (default .build/release/framelens-serve), FRAMELENS, OUT, VIDEO, CYCLES
# (default 100).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(dirname "$here")
SERVE=${SERVE:-$repo/.build/release/framelens-serve}
FRAMELENS=${FRAMELENS:-$repo/.build/release/framelens}
OUT=${OUT:-$here/out}
VIDEO=${VIDEO:-$OUT/slides-1080p.mp4}
TRUTH=${TRUTH:-${VIDEO%.*}.json}
CYCLES=${CYCLES:-100}
source "$here/results.sh"

for binary in "$SERVE" "$FRAMELENS"; do
    [[ -x $binary ]] || { echo "error: no $binary; run: make serve (or swift build -c release)" >&2; exit 1; }
done
command -v curl >/dev/null || { echo "error: curl is not installed (make deps)" >&2; exit 1; }
if [[ ! -f $VIDEO || ! -f $TRUTH ]]; then
    echo "making the benchmark video (about a minute)..."
    "$here/make-slides-1080p.sh" "$(dirname "$VIDEO")"
fi
settle_ms=$(sed -n 's/^const SETTLE_MS = \([0-9]*\);.*/\1/p' "$repo/Sources/FrameLensServer/Page/app.js")

scratch=$(mktemp -d)
"$SERVE" "$VIDEO" --port 0 >"$scratch/serve.out" 2>"$scratch/serve.err" &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$scratch"' EXIT
for _ in $(seq 100); do grep -q http "$scratch/serve.out" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$scratch/serve.out") || { cat "$scratch/serve.err" >&2; exit 1; }
id=$(curl -s "${url}api/videos" | python3 -c 'import json, sys; print(json.load(sys.stdin)[0]["id"])')

# The middle of each slide, from the truth file.
mapfile -t times < <(python3 -c '
import json, sys
for s in json.load(open(sys.argv[1]))["slides"]: print(round((s["start"] + s["end"]) / 2, 3))' "$TRUTH")

analyse() {  # analyse T: the server's answer time in seconds; fails unless 200
    curl -s -o "$scratch/answer.json" -w '%{http_code} %{time_total}\n' "${url}api/videos/$id/analysis?t=$1" |
        awk '$1 != 200 { print "error: HTTP " $1 > "/dev/stderr"; exit 1 } { print $2 }'
}
rss() { awk '/^VmRSS/ { print $2 }' "/proc/$server/status"; }
median() { sort -g | awk '{ t[NR] = $1 } END { print (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'; }
maximum() { sort -g | tail -1; }

analyse "${times[0]}" >/dev/null  # the player opens
: >"$scratch/serve.times"
: >"$scratch/grab.times"
for t in "${times[@]}"; do
    analyse "$t" >>"$scratch/serve.times"
    start=$(date +%s.%N)
    "$FRAMELENS" grab "$VIDEO" --at "$t" --json >/dev/null
    end=$(date +%s.%N)
    awk -v s="$start" -v e="$end" 'BEGIN { printf "%.6f\n", e - s }' >>"$scratch/grab.times"
done
answer=$(median <"$scratch/serve.times")
worst=$(maximum <"$scratch/serve.times")
grab=$(median <"$scratch/grab.times")

duration=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["frameCount"] / json.load(open(sys.argv[1]))["fps"])' "$TRUTH")
for i in $(seq 10); do analyse "$(awk -v i="$i" -v d="$duration" 'BEGIN { printf "%.3f", (i * 7.31) % d }')" >/dev/null; done
before=$(rss)
for i in $(seq "$CYCLES"); do analyse "$(awk -v i="$i" -v d="$duration" 'BEGIN { printf "%.3f", (i * 13.37) % d }')" >/dev/null; done
after=$(rss)

echo "pauses: ${#times[@]} slides of $(basename "$VIDEO"), settle delay ${settle_ms} ms, $(nproc) cores"
awk -v a="$answer" -v w="$worst" -v s="$settle_ms" -v g="$grab" 'BEGIN {
    printf "server answer: median %.3f s, worst %.3f s\n", a, w
    printf "pause to overlay: median %.3f s, worst %.3f s (target: median <= 0.6 s, worst <= 1.2 s)\n", a, w
    printf "seek to overlay: median %.3f s, worst %.3f s\n", a + s / 1000, w + s / 1000
    printf "framelens grab (new process): median %.3f s; the server answers %.2fx faster\n", g, g / a }'
results_begin serve-latency "framelens serve: pause to overlay, and memory over many pauses (serve-latency.sh)"
results_table "A pause in the middle of each of the ${#times[@]} slides of $(basename "$VIDEO"): the page asks at once on a pause; after a seek, once seeking has stopped for ${settle_ms} ms" \
    measure figure target
results_row "pause to overlay, median / worst" "$(awk -v a="$answer" -v w="$worst" 'BEGIN { printf "%.3f / %.3f s", a, w }')" "<= 0.6 / 1.2 s"
results_row "seek to overlay, median / worst" "$(awk -v a="$answer" -v w="$worst" -v s="$settle_ms" 'BEGIN { printf "%.3f / %.3f s", a + s / 1000, w + s / 1000 }')" ""
results_row "framelens grab (a new process), median" "$(awk -v g="$grab" -v a="$answer" 'BEGIN { printf "%.3f s: the server answers %.2fx faster", g, g / a }')" ""
results_row "server memory after 10 pauses, after $CYCLES more" "$(awk -v b="$before" -v a="$after" 'BEGIN { printf "%.1f, %.1f MiB (%+.1f %%)", b / 1024, a / 1024, (a - b) * 100 / b }')" "< 5 %"
awk -v b="$before" -v a="$after" -v c="$CYCLES" 'BEGIN {
    printf "server memory: %.1f MiB after 10 pauses, %.1f MiB after %d more (%+.1f %%)\n", b / 1024, a / 1024, c, (a - b) * 100 / b
    exit (a - b) * 100 / b > 5 }' || { echo "error: memory grew more than 5 %" >&2; exit 1; }
